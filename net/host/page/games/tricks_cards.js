// Railway Tricks' cards as the program draws them (game/scenes/boards/tricks/
// cards.py): a company card is its company's colour with the company's
// initial, its strength big and its station value on a pill (in a line, the
// value big on a plate); the line's first card says START; a city is cream
// with its value; a locomotive is dark with its name and cost; an exchange
// share is the company's initial in its colour. With the table's colour-blind
// aid on (body.aid) each company also shows its shape. Drawn with CSS
// (tricks.css), crisp at any size; every card is named for a screen reader.
import { el } from "../core/dom.js";
import { t, placeName } from "../core/words.js";

// the shapes of the colour-blind aid, one per company in the view's order
const SHAPES = ["circle", "square", "triangle", "diamond", "cross", "ring"];
// the colours the card tables name (cards.py COMPANY_RGB); tricks.css paints them
const COLOURS = new Set(["blue", "green", "yellow", "gray", "red", "orange", "purple", "sky"]);

// each company's colour, initial and shape, from the view's companies
export function palette(view) {
  const companies = (view && view.companies) || [];
  const colors = (view && view.colors) || {};
  const letter = {}, shape = {}, colour = {};
  companies.forEach((c, i) => {
    let l = c.charAt(0).toUpperCase();
    if (Object.values(letter).includes(l)) l = c.slice(0, 2).toUpperCase();
    letter[c] = l;
    shape[c] = SHAPES[i % SHAPES.length];
    colour[c] = COLOURS.has(colors[c]) ? colors[c] : "none";
  });
  return { companies, letter, shape, colour };
}

const shapeMark = (pal, company) => el("span", { class: `shape ${pal.shape[company] || "circle"}`, "aria-hidden": "true" });

export const cardName = (card) => `${card.company} ${card.strength}`;
export const sameCard = (a, b) => !!a && !!b && a.company === b.company && a.strength === b.strength;

// a company card as the hand holds it; a button when it has an `onclick`
export function companyCard(card, pal, { testid = null, onclick = null, disabled = false,
  playable = null, size = "", label = null } = {}) {
  const kids = [
    el("span", { class: "initial", "aria-hidden": "true", text: pal.letter[card.company] || "?" }),
    shapeMark(pal, card.company),
    el("span", { class: "strength", "aria-hidden": "true", text: String(card.strength) }),
    el("span", { class: "pill", "aria-hidden": "true", text: String(card.value) }),
  ];
  const props = { class: `tc co co-${pal.colour[card.company] || "none"} ${size}`, "data-testid": testid,
    "aria-label": label || t("{card}, value {value}", { card: cardName(card), value: card.value }),
    "data-playable": playable === null ? null : String(playable),
    "data-card": `${card.company}/${card.strength}` };
  if (onclick || testid === "card") return el("button", { ...props, disabled, onclick }, ...kids);
  return el("div", { ...props, role: "img" }, ...kids);
}

// one thing in a company's line: a company card (its value big), the line's
// first card, or a city; `off` dims a card outside the locomotive's run
export function lineCard(item, pal, company, { off = false } = {}) {
  const dim = off ? " off" : "";
  if (item.kind === "initial") {
    return el("div", { class: `tc line start${dim}`, role: "img", "aria-label": t("START {value}", { value: item.value }) },
      el("span", { class: "flag", "aria-hidden": "true" }), el("span", { class: "plate", "aria-hidden": "true", text: String(item.value) }));
  }
  if (item.kind === "city") {
    return el("div", { class: `tc line city${dim}`, role: "img",
      "aria-label": t("the city {name} ({value})", { name: placeName(item.name), value: item.value }) },
    el("span", { class: "house", "aria-hidden": "true" }), el("span", { class: "plate", "aria-hidden": "true", text: String(item.value) }));
  }
  const co = item.company || company;
  return el("div", { class: `tc line co co-${pal.colour[co] || "none"}${dim}`, role: "img",
    "aria-label": t("{card}, value {value}", { card: cardName(item), value: item.value }) },
  el("span", { class: "initial", "aria-hidden": "true", text: pal.letter[co] || "?" }),
  el("span", { class: "corner", "aria-hidden": "true", text: String(item.strength) }),
  shapeMark(pal, co),
  el("span", { class: "plate", "aria-hidden": "true", text: String(item.value) }));
}

// a locomotive: its name (ALL runs the whole line) and its cost; `with`
// locomotives that come in the same trick are named after it
export function locoCard(loco, { size = "" } = {}) {
  const all = [loco, ...(loco.with || [])];
  const name = all.map((m) => m.name).join("+");
  const costs = all.map((m) => `−${m.cost}`).join("/");
  return el("div", { class: `tc loco ${size}`, role: "img", "aria-label": locoWords(loco) },
    el("span", { class: "engine", "aria-hidden": "true" }),
    el("span", { class: "name", "aria-hidden": "true", text: name }),
    el("span", { class: "cost", "aria-hidden": "true", text: costs }));
}

export function locoWords(loco) {
  const all = [loco, ...(loco.with || [])];
  return all.map((m) => (m.distance === null || m.distance === undefined
    ? t("Locomotive {name}: runs the whole line, costs {cost}", { name: m.name, cost: m.cost })
    : t("Locomotive {name}: runs the best {count} cards in a row, costs {cost}",
      { name: m.name, count: m.distance, cost: m.cost }))).join(" · ");
}

// "A B&O share", "An NYC share" (an initialism is read letter by letter, as
// game/narration/tricks.py says it)
function aShare(company) {
  const letters = company.replace("&", "");
  const spelled = letters === letters.toUpperCase();
  const an = (spelled ? "AEFHILMNORSX" : "AEIOUaeiou").includes(company.charAt(0));
  return an ? t("An {company} share", { company }) : t("A {company} share", { company });
}

// what a trick wins: a lane entry as the lane shows it
export function laneCard(entry, pal, { size = "" } = {}) {
  if (!entry) return el("div", { class: `tc empty ${size}`, "aria-hidden": "true" });
  if (entry.kind === "locomotive") return locoCard(entry, { size });
  if (entry.kind === "exchange") {
    return el("div", { class: `tc exchange ex-${pal.colour[entry.company] || "none"} ${size}`, role: "img",
      "aria-label": aShare(entry.company) },
    el("span", { class: "big", "aria-hidden": "true", text: pal.letter[entry.company] || "?" }),
    shapeMark(pal, entry.company),
    el("span", { class: "word", "aria-hidden": "true", text: t("SHARE") }));
  }
  if (entry.kind === "city") {
    return el("div", { class: `tc city ${size}`, role: "img",
      "aria-label": t("the city {name} ({value})", { name: placeName(entry.name), value: entry.value }) },
    el("span", { class: "cityname", "aria-hidden": "true", text: placeName(entry.name) }),
    el("span", { class: "big", "aria-hidden": "true", text: String(entry.value) }));
  }
  if (entry.kind === "reservation") {
    return el("div", { class: `tc reserved ${size}`, role: "img", "aria-label": t("a reserved share") },
      el("span", { class: "word", "aria-hidden": "true", text: t("SHARE") }),
      el("span", { class: "big", "aria-hidden": "true", text: "?" }),
      el("span", { class: "word", "aria-hidden": "true", text: t("reserved") }));
  }
  return companyCard(entry, pal, { size, label: t("the share {card}", { card: cardName(entry) }) });
}

// --- what lines and shares are worth (game/rules/tricks/scoring.py) ---------

// [sum, start, length] of the best run of `distance` station values in a row
export function bestStretch(values, distance) {
  if (distance === null || distance === undefined || values.length <= distance) {
    return [values.reduce((a, b) => a + b, 0), 0, values.length];
  }
  let run = values.slice(0, distance).reduce((a, b) => a + b, 0);
  let best = run, start = 0;
  for (let i = distance; i < values.length; i++) {
    run += values[i] - values[i - distance];
    if (run > best) { best = run; start = i - distance + 1; }
  }
  return [best, start, distance];
}

// a share's worth with this line and locomotive (null: no locomotive yet)
export function worthOf(line, loco) {
  if (!loco) return null;
  const [sum, start, length] = bestStretch(line.map((x) => x.value), loco.distance);
  return { value: Math.max(0, sum - loco.cost), start, length };
}

// each company's worth and each seat's points as they stand (with teams, the
// team's points), as standing_of_view counts them
export function standing(view) {
  const values = {};
  for (const c of view.companies || []) {
    const w = worthOf((view.lines || {})[c] || [], (view.locomotives || {})[c]);
    values[c] = w ? w.value : 0;
  }
  const own = (view.players || []).map((p) => (p.shares || []).reduce((n, s) => n + (values[s.company] || 0), 0));
  const scores = view.teams && own.length === 4 ? own.map((n, s) => n + own[(s + 2) % 4]) : own;
  return { values, own, scores };
}
