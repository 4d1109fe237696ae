// Rail Party on a phone: one seat's private hand and moves. Speaks the LAN
// protocol (net/protocol.py) as JSON over one WebSocket; no build step.
"use strict";

const MAGIC = "railparty-lan";
const VERSION = 5;
const $ = (id) => document.getElementById(id);
const el = (tag, props = {}, ...kids) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids) if (kid) node.append(kid);
  return node;
};

// --- words (the host may send its catalog's translations in /info.json) -----------
let WORDS = {};
let PLACES = {};  // place names in the phone's language (by map name and by slug)
// the punctuation the page pastes between words, as the phone's language writes it
const JA = () => document.documentElement.lang === "ja";
const COLON = () => (JA() ? "：" : ": ");
const SEP = () => (JA() ? "、" : ", ");
const paren = (x) => (JA() ? `（${x}）` : ` (${x})`);
const t = (text, vars = {}) =>
  (WORDS[text] || text).replace(/\{(\w+)\}/g, (_, k) => (k in vars ? vars[k] : `{${k}}`));

// --- HMAC-SHA256 (crypto.subtle exists only on https or localhost; a LAN page is http)
const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2]);

function sha256(bytes) {
  const len = bytes.length;
  const total = ((len + 9 + 63) >> 6) << 6;
  const buf = new Uint8Array(total);
  buf.set(bytes);
  buf[len] = 0x80;
  const view = new DataView(buf.buffer);
  view.setUint32(total - 4, len * 8);
  view.setUint32(total - 8, Math.floor(len / 0x20000000));
  const h = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
    0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const w = new Uint32Array(64);
  const rot = (x, n) => (x >>> n) | (x << (32 - n));
  for (let off = 0; off < total; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(off + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15], b = w[i - 2];
      const s0 = rot(a, 7) ^ rot(a, 18) ^ (a >>> 3);
      const s1 = rot(b, 17) ^ rot(b, 19) ^ (b >>> 10);
      w[i] = (w[i - 16] + s0 + w[i - 7] + s1) | 0;
    }
    let [a, b, c, d, e, f, g, hh] = h;
    for (let i = 0; i < 64; i++) {
      const t1 = (hh + (rot(e, 6) ^ rot(e, 11) ^ rot(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i]) | 0;
      const t2 = ((rot(a, 2) ^ rot(a, 13) ^ rot(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      hh = g; g = f; f = e; e = (d + t1) | 0; d = c; c = b; b = a; a = (t1 + t2) | 0;
    }
    h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
  }
  const out = new Uint8Array(32);
  const ov = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) ov.setUint32(i * 4, h[i]);
  return out;
}

function hmacHex(keyText, messageText) {
  const enc = new TextEncoder();
  let key = enc.encode(keyText);
  if (key.length > 64) key = sha256(key);
  const pad = (x) => { const p = new Uint8Array(64).fill(x); key.forEach((b, i) => { p[i] ^= b; }); return p; };
  const msg = enc.encode(messageText);
  const inner = new Uint8Array(64 + msg.length);
  inner.set(pad(0x36)); inner.set(msg, 64);
  const outer = new Uint8Array(96);
  outer.set(pad(0x5c)); outer.set(sha256(inner), 64);
  return Array.from(sha256(outer), (b) => b.toString(16).padStart(2, "0")).join("");
}
window.railpartyProof = (token, nonce) => hmacHex(token, `railparty-seat:${nonce}`);

// --- state ---------------------------------------------------------------------------
const S = {
  info: null, ws: null, nonce: null, seat: null, picked: null, phase: "lobby",
  version: 0, mark: 0, view: null, legal: [], toAct: [], over: false, result: null,
  seats: [], log: [], inFlight: false, chosen: null, joining: false, retry: 0,
  stopped: null, wasMyTurn: false, tapAt: null, sentMark: 0, recvAt: 0, tapWall: 0,
  gameNumber: 0, logged: 0,
};
window.railpartyReceived = [];          // every host message, as the tests read them
window.railparty = S;
window.railpartyLatency = [];        // ms from a tap to the frame showing its answer
window.railpartyTimings = [];        // the same tap's steps (tools/phone_page.py bench)
const storeKey = () => `railparty-seat:${S.info ? S.info.code : "?"}`;
// The log of what others did outlives a reload of this tab (sessionStorage),
// with the last version it holds: a page back from away names that version
// when it connects, and its first sync brings the lines it missed (`missed`).
const logKey = () => `railparty-log:${S.info ? S.info.code : "?"}`;
function keepLog() {
  try {
    sessionStorage.setItem(logKey(), JSON.stringify({ game: S.gameNumber, seat: S.seat,
      version: S.version, log: S.log }));
  } catch (e) { /* private mode or full: the log starts again after a reload */ }
}
// the last version this tab saw of which game (?seen=&game=), or "" if none
function lastSeen() {
  let game = S.gameNumber, version = S.version;
  if (!game) {
    try {
      const kept = JSON.parse(sessionStorage.getItem(logKey()) || "null");
      if (kept && Number.isInteger(kept.game) && Number.isInteger(kept.version)) ({ game, version } = kept);
    } catch (e) { /* unreadable: ask for nothing */ }
  }
  return game > 0 && Number.isInteger(version) && version >= 0 ? `&seen=${version}&game=${game}` : "";
}
function keptLog(game, seat) {
  try {
    const kept = JSON.parse(sessionStorage.getItem(logKey()) || "null");
    if (kept && kept.game === game && kept.seat === seat && Array.isArray(kept.log)) {
      return kept.log.filter((e) => e && typeof e === "object" && (e.line === null || typeof e.line === "string"));
    }
  } catch (e) { /* unreadable: start again */ }
  return [];
}
const keptToken = () => { try { return localStorage.getItem(storeKey()); } catch (e) { return null; } };
const keepToken = (tok) => { try { if (tok) localStorage.setItem(storeKey(), tok); else localStorage.removeItem(storeKey()); } catch (e) { /* private mode */ } };

function setState() {
  let state = "lobby";
  if (S.seat !== null) {
    if (S.over || S.phase === "over") state = "over";
    else if (S.phase === "playing" && S.toAct.includes(S.seat) && S.legal.length) state = "your-turn";
    else state = "waiting";
  }
  if (document.body.dataset.state !== state) document.body.dataset.state = state;
  if (state === "your-turn" && !S.wasMyTurn && navigator.vibrate) navigator.vibrate([120, 60, 120]);
  S.wasMyTurn = state === "your-turn";
  return state;
}

// the host's sentence for a refusal, notice or goodbye in this phone's language
// (`said`); its English `reason` only from a host that does not send one
const said = (m) => (typeof m.said === "string" ? m.said : m.reason);

function status(text, problem = false) {
  const box = $("status");
  if (box.textContent !== text) box.textContent = text;
  if (box.classList.contains("problem") !== problem) box.classList.toggle("problem", problem);
}

// Each part of the table is rebuilt only when what it shows has changed: an
// update then costs the phone's next frame only the parts it changes (the
// host's answer is on screen one frame after it arrives; a whole-page rebuild
// made that frame late on a busy phone).
const drawn = {};
function changed(part, ...what) {
  const key = JSON.stringify(what);
  if (drawn[part] === key) return false;
  drawn[part] = key;
  return true;
}

// --- connection ----------------------------------------------------------------------
async function start() {
  try {
    const lang = encodeURIComponent(navigator.language || "");
    const res = await fetch(`info.json?lang=${lang}`, { cache: "no-store" });
    S.info = await res.json();
    WORDS = S.info.words || {};
    PLACES = S.info.places || {};
    document.documentElement.lang = S.info.lang || "en";
    translatePage();
  } catch (e) {
    status(t("Cannot reach the game. Is the host still running?"), true);
    setTimeout(start, 2000);
    return;
  }
  $("code").textContent = S.info.code;
  $("title").textContent = S.info.name;
  S.seats = S.info.seats || [];
  $("name").value = localStorage.getItem("railparty-name") || "";
  renderLobby();
  if (keptToken()) connect(); else status(t("Pick a seat and type your name."));
  setInterval(refreshSeats, 3000);
}

async function refreshSeats() {
  if (S.seat !== null || S.joining || document.visibilityState !== "visible") return;
  try {
    const info = await (await fetch("info.json", { cache: "no-store" })).json();
    S.seats = info.seats || []; S.phase = info.phase;
    renderLobby();
  } catch (e) { /* the host is away; the next try may work */ }
}

function connect() {
  if (S.ws) return;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const lang = encodeURIComponent((S.info && S.info.lang) || "en");
  const ws = new WebSocket(`${scheme}://${location.host}/ws?lang=${lang}${lastSeen()}`);
  S.ws = ws;
  S.nonce = null;
  status(t("Connecting…"));
  ws.onmessage = (ev) => {
    S.recvAt = performance.now();
    let msg;
    try { msg = JSON.parse(ev.data); } catch (e) { msg = null; }
    if (!msg || typeof msg !== "object" || typeof msg.type !== "string") {
      status(t("The host sent something this page cannot read."), true);
      S.stopped = "unreadable";
      ws.close();
      return;
    }
    window.railpartyReceived.push(msg);
    try { onMessage(msg); } catch (e) {
      console.error(e);
      status(t("The host sent something this page cannot read."), true);
    }
  };
  ws.onclose = () => {
    if (S.ws === ws) S.ws = null;
    S.inFlight = false;
    if (S.stopped) return;
    if (S.seat === null && !keptToken()) { S.joining = false; renderLobby(); return; }
    S.retry = Math.min(S.retry + 1, 5);
    status(t("Connection lost; trying again…"), true);
    setTimeout(connect, 400 * S.retry);
  };
}

function send(msg) {
  if (S.ws && S.ws.readyState === WebSocket.OPEN) S.ws.send(JSON.stringify(msg));
}

function hello() {
  const tok = keptToken();
  const msg = { type: "hello", magic: MAGIC, version: VERSION, role: "player",
    name: $("name").value.trim() || null, client: "railparty-web" };
  if (tok) msg.proof = hmacHex(tok, `railparty-seat:${S.nonce}`);
  else if (S.picked !== null) msg.seat = S.picked;
  send(msg);
}

function onMessage(m) {
  switch (m.type) {
    case "hello":
      S.nonce = m.nonce;
      if (keptToken() || S.joining) hello();
      break;
    case "welcome":
      S.retry = 0;
      S.seat = m.seat;
      if (m.token) keepToken(m.token);
      break;
    case "reject":
      S.joining = false;
      if (keptToken() && (m.code === "started" || m.code === "bad_hello")) keepToken(null);
      if (m.code === "in_use") { status(t("Your seat is still open on another device; trying again…"), true); return; }
      S.seat = null;
      status(said(m), true);
      S.stopped = m.code === "busy" ? null : "rejected";
      renderLobby();
      break;
    case "sync":
      if ((m.game_number || 0) !== S.gameNumber || !S.log.length) {
        // a new game (a rematch) starts a new log; a reloaded page takes back its own
        S.log = keptLog(m.game_number || 0, m.you);
        S.logged += 1;
      }
      // what happened while this page was away (asleep, offline, reloading), worded
      // by the host for this seat after the version the page named on connecting
      if (Array.isArray(m.missed) && m.missed.length) {
        for (const e of m.missed) {
          if (e && typeof e === "object" && typeof e.line === "string") S.log.push({ seat: e.seat, type: e.type, line: e.line, away: true, standin: e.standin === true });
        }
        S.log = S.log.slice(-60);
        S.logged += 1;
      }
      Object.assign(S, { phase: m.phase, version: m.version, mark: m.mark || 0, seats: m.seats,
        gameNumber: m.game_number || 0,
        view: m.view, legal: m.legal || [], toAct: m.to_act || [], over: !!m.over,
        result: m.result || null, inFlight: false, chosen: null });
      if (S.seat !== null && m.you === S.seat) keepLog();
      render();
      break;
    case "update":
      // the host words each event as the program's log does (`lines`, in this
      // phone's language; null where the log says nothing)
      (m.events || []).forEach((ev, i) => {
        const line = Array.isArray(m.lines) && typeof m.lines[i] === "string" ? m.lines[i] : null;
        const seat = ev && typeof ev === "object" ? ev.seat : null;
        // a stand-in's move for this seat (the player away) is not the player's own
        S.log.push({ seat, type: ev && ev.type, line, standin: m.standin === true && seat === S.seat });
        S.logged += 1;
      });
      S.log = S.log.slice(-60);
      Object.assign(S, { version: m.version, mark: m.mark || S.mark, view: m.view,
        legal: m.legal || [], toAct: m.to_act || [], over: !!m.over,
        result: m.result || S.result });
      keepLog();                  // with the version its lines reach
      if (S.over) S.phase = "over";
      // the action in flight is answered once this seat's mark moves past it
      // (another seat's update may come first); then the next tap may go
      const answered = S.inFlight && (S.mark > S.sentMark || S.over);
      if (answered || !S.inFlight) S.inFlight = false;
      if (!S.legal.length) S.chosen = null;
      render(!S.inFlight);
      if (answered && S.tapAt !== null) {  // tap to this update on screen (tools/phone_page.py)
        const tapAt = S.tapAt;
        S.tapAt = null;
        const recvAt = S.recvAt, renderedAt = performance.now();
        const key = { game: S.gameNumber, version: S.version, wall: S.tapWall };
        requestAnimationFrame(() => {
          const paintAt = performance.now();
          window.railpartyLatency.push(paintAt - tapAt);
          window.railpartyTimings.push({ ...key, recv: recvAt - tapAt,
            rendered: renderedAt - tapAt, paint: paintAt - tapAt });
        });
      }
      break;
    case "seats":
      S.seats = m.seats; S.phase = m.phase;
      render();
      break;
    case "error":
      S.inFlight = false;
      S.tapAt = null;
      status(said(m), true);
      render(false);
      break;
    case "notice":
      status(said(m));
      break;
    case "ping":
      send({ type: "pong", n: m.n || 0 });
      break;
    case "bye":
      if (m.code === "kicked" || m.code === "taken") { keepToken(m.code === "kicked" ? null : keptToken()); S.seat = null; }
      S.stopped = m.code === "stopped" || m.code === "over" || m.code === "kicked" || m.code === "taken" ? m.code : null;
      status(said(m) || t("The host closed the connection."), true);
      break;
    default:
      break;
  }
}

// --- words for things ---------------------------------------------------------------
const human = (s) => String(s).replace(/[_-]+/g, " ").replace(/^\w/, (c) => c.toUpperCase());
// a place by its map name or its slug (track ids are 'slug--slug', a parallel track
// ends '-2'), in the phone's language from /info.json's places
const placeName = (n) => PLACES[n] || n;
const place = (s) => String(s).split("--").map((p) => PLACES[p] || PLACES[p.replace(/-\d+$/, "")]
  || p.split("-").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ")).join(" – ");

function thing(v) {
  if (v === null || v === undefined) return "";
  if (Array.isArray(v)) {
    if (v.length === 2 && typeof v[0] === "string" && typeof v[1] === "number") return `${t(v[0])} ${v[1]}`;
    return v.map(thing).join(SEP());
  }
  if (typeof v === "object") {
    if ("a" in v && "b" in v) return `${placeName(v.a)} – ${placeName(v.b)}${"points" in v ? paren(v.points) : ""}`;
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

function actionLabel(a) {
  const pending = S.view && S.view.private && S.view.private.pending;
  const parts = [];
  for (const [k, v] of Object.entries(a)) {
    if (k === "type" || v === null || (Array.isArray(v) && !v.length)) continue;
    if (typeof v === "boolean") { parts.push(`${t(human(k))}${COLON()}${v ? t("yes") : t("no")}`); continue; }
    if (k === "slot" && S.view && Array.isArray(S.view.face_up) && S.view.face_up[v] !== undefined) {
      parts.push(thing(S.view.face_up[v])); continue;
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

// --- drawing -------------------------------------------------------------------------
function seatDot(color) {
  const rgb = S.info && S.info.colors && S.info.colors[color];
  const dot = el("span", { class: "dot" });
  dot.style.background = rgb || "#888";      // CSSOM: allowed by the page's CSP
  return dot;
}

function renderLobby() {
  const box = $("seats");
  box.replaceChildren();
  // a couch game's phone seats stay open (named) once it runs: only they are offered
  const couch = S.phase !== "lobby" && (S.seats || []).some((s) => s.kind === "open");
  const free = S.phase === "lobby" || couch ? "open" : "bot";
  (S.seats || []).forEach((s, i) => {
    const open = s.kind === free;
    const label = s.kind === "open" ? (s.name || t("Free seat {n}", { n: i + 1 }))
      : s.kind === "bot" ? `${s.name} (${t("bot")})` : `${s.name}${s.connected ? "" : ` (${t("away")})`}`;
    const b = el("button", { "data-testid": open ? "seat" : null, "aria-pressed": S.picked === i ? "true" : "false",
      disabled: !open, onclick: () => { S.picked = i; renderLobby(); } }, seatDot(s.color), el("span", { text: label }));
    box.append(el("li", {}, b));
  });
  $("join").disabled = S.joining || !$("name").value.trim();
  setState();
}

function cardFor(item) {
  if (Array.isArray(item) && item.length === 2 && typeof item[0] === "string") {
    return el("div", { class: `card ${item[0]}` }, el("span", { text: t(item[0]) }), el("span", { class: "n", text: String(item[1]) }));
  }
  if (item && typeof item === "object") {
    const colors = (S.view && S.view.colors) || {};
    const tint = item.company && colors[item.company] ? ` ${colors[item.company]}` : "";
    const cls = `card wide${tint}${item.done ? " done" : ""}`;
    return el("div", { class: cls, text: thing(item) + (item.done ? " ✓" : "") });
  }
  return el("div", { class: "card", text: thing(item) });
}

function renderHand() {
  const hand = $("hand");
  hand.replaceChildren();
  const priv = (S.view && S.view.private) || {};
  const me = S.view && Array.isArray(S.view.players) ? S.view.players[S.seat] : null;
  for (const [key, value] of Object.entries(priv)) {
    if (key === "pending" || value === null || value === undefined) continue;
    const row = el("div", { class: "cards" });
    if (Array.isArray(value)) {
      if (!value.length) continue;
      value.forEach((item) => row.append(cardFor(item)));
    } else if (typeof value === "object") {
      for (const [name, n] of Object.entries(value)) {
        if (typeof n !== "number" || !n) continue;
        row.append(el("div", { class: `card ${name}` }, el("span", { text: t(name) }), el("span", { class: "n", text: String(n) })));
      }
      if (!row.children.length) continue;
    } else {
      row.append(el("div", { class: "card wide", text: `${t(human(key))}${COLON()}${thing(value)}` }));
    }
    hand.append(el("div", { class: "section-label", text: t(human(key)) }), row);
  }
  if (me && typeof me === "object") {
    const facts = Object.entries(me).filter(([k, v]) => k !== "seat" && k !== "name"
      && (typeof v === "number" || (typeof v === "string" && v.length <= 24)));
    if (facts.length) hand.append(el("div", { class: "section-label", text: facts.map(([k, v]) => `${t(human(k))} ${typeof v === "string" ? thing(v) : v}`).join(" · ") }));
  }
}

function renderPlayers() {
  const box = $("players");
  box.replaceChildren();
  (S.seats || []).forEach((s, i) => {
    const li = el("li", { class: `${S.toAct.includes(i) ? "acting" : ""} ${s.connected ? "" : "gone"}` },
      seatDot(s.color), el("span", { text: i === S.seat ? `${s.name} (${t("you")})` : s.name || `${i + 1}` }));
    box.append(li);
  });
}

function act(action) {
  if (S.inFlight) return;
  S.inFlight = true;
  for (const entry of S.log) delete entry.away;    // the player is back at the table
  S.sentMark = S.mark;
  S.tapAt = performance.now();
  S.tapWall = Date.now();        // the wall clock, to match the TV's clock (tools/phone_page.py)
  send({ type: "action", seat: S.seat, version: S.version, action });
  status(t("Sent…"));
  // hold the buttons where they are (a rebuild here would make the frame the
  // browser shows before it hands over the host's answer a heavy one)
  for (const b of document.querySelectorAll("#moves button, #options button, #confirm")) b.disabled = true;
}

function renderMoves(mine) {
  const pending = S.view && S.view.private && S.view.private.pending;
  const choice = $("choice"), moves = $("moves");
  moves.replaceChildren();
  $("options").replaceChildren();
  choice.hidden = !(mine && pending);
  $("moves-box").hidden = !mine || !!pending;
  if (!mine) return;
  if (pending) {
    $("choice-title").textContent = t(human(pending.kind));
    S.legal.forEach((a, i) => {
      const b = el("button", { "data-testid": "option", "aria-pressed": S.chosen === i ? "true" : "false",
        disabled: S.inFlight, onclick: () => { S.chosen = i; render(false); } }, el("span", { text: actionLabel(a) }));
      $("options").append(el("li", {}, b));
    });
    $("confirm").disabled = S.inFlight || S.chosen === null || S.chosen >= S.legal.length;
    return;
  }
  const groups = new Map();
  S.legal.forEach((a) => { if (!groups.has(a.type)) groups.set(a.type, []); groups.get(a.type).push(a); });
  for (const [type, list] of groups) {
    const buttons = list.map((a) => el("button", { "data-testid": "move", disabled: S.inFlight,
      onclick: () => act(a) }, el("span", { text: actionLabel(a) })));
    if (list.length <= 6 || groups.size === 1) buttons.forEach((b) => moves.append(b));
    else moves.append(el("details", {}, el("summary", { text: `${t(human(type))} (${list.length})` }), ...buttons));
  }
}

function renderLog() {
  const box = $("log");
  box.replaceChildren();
  const recent = [];
  // the last 12 lines, or all that came while this phone was away (a stand-in's
  // moves for this seat then are no move of the player's)
  const first = S.log.findIndex((e) => e.away);
  const since = first < 0 ? 0 : S.log.slice(first).filter((e) => e.line).length;
  for (let i = S.log.length - 1; i >= 0 && recent.length < Math.max(12, since); i--) {
    const entry = S.log[i];
    if (!entry.line) continue;
    // back to this seat's own last move (a ticket choice everyone makes at once is no move)
    if (entry.seat === S.seat && entry.type !== "tickets_kept" && !entry.away && !entry.standin
        && recent.length) break;
    recent.push(entry);
  }
  // a stand-in's move for this seat says so itself ("Ann's stand-in ...", worded by the host)
  recent.reverse().forEach((entry) => box.append(el("li", {}, entry.line)));
}

function renderResult() {
  const box = $("result");
  box.hidden = !S.result;
  if (!S.result) return;
  const scores = S.result.scores || [];
  const winners = S.result.winners || [];
  box.replaceChildren(el("h2", { text: t("Result") }),
    ...scores.map((sc, i) => el("div", { text: `${winners.includes(i) ? "🏆 " : ""}${S.seats[i] ? S.seats[i].name : i + 1}${COLON()}${sc}` })));
}

function render(withStatus = true) {
  if (S.seat === null) { renderLobby(); return; }
  const state = setState();
  const mine = state === "your-turn";
  if ($("table").hidden) $("table").hidden = false;
  const view = S.view || {};
  const priv = view.private || {};
  if (changed("players", S.seats, S.toAct, S.seat)) renderPlayers();
  if (changed("hand", priv, Array.isArray(view.players) ? view.players[S.seat] : null, view.colors)) renderHand();
  if (changed("moves", mine, S.legal, S.chosen, S.inFlight, priv.pending, view.face_up)) renderMoves(mine);
  if (changed("log", S.logged, S.seat)) renderLog();
  if (changed("result", S.result, S.seats)) renderResult();
  if (!withStatus) return;
  if (state === "over") status(t("The game is over."));
  else if (S.phase === "lobby") status(t("Seated. Waiting for the host to start the game…"));
  else if (mine) {
    const pending = S.view && S.view.private && S.view.private.pending;
    status(pending ? t("Your choice: {what}", { what: t(human(pending.kind)) }) : t("Your turn."));
  } else {
    const names = S.toAct.map((s) => (S.seats[s] ? S.seats[s].name : s + 1));
    status(names.length ? t("Waiting for {names}…", { names: names.join(", ") }) : t("Waiting…"));
  }
}

function translatePage() {
  for (const node of document.querySelectorAll("h2, label, button.primary")) node.textContent = t(node.textContent);
}

$("name").addEventListener("input", () => { $("join").disabled = S.joining || !$("name").value.trim(); });
$("join").addEventListener("click", () => {
  const name = $("name").value.trim();
  if (!name) return;
  try { localStorage.setItem("railparty-name", name); } catch (e) { /* private mode */ }
  S.joining = true; S.stopped = null;
  $("join").disabled = true;
  if (S.ws && S.nonce) hello(); else connect();
});
$("confirm").addEventListener("click", () => {
  if (S.chosen !== null && S.chosen < S.legal.length) { const a = S.legal[S.chosen]; S.chosen = null; act(a); }
});
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && !S.ws && keptToken() && !S.stopped) connect();
});
start();
