// The phone page's words: the host's translations of the page's English words
// (/info.json `words`, from net/host/page_words.py), place names in the phone's
// language, the punctuation that language pastes between words, and how a move,
// a card or a player's facts are worded from the actions' and views' own fields.

let WORDS = {};
let PLACES = {};  // place names in the phone's language (by map name and by slug)

// Take the words and places /info.json sent (none: the page stays English).
export function useWords(info) {
  WORDS = (info && info.words) || {};
  PLACES = (info && info.places) || {};
}
export const setWords = (words, places) => useWords({ words, places });

export const JA = () => document.documentElement.lang === "ja";
export const COLON = () => (JA() ? "：" : ": ");
export const SEP = () => (JA() ? "、" : ", ");
const DASH = () => (JA() ? "–" : " – ");        // between the two cities of a pair
export const paren = (x) => (JA() ? `（${x}）` : ` (${x})`);
export const t = (text, vars = {}) =>
  (WORDS[text] || text).replace(/\{(\w+)\}/g, (_, k) => (k in vars ? vars[k] : `{${k}}`));

export const human = (s) => String(s).replace(/[_-]+/g, " ").replace(/^\w/, (c) => c.toUpperCase());
// a place by its map name or its slug (track ids are 'slug--slug', a parallel track
// ends '-2'), in the phone's language from /info.json's places
export const placeName = (n) => PLACES[n] || n;
export const place = (s) => String(s).split("--").map((p) => PLACES[p] || PLACES[p.replace(/-\d+$/, "")]
  || p.split("-").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ")).join(DASH());
// the two cities of a route or a ticket, as the program writes a pair
export const pair = (a, b) => `${placeName(a)}${DASH()}${placeName(b)}`;

// a race travel card [kind, days]: "train 4", in Japanese with its days' counter
const travelCard = (c) => t("{kind} {days}", { kind: t(c[0]), days: c[1] });
// what the race's action track spaces do and its bonus chips give, as the page words them
const TRACK_ACTIONS = { coin: "Coin", balloon: "Balloon", event: "Event", detective: "Detective",
  start_player: "Start player", exchange: "Exchange" };
const CHIP_GIFTS = { coin: "a coin", travel: "a travel card", event: "an event card",
  delay_others: "every other traveller loses a day" };

export function thing(v) {
  if (v === null || v === undefined) return "";
  if (Array.isArray(v)) {
    if (v.length === 2 && typeof v[0] === "string" && typeof v[1] === "number") return travelCard(v);
    return v.map(thing).join(SEP());
  }
  if (typeof v === "object") {
    if ("a" in v && "b" in v) return `${placeName(v.a)}${DASH()}${placeName(v.b)}${"points" in v ? paren(v.points) : ""}`;
    if ("company" in v && "strength" in v) return `${v.company} ${v.strength}${"value" in v ? ` ·${v.value}` : ""}`;
    const counts = Object.entries(v);
    if (counts.every(([, n]) => typeof n === "number")) {   // cards paid: "2× white", 白2枚
      return counts.map(([k, n]) => t("{count}× {card}", { count: n, card: t(k) })).join(" + ");
    }
    return counts.filter(([, x]) => x !== null && x !== false).map(([k, x]) => `${t(human(k))}${COLON()}${thing(x)}`).join(SEP());
  }
  if (typeof v === "string") {
    if (v.includes("--")) return place(v);
    if (PLACES[v]) return PLACES[v];
    return WORDS[v] || !WORDS[human(v)] ? t(v) : t(human(v));  // 'face_up' -> its word
  }
  return String(v);
}

// a card of the race's action track (`slot`) named by what lies there
function trackCard(view, slot) {
  const spot = view && Array.isArray(view.track) ? view.track[slot] : null;
  if (!spot || !Array.isArray(spot.card)) return null;
  return t("{card} ({action})", { card: travelCard(spot.card),
    action: t(TRACK_ACTIONS[spot.action] || human(spot.action)) });
}

// Moves worded as a sentence of their own (the rest: the type, then its fields).
const SENTENCES = {
  take(a, view) {
    const card = trackCard(view, a.slot);
    return card && t("Take {card}", { card });
  },
  bonus(a, view) {
    const pending = view && view.private && view.private.pending;
    const color = t((pending && pending.color) || "");
    if (!a.take) return t("Leave the {color} chip", { color });
    return t("Take the {color} chip: {gift}", { color,
      gift: t(CHIP_GIFTS[pending && pending.chip] || "") });
  },
};

// fields shown as their value alone: what they are is plain from the move
const BARE = new Set(["track", "card", "cards", "event", "city", "pile"]);

export function actionLabel(a, view) {
  const said = SENTENCES[a.type] && SENTENCES[a.type](a, view);
  if (said) return said;
  const pending = view && view.private && view.private.pending;
  const parts = [];
  for (const [k, v] of Object.entries(a)) {
    if (k === "type" || v === null || (Array.isArray(v) && !v.length)) continue;
    if (typeof v === "boolean") { parts.push(`${t(human(k))}${COLON()}${v ? t("yes") : t("no")}`); continue; }
    if (k === "slot" && view && Array.isArray(view.face_up) && view.face_up[v] !== undefined) {
      parts.push(thing(view.face_up[v])); continue;
    }
    if (k === "slots" && view && Array.isArray(view.track)) {  // Swap: the two cards named
      parts.push(v.map((s) => trackCard(view, s) || t("an empty space")).join(" ⇄ ")); continue;
    }
    if (Array.isArray(v) && pending && Array.isArray(pending.options) && v.every((x) => typeof x === "number")) {
      const byId = new Map(pending.options.filter((o) => o && typeof o === "object").map((o) => [o.id, o]));
      if (v.every((x) => byId.has(x))) { parts.push(v.map((x) => thing(byId.get(x))).join(JA() ? "、" : "; ")); continue; }
    }
    if (k === "end" && JA()) { parts.push(`${thing(v)}${t(human(k))}`); continue; }  // 左端
    parts.push(BARE.has(k) ? thing(v) : `${t(human(k))} ${thing(v)}`);
  }
  return parts.length ? `${t(human(a.type))}${COLON()}${parts.join(" · ")}` : t(human(a.type));
}

// The title of a pending choice.
export function choiceTitle(pending) {
  if (pending.kind === "bonus" && pending.color && pending.city) {
    return t("The {color} chip in {city}", { color: t(pending.color), city: placeName(pending.city) });
  }
  return t(human(pending.kind));
}

// A seat's own counts under its hand, each with its counter: "Trains left: 43".
const FACTS = {
  cards: "Cards: {n}", tickets: "Tickets: {n}", trains: "Trains left: {n}", score: "Score: {n}",
  offered: "Tickets to choose from: {n}", ferries: "Ferry cards: {n}", days: "Days: {n}",
  coins: "Coins: {n}", events: "Event cards: {n}", arrived: "Back in London, place {n}",
};

export function seatFacts(me, view) {
  const out = [];
  for (const [k, v] of Object.entries(me || {})) {
    if (k === "seat" || k === "name") continue;
    if (k === "offered" && !v) continue;     // no tickets on offer: nothing to say
    if (k === "city" && typeof v === "string") out.push(t("In {city}", { city: placeName(v) }));
    else if (k === "at" && typeof v === "number" && view && Array.isArray(view.route)) {
      out.push(t("Legs travelled: {n} of {total}", { n: v, total: view.route.length - 1 }));
    } else if (typeof v === "number") out.push(FACTS[k] ? t(FACTS[k], { n: v }) : `${t(human(k))} ${v}`);
    else if (typeof v === "string" && v.length <= 24) out.push(`${t(human(k))} ${thing(v)}`);
  }
  return out;
}

export const factsLine = (me, view) => seatFacts(me, view).join(" · ");

// the count on a card of a hand: a race travel card's days, or how many cards of a colour
export const cardCount = (item) => (Array.isArray(item) ? t("{days} days", { days: item[1] })
  : t("×{count}", { count: item }));
