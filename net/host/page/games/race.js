// The race round the world on the phone: where the seat is on the route and
// how far it has to go (a strip of the stops, the next leg and what it takes,
// its days and coins); its turn as controls (the action track's cards, the
// action under the card taken, travelling on, buying, its hand's cards to
// play or discard, the die and the bonus chips to answer, ending the turn);
// and the table: the world map with every traveller and the detective, the
// route's stops, the track and each traveller's days, coins and cards.
// Every control is one of the host's legal actions; the page only groups them.
import { $, el, changed } from "../core/dom.js";
import { t, placeName, COLON } from "../core/words.js";
import { clearConfirm } from "../core/actionbar.js";
import { lightControl } from "../core/hintring.js";
import { coins, eventWord, ordinal } from "./race_cards.js";
import { worldMap, paintWorld, routeStrip, paintStrip, routeList, legNeeds } from "./race_map.js";
import { trackRow, actionsPanel, pilesRow, handRow, handCounts, pendingPanel, primary, pickedNow } from "./race_turn.js";
import { keepSheet } from "./race_sheets.js";
import { princessAs } from "./race_days.js";

const HANDLED = new Set(["take", "take_deck", "coin", "draw_event", "detective", "start_player", "exchange",
  "move", "play_event", "buy", "discard", "discard_event", "end_turn", "reroll", "accept", "bonus"]);
let BOARD = null;
let strip = null;          // the seat's strip of stops (kept: its pawns slide)
let table = null;          // the table view's map
let current = null;        // the latest render's context (taps read it)
let handBefore = null;     // the hand the last render showed
let coinsBefore = null;

async function prepare(info) {
  if (!info.board) return;
  const res = await fetch("board.json", { cache: "no-cache" });
  BOARD = await res.json();
}

const seatName = (S, seat) => (S.seats[seat] ? S.seats[seat].name : String(seat + 1));

// where the seat is, where it goes next and what that leg takes; its days and coins
function whereNow(ctx, view, me) {
  const limit = BOARD.numbers.time_limit;
  const box = el("div", { class: "where" });
  if (me.arrived) {
    box.append(el("p", { class: "leg-now", text: t("Back in {city}: {place}", { city: placeName(me.city), place: ordinal(me.arrived) }) }));
  } else {
    const leg = view.legs[me.at];
    box.append(el("p", { class: "leg-now" }, el("span", { class: "from", text: placeName(me.city) }), " → ",
      el("span", { class: "to", text: placeName(view.route[me.at + 1]) })), el("p", { class: "leg-needs" }, legNeeds(leg)));
  }
  const bump = coinsBefore !== null && me.coins > coinsBefore ? " bump" : "";
  box.append(el("p", { class: "facts" },
    el("span", { class: `days${me.days > limit ? " late" : ""}`, text: t("Days: {days} of {limit}", { days: me.days, limit }) }),
    el("span", { class: `money${bump}` }, coins(me.coins, t("{n} coins", { n: me.coins })))));
  coinsBefore = me.coins;
  return box;
}

function renderJourney(ctx, view) {
  let box = $("race-journey");
  if (!box) {
    box = el("section", { id: "race-journey", class: "journey", "aria-label": t("Your journey") });
    $("game").prepend(box);
  }
  if (!strip || !box.contains(strip.root)) {
    strip = routeStrip(view);
    box.replaceChildren(strip.root, el("div", { id: "race-where" }));
  }
  paintStrip(strip, ctx, view);
  const me = view.players[ctx.S.seat];
  if (me && changed("race-where", me, view.legs[me.at], ctx.S.seats)) $("race-where").replaceChildren(whereNow(ctx, view, me));
}

// while others play: whose turn it is, where the turn's controls appear (the
// page keeps its place when they come)
function waitingPanel(ctx, view) {
  const names = (view.to_act || []).map((seat) => seatName(ctx.S, seat)).join(", ");
  return el("section", { class: "race-turn waiting" },
    el("p", { class: "step", text: names ? t("Waiting for {names}…", { names }) : t("Waiting…") }));
}

function render(ctx) {
  const S = ctx.S;
  const view = S.view || {};
  const game = $("game");
  if (!BOARD || !Array.isArray(view.route) || !view.players || !view.players[S.seat]) { game.replaceChildren(); strip = null; return; }
  current = ctx;
  const priv = view.private || {};
  const legal = ctx.mine ? S.legal : [];
  const g = { ctx, view, legal, board: BOARD, redraw: () => render(current),
    total: (priv.hand || []).length + (priv.events || []).length };
  renderJourney(ctx, view);
  const picked = pickedNow(legal);
  const pending = ctx.mine ? priv.pending : null;
  if (changed("race-rest", ctx.mine, legal, view, ctx.inFlight, picked && picked.key)) {
    const parts = [];
    if (pending) parts.push(pendingPanel(g, pending));
    else if (ctx.mine) parts.push(actionsPanel(g));
    else if (view.phase !== "over") parts.push(waitingPanel(ctx, view));
    parts.push(el("h2", { text: t("Action track") }), trackRow(g, ctx.mine && !pending),
      el("h2", { text: t("Your hand: {count} of 6 cards", { count: g.total }) }), handRow(g, ctx.mine && !pending, handBefore),
      pilesRow(g, ctx.mine && !pending));
    handBefore = handCounts(priv);
    let rest = $("race-rest");
    if (!rest) { rest = el("div", { id: "race-rest" }); game.append(rest); }
    rest.replaceChildren(...parts);
    const rolled = (ctx.events || []).some((e) => e.type === "die_rolled");
    const die = rest.querySelector(".die");
    if (die && rolled) die.classList.add("rolled");
  }
  if (!ctx.mine) return;
  if (!keepSheet(S.legal) && !primary(g, pending)) clearConfirm();
}

// --- the table --------------------------------------------------------------

function playersTable(ctx, view) {
  const S = ctx.S;
  const head = el("tr", {}, ...["Player", "City", "Days", "Coins", "Cards"].map((w) => el("th", { scope: "col", text: t(w) })));
  const rows = view.players.map((p) => {
    const acting = view.current === p.seat;
    return el("tr", { class: acting ? "acting" : "" },
      el("th", { scope: "row" }, acting ? el("span", { class: "turn", "aria-label": t("to play"), text: "▶ " }) : null, seatName(S, p.seat)),
      el("td", { text: p.arrived ? `${t("Arrived")} ${ordinal(p.arrived)}` : placeName(p.city) }),
      el("td", { text: String(p.days) }), el("td", { text: String(p.coins) }),
      el("td", { text: p.events ? `${p.cards} + ${p.events}` : String(p.cards) }));
  });
  return el("table", { class: "scores race-scores" }, el("thead", {}, head), el("tbody", {}, ...rows));
}

function renderTable(ctx, root) {
  const S = ctx.S;
  const view = S.view || {};
  if (!BOARD || !Array.isArray(view.route)) return;
  if (!table || !root.contains(table.root)) {
    const box = el("div", { class: "board-box world-box" });
    table = worldMap(BOARD, t("The map"));
    box.append(table.root);
    const map = table.view;
    const middle = () => ({ x: map.box.x + map.box.w / 2, y: map.box.y + map.box.h / 2 });
    root.replaceChildren(box, el("div", { class: "zoom" },
      el("button", { "aria-label": t("Zoom in"), onclick: () => map.zoomAt(middle(), 1.6), text: "+" }),
      el("button", { "aria-label": t("Zoom out"), onclick: () => map.zoomAt(middle(), 1 / 1.6), text: "−" }),
      el("button", { "aria-label": t("Whole map"), onclick: () => map.reset(), text: "⤢" })),
    el("div", { id: "race-table-rest" }));
  }
  paintWorld(table, ctx, view);
  const g = { ctx: { ...ctx, inFlight: true }, view, legal: [], board: BOARD, redraw: () => {}, total: 0 };
  const top = princessAs(view);
  $("race-table-rest").replaceChildren(
    el("p", { class: "table-facts" }, el("span", { text: t("Round {round}", { round: view.round }) }),
      el("span", { text: `${t("Start player")}${COLON()}${seatName(S, view.start_player)}` }),
      el("span", { text: t("Last event: {event}", { event: top ? eventWord(top) : "-" }) })),
    playersTable(ctx, view),
    el("h2", { text: t("Action track") }), trackRow(g, false),
    el("h2", { text: t("The route") }), routeList(ctx, view));
}

// the control that plays (or opens the ways to play) a hinted action
function hintedControl(action) {
  const game = $("game");
  const find = (selector) => (game ? game.querySelector(selector) : null);
  switch (action.type) {
    case "take": return find(`.track .slot[data-slot="${action.slot}"] button`);
    case "take_deck": return find("[data-testid=take-deck]");
    case "move": return find("[data-testid=travel]");
    case "buy": return find(`.race-piles .pileback.${action.pile === "event" ? "event" : "travel"}`);
    case "discard": return find(`.race-hand button[data-card="${CSS.escape(action.card.join("/"))}"]`);
    case "play_event":
    case "discard_event": return find(`.race-hand button[data-event="${CSS.escape(action.event)}"]`);
    case "end_turn": return $("confirm");
    case "bonus": return find(`.answers [data-act="bonus-${action.take ? "take" : "leave"}"]`);
    default: return find(`[data-act="${CSS.escape(action.type)}"]`);   // the track's actions, the die's answers
  }
}

// a hint's control stands out (null: none does)
function lightHint(action) {
  lightControl(action ? hintedControl(action) : null);
}

function choiceName(pending) {
  if (pending.kind === "reroll") return t(pending.purpose === "balloon" ? "Balloon die: {roll}" : "Elephant die: {roll}", { roll: pending.roll });
  if (pending.kind === "bonus") return t("The {color} chip", { color: t(pending.color) });
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
