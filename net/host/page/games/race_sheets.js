// The race's choices that open a sheet over the page, as the window opens its
// choice overlays (game/scenes/boards/race/choices.py): how to pay for the
// next leg, where the detective goes, which cards to exchange, which two
// track cards to swap. Each option is one of the host's legal actions (the
// exchange: the ticked cards match one); the confirm bar says what it does.
import { el } from "../core/dom.js";
import { t, placeName, COLON, SEP, paren } from "../core/words.js";
import { openSheet, closeSheet, sheetOpen } from "../core/sheet.js";
import { setConfirm } from "../core/actionbar.js";
import { travelCard, eventWord, cardWord, ACTION_WORDS, pawn, icon } from "./race_cards.js";
import { moveDays, daysWord } from "./race_days.js";

let openFor = null;       // the legal actions (as JSON) the open sheet was made for
let sending = false;      // the sheet closes because its action is being sent

const sameCards = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const byCard = (a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]);

// a sheet of options: tap one (or, with `many`, tick several); `confirmOf`
// gives the bar's words and the legal action for what is ticked (or null)
function optionSheet(g, title, note, items, confirmOf, many = false) {
  const chosen = new Set();
  const list = el("ul", { class: "race-options", "aria-label": title });
  const draw = () => {
    list.replaceChildren(...items.map((item) => el("li", {}, el("button", {
      class: "option", "data-testid": "option", "aria-pressed": String(chosen.has(item.key)),
      "aria-label": item.label, disabled: g.ctx.inFlight,
      onclick: () => {
        if (!many) chosen.clear();
        if (many && chosen.has(item.key)) chosen.delete(item.key); else chosen.add(item.key);
        draw();
      } }, ...item.kids))));
    const [label, action] = confirmOf([...chosen]);
    setConfirm(label, action, () => { sending = true; closeSheet(); sending = false; });
  };
  openFor = JSON.stringify(g.legal);
  openSheet(title, el("div", {}, note ? el("p", { class: "sheet-note", text: note }) : null, list), () => {
    openFor = null;
    if (!sending) g.redraw();
  });
  draw();
}

// the open sheet is put away once the host's legal actions change under it
export function keepSheet(legal) {
  if (openFor !== null && openFor !== JSON.stringify(legal)) closeSheet();
  return openFor !== null && sheetOpen();
}

// the warning a choice carries when it gives up the action of the card taken
export function lostAction(g) {
  const state = g.view.turn_state || {};
  const kinds = { coin: "coin", event: "draw_event", detective: "detective", exchange: "exchange",
    start_player: "start_player" };
  const kind = kinds[state.action];
  if (!kind || !g.legal.some((a) => a.type === kind)) return null;
  return t("Your card's action is lost once you travel or end the turn") + paren(t(ACTION_WORDS[state.action]));
}

// how to pay for the next leg: each legal move with its cards, event cards and days
// (`only`: the moves a tapped card of the hand is part of)
export function openTravel(g, only = null) {
  const me = g.view.players[g.ctx.S.seat];
  const city = placeName(g.view.route[me.at + 1]);
  const moves = g.legal.filter((a) => a.type === "move" && (!only || only(a)))
    .map((a) => ({ a, d: moveDays(a, g.view, g.board, me.at) }));
  moves.sort((x, y) => x.a.events.length - y.a.events.length || (!!x.a.balloon - !!y.a.balloon) || x.d.days - y.d.days);
  const items = moves.map(({ a, d }, i) => {
    const extra = a.events.map(eventWord);
    if (a.balloon && !a.events.includes("Balloon")) extra.push(t("track balloon"));
    const cards = a.cards.map((c) => {
      const card = travelCard(c, { small: true });
      if (a.balloon && sameCards(a.balloon, c)) card.append(el("span", { class: "die-mark", "aria-hidden": "true", text: "?" }));
      return card;
    });
    const words = [a.cards.length ? a.cards.map(cardWord).join(" + ") : t("no cards"), ...extra].join(SEP());
    return { key: i, label: `${words}${COLON()}${daysWord(d)}`, kids: [
      el("span", { class: "pay-cards" }, ...(cards.length ? cards : [el("span", { class: "none", text: t("no cards") })])),
      extra.length ? el("span", { class: "pay-events", text: extra.join(SEP()) }) : null,
      el("span", { class: "pay-days", text: daysWord(d) })] };
  });
  const note = [t("Which cards pay for this leg?"), lostAction(g)].filter(Boolean).join(" ");
  optionSheet(g, t("Travel to {city}", { city }), note, items, ([i]) => (i === undefined
    ? [t("Choose one"), null]
    : [`${t("Travel to {city}", { city })}${COLON()}${daysWord(moves[i].d)}`, moves[i].a]));
}

// where the detective goes (the track's action, or a Detective event card)
export function openDetective(g, actions) {
  const S = g.ctx.S;
  const items = actions.map((a, i) => {
    const here = g.view.players.filter((p) => p.city === a.city && !p.arrived);
    return { key: i, label: [placeName(a.city), ...here.map((p) => S.seats[p.seat] ? S.seats[p.seat].name : p.seat + 1)].join(SEP()),
      kids: [el("span", { class: "city", text: placeName(a.city) }),
        el("span", { class: "pawns" }, ...here.map((p) => pawn(g.ctx.seatColour(p.seat), p.seat, S.seats[p.seat] ? S.seats[p.seat].name : "")))] };
  });
  const note = t("A traveller ending a turn there loses 2 days");
  optionSheet(g, t("Send the detective"), note, items, ([i]) => (i === undefined
    ? [t("Choose one"), null]
    : [t("Send the detective to {city}", { city: placeName(actions[i].city) }), actions[i]]));
}

// which cards of the hand to give up for as many new ones
export function openExchange(g) {
  const hand = (g.view.private.hand || []).slice();
  const exchanges = g.legal.filter((a) => a.type === "exchange");
  const most = g.board.numbers.exchange_max;
  const items = hand.map((card, i) => ({ key: i, label: cardWord(card), kids: [travelCard(card, { small: true }),
    el("span", { class: "city", text: cardWord(card) })] }));
  optionSheet(g, t("Exchange cards"), t("Give up 1 to {count} cards for as many new ones", { count: most }), items, (ticked) => {
    const cards = ticked.map((i) => hand[i]).sort(byCard);
    const action = exchanges.find((a) => sameCards(a.cards, cards)) || null;
    return [action ? t("Exchange {n} cards", { n: cards.length }) : t("Tick 1 to {n} cards", { n: most }), action];
  }, true);
}

// which two track cards a Swap (or the Princess as one) changes round
export function openSwap(g, plays) {
  const track = g.view.track;
  const items = plays.map((a, i) => {
    const [x, y] = a.slots;
    const label = `${t(ACTION_WORDS[track[x].action])} ⇄ ${t(ACTION_WORDS[track[y].action])}`;
    return { key: i, label: `${label}${COLON()}${cardWord(track[x].card)} / ${cardWord(track[y].card)}`, kids: [
      el("span", { class: "city" }, icon(track[x].action), ` ${label} `, icon(track[y].action)),
      el("span", { class: "pay-cards" }, travelCard(track[x].card, { small: true }), travelCard(track[y].card, { small: true }))] };
  });
  optionSheet(g, t("Swap two track cards"), null, items, ([i]) => (i === undefined
    ? [t("Choose one"), null] : [t("Swap"), plays[i]]));
}
