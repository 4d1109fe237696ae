// A seat's private things as plain cards, read from the view's `private`
// (any game): a start for a game's own view, and what a game shows for the
// private parts its view does not draw itself.
import { el } from "./dom.js";
import { t, human, thing, COLON, cardCount, seatFacts } from "./words.js";

export function cardFor(item, view) {
  if (Array.isArray(item) && item.length === 2 && typeof item[0] === "string") {
    return el("div", { class: `card ${item[0]}` }, el("span", { text: t(item[0]) }), el("span", { class: "n", text: cardCount(item) }));
  }
  if (item && typeof item === "object") {
    const colors = (view && view.colors) || {};
    const tint = item.company && colors[item.company] ? ` ${colors[item.company]}` : "";
    return el("div", { class: `card wide${tint}${item.done ? " done" : ""}`, text: thing(item) + (item.done ? " ✓" : "") });
  }
  return el("div", { class: "card", text: thing(item) });
}

export function plainHand(view, seat) {
  const hand = el("div", { "data-testid": "hand", class: "plain-hand" });
  const priv = (view && view.private) || {};
  const me = view && Array.isArray(view.players) ? view.players[seat] : null;
  for (const [key, value] of Object.entries(priv)) {
    if (key === "pending" || value === null || value === undefined) continue;
    const row = el("div", { class: "cards" });
    if (Array.isArray(value)) {
      if (!value.length) continue;
      value.forEach((item) => row.append(cardFor(item, view)));
    } else if (typeof value === "object") {
      for (const [name, n] of Object.entries(value)) {
        if (typeof n !== "number" || !n) continue;
        row.append(el("div", { class: `card ${name}` }, el("span", { text: t(name) }), el("span", { class: "n", text: cardCount(n) })));
      }
      if (!row.children.length) continue;
    } else {
      row.append(el("div", { class: "card wide", text: `${t(human(key))}${COLON()}${thing(value)}` }));
    }
    hand.append(el("div", { class: "section-label", text: t(human(key)) }), row);
  }
  // each count whole on its line (a phone breaks a long line between them, never inside)
  const facts = me && typeof me === "object" ? seatFacts(me, view) : [];
  if (facts.length) {
    hand.append(el("div", { class: "section-label facts" },
      ...facts.flatMap((f, i) => [i ? " · " : null, el("span", { text: f })]).filter(Boolean)));
  }
  return hand;
}
