// The race's pieces as the program draws them (game/scenes/boards/race/pieces.py):
// a travel card in its kind's colour with its icon, its kind's word and its
// days; an event card on parchment (blue for the cards that hit everyone)
// with its name; the backs of the two piles; a coin; a bonus chip with the
// mark of what it gives; a pawn in its seat's colour with its number; the
// die; the detective. Drawn with CSS and small SVGs, crisp at any size;
// colour is never the only cue (a word, an icon, a mark or a number).
import { el, svg } from "../core/dom.js";
import { t } from "../core/words.js";

// the event cards as the window names them (game/narration/race.py EVENT_NAMES)
export const eventWord = (name) => t(name);
// a travel card in words: "train 5"
export const cardWord = (card) => t("{kind} {days}", { kind: t(card[0]), days: card[1] });
// a place in the order of arrival: "1st", "2nd", ... (game/narration/race.py ordinal)
export const ordinal = (n) => (n <= 3 ? t(["1st", "2nd", "3rd"][n - 1]) : t("{number}th", { number: n }));
const BLUE_EVENTS = new Set(["Storm", "Delay"]);
// what a bonus chip gives, as its mark on the chip and in words (pieces.CHIP_MARKS, CHIP_WORDS)
export const CHIP_MARKS = { coin: "$", travel: "+C", event: "+E", delay_others: "-1" };
export const CHIP_WORDS = { coin: "a coin", travel: "a travel card", event: "an event card",
  delay_others: "every other traveller loses a day" };
// the action track's spaces in words (ACTION_NAMES)
export const ACTION_WORDS = { coin: "Coin", balloon: "Balloon", event: "Event", detective: "Detective",
  start_player: "Start player", exchange: "Exchange" };

// small pictures, drawn in a 24-unit box in the current colour
const ICONS = {
  train: "M1 9h13v7H1z M14 5h8v11h-8z M13 3h10v2H13z M3 4h3v5H3z M2 19a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0-5 0z M8.5 19a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0-5 0z M16 19a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0-5 0z",
  ship: "M1 13h22l-3 5H4z M7 9h9v4H7z M10 4h3v5h-3z",
  land: "M4 17c0-6 4-10 10-10 4 0 7 3 7 7v3h-3v3h-2v-3H9v3H7v-3H4z",
  coin: "M12 3a9 9 0 1 0 .01 0z",
  balloon: "M12 1c4.7 0 8.5 3.4 8.5 7.6 0 3.5-3 6-5.2 7.4H8.7C6.5 14.6 3.5 12.1 3.5 8.6 3.5 4.4 7.3 1 12 1z M8.6 16.6h1.3l1 2.8H9.6z M14.1 16.6h1.3l-1 2.8h-1.3z M9.2 19.6h5.6V23H9.2z",
  event: "M12 2l3 7h7l-6 4 2 8-6-5-6 5 2-8-6-4h7z",
  detective: "M6 10h12l-2-6H8z M3 11h18v2H3z M8 15a3 3 0 1 0 .01 0 M16 15a3 3 0 1 0 .01 0 M11 16h2v1h-2z",
  start_player: "M5 2h2v20H5z M7 3h12l-3 4 3 4H7z",
  exchange: "M3 7h14l-3-3 1.5-1.5L21 8l-5.5 5.5L14 12l3-3H3z M21 17H7l3 3-1.5 1.5L3 16l5.5-5.5L10 12l-3 3h14z",
};
export function icon(name, cls = "icon") {
  return svg("svg", { class: `${cls} ${name}`, viewBox: "0 0 24 24", "aria-hidden": "true", focusable: "false" },
    svg("path", { d: ICONS[name] || ICONS.event }));
}

// a travel card [kind, days]: a button when it has an `onclick`
export function travelCard(card, { testid = null, playable = null, pressed = null, onclick = null,
  disabled = false, small = false, label = null, arrived = false } = {}) {
  const [kind, days] = card;
  const kids = [el("span", { class: "band" }, icon(kind)),
    el("span", { class: "days", text: String(days) }),
    el("span", { class: "kind", text: t(kind) })];
  const props = { class: `card travel ${kind}${small ? " small" : ""}${arrived ? " arrived" : ""}`,
    "data-testid": testid, "data-playable": playable === null ? null : String(playable), "data-card": `${kind}/${days}`,
    "aria-label": label || cardWord(card) };
  if (onclick) {
    return el("button", { ...props, "aria-pressed": pressed === null ? null : String(pressed), disabled, onclick }, ...kids);
  }
  return el("div", { ...props, role: "img" }, ...kids);
}

// an event card by its name
export function eventCard(name, { testid = null, playable = null, pressed = null, onclick = null,
  disabled = false, small = false, label = null, arrived = false, note = null } = {}) {
  const kids = [icon("event", "icon star"), el("span", { class: "name", text: eventWord(name) }),
    note ? el("span", { class: "note", text: note }) : null];
  const props = { class: `card event${BLUE_EVENTS.has(name) ? " blue" : ""}${small ? " small" : ""}${arrived ? " arrived" : ""}`,
    "data-testid": testid, "data-playable": playable === null ? null : String(playable), "data-event": name,
    "aria-label": label || `${t("Event")}: ${eventWord(name)}` };
  if (onclick) {
    return el("button", { ...props, "aria-pressed": pressed === null ? null : String(pressed), disabled, onclick }, ...kids);
  }
  return el("div", { ...props, role: "img" }, ...kids);
}

// the back of the travel pile (a globe) or the event pile (a star), with what
// tapping it does under it and the cards left in its corner
export function pileBack(pile, { count = null, testid = null, onclick = null, disabled = false,
  words = [], name = "" } = {}) {
  const mark = pile === "travel"
    ? svg("svg", { class: "icon mark globe", viewBox: "0 0 24 24", "aria-hidden": "true", focusable: "false" },
      svg("circle", { cx: 12, cy: 12, r: 10 }), svg("ellipse", { cx: 12, cy: 12, rx: 4.5, ry: 10 }),
      svg("line", { x1: 2, y1: 12, x2: 22, y2: 12 }))
    : icon("event", "icon mark");
  const kids = [mark,
    ...words.map((w) => el("span", { class: "word", text: w })),
    count !== null ? el("span", { class: "n", text: String(count) }) : null];
  const props = { class: `card pileback ${pile}`, "data-testid": testid,
    "aria-label": count !== null ? `${name} (${count})` : name };
  if (onclick) return el("button", { ...props, disabled, onclick }, ...kids);
  return el("div", { ...props, role: "img" }, ...kids);
}

// coins: the gold coin and how many
export function coins(n, label = null) {
  return el("span", { class: "coins", role: "img", "aria-label": label || t("{n} coins", { n }) },
    el("span", { class: "coin", "aria-hidden": "true", text: "$" }), el("span", { class: "count", "aria-hidden": "true", text: String(n) }));
}

// a bonus chip: red (the first to arrive takes it) or blue (the last)
export function chip(color, kind) {
  const words = `${t("The {color} chip", { color: t(color) })}: ${t(CHIP_WORDS[kind] || kind)}`;
  return el("span", { class: `bonus ${color}`, role: "img", "aria-label": words },
    el("span", { class: "mark", "aria-hidden": "true", text: CHIP_MARKS[kind] || "?" }),
    el("span", { class: "letter", "aria-hidden": "true", text: color === "red" ? "R" : "B" }));
}

// the best text colour on a seat's colour (theme.readable_on)
export function inkOn(css) {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(css || "");
  if (!m) return "#fff";
  const [r, g, b] = m.slice(1).map((h) => parseInt(h, 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.22 ? "#111" : "#fff";
}

// a traveller's pawn: a disc in the seat's colour with the seat's number
export function pawn(colour, seat, name) {
  const p = el("span", { class: "pawn", role: "img", "aria-label": name, text: String(seat + 1) });
  p.style.background = colour;
  p.style.color = inkOn(colour);
  return p;
}

const PIPS = { 1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]] };

// one face of the die: ivory with its pips (the one pip red, as the window draws it)
export function dieFace(value, label) {
  const face = svg("svg", { class: "die", viewBox: "0 0 60 60", role: "img", "aria-label": label },
    svg("rect", { x: 2, y: 2, width: 56, height: 56, rx: 10, class: "face" }));
  for (const [px, py] of PIPS[value] || []) {
    face.append(svg("circle", { cx: 30 + px * 16, cy: 30 + py * 16, r: 5.5, class: value === 1 ? "pip one" : "pip" }));
  }
  return face;
}

// Inspector Fix: a dark figure in a bowler hat with a magnifying glass
export function detective(label = null) {
  const hat = svg("svg", { class: "detective", viewBox: "0 0 40 50", role: label ? "img" : null,
    "aria-label": label, "aria-hidden": label ? null : "true" },
  svg("path", { class: "coat", d: "M11 48 L29 48 L25 22 L15 22 Z" }),
  svg("circle", { class: "face", cx: 20, cy: 17, r: 6.5 }),
  svg("ellipse", { class: "coat", cx: 20, cy: 11, rx: 10, ry: 2.5 }),
  svg("ellipse", { class: "coat", cx: 20, cy: 7, rx: 6, ry: 5 }),
  svg("line", { class: "handle", x1: 24, y1: 35, x2: 32, y2: 27 }),
  svg("circle", { class: "glass", cx: 33, cy: 26, r: 5 }));
  return hat;
}
