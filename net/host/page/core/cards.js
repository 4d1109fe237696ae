// Cards as the program draws them: a train card is its colour with the
// colour's word (colour is never the only cue) and, with the table's
// colour-blind aid on, its letter; a locomotive is the rainbow; a ticket
// names its two cities and its points. Drawn with CSS, crisp at any size.
import { el } from "./dom.js";
import { t, pair } from "./words.js";

// the letters of the colour-blind aid (game/ui/theme.py CARD_LETTERS)
const LETTERS = { pink: "P", white: "W", blue: "B", yellow: "Y", orange: "O", black: "K",
  red: "R", green: "G", locomotive: "L", ferry: "F" };
let aid = false;
export function setColourAid(on) { aid = !!on; document.body.classList.toggle("aid", aid); }

// the colour's word as a card shows it ("Locomotive", "Pink", ...)
export const colourWord = (c) => t(c === "locomotive" ? "Loco" : c);

// one train card (or a stack of them, `count` shown in its corner); a button
// when it has an `onclick`
export function trainCard(colour, { count = null, testid = null, onclick = null, disabled = false,
  label = null, small = false } = {}) {
  const kids = [
    el("span", { class: "glyph", "aria-hidden": "true" }),
    el("span", { class: "word", text: colourWord(colour) }),
    aid && LETTERS[colour] ? el("span", { class: "letter", "aria-hidden": "true", text: LETTERS[colour] }) : null,
    count !== null ? el("span", { class: "n", text: String(count) }) : null,
  ];
  const cls = `card traincard ${colour}${small ? " small" : ""}`;
  const name = label || (count !== null ? `${colourWord(colour)} ×${count}` : colourWord(colour));
  if (onclick) return el("button", { class: cls, "data-testid": testid, "aria-label": name, disabled, onclick }, ...kids);
  return el("div", { class: cls, "data-testid": testid, role: "img", "aria-label": name }, ...kids);
}

// the back of a card: the deck, a pile of tickets, the ferry cards
export function cardBack(kind, { count = null, testid = null, onclick = null, disabled = false, label = "", name = null } = {}) {
  const kids = [el("span", { class: "word", text: label }),
    count !== null ? el("span", { class: "n", text: String(count) }) : null];
  const props = { class: `card back ${kind}`, "data-testid": testid, "aria-label": `${name || label}${count !== null ? ` (${count})` : ""}` };
  if (onclick) return el("button", { ...props, disabled, onclick }, ...kids);
  return el("div", { ...props, role: "img" }, ...kids);
}

// a ticket: its cities, its points, done or not; `extra` (a small map, a
// progress line) goes under the cities
export function ticketCard(ticket, { extra = null, testid = null, onclick = null, pressed = null, disabled = false } = {}) {
  const name = pair(ticket.a, ticket.b);
  const done = ticket.done === true;
  const kids = [
    el("span", { class: "cities", text: name }),
    el("span", { class: "points", text: String(ticket.points) }),
    extra,
    done ? el("span", { class: "tick", text: `✓ ${t("done")}` }) : null,
  ];
  const props = { class: `card ticket${done ? " done" : ""}`, "data-testid": testid,
    "aria-pressed": pressed === null ? null : String(pressed) };
  if (onclick) return el("button", { ...props, disabled, onclick }, ...kids);
  return el("div", props, ...kids);
}

// a small chip of a payment: so many cards of one colour
export function chip(colour, n) {
  return el("span", { class: `chip ${colour}` },
    el("span", { class: "word", text: colourWord(colour) }), el("span", { class: "n", text: `×${n}` }));
}
