// The page's one connection to the host and what it knows: it speaks the LAN
// protocol (net/protocol.py) as JSON over one WebSocket, sealed (seal.js).
// Views, legal actions and redacted events come from the host; the page never
// invents an action.
import { hmacHex } from "./proof.js";
import { sealSocket, tableSecret, forgetSecret, CLOSE_WRONG_SECRET, CLOSE_TOO_MANY_TRIES } from "./seal.js";
import { $, forgetAll } from "./dom.js";
import { t } from "./words.js";

const MAGIC = "railparty-lan";
const VERSION = 6;   // net/protocol.py PROTOCOL_VERSION (tests/test_page_files.py holds them equal)

export const S = {
  info: null, ws: null, nonce: null, seat: null, picked: null, phase: "lobby",
  version: 0, mark: 0, view: null, legal: [], toAct: [], over: false, result: null,
  seats: [], log: [], inFlight: false, joining: false, retry: 0,
  stopped: null, wasMyTurn: false, tapAt: null, sentMark: 0, recvAt: 0, tapWall: 0,
  gameNumber: 0, logged: 0, lastAction: null, hints: true, hint: null, hintAsked: false, coach: null, coachPressed: false,
};
window.railparty = S;
window.railpartyReceived = [];          // every host message, as the tests read them
window.railpartyLatency = [];           // ms from a tap to the frame showing its answer
window.railpartyTimings = [];           // the same tap's steps (tools/phone_page.py bench)

let draw = () => {};
let lobby = () => {};
let askCode = () => {};
let sealedSend = () => {};
// main.js says how to draw the table and the lobby, and how to ask for the table's code
export function onDraw(table, seats, code) { draw = table; lobby = seats; askCode = code; }

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
export const keptToken = () => { try { return localStorage.getItem(storeKey()); } catch (e) { return null; } };
const keepToken = (tok) => { try { if (tok) localStorage.setItem(storeKey(), tok); else localStorage.removeItem(storeKey()); } catch (e) { /* private mode */ } };

export function pageState() {
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

export function status(text, problem = false) {
  const box = $("status");
  if (box.textContent !== text) box.textContent = text;
  if (box.classList.contains("problem") !== problem) box.classList.toggle("problem", problem);
}

// the host does not know this page's secret (a wrong code, a stale link, or
// someone else answering): ask for the code again
function wrongSecret() {
  forgetSecret();
  S.stopped = "secret";
  S.joining = false;
  askCode(t("This code does not match the table. Type the code the TV shows, or scan its QR code again."));
}

export function connect() {
  if (S.ws) return;
  const secret = tableSecret();
  if (!secret) { askCode(null); return; }
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const lang = encodeURIComponent((S.info && S.info.lang) || "en");
  const ws = new WebSocket(`${scheme}://${location.host}/ws?lang=${lang}${lastSeen()}`);
  S.ws = ws;
  S.nonce = null;
  status(t("Connecting…"));
  sealedSend = sealSocket(ws, secret, {
    open: () => {},
    text: (text) => received(ws, text),
    refused: (why) => {
      if (why === "secret") wrongSecret();
      else { status(t("The host sent something this page cannot read."), true); S.stopped = "unreadable"; }
    },
  });
  ws.onclose = (ev) => {
    if (S.ws === ws) S.ws = null;
    S.inFlight = false;
    if (ev.code === CLOSE_WRONG_SECRET) { wrongSecret(); return; }
    if (ev.code === CLOSE_TOO_MANY_TRIES) {
      S.stopped = "tries"; S.joining = false;
      status(t("Too many wrong codes from this phone. Wait a few minutes, then try again."), true);
      lobby();
      return;
    }
    if (S.stopped) return;
    // the host closes with 1013 when it holds all the connections it takes
    const busy = ev.code === 1013 ? t("The host is busy; try again in a moment.") : null;
    if (S.seat === null && !keptToken()) {
      S.joining = false; lobby();
      if (busy) status(busy, true);
      return;
    }
    S.retry = Math.min(S.retry + 1, 5);
    status(busy || t("Connection lost; trying again…"), true);
    setTimeout(connect, 400 * S.retry);
  };
}

// one message of the host's, opened: as JSON, to onMessage
function received(ws, text) {
  S.recvAt = performance.now();
  let msg;
  try { msg = JSON.parse(text); } catch (e) { msg = null; }
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
}

function send(msg) {
  if (S.ws && S.ws.readyState === WebSocket.OPEN) sealedSend(JSON.stringify(msg));
}

export function hello() {
  const tok = keptToken();
  const msg = { type: "hello", magic: MAGIC, version: VERSION, role: "player",
    name: $("name").value.trim() || null, client: "railparty-web" };
  if (tok) msg.proof = hmacHex(tok, `railparty-seat:${S.nonce}`);
  else if (S.picked !== null) msg.seat = S.picked;
  send(msg);
}

// Ask the host for a hint for this seat (net/host/hints.py); its answer is a "hint"
export function askHint() {
  if (S.hintAsked || S.inFlight) return;
  S.hintAsked = true;
  S.hint = null;
  send({ type: "hint" });
}

// A guided game: a button of the coach's line (Next, Repeat, Try again, Do it
// anyway), pressed on the TV's panel by its table (net/host/coached_seat.py); the
// next coach line brings the buttons back
export function pressCoach(name) {
  if (!S.coach || S.coachPressed) return;
  S.coachPressed = true;
  send({ type: "coach_press", name });
}

// An action of this seat, one of the host's own legal actions (never made up
// here); the next tap waits for the host's answer.
export function act(action) {
  if (S.inFlight) return;
  S.inFlight = true;
  for (const entry of S.log) delete entry.away;    // the player is back at the table
  S.sentMark = S.mark;
  S.tapAt = performance.now();
  S.tapWall = Date.now();        // the wall clock, to match the TV's clock (tools/phone_page.py)
  S.lastAction = action;
  send({ type: "action", seat: S.seat, version: S.version, action });
  status(t("Sent…"));
  // hold the controls where they are (a rebuild here would make the frame the
  // browser shows before it hands over the host's answer a heavy one)
  for (const b of document.querySelectorAll("#play button, #actionbar button")) b.disabled = true;
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
      lobby();
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
        gameNumber: m.game_number || 0, hints: m.hints !== false,
        view: m.view, legal: m.legal || [], toAct: m.to_act || [], over: !!m.over,
        result: m.result || null, inFlight: false });
      if (S.seat !== null && m.you === S.seat) keepLog();
      draw(true, []);
      break;
    case "update": {
      // the host words each event as the program's log does (`lines`, in this
      // phone's language; null where the log says nothing)
      const events = Array.isArray(m.events) ? m.events : [];
      events.forEach((ev, i) => {
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
      draw(!S.inFlight, events.filter((e) => e && typeof e === "object"));
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
    }
    case "seats":
      S.seats = m.seats; S.phase = m.phase;
      if (S.seat === null) lobby(); else draw(true, []);
      break;
    case "error":  // the move was not played: the controls its tap disabled come back
      S.inFlight = false;
      S.hintAsked = false;
      S.tapAt = null;
      status(said(m), true);
      forgetAll();
      draw(false, []);
      break;
    case "notice":
      status(said(m));
      break;
    case "ping":
      send({ type: "pong", n: m.n || 0 });
      break;
    case "coach":  // a guided game: the coach's line; an answer leaves the move unplayed
      S.coach = m;
      S.coachPressed = false;
      if (m.answer) {
        S.inFlight = false;
        S.tapAt = null;
        status(m.answer, true);
        forgetAll();
      }
      draw(false, []);
      break;
    case "hint":   // Hard's move for this seat, worded by the host (core/hint.js shows it)
      S.hintAsked = false;
      S.hint = m.seat === S.seat && m.version === S.version ? m : null;
      draw(false, []);
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
