// The route games on the phone: the map to claim routes on (tap a route, pick
// how to pay, confirm), the face-up cards, the deck and the ticket pile to draw
// from, the hand as cards, the tickets with how far each is, and choosing
// tickets by ticking the ones to keep. Every control is one of the host's
// legal actions; the page only groups them (a route and its payments).
import { $, el, svg, changed } from "../core/dom.js";
import { t, pair, COLON } from "../core/words.js";
import { act } from "../core/session.js";
import { trainCard, cardBack, ticketCard, chip, colourWord } from "../core/cards.js";
import { openSheet, closeSheet, sheetOpen } from "../core/sheet.js";
import { setConfirm, clearConfirm } from "../core/actionbar.js";
import { drawBoard, placeLabels, routeName } from "./routes_map.js";
import { ticketPaths } from "./routes_paths.js";

const HANDLED = new Set(["claim", "draw_face_up", "draw_deck", "draw_tickets", "draw_ferry", "keep_tickets"]);
let BOARD = null;
let mine = null;          // the seat's map: { drawing, ... }
let table = null;         // the table view's map
let keep = new Set();     // tickets ticked to keep
let keepOffer = "";       // which offer `keep` belongs to
let lit = null;           // the ticket whose cities are lit on the map
let open = null;          // the route whose sheet is open
let paying = null;        // the payment picked in that sheet
let current = null;       // the latest render's context (taps read it)

async function prepare(info) {
  if (!info.board) return;
  const res = await fetch("board.json", { cache: "force-cache" });
  BOARD = await res.json();
}

const claimsOf = (legal, id) => legal.filter((a) => a.type === "claim" && a.track === id);

function paintClaims(drawing, view, ctx, claimable, helps) {
  const routes = (view && view.routes) || {};
  for (const [id, shape] of Object.entries(drawing.shapes)) {
    const owner = routes[id];
    const g = shape.g;
    const isMine = owner === ctx.S.seat;
    g.classList.toggle("claimed", owner !== undefined);
    g.classList.toggle("mine", owner !== undefined && isMine);
    for (const car of shape.cars) car.style.fill = owner !== undefined ? ctx.seatColour(owner) : "";
    const can = claimable ? claimable.has(id) : false;
    g.dataset.claimable = can ? "true" : "false";
    g.classList.toggle("claimable", can);
    g.classList.toggle("helps", helps ? helps.has(id) : false);
    const who = owner !== undefined && ctx.S.seats[owner] ? ctx.S.seats[owner].name : null;
    const name = routeName(shape.track) + (who ? `${COLON()}${who}` : "");
    if (g.getAttribute("aria-label") !== name) g.setAttribute("aria-label", name);
    // a route to claim is a button; any other is a picture of who holds what
    g.setAttribute("role", can ? "button" : "img");
    if (can) g.setAttribute("tabindex", "0"); else g.removeAttribute("tabindex");
  }
}

function payLabel(cards) {
  return Object.entries(cards).map(([c, n]) => `${n}× ${colourWord(c)}`).join(" + ");
}

function openRoute(ctx, id) {
  const claims = claimsOf(ctx.S.legal, id);
  if (!ctx.mine || !claims.length) return;
  const track = BOARD.tracks.find((tr) => tr.id === id);
  open = id;
  paying = claims.length === 1 ? claims[0] : null;
  // fewest locomotives first, then the fewest cards
  claims.sort((a, b) => (a.cards.locomotive || 0) - (b.cards.locomotive || 0)
    || Object.values(a.cards).reduce((x, y) => x + y, 0) - Object.values(b.cards).reduce((x, y) => x + y, 0));
  const list = el("ul", { class: "pays", "aria-label": t("Pay with") });
  const draw = () => {
    list.replaceChildren(...claims.map((a) => el("li", {}, el("button", {
      class: "pay", "data-testid": "pay", "aria-pressed": String(paying === a),
      "aria-label": payLabel(a.cards), onclick: () => { paying = a; draw(); } },
    ...Object.entries(a.cards).map(([c, n]) => chip(c, n))))));
    setConfirm(paying ? `${t("Claim {route}", { route: pair(track.a, track.b) })}${COLON()}${payLabel(paying.cards)}` : t("Pick how to pay"),
      paying, () => { open = null; paying = null; closeSheet(); });
  };
  const facts = el("p", { class: "route-facts" },
    t("Length {n} · {p} points", { n: track.length, p: track.points }),
    track.ferries ? ` · ${t("ferry")} ${track.ferries}` : "");
  const shape = mine && mine.drawing.shapes[id];
  if (shape) shape.g.classList.add("chosen");       // the route stands out under the sheet
  openSheet(`${pair(track.a, track.b)}`, el("div", {}, facts, list), () => {
    open = null; paying = null; clearConfirm();
    if (shape) shape.g.classList.remove("chosen");
  });
  draw();
}

function renderBoard(ctx, view, claimable, paths) {
  let host = $("routes-board");
  if (!host) {
    host = el("div", { id: "routes-board", class: "board-box", "data-testid": "board" });
    $("game").prepend(host);
  }
  if (!mine || mine.host !== host) {
    mine = { host, drawing: drawBoard(host, BOARD, { onRoute: (id) => openRoute(current, id),
      label: t("The map") }) };
    host.after(el("div", { class: "zoom", id: "routes-zoom" },
      el("button", { "aria-label": t("Zoom in"), onclick: () => mine.drawing.view.zoomAt(center(mine.drawing), 1.6), text: "+" }),
      el("button", { "aria-label": t("Zoom out"), onclick: () => mine.drawing.view.zoomAt(center(mine.drawing), 1 / 1.6), text: "−" }),
      el("button", { "aria-label": t("Whole map"), onclick: () => mine.drawing.view.reset(), text: "⤢" })));
    mine.drawing.root.addEventListener("keydown", (e) => {
      const g = e.target.closest && e.target.closest("[data-route]");
      if (g && (e.key === "Enter" || e.key === " ")) { e.preventDefault(); openRoute(current, g.dataset.route); }
    });
  }
  paintClaims(mine.drawing, view, ctx, claimable, paths.helps);
  const d = mine.drawing;
  for (const { dot, text, city } of Object.values(d.cityAt)) {
    const on = lit !== null && paths.cities.has(city.name) && paths.litCities.has(city.name);
    dot.classList.toggle("lit", on);
    text.classList.toggle("lit", on);
  }
  for (const [id, { g }] of Object.entries(d.shapes)) g.classList.toggle("lit", paths.litTracks.has(id));
  d.priority = paths.cities;
}

const center = (drawing) => ({ x: drawing.view.box.x + drawing.view.box.w / 2, y: drawing.view.box.y + drawing.view.box.h / 2 });

function renderPiles(ctx, view, legal) {
  const faceUp = legal.filter((a) => a.type === "draw_face_up");
  const row = el("div", { class: "piles", role: "group", "aria-label": t("Cards to draw") });
  (view.face_up || []).forEach((colour, slot) => {
    if (!colour) { row.append(el("div", { class: "card empty", "aria-hidden": "true" })); return; }
    const a = faceUp.find((x) => x.slot === slot);
    row.append(trainCard(colour, { testid: "faceup", disabled: !a || ctx.inFlight,
      label: t("Take a {card} card", { card: colourWord(colour) }), onclick: () => a && act(a) }));
  });
  const deck = legal.find((a) => a.type === "draw_deck");
  row.append(cardBack("deck", { testid: "deck", count: view.deck, label: t("Deck"), name: t("Draw a card from the deck"),
    disabled: !deck || ctx.inFlight, onclick: () => deck && act(deck) }));
  const tickets = legal.find((a) => a.type === "draw_tickets");
  row.append(cardBack("tickets", { testid: "tickets", count: view.tickets_deck, label: t("Tickets"), name: t("Draw tickets"),
    disabled: !tickets || ctx.inFlight, onclick: () => tickets && act(tickets) }));
  if ("ferry_pile" in view) {
    const ferry = legal.find((a) => a.type === "draw_ferry");
    row.append(cardBack("ferry", { testid: "ferry-deck", count: view.ferry_pile, label: t("Ferries"), name: t("Draw a ferry card"),
      disabled: !ferry || ctx.inFlight, onclick: () => ferry && act(ferry) }));
  }
  return row;
}

let handBefore = null;     // the hand's counts last drawn: a card that came in flies in

function renderHand(priv) {
  const hand = el("div", { class: "cards hand", "data-testid": "hand", role: "group", "aria-label": t("Your hand") });
  const counts = priv.hand || {};
  const order = ["locomotive", ...Object.keys(counts).filter((c) => c !== "locomotive").sort()];
  for (const colour of order) {
    const n = counts[colour];
    if (!n) continue;
    const card = trainCard(colour, { count: n, testid: "card" });
    if (handBefore && n > (handBefore[colour] || 0)) card.classList.add("arrived");
    hand.append(card);
  }
  handBefore = { ...counts };
  if (!hand.children.length) hand.append(el("p", { class: "empty-note", text: t("No cards yet.") }));
  return hand;
}

function progressLine(ticket, paths) {
  if (ticket.done) return null;
  const left = paths.left.get(ticket.id);
  const text = left === undefined || left === Infinity ? t("blocked")
    : t(left === 1 ? "{n} train to go" : "{n} trains to go", { n: left });
  return el("span", { class: "progress", text });
}

function renderTickets(ctx, priv, paths) {
  const list = el("ul", { class: "tickets", "aria-label": t("Your tickets") });
  for (const ticket of priv.tickets || []) {
    const on = lit === ticket.id;
    list.append(el("li", {}, ticketCard(ticket, { extra: progressLine(ticket, paths), pressed: on,
      onclick: () => { lit = on ? null : ticket.id; ctx.redraw(); if (!on) focusTicket(ticket); } })));
  }
  return list;
}

function focusTicket(ticket) {
  if (!mine) return;
  const pts = [ticket.a, ticket.b].map((n) => mine.drawing.cityAt[n]).filter(Boolean).map((c) => c.city);
  mine.drawing.view.focus(pts);
  $("routes-board").scrollIntoView({ block: "nearest", behavior: "smooth" });
}

// a ticket on a small map of its own: the land, its two cities and a line
function miniMap(ticket) {
  if (!BOARD) return null;
  const [W, H] = BOARD.size;
  const city = (n) => BOARD.cities.find((c) => c.name === n);
  const a = city(ticket.a), b = city(ticket.b);
  const root = svg("svg", { class: "mini", viewBox: `0 0 ${W} ${H}`, "aria-hidden": "true" });
  for (const outline of BOARD.land) root.append(svg("polygon", { class: "land", points: outline.map((p) => p.join(",")).join(" ") }));
  if (a && b) {
    root.append(svg("line", { class: "way", x1: a.x, y1: a.y, x2: b.x, y2: b.y }));
    for (const c of [a, b]) root.append(svg("circle", { class: "end", cx: c.x, cy: c.y, r: W / 40 }));
  }
  return root;
}

function renderKeep(ctx, pending, legal) {
  const offer = JSON.stringify(pending.options.map((o) => o.id));
  if (offer !== keepOffer) { keepOffer = offer; keep = new Set(); }
  const choices = legal.filter((a) => a.type === "keep_tickets");
  const wanted = [...keep].sort((x, y) => x - y).join(",");
  const match = choices.find((a) => [...a.keep].sort((x, y) => x - y).join(",") === wanted) || null;
  const box = el("section", { class: "keep", "aria-label": t("Tickets to keep") },
    el("h2", { text: t("Tickets to keep") }),
    el("p", { class: "rule", text: t("Keep at least {n}.", { n: pending.min }) }));
  const list = el("ul", { class: "tickets offer" });
  for (const ticket of pending.options) {
    const on = keep.has(ticket.id);
    list.append(el("li", {}, ticketCard(ticket, { testid: "option", pressed: on, extra: miniMap(ticket),
      disabled: ctx.inFlight, onclick: () => { if (on) keep.delete(ticket.id); else keep.add(ticket.id); ctx.redraw(); } })));
  }
  box.append(list);
  const label = match ? t("Keep {n} tickets", { n: keep.size })
    : t("Keep at least {n}.", { n: pending.min });
  setConfirm(label, match, () => { keep = new Set(); });
  return box;
}

function render(ctx) {
  const S = ctx.S;
  const view = S.view || {};
  const priv = view.private || {};
  const legal = ctx.mine ? S.legal : [];
  const game = $("game");
  if (!BOARD) { game.replaceChildren(); return; }
  const claimable = new Set(legal.filter((a) => a.type === "claim").map((a) => a.track));
  const paths = ticketPaths(BOARD, view.routes || {}, S.seat, priv.tickets || [], lit, (view.players || []).length);
  current = ctx;
  ctx.redraw = () => render(current);
  renderBoard(ctx, view, claimable, paths);
  if (changed("routes-rest", ctx.mine, legal, view.face_up, view.deck, view.tickets_deck, view.ferry_pile,
    priv, lit, [...keep], ctx.inFlight)) {
    const pending = priv.pending;
    const parts = [];
    // the tickets to choose come first, above the map: the choice is the turn
    let keepBox = $("routes-keep");
    if (!keepBox) { keepBox = el("div", { id: "routes-keep" }); game.prepend(keepBox); }
    if (ctx.mine && pending && pending.kind === "keep_tickets") keepBox.replaceChildren(renderKeep(ctx, pending, legal));
    else {
      keepBox.replaceChildren();
      if (open === null && !sheetOpen()) clearConfirm();
    }
    parts.push(renderPiles(ctx, view, legal), el("h2", { text: t("Your hand") }), renderHand(priv),
      el("h2", { text: t("Your tickets") }), renderTickets(ctx, priv, paths));
    let rest = $("routes-rest");
    if (!rest) { rest = el("div", { id: "routes-rest" }); game.append(rest); }
    rest.replaceChildren(...parts);
  }
  if (open !== null && !claimsOf(legal, open).length) { open = null; closeSheet(); }
  if (mine) placeLabels(mine.drawing);
}

// the table: the same map with every claim, the face-up cards and each
// player's public counts
function renderTable(ctx, root) {
  const S = ctx.S;
  const view = S.view || {};
  if (!BOARD) return;
  if (!table || !root.contains(table.drawing.root)) {
    const host = el("div", { class: "board-box" });
    root.replaceChildren(host, el("div", { id: "table-rest" }));
    table = { drawing: drawBoard(host, BOARD, { label: t("The table") }) };
  }
  paintClaims(table.drawing, view, ctx, null, null);
  const rows = (view.players || []).map((p, i) => el("tr", {},
    el("th", { scope: "row", text: S.seats[i] ? S.seats[i].name : String(i + 1) }),
    el("td", { text: String(p.score) }), el("td", { text: String(p.trains) }),
    el("td", { text: String(p.cards) }), el("td", { text: String(p.tickets) })));
  const head = el("tr", {}, el("th", { text: t("Player") }), el("th", { text: t("Score") }),
    el("th", { text: t("Trains") }), el("th", { text: t("Cards") }), el("th", { text: t("Tickets") }));
  $("table-rest").replaceChildren(
    el("div", { class: "piles" }, ...(view.face_up || []).filter(Boolean).map((c) => trainCard(c, { small: true }))),
    el("table", { class: "scores" }, el("thead", {}, head), el("tbody", {}, ...rows)));
  requestAnimationFrame(() => placeLabels(table.drawing));
}

// a hint's route stands out on the map (null: none does)
function lightHint(action) {
  if (!mine) return;
  for (const { g } of Object.values(mine.drawing.shapes)) g.classList.remove("hinted");
  const shape = action && action.type === "claim" ? mine.drawing.shapes[action.track] : null;
  if (shape) shape.g.classList.add("hinted");
}

export default {
  lightHint,
  handles: (a) => HANDLED.has(a.type),
  prepare,
  render,
  table: renderTable,
  choiceName: (pending) => (pending.kind === "keep_tickets" ? t("Tickets to keep") : t(pending.kind)),
};
