// Rail Party on a phone: the lobby, then the game drawn as a controller. The
// shared core (core/) holds the connection, words, cards, the sheet and the
// action bar; each game family has one module in games/ that draws its own
// view of the seat and of the table. A family without one plays from a list.
import { $, el, changed } from "./core/dom.js";
import { t, setWords, paren, COLON } from "./core/words.js";
import { S, onDraw, connect, hello, keptToken, pageState, pressCoach, status } from "./core/session.js";
import { tableSecret, keepCode } from "./core/seal.js";
import { setColourAid } from "./core/cards.js";
import { clearConfirm } from "./core/actionbar.js";
import { renderHint } from "./core/hint.js";
import { closeSheet, sheetOpen } from "./core/sheet.js";
import { renderMoves, forgetChoice } from "./core/moves.js";
import routes from "./games/routes.js";
import race from "./games/race.js";
import tricks from "./games/tricks.js";

const VIEWS = { routes, race, tricks };
const plain = { handles: () => false, prepare: async () => {}, render: () => {}, table: () => {} };
let view = plain;
let showingTable = false;

function seatDot(color) {
  const rgb = S.info && S.info.colors && S.info.colors[color];
  const dot = el("span", { class: "dot", "aria-hidden": "true" });
  dot.style.background = rgb || "#888";      // CSSOM: allowed by the page's CSP
  return dot;
}
const seatColour = (seat) => {
  const s = S.seats[seat];
  return (s && S.info && S.info.colors && S.info.colors[s.color]) || "#888";
};
window.railpartySeatColour = seatColour;

function renderLobby() {
  const box = $("seats");
  box.replaceChildren();
  // a couch game's phone seats stay open (named) once it runs: only they are offered
  const couch = S.phase !== "lobby" && (S.seats || []).some((s) => s.kind === "open");
  const free = S.phase === "lobby" || couch ? "open" : "bot";
  (S.seats || []).forEach((s, i) => {
    const open = s.kind === free;
    const label = s.kind === "open" ? (s.name || t("Free seat {n}", { n: i + 1 }))
      : s.kind === "bot" ? `${s.name}${paren(t("bot"))}` : `${s.name}${s.connected ? "" : paren(t("away"))}`;
    const b = el("button", { "data-testid": open ? "seat" : null, "aria-pressed": S.picked === i ? "true" : "false",
      disabled: !open, onclick: () => { S.picked = i; renderLobby(); } }, seatDot(s.color), el("span", { text: label }));
    box.append(el("li", {}, b));
  });
  $("join").disabled = S.joining || !$("name").value.trim();
  pageState();
}

function renderPlayers() {
  const box = $("players");
  box.replaceChildren();
  const players = (S.view && Array.isArray(S.view.players)) ? S.view.players : [];
  (S.seats || []).forEach((s, i) => {
    const p = players[i] || {};
    const score = typeof p.score === "number" ? p.score : typeof p.days === "number" ? p.days : null;
    const acting = S.toAct.includes(i);
    const name = i === S.seat ? `${s.name}${paren(t("you"))}` : s.name || `${i + 1}`;
    const li = el("li", { class: `${acting ? "acting" : ""} ${s.connected ? "" : "gone"}` },
      seatDot(s.color), el("span", { class: "who", text: name }),
      score !== null ? el("span", { class: "score", text: String(score) }) : null,
      acting ? el("span", { class: "turn", "aria-label": t("to play"), text: "▶" }) : null);
    box.append(li);
  });
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
    ...scores.map((sc, i) => el("div", { class: winners.includes(i) ? "winner" : "" },
      winners.includes(i) ? el("span", { class: "trophy", "aria-label": t("winner"), text: "🏆 " }) : null,
      `${S.seats[i] ? S.seats[i].name : i + 1}${COLON()}${sc}`)));
}

// a guided game (net/host/coached.py): the coach's line for this seat, what to do
// now and why, or its answer to another move, as the host worded it
function renderCoach() {
  const c = S.coach, box = $("coach");
  box.hidden = !c;
  if (!c) { $("coach-buttons").hidden = true; return; }
  box.classList.toggle("problem", !!c.answer);
  box.replaceChildren(el("strong", { text: t("Step {number} of {count}", { number: c.step, count: c.steps }) }),
    " ", c.answer || [c.said, c.why].filter(Boolean).join(" "));
  // the panel's buttons the host offers the phone now, worded in its language
  const row = $("coach-buttons"), offered = c.buttons || [];
  row.hidden = !offered.length;
  row.replaceChildren(...offered.map((b, i) => {
    const button = el("button", { type: "button", text: b.label, "data-testid": `coach-${b.name}`,
      class: i === 0 && b.name !== "repeat" ? "primary" : null });
    button.addEventListener("click", () => { pressCoach(b.name); disableCoachButtons(); });
    return button;
  }));
  if (c.answer) box.scrollIntoView({ block: "nearest" });   // the tap was further down
}

function disableCoachButtons() {
  for (const button of $("coach-buttons").querySelectorAll("button")) button.disabled = true;
}

function showTable(on) {
  showingTable = on;
  const button = $("table-view");
  button.setAttribute("aria-pressed", String(on));
  button.textContent = on ? t("Your hand") : t("Table");
  $("table").hidden = !on;
  $("play").hidden = on;
  if (on) closeSheet();
  render(true, []);
}

function render(withStatus = true, events = []) {
  if (S.seat === null) { renderLobby(); return; }
  const state = pageState();
  const mine = state === "your-turn";
  if ($("seated").hidden) $("seated").hidden = false;
  if (changed("players", S.seats, S.toAct, S.seat, S.view && S.view.players)) renderPlayers();
  const ctx = { S, mine, events, inFlight: S.inFlight, seatColour };
  if (!mine) { clearConfirm(); forgetChoice(); if (sheetOpen()) closeSheet(); }
  if (showingTable) {
    if (changed("table", S.version, S.seats, S.view)) view.table(ctx, $("table-board"));
  } else {
    view.render(ctx);
    if (changed("moves", mine, S.legal, S.inFlight, S.view && S.view.private)) renderMoves(mine, view.handles);
  }
  if (!showingTable) renderHint(mine, view);
  if (changed("log", S.logged, S.seat)) renderLog();
  if (changed("result", S.result, S.seats)) renderResult();
  if (changed("coach", S.coach)) renderCoach();
  if (!withStatus) return;
  if (state === "over") status(t("The game is over."));
  else if (S.phase === "lobby") status(t("Seated. Waiting for the host to start the game…"));
  else if (mine) {
    const pending = S.view && S.view.private && S.view.private.pending;
    status(pending ? t("Your choice: {what}", { what: view.choiceName ? view.choiceName(pending) : t(pending.kind) }) : t("Your turn."));
  } else {
    const names = S.toAct.map((s) => (S.seats[s] ? S.seats[s].name : s + 1));
    status(names.length ? t("Waiting for {names}…", { names: names.join(", ") }) : t("Waiting…"));
  }
}

function translatePage() {
  for (const node of document.querySelectorAll("[data-words]")) node.textContent = t(node.textContent.trim());
  $("name").setAttribute("placeholder", t("Your name"));
}

async function start() {
  try {
    const lang = encodeURIComponent(navigator.language || "");
    const res = await fetch(`info.json?lang=${lang}`, { cache: "no-store" });
    S.info = await res.json();
    setWords(S.info.words, S.info.places);
    document.documentElement.lang = S.info.lang || "en";
    translatePage();
  } catch (e) {
    status(t("Cannot reach the game. Is the host still running?"), true);
    setTimeout(start, 2000);
    return;
  }
  setColourAid(S.info.colorblind);
  view = VIEWS[S.info.family] || plain;
  // the game's board comes while the lobby is already up (a seat is picked
  // meanwhile); the table is drawn once it is here
  const chosen = view;
  chosen.prepare(S.info).then(() => { if (S.seat !== null) render(true, []); },
    (e) => { console.error(e); if (view === chosen) view = plain; });
  $("title").textContent = S.info.name;
  S.seats = S.info.seats || [];
  $("name").value = localStorage.getItem("railparty-name") || "";
  renderLobby();
  if (!tableSecret()) askCode(null);
  else if (keptToken()) connect();
  else status(t("Pick a seat and type your name."));
  setInterval(refreshSeats, 3000);
}

// A page opened without the QR code's link (its address typed by hand), or whose
// secret the host does not know: the code the TV shows, before anything is sent.
function askCode(problem) {
  $("lobby").hidden = true;
  $("code-entry").hidden = false;
  status(problem || t("Type the code the TV shows beside the address."), !!problem);
}

function codeTyped() {
  if (!keepCode($("table-code").value)) {
    status(t("A code has 16 letters and digits, as the TV shows it."), true);
    return;
  }
  $("table-code").value = "";
  $("code-entry").hidden = true;
  $("lobby").hidden = false;
  S.stopped = null;
  renderLobby();
  if (keptToken()) connect(); else status(t("Pick a seat and type your name."));
}

async function refreshSeats() {
  if (S.seat !== null || S.joining || document.visibilityState !== "visible") return;
  try {
    const info = await (await fetch("info.json", { cache: "no-store" })).json();
    S.seats = info.seats || []; S.phase = info.phase;
    renderLobby();
  } catch (e) { /* the host is away; the next try may work */ }
}

onDraw(render, renderLobby, askCode);
$("code-go").addEventListener("click", codeTyped);
$("table-code").addEventListener("keydown", (ev) => { if (ev.key === "Enter") codeTyped(); });
$("name").addEventListener("input", () => { $("join").disabled = S.joining || !$("name").value.trim(); });
$("join").addEventListener("click", () => {
  const name = $("name").value.trim();
  if (!name) return;
  try { localStorage.setItem("railparty-name", name); } catch (e) { /* private mode */ }
  S.joining = true; S.stopped = null;
  $("join").disabled = true;
  if (S.ws && S.nonce) hello(); else connect();
});
$("table-view").addEventListener("click", () => showTable(!showingTable));
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && !S.ws && keptToken() && !S.stopped) connect();
});
start();
