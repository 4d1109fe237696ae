// Words on the page: the host sends its catalog's translations and place
// names in the phone's language (/info.json); the page looks each English text
// up there. Actions and things get words from what they are, never invented.

let WORDS = {};
let PLACES = {};  // place names in the phone's language (by map name and by slug)

export function setWords(words, places) { WORDS = words || {}; PLACES = places || {}; }

export const JA = () => document.documentElement.lang === "ja";
// the punctuation the page pastes between words, as the phone's language writes it
export const COLON = () => (JA() ? "：" : ": ");
export const SEP = () => (JA() ? "、" : ", ");
export const paren = (x) => (JA() ? `（${x}）` : ` (${x})`);
export const t = (text, vars = {}) =>
  (WORDS[text] || text).replace(/\{(\w+)\}/g, (_, k) => (k in vars ? vars[k] : `{${k}}`));

export const human = (s) => String(s).replace(/[_-]+/g, " ").replace(/^\w/, (c) => c.toUpperCase());
// a place by its map name or its slug (track ids are 'slug--slug', a parallel track
// ends '-2'), in the phone's language
export const placeName = (n) => PLACES[n] || n;
export const place = (s) => String(s).split("--").map((p) => PLACES[p] || PLACES[p.replace(/-\d+$/, "")]
  || p.split("-").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ")).join(" – ");
export const pair = (a, b) => `${placeName(a)} – ${placeName(b)}`;

export function thing(v) {
  if (v === null || v === undefined) return "";
  if (Array.isArray(v)) {
    if (v.length === 2 && typeof v[0] === "string" && typeof v[1] === "number") return `${t(v[0])} ${v[1]}`;
    return v.map(thing).join(SEP());
  }
  if (typeof v === "object") {
    if ("a" in v && "b" in v) return `${pair(v.a, v.b)}${"points" in v ? paren(v.points) : ""}`;
    if ("company" in v && "strength" in v) return `${v.company} ${v.strength}${"value" in v ? ` ·${v.value}` : ""}`;
    const counts = Object.entries(v);
    if (counts.every(([, n]) => typeof n === "number")) return counts.map(([k, n]) => `${n}× ${t(k)}`).join(" + ");
    return counts.filter(([, x]) => x !== null && x !== false).map(([k, x]) => `${t(human(k))}${COLON()}${thing(x)}`).join(SEP());
  }
  if (typeof v === "string") {
    if (v.includes("--")) return place(v);
    if (PLACES[v]) return PLACES[v];
    return WORDS[v] || !WORDS[human(v)] ? t(v) : t(human(v));  // 'face_up' -> its word
  }
  return String(v);
}

// An action in words, from its own fields (the list view of any game's moves).
export function actionLabel(a, view) {
  const pending = view && view.private && view.private.pending;
  const parts = [];
  for (const [k, v] of Object.entries(a)) {
    if (k === "type" || v === null || (Array.isArray(v) && !v.length)) continue;
    if (typeof v === "boolean") { parts.push(`${t(human(k))}${COLON()}${v ? t("yes") : t("no")}`); continue; }
    if (k === "slot" && view && Array.isArray(view.face_up) && view.face_up[v] !== undefined) {
      parts.push(thing(view.face_up[v])); continue;
    }
    if (Array.isArray(v) && pending && Array.isArray(pending.options) && v.every((x) => typeof x === "number")) {
      const byId = new Map(pending.options.filter((o) => o && typeof o === "object").map((o) => [o.id, o]));
      if (v.every((x) => byId.has(x))) { parts.push(v.map((x) => thing(byId.get(x))).join(JA() ? "、" : "; ")); continue; }
    }
    if (k === "end" && JA()) { parts.push(`${thing(v)}${t(human(k))}`); continue; }  // 左端
    parts.push(k === "track" || k === "card" || k === "cards" ? thing(v) : `${t(human(k))} ${thing(v)}`);
  }
  return parts.length ? `${t(human(a.type))}${COLON()}${parts.join(" · ")}` : t(human(a.type));
}
