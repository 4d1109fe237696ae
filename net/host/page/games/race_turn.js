// The seat's turn in the race as controls: the action track's cards to take,
// the action under the card taken, travelling on, the piles to buy from,
// the hand (a card is playable where playing or discarding it is a move
// now), and the die or bonus chip waiting for an answer. Every control is
// one of the host's legal actions; the page only groups them.
import { el } from "../core/dom.js";
import { t, placeName, COLON } from "../core/words.js";
import { act } from "../core/session.js";
import { setConfirm } from "../core/actionbar.js";
import { closeSheet } from "../core/sheet.js";
import { travelCard, eventCard, pileBack, chip, dieFace, cardWord, eventWord, icon,
  ACTION_WORDS, CHIP_WORDS } from "./race_cards.js";
import { moveDays, daysWord, princessAs } from "./race_days.js";
import { openTravel, openDetective, openExchange, openSwap, lostAction } from "./race_sheets.js";

// the picked hand card or answer, waiting for confirm: { key, label, action }
let picked = null;
let pickedFor = "";
export function pickedNow(legal) {
  const now = JSON.stringify(legal);
  if (pickedFor !== now) { picked = null; pickedFor = now; }
  return picked;
}
function pick(g, key, label, action) {
  picked = picked && picked.key === key ? null : { key, label, action };
  closeSheet();             // a card picked beside an open sheet: the card's choice is the one
  g.redraw();
}

// --- the action track ------------------------------------------------------

export function trackRow(g, mine) {
  const takes = mine ? g.legal.filter((a) => a.type === "take") : [];
  const state = g.view.turn_state || {};
  const row = el("div", { class: "track", role: "group", "aria-label": t("Action track") });
  g.view.track.forEach((slot, i) => {
    const take = takes.find((a) => a.slot === i);
    const held = mine && state.taken && state.action === slot.action;
    const head = el("span", { class: "slot-head" }, icon(slot.action), el("span", { text: t(ACTION_WORDS[slot.action]) }));
    let body;
    if (slot.card) {
      body = travelCard(slot.card, { testid: take ? "slot" : null, disabled: g.ctx.inFlight,
        label: `${t("Take {card}", { card: cardWord(slot.card) })}${COLON()}${t(ACTION_WORDS[slot.action])}`,
        onclick: take ? () => act(take) : null });
    } else {
      const unused = !slot.laid && g.view.phase !== "over";
      body = el("div", { class: "card travel empty", text: unused ? t("not in play") : "" });
    }
    row.append(el("div", { class: `slot${held ? " held" : ""}${take ? " takeable" : ""}`, "data-slot": String(i) }, head, body));
  });
  return row;
}

// --- what the card taken allows, travelling on, buying ----------------------

// the track's actions one tap does: their words and icons
const SIMPLE = { coin: ["Take a coin", "coin"], draw_event: ["Draw an event", "event"],
  start_player: ["Start next round", "start_player"] };

export function actionsPanel(g) {
  const legal = g.legal;
  const view = g.view;
  const me = view.players[g.ctx.S.seat];
  const state = view.turn_state;
  const box = el("section", { class: "race-turn", "aria-label": t("Your turn.") });
  // `act`: the action type the button plays or opens (a hint lights it by that)
  const button = (testid, kids, onclick, cls = "", type = null) => el("button", { class: `do ${cls}`, "data-testid": testid,
    "data-act": type, disabled: g.ctx.inFlight, onclick }, ...kids);
  if (!state.taken) {
    box.append(el("p", { class: "step", text: t("Take a card from the action track") }));
    const deck = legal.find((a) => a.type === "take_deck");
    if (deck) box.append(button("take-deck", [el("span", { text: t("Take the deck's top card") })], () => act(deck)));
  }
  for (const [type, [words, picture]] of Object.entries(SIMPLE)) {
    const a = legal.find((x) => x.type === type);
    if (a) box.append(button("track-action", [icon(picture), el("span", { text: t(words) })], () => act(a), "main", type));
  }
  const sends = legal.filter((a) => a.type === "detective");
  if (sends.length) box.append(button("track-action", [icon("detective"), el("span", { text: t("Move detective") })], () => openDetective(g, sends), "main", "detective"));
  if (legal.some((a) => a.type === "exchange")) box.append(button("track-action", [icon("exchange"), el("span", { text: t("Exchange cards") })], () => openExchange(g), "main", "exchange"));
  if (lostAction(g)) box.append(el("p", { class: "note", text: lostAction(g) }));
  if (state.taken && state.action === "balloon" && !state.balloon_used && !state.moves) {
    box.append(el("p", { class: "note" }, icon("balloon"), ` ${t("Your balloon: its die replaces one card as you travel")}`));
  }
  const moves = legal.filter((a) => a.type === "move");
  if (me && me.at < view.legs.length) {
    const next = placeName(view.route[me.at + 1]);
    if (moves.length) {
      // the fewest days a way to pay takes for sure (a die's roll adds to its cards)
      const costs = moves.map((a) => moveDays(a, view, g.board, me.at));
      const sure = costs.filter((d) => !d.die);
      const best = (sure.length ? sure : costs).reduce((a, b) => (b.days < a.days ? b : a));
      const sub = best.die ? daysWord(best) : t("from {days} days", { days: best.days });
      box.append(button("travel", [icon("train"), el("span", { class: "what", text: t("Travel to {city}", { city: next }) }),
        el("span", { class: "sub", text: sub })], () => openTravel(g), "main travel"));
    } else if (state.taken && state.moves === 0) {
      box.append(el("p", { class: "note", text: t("No cards in your hand pay for this leg") }));
    }
  }
  if (g.total > g.board.numbers.hand_limit && state.taken) {
    box.append(el("p", { class: "note warn", text: t("Too many cards: tap one to discard, down to {n}", { n: g.board.numbers.hand_limit }) }));
  }
  return box;
}

// the two piles: buy their top card for coins (their backs as the window draws them)
export function pilesRow(g, mine) {
  const view = g.view;
  const price = g.board.numbers.buy_price;
  const buy = (pile) => (mine ? g.legal.find((a) => a.type === "buy" && a.pile === pile) : null);
  const travel = buy("travel"), events = buy("event");
  const top = princessAs(view);
  return el("div", { class: "piles race-piles", role: "group", "aria-label": t("Piles") },
    pileBack("travel", { testid: "buy", count: view.deck, words: [t("Buy"), t("{n} coins", { n: price })],
      name: t("Buy a travel card for {n} coins", { n: price }), disabled: !travel || g.ctx.inFlight, onclick: () => travel && act(travel) }),
    pileBack("event", { testid: "buy", count: view.event_deck, words: [t("Buy"), t("{n} coins", { n: price })],
      name: t("Buy an event card for {n} coins", { n: price }), disabled: !events || g.ctx.inFlight, onclick: () => events && act(events) }),
    el("div", { class: "pile-facts" },
      el("span", { text: t("Discard: {count}", { count: view.discard }) }),
      el("span", { text: t("Last event: {event}", { event: top ? eventWord(top) : "-" }) }),
      el("span", { text: t("Bank: {count}", { count: view.bank }) })));
}

// --- the hand ---------------------------------------------------------------

function eventPlays(g, name) {
  return g.legal.filter((a) => (a.type === "play_event" || a.type === "discard_event") && a.event === name);
}

function tapEvent(g, name, key) {
  const plays = eventPlays(g, name);
  const discard = plays.find((a) => a.type === "discard_event");
  if (discard) { pick(g, key, t("Discard {card}", { card: eventWord(name) }), discard); return; }
  if (plays.some((a) => "city" in a)) { openDetective(g, plays.filter((a) => "city" in a)); return; }
  if (plays.some((a) => "slots" in a)) { openSwap(g, plays.filter((a) => "slots" in a)); return; }
  const as = name === "Princess" ? princessAs(g.view) : name;
  const words = as === "Elephant" ? t("Cash {card} for a coin", { card: eventWord(name) })
    : as !== name ? t("Play {card} as {as}", { card: eventWord(name), as: eventWord(as) })
      : t("Play {card}", { card: eventWord(name) });
  pick(g, key, words, plays[0]);
}

// the hand: travel cards then event cards; the ones with a move now are buttons
export function handRow(g, mine, before) {
  const priv = g.view.private || {};
  const hand = el("div", { class: "cards hand race-hand", "data-testid": "hand", role: "group", "aria-label": t("Your hand") });
  const seen = new Map();
  const isNew = (key) => {
    const n = (seen.get(key) || 0) + 1;
    seen.set(key, n);
    return before !== null && n > (before.get(key) || 0);
  };
  const moves = mine ? g.legal.filter((a) => a.type === "move") : [];
  const same = (a, b) => a[0] === b[0] && a[1] === b[1];
  (priv.hand || []).forEach((card, i) => {
    const discard = mine ? g.legal.find((a) => a.type === "discard" && same(a.card, card)) : null;
    // a card that pays the next leg opens the ways to pay with it
    const pays = discard ? [] : moves.filter((a) => a.cards.some((c) => same(c, card)));
    const key = `card:${i}`;
    hand.append(travelCard(card, { testid: "card", playable: !!discard || pays.length > 0,
      pressed: discard ? !!(picked && picked.key === key) : null, arrived: isNew(cardWord(card)), disabled: g.ctx.inFlight,
      onclick: discard ? () => pick(g, key, t("Discard {card}", { card: cardWord(card) }), discard)
        : pays.length ? () => openTravel(g, (a) => a.cards.some((c) => same(c, card))) : null }));
  });
  (priv.events || []).forEach((name, i) => {
    const plays = mine ? eventPlays(g, name) : [];
    const uses = moves.some((a) => a.events.includes(name));
    const key = `event:${i}`;
    hand.append(eventCard(name, { testid: "card", playable: plays.length > 0 || uses,
      pressed: plays.length ? !!(picked && picked.key === key) : null,
      arrived: isNew(`event:${name}`), disabled: g.ctx.inFlight, note: uses && !plays.length ? t("as you travel") : null,
      onclick: plays.length ? () => tapEvent(g, name, key)
        : uses ? () => openTravel(g, (a) => a.events.includes(name)) : null }));
  });
  if (!hand.children.length) hand.append(el("p", { class: "empty-note", text: t("No cards yet.") }));
  return hand;
}

// what the hand held, to let the cards that came in land with a short move
export function handCounts(priv) {
  const counts = new Map();
  for (const card of (priv && priv.hand) || []) counts.set(cardWord(card), (counts.get(cardWord(card)) || 0) + 1);
  for (const name of (priv && priv.events) || []) counts.set(`event:${name}`, (counts.get(`event:${name}`) || 0) + 1);
  return counts;
}

// --- a question waiting for the seat: keep the die or roll again, take a chip or not

export function pendingPanel(g, pending) {
  const me = g.view.players[g.ctx.S.seat];
  const box = el("section", { class: "ask", "aria-label": t("Your choice") });
  let answers;
  if (pending.kind === "reroll") {
    const balloon = pending.purpose === "balloon";
    const move = pending.move || { cards: [], balloon: null, events: [] };
    const days = moveDays(move, g.view, g.board, me.at, pending.roll, move.princess_as || null);
    box.append(el("h2", { text: t(balloon ? "Balloon die: {roll}" : "Elephant die: {roll}", { roll: pending.roll }) }),
      dieFace(pending.roll, t("The die shows {roll}", { roll: pending.roll })),
      el("p", { class: "rule", text: t("Keep this roll, or pay to roll again?") }));
    answers = [{ type: "accept", words: `${t("Accept")}${COLON()}${daysWord(days)}` },
      { type: "reroll", words: `${t("Re-roll")}${COLON()}${t("pay {count} coin", { count: pending.cost })}` }];
  } else {
    const words = t(CHIP_WORDS[pending.chip] || pending.chip);
    box.append(el("h2", { text: t("The {color} chip", { color: t(pending.color) }) }), chip(pending.color, pending.chip),
      el("p", { class: "rule", text: t("In {city}: {chip}", { city: placeName(pending.city), chip: words }) }));
    answers = [{ type: "bonus", take: true, words: t("Take it") }, { type: "bonus", take: false, words: t("Leave it") }];
  }
  const list = el("div", { class: "answers", role: "group", "aria-label": t("Your choice") });
  for (const answer of answers) {
    const action = g.legal.find((a) => a.type === answer.type && (answer.take === undefined || a.take === answer.take));
    if (!action) continue;
    const on = !!(picked && picked.key === answer.words);
    const type = answer.take === undefined ? answer.type : `${answer.type}-${answer.take ? "take" : "leave"}`;
    list.append(el("button", { class: "option", "data-testid": "option", "data-act": type, "aria-pressed": String(on), disabled: g.ctx.inFlight,
      onclick: () => pick(g, answer.words, answer.words, action) }, el("span", { text: answer.words })));
  }
  box.append(list);
  return box;
}

// the action bar: the picked card or answer; else ending the turn, once it may end
export function primary(g, pending) {
  if (picked) { setConfirm(picked.label, picked.action, () => { picked = null; }); return true; }
  if (pending) { setConfirm(t("Choose one"), null); return true; }
  const end = g.legal.find((a) => a.type === "end_turn");
  if (end) { setConfirm(t("End turn"), end); return true; }
  if (g.legal.some((a) => a.type === "discard" || a.type === "discard_event")) {
    setConfirm(t("Discard down to {n} cards", { n: g.board.numbers.hand_limit }), null);
    return true;
  }
  return false;
}
