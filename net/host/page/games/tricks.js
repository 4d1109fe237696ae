// Railway Tricks on the phone: the trick on the table, the seat's hand as
// company cards to tap (a card that may be played now is lit; a tap plays
// it), the choice a won trick brings (an end of a line for a card or a city,
// a line's head for a locomotive: tap it, then confirm), the seat's shares,
// and the table view (tricks_table.js). Every control is one of the host's
// legal actions; the page only groups them (a line and its two ends).
import { $, el, changed } from "../core/dom.js";
import { t, placeName, paren } from "../core/words.js";
import { act } from "../core/session.js";
import { setConfirm, clearConfirm } from "../core/actionbar.js";
import { lightControl } from "../core/hintring.js";
import { palette, companyCard, laneCard, locoCard, sameCard, cardName, standing, worthOf } from "./tricks_cards.js";
import { lineRow, worthWith } from "./tricks_lines.js";
import { trickBox } from "./tricks_trick.js";
import { renderTable } from "./tricks_table.js";

const HANDLED = new Set(["play", "city", "locomotive", "lay"]);
let picked = null;        // the option tapped in the choice (a legal action)
let pickedFor = "";       // which choice `picked` belongs to
let newChoice = false;    // a choice just came: bring it into view once
let seenTrick = null;     // the trick's cards as last drawn
let seenLines = {};       // each line as last drawn in the choice
let current = null;       // the latest render's context (taps read it)

async function prepare() {
  if (document.querySelector("link[data-tricks]")) return;
  const link = el("link", { rel: "stylesheet", href: "tricks.css", "data-tricks": "" });
  const loaded = new Promise((done) => { link.onload = done; link.onerror = done; });
  document.head.append(link);
  await loaded;
}

const key = (a) => JSON.stringify(a);
const endWord = (end) => t(end === "left" ? "left" : "right");

function pick(action) {
  picked = action;
  render(current);
}

function offer(action, label, then) {
  return { action, label, then, picked: !!picked && key(picked) === key(action),
    disabled: current.inFlight, onPick: pick };
}

// the choice a won trick asks of this seat: its rule, the thing to place and
// the lines with what may be tapped
function choice(ctx, view, pal, pending) {
  const legal = ctx.S.legal.filter((a) => a.type === pending.kind);
  const asked = key([pending, legal]);
  if (asked !== pickedFor) { pickedFor = asked; picked = null; newChoice = true; }
  if (picked && !legal.some((a) => key(a) === key(picked))) picked = null;
  const box = el("section", { class: "choice", "aria-labelledby": "tricks-choice-title" });
  const hint = t("The number by an end: what a share is worth then.");
  const hasLoco = (company) => !!(view.locomotives || {})[company];
  // the thing picked, drawn where it would go
  const previewOf = (company, item) => (picked && picked.type !== "locomotive" && (picked.company || company) === company
    ? { item, end: picked.end, then: worthWith(view, company, item, picked.end) } : null);
  let rows = [], thing, rule, confirmLabel = null, waiting;
  if (pending.kind === "lay") {
    const company = pending.company;
    thing = companyCard(pending.card, pal);
    rule = t("Lay your {card} at an end of the {company} line.", { card: cardName(pending.card), company })
      + (hasLoco(company) ? ` ${hint}` : "");
    const ends = {};
    for (const a of legal) {
      ends[a.end] = offer(a, t("Lay {card} at the {end} end", { card: cardName(pending.card), end: endWord(a.end) }),
        worthWith(view, company, pending.card, a.end));
    }
    rows = [lineRow(company, view, pal, { ends, preview: previewOf(company, pending.card), before: seenLines[company] })];
    waiting = t("Tap an end of the line");
  } else if (pending.kind === "city") {
    const city = pending.city;
    thing = laneCard(city, pal);
    rule = t("You won {city}: lay it at an end of any line.", { city: placeName(city.name) + paren(city.value) })
      + (pal.companies.some(hasLoco) ? ` ${hint}` : "");
    rows = pal.companies.map((company) => {
      const ends = {};
      for (const a of legal.filter((x) => x.company === company)) {
        ends[a.end] = offer(a, t("Lay {city} at the {end} end of {company}", { city: placeName(city.name),
          end: endWord(a.end), company }), worthWith(view, company, city, a.end));
      }
      return lineRow(company, view, pal, { ends, preview: previewOf(company, city), before: seenLines[company] });
    });
    waiting = t("Tap an end of a line");
  } else {
    const loco = pending.locomotive;
    thing = locoCard(loco);
    rule = t("You won locomotive {name}: put it at the head of a line without one. The number: what a share is worth then.",
      { name: loco.name });
    rows = pal.companies.map((company) => {
      const a = legal.find((x) => x.company === company);
      const line = (view.lines || {})[company] || [];
      const head = a ? { ...offer(a, t("Put locomotive {name} on {company}", { name: loco.name, company }), worthOf(line, loco)), loco } : null;
      return lineRow(company, view, pal, { pick: head, before: seenLines[company] });
    });
    waiting = t("Tap a line's head");
  }
  if (picked) confirmLabel = picked.type === "lay" ? t("Lay {card} at the {end} end", { card: cardName(pending.card), end: endWord(picked.end) })
    : picked.type === "city" ? t("Lay {city} at the {end} end of {company}", { city: placeName(pending.city.name), end: endWord(picked.end), company: picked.company })
      : t("Put locomotive {name} on {company}", { name: pending.locomotive.name, company: picked.company });
  if (!ctx.inFlight) setConfirm(confirmLabel || waiting, picked, () => { picked = null; });
  box.append(el("div", { class: "choice-head" }, thing,
    el("div", {}, el("h2", { id: "tricks-choice-title", text: choiceName(pending) }), el("p", { class: "rule", text: rule }))),
  el("div", { class: "lines" }, ...rows));
  return box;
}

function playCard(ctx, action, button) {
  if (!ctx.mine || ctx.inFlight) return;
  button.classList.add("leaving");
  act(action);
}

function renderHand(ctx, view, pal) {
  const priv = view.private || {};
  const plays = ctx.mine ? ctx.S.legal.filter((a) => a.type === "play") : [];
  const hand = el("div", { class: `tricks-hand${plays.length ? " playing" : ""}`, "data-testid": "hand", role: "group", "aria-label": t("Your hand") });
  for (const card of priv.hand || []) {
    const action = plays.find((a) => sameCard(a.card, card)) || null;
    const button = companyCard(card, pal, { testid: "card", playable: !!action, disabled: !action || ctx.inFlight,
      label: action ? t("Play {card} (value {value})", { card: cardName(card), value: card.value })
        : t("{card}, value {value}", { card: cardName(card), value: card.value }),
      onclick: () => action && playCard(current, action, button) });
    hand.append(button);
  }
  if (!hand.children.length) hand.append(el("p", { class: "empty-note", text: t("No cards left.") }));
  let rule = "";
  if (plays.length && view.led && plays.every((a) => a.card.company === view.led)) rule = t("Your turn: follow {company}", { company: view.led });
  else if (plays.length) rule = t("Tap a card to play it.");
  return [hand, el("p", { class: "hand-rule", "aria-live": "polite", text: rule })];
}

function renderShares(ctx, view, pal) {
  const me = (view.players || [])[ctx.S.seat] || { shares: [] };
  const worth = standing(view);
  const chips = pal.companies.map((company) => {
    const n = me.shares.filter((s) => s.company === company).length;
    if (!n) return null;
    return el("li", { class: "share" },
      el("span", { class: `swatch co co-${pal.colour[company] || "none"}`, "aria-hidden": "true" }, pal.letter[company],
        el("span", { class: `shape ${pal.shape[company]}` })),
      el("span", { text: t("{company} ×{n}", { company, n }) }),
      el("span", { class: "each", text: t("{value} each", { value: worth.values[company] }) }));
  }).filter(Boolean);
  const list = chips.length ? el("ul", { class: "shares" }, ...chips)
    : el("p", { class: "empty-note", text: t("No shares yet: win a trick, or lose one that wins a share.") });
  let points = t("Your points now: {n}", { n: worth.own[ctx.S.seat] || 0 });
  if (view.teams) {
    const partner = (ctx.S.seat + 2) % 4;
    const name = ctx.S.seats[partner] ? ctx.S.seats[partner].name : String(partner + 1);
    points = t("Your team's points now: {n} (with {name})", { n: worth.scores[ctx.S.seat] || 0, name });
  }
  return [list, el("p", { class: "points", text: points })];
}

// a choice that came out of sight (the player had scrolled down) is brought
// into view, once: later updates leave the page where the player holds it
function showOnce(node) {
  requestAnimationFrame(() => {
    const top = node.getBoundingClientRect().top;
    if (top < 0 || top > window.innerHeight * 0.5) node.scrollIntoView({ block: "start", behavior: "smooth" });
  });
}

function part(id, where) {
  let node = $(id);
  if (!node) { node = el("div", { id }); where.append(node); }
  return node;
}

function render(ctx) {
  current = ctx;
  const S = ctx.S;
  const view = S.view || {};
  const game = $("game");
  if (!view.companies) { game.replaceChildren(); return; }
  const pal = palette(view);
  const pending = ctx.mine && view.private ? view.private.pending : null;
  // a choice comes first, above the trick: the choice is the turn
  const chosen = part("tricks-choice", game);
  const trick = part("tricks-trick", game);
  const hand = part("tricks-hand-box", game);
  const shares = part("tricks-shares", game);
  if (changed("tricks-trick", view.trick, view.last_trick, view.phase, view.lane && view.lane[0], view.current, S.seats)) {
    trick.replaceChildren(trickBox(S, view, pal, seenTrick));
    seenTrick = view.trick || [];
  }
  if (changed("tricks-choice", pending, S.legal, view.lines, view.locomotives, picked, ctx.inFlight)) {
    if (pending) {
      chosen.replaceChildren(choice(ctx, view, pal, pending));
      if (newChoice) { newChoice = false; showOnce(chosen); }
    } else { chosen.replaceChildren(); clearConfirm(); picked = null; }
    seenLines = JSON.parse(JSON.stringify(view.lines || {}));
  }
  if (changed("tricks-hand", view.private && view.private.hand, ctx.mine, S.legal, ctx.inFlight, view.led)) {
    hand.replaceChildren(el("h2", { text: t("Your hand") }), ...renderHand(ctx, view, pal));
  }
  if (changed("tricks-shares", view.players, view.lines, view.locomotives, view.teams, S.seats)) {
    shares.replaceChildren(el("h2", { text: t("Your shares") }), ...renderShares(ctx, view, pal));
  }
}

// the control that plays a hinted action: the card in the hand, a line's end
// or a line's head in the choice
function hintedControl(action) {
  const row = (company) => `#tricks-choice .line-row[data-company="${CSS.escape(company)}"]`;
  const find = (selector) => document.querySelector(selector);
  if (action.type === "play") {
    return find(`.tricks-hand button[data-card="${CSS.escape(`${action.card.company}/${action.card.strength}`)}"]`);
  }
  const end = action.end === "left" ? "left" : "right";
  if (action.type === "lay") return find(`#tricks-choice .end.${end}`);
  if (action.type === "city") return find(`${row(action.company)} .end.${end}`);
  if (action.type === "locomotive") return find(`${row(action.company)} button.head`);
  return null;
}

// a hint's control stands out (null: none does)
function lightHint(action) {
  lightControl(action ? hintedControl(action) : null);
}

function choiceName(pending) {
  if (pending.kind === "lay") return t("Lay your card");
  if (pending.kind === "city") return t("Lay the city");
  if (pending.kind === "locomotive") return t("Place the locomotive");
  return t(pending.kind);
}

export default {
  lightHint,
  handles: (a) => HANDLED.has(a.type),
  prepare,
  render,
  table: renderTable,
  choiceName,
};
