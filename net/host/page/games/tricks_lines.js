// A company's line on the phone, as the window draws a line's row: its head
// (the company's colour, initial and name, its locomotive, what a share is
// worth now) above its cards from the left end to the right, the cards the
// locomotive runs marked, the others dimmed. For a choice the row offers its
// two ends (laying a card or a city) or its head (placing a locomotive) as
// options, each saying what a share would be worth then.
import { el } from "../core/dom.js";
import { t } from "../core/words.js";
import { lineCard, worthOf } from "./tricks_cards.js";

// the cards of a line that came since `before` (a line only grows at its ends)
function arrivals(line, before) {
  if (!before || before.length >= line.length) return new Set();
  const key = (x) => JSON.stringify(x);
  const left = before.length && key(line[0]) !== key(before[0]) ? line.length - before.length : 0;
  const fresh = new Set();
  for (let i = 0; i < left; i++) fresh.add(i);
  for (let i = left + before.length; i < line.length; i++) fresh.add(i);
  return fresh;
}

function locoBadge(loco, ghost = false) {
  if (!loco) return el("span", { class: "loco-badge none", text: t("no loco") });
  const name = [loco, ...(loco.with || [])].map((m) => m.name).join("+");
  return el("span", { class: `loco-badge${ghost ? " ghost" : ""}`, text: `${name} −${loco.cost}` });
}

// the head: the company's swatch and name, its locomotive (or `ghost`, the one
// picked to go there) and what a share is worth now (or `then`, after the choice)
function head(company, pal, loco, worth, { ghost = null, then = null } = {}) {
  const swatch = el("span", { class: `swatch co co-${pal.colour[company] || "none"}`, "aria-hidden": "true" },
    el("span", { text: pal.letter[company] || "?" }), el("span", { class: `shape ${pal.shape[company]}` }));
  let value = worth === null ? null : el("span", { class: "worth", text: t("value {value}", { value: worth.value }) });
  if (then) value = el("span", { class: "worth then", text: t("then {value}", { value: then.value }) });
  return [swatch, el("span", { class: "name", text: company }), locoBadge(ghost || loco, !!ghost), value];
}

// an option button: `offer` = { action, picked, onPick, then, label }
function optionButton(cls, kids, offer) {
  return el("button", { class: cls, "data-testid": "option", "aria-label": offer.label,
    "aria-pressed": String(offer.picked), disabled: offer.disabled,
    onclick: () => offer.onPick(offer.action) }, ...kids);
}

function endButton(side, offer) {
  const arrow = side === "left" ? "◀" : "▶";
  const then = offer.then === null || offer.then === undefined ? "" : String(offer.then.value);
  return optionButton(`end ${side}`, [el("span", { class: "arrow", "aria-hidden": "true", text: arrow }),
    then ? el("span", { class: "then", "aria-hidden": "true", text: then }) : null], offer);
}

// one line's row. `ends` = { left: offer, right: offer } offers its ends;
// `pick` = offer makes its head the option (`pick.loco`: the locomotive it
// would get); `preview` = { item, end } shows the thing picked where it would
// go; `before` is the line as last drawn (new cards land with an animation)
export function lineRow(company, view, pal, { ends = null, pick = null, preview = null, before = null } = {}) {
  const line = (view.lines || {})[company] || [];
  const loco = (view.locomotives || {})[company] || null;
  const worth = worthOf(line, loco);
  const fresh = arrivals(line, before);
  const items = line.map((item, i) => {
    const off = worth !== null && !(i >= worth.start && i < worth.start + worth.length);
    const card = lineCard(item, pal, company, { off });
    if (worth !== null && !off) card.classList.add("run");
    if (fresh.has(i)) card.classList.add("arrived");
    return el("div", { role: "listitem" }, card);
  });
  if (preview) {
    const ghost = el("div", { role: "listitem" }, lineCard(preview.item, pal, company));
    ghost.firstChild.classList.add("ghost");
    if (preview.end === "left") items.unshift(ghost); else items.push(ghost);
  }
  const cards = el("div", { class: "items", role: "list", tabindex: "0", "aria-label": t("The {company} line, left to right", { company }) }, ...items);
  const row = el("div", { class: `line-row${view.led === company ? " led" : ""}`, "data-company": company });
  if (pick) {
    row.append(optionButton("head", head(company, pal, loco, worth,
      { ghost: pick.picked ? pick.loco : null, then: pick.then }), pick));
  } else {
    const then = preview && preview.then !== undefined ? preview.then : null;
    row.append(el("div", { class: "head" }, ...head(company, pal, loco, worth, { then })));
  }
  const body = el("div", { class: "body" });
  if (ends && ends.left) body.append(endButton("left", ends.left));
  body.append(cards);
  if (ends && ends.right) body.append(endButton("right", ends.right));
  row.append(body);
  // a line longer than the row fades at the edge it scrolls on
  const edge = () => cards.classList.toggle("more", cards.scrollLeft + cards.clientWidth < cards.scrollWidth - 2);
  cards.addEventListener("scroll", edge, { passive: true });
  requestAnimationFrame(edge);
  if (preview) {
    requestAnimationFrame(() => { cards.scrollLeft = preview.end === "left" ? 0 : cards.scrollWidth; edge(); });
  }
  return row;
}

// what a share of `company` would be worth with `item` laid at `end`
export function worthWith(view, company, item, end) {
  const line = [...((view.lines || {})[company] || [])];
  if (end === "left") line.unshift(item); else line.push(item);
  return worthOf(line, (view.locomotives || {})[company] || null);
}
