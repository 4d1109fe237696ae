// How many days a move costs, as the window words it in its choice of how to
// pay (game/scenes/boards/race/scene.py move_days; the sums are
// game/rules/race/days.py payment_days): the page only words the host's own
// legal moves, with the race's numbers from board.json.
import { t } from "../core/words.js";

const PRINCESS = "Princess";

// the event the Princess stands for now: the top face-up card of the event discard
export function princessAs(view) {
  const discard = (view && view.event_discard) || [];
  const top = discard.length ? discard[discard.length - 1] : null;
  return top === PRINCESS ? null : top;
}

// the effects a move's event cards give (the Princess as the card she copies)
export const effectsOf = (events, as) => events.map((n) => (n === PRINCESS ? as : n));

// days.py payment_days: cards paid, the ballooned card's days replaced by `roll`
export function paymentDays(cards, { balloon = null, roll = 0, propeller = null, submarine = null,
  opportunity = false } = {}) {
  let days = 0;
  const rest = cards.map((c) => [c[0], c[1]]);
  const drop = (card) => {
    const i = rest.findIndex((c) => c[0] === card[0] && c[1] === card[1]);
    if (i >= 0) rest.splice(i, 1);
  };
  if (balloon) { drop(balloon); days += roll || 0; }
  for (const [kind, fixed] of [["train", propeller], ["ship", submarine]]) {
    if (fixed === null) continue;
    const mine = rest.filter((c) => c[0] === kind);
    if (!mine.length) continue;
    drop(mine.reduce((a, b) => (b[1] > a[1] ? b : a)));
    days += fixed;
  }
  for (const kind of ["train", "ship"]) {
    const values = rest.filter((c) => c[0] === kind).map((c) => c[1]);
    if (values.length === 2 && (opportunity || values[0] === values[1])) days += Math.max(...values);
    else days += values.reduce((a, b) => a + b, 0);
  }
  return days;
}

// a move's days: { days, die } (die: a roll is still to come and adds to `days`);
// `as`: the card the move's Princess copies (a move waiting on its die names it)
export function moveDays(move, view, board, at, roll = null, as = undefined) {
  const n = board.numbers;
  const leg = view.legs[at];
  const effects = effectsOf(move.events || [], as === undefined ? princessAs(view) : as);
  if (effects.includes("Offer")) return { days: n.offer_days, die: false };
  if (!leg.options.length) {
    if (effects.includes("Elephant")) {
      const base = board.elephant_base[at] || 0;
      return roll === null ? { days: base, die: true } : { days: base + roll, die: false };
    }
    return { days: leg.no_cards_days, die: false };
  }
  const days = paymentDays(move.cards, { balloon: move.balloon, roll: roll || 0,
    propeller: effects.includes("Propeller train") ? n.propeller_days : null,
    submarine: effects.includes("Submarine") ? n.submarine_days : null,
    opportunity: effects.includes("Opportunity") });
  return { days, die: !!move.balloon && roll === null };
}

// the days in words: "7 days", "3 + die"
export function daysWord({ days, die }) {
  return die ? t("{days} + die", { days }) : t("{days} days", { days });
}
