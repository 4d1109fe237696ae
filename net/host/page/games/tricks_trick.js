// The trick on the table, as the window's trick panel shows it: which trick
// of how many, the company led, each seat's card in playing order from the
// leader (an empty place for a seat still to play), what the trick wins (the
// lane's first entry) and, once it is won, the winner and what is done with
// it. Under it the last trick, so a trick that ended at once is still seen.
import { el } from "../core/dom.js";
import { t } from "../core/words.js";
import { companyCard, laneCard, sameCard } from "./tricks_cards.js";

const seatName = (S, seat) => (S.seats[seat] && S.seats[seat].name) || String(seat + 1);

function slot(S, seat, card, pal, { winner = false, laid = false, fresh = false, turn = false, size = "" } = {}) {
  const name = el("span", { class: "who", text: seat === S.seat ? t("You") : seatName(S, seat) });
  const kids = [name];
  if (card) {
    const c = companyCard(card, pal, { size, label: t("{name}: {card}", { name: seatName(S, seat),
      card: `${card.company} ${card.strength}` }) });
    if (fresh) c.classList.add("arrived");
    kids.push(c);
  } else {
    kids.push(el("div", { class: `tc empty ${size}${turn ? " turn" : ""}`, role: "img",
      "aria-label": t(turn ? "{name} is to play" : "{name} has not played yet", { name: seatName(S, seat) }) }));
  }
  return el("div", { class: `slot${winner ? " winner" : ""}${laid ? " laid" : ""}${seat === S.seat ? " me" : ""}` }, ...kids);
}

function ledChip(pal, company) {
  if (!company) return null;
  return el("span", { class: "led" }, `${t("Led:")} `,
    el("span", { class: `chip-co co co-${pal.colour[company] || "none"}`, text: company }));
}

// what happens once a trick is won, said of another seat's win and of this seat's
const NOTES = {
  city: ["{name} won the city and lays it at an end of a line.", "You won the city."],
  locomotive: ["{name} won the locomotive and puts it at the head of a line.", "You won the locomotive."],
  lay: ["Everyone lays the card they played at an end of its line.", "Everyone lays the card they played at an end of its line."],
};

// the trick box; `seen` holds the trick's cards as last drawn (new ones land)
export function trickBox(S, view, pal, seen = null) {
  const n = (view.players || []).length;
  const played = view.tricks_played || 0;
  const total = played + (view.tricks_left || 0);
  const resolving = ["city", "locomotive", "lay"].includes(view.phase) && view.last_trick;
  const number = Math.min(total, played + (resolving ? 0 : 1));
  const box = el("section", { class: "trick-box", "aria-label": t("The trick") });
  if (view.phase === "over") {
    box.append(el("div", { class: "trick-head" }, el("span", { class: "title", text: t("every trick is played") })),
      lastTrick(S, view, pal));
    return box;
  }
  box.append(el("div", { class: "trick-head" },
    el("span", { class: "title", text: t("Trick {number} of {count}", { number, count: total }) }),
    ledChip(pal, resolving ? view.last_trick.led : view.led)));
  const row = el("div", { class: "trick-cards" });
  if (resolving) {
    const last = view.last_trick;
    const unlaid = new Map((view.trick || []).map(([s, c]) => [s, c]));
    for (const [seat, card] of last.cards) {
      row.append(slot(S, seat, card, pal, { winner: seat === last.winner,
        laid: view.phase === "lay" && !sameCard(unlaid.get(seat), card) }));
    }
    row.append(el("div", { class: "slot wins" }, el("span", { class: "who", text: t("won:") }),
      laneCard(last.lane, pal)));
  } else {
    const trick = new Map((view.trick || []).map(([s, c]) => [s, c]));
    const leader = view.leader || 0;
    for (let i = 0; i < n; i++) {
      const seat = (leader + i) % n;
      const card = trick.get(seat) || null;
      const fresh = !!card && !!seen && !seen.some(([s, c]) => s === seat && sameCard(c, card));
      row.append(slot(S, seat, card, pal, { fresh, turn: !card && view.current === seat }));
    }
    row.append(el("div", { class: "slot wins" }, el("span", { class: "who", text: t("wins:") }),
      laneCard((view.lane || [])[0] || null, pal)));
  }
  box.append(row);
  const mine = resolving && view.last_trick.winner === S.seat;
  box.append(resolving ? el("p", { class: "trick-note", text: t(NOTES[view.phase][mine ? 1 : 0],
    { name: seatName(S, view.last_trick.winner) }) }) : lastTrick(S, view, pal));
  return box;
}

function lastTrick(S, view, pal) {
  const last = view.last_trick;
  if (!last) return el("p", { class: "trick-note", text: t("The first trick: its leader plays any card; the others follow the company led if they can.") });
  const who = last.winner === S.seat ? t("You") : seatName(S, last.winner);
  return el("div", { class: "last-trick" },
    el("span", { class: "who", text: t("Last trick: {name} won", { name: who }) }),
    el("div", { class: "small-cards" }, ...last.cards.map(([seat, card]) => {
      const c = companyCard(card, pal, { size: "mini", label: t("{name}: {card}", { name: seatName(S, seat),
        card: `${card.company} ${card.strength}` }) });
      if (seat === last.winner) c.classList.add("winning");
      return c;
    }), el("span", { class: "arrow", "aria-hidden": "true", text: "→" }), laneCard(last.lane, pal, { size: "mini" })));
}
