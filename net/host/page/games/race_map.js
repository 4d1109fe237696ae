// The race's route on a phone: the world map the window draws (its land, each
// leg's lane as a railway, a sea lane or an overland track, the cities), with
// every traveller's pawn and the detective; a strip of the route's stops for
// the seat's own view (where everyone is, at a glance); the route as a list
// of stops (names, bonus chips, pawns, the detective, what each leg takes).
import { el, svg } from "../core/dom.js";
import { t, placeName, COLON, SEP } from "../core/words.js";
import { MapView } from "../core/mapview.js";
import { icon, chip, pawn, detective, inkOn } from "./race_cards.js";

const seatName = (S, seat) => (S.seats[seat] ? S.seats[seat].name : String(seat + 1));

// what a leg takes, in words and icons: "train + ship", "ship or train", "8 days or Elephant"
export function legNeeds(leg) {
  const box = el("span", { class: "needs" });
  if (!leg.options.length) {
    box.append(el("span", { text: t("{days} days", { days: leg.no_cards_days }) }),
      el("span", { class: "or", text: ` ${t("or")} ` }), icon("land"), el("span", { text: t("Elephant") }));
    return box;
  }
  leg.options.forEach((option, k) => {
    if (k) box.append(el("span", { class: "or", text: ` ${t("or")} ` }));
    option.forEach((kind, i) => {
      if (i) box.append(el("span", { class: "plus", text: " + " }));
      box.append(el("span", { class: `kind ${kind}` }, icon(kind), el("span", { text: t(kind) })));
    });
  });
  return box;
}

// --- the world map --------------------------------------------------------

const lanePoints = (points, shift = 0) => points.map(([x, y]) => `${x + shift},${y}`).join(" ");

// the map drawn once; `paint` puts the pawns and the detective where they are now
export function worldMap(board, label) {
  const [W, H] = board.size;
  const root = svg("svg", { class: "world", role: "img", "aria-label": label, preserveAspectRatio: "xMidYMid meet" });
  root.append(svg("rect", { class: "sea", x: -W, y: -H, width: 3 * W, height: 3 * H }));
  const land = svg("g", { class: "land" });
  for (const ring of board.land) land.append(svg("polygon", { points: lanePoints(ring) }));
  root.append(land);
  const lanes = svg("g", { class: "lanes" });
  for (const leg of board.legs) {
    for (const shift of [0, -W]) {       // a lane past the right edge comes back in at the left
      lanes.append(svg("polyline", { class: `lane ${leg.kind}`, points: lanePoints(leg.points, shift) }));
      if (leg.kind === "train") lanes.append(svg("polyline", { class: "lane sleepers", points: lanePoints(leg.points, shift) }));
    }
  }
  root.append(lanes);
  for (const [x, y] of Object.values(board.cities)) root.append(svg("circle", { class: "city", cx: x, cy: y, r: 13 }));
  const pieces = svg("g", { class: "pieces" });
  root.append(pieces);
  const view = new MapView(root, W, H);
  return { root, pieces, view, board };
}

export function paintWorld(map, ctx, view) {
  const S = ctx.S;
  const kids = [];
  const at = map.board.cities[view.detective];
  if (at) {
    const fix = detective();
    fix.setAttribute("x", at[0] - 64); fix.setAttribute("y", at[1] - 110);
    fix.setAttribute("width", 80); fix.setAttribute("height", 100);
    kids.push(fix);
  }
  const byCity = new Map();
  for (const p of view.players || []) {
    const city = p.city;
    if (!byCity.has(city)) byCity.set(city, []);
    byCity.get(city).push(p.seat);
  }
  for (const [city, seats] of byCity) {
    const spot = map.board.cities[city];
    if (!spot) continue;
    seats.forEach((seat, k) => {
      const x = spot[0] + 10 + (k % 3) * 40, y = spot[1] + 40 + Math.floor(k / 3) * 40;
      const colour = ctx.seatColour(seat);
      kids.push(svg("g", { class: "pawn-mark" },
        svg("circle", { cx: x, cy: y, r: 21, fill: colour }),
        svg("text", { x, y, fill: inkOn(colour), text: String(seat + 1) })));
    });
  }
  map.pieces.replaceChildren(...kids);
}

// --- the strip of stops ---------------------------------------------------

const STEP = 36, LEFT = 20, LINE_Y = 40;

// the route's stops in a row, the legs between them in their kinds' lines;
// built once, the pawns moved along it (a short slide) as travellers move
export function routeStrip(view) {
  const root = svg("svg", { class: "strip", viewBox: `0 0 ${2 * LEFT + STEP * (view.route.length - 1)} 72`, role: "img" });
  view.legs.forEach((leg, i) => {
    const kind = leg.options.length ? (leg.options[0].every((k) => k === "ship") ? "ship" : "train") : "land";
    root.append(svg("line", { class: `leg ${kind}`, x1: LEFT + i * STEP, y1: LINE_Y, x2: LEFT + (i + 1) * STEP, y2: LINE_Y }));
  });
  view.route.forEach((city, i) => root.append(svg("circle", { class: "stop", "data-stop": i, cx: LEFT + i * STEP, cy: LINE_Y, r: 6 })));
  const fix = detective();
  fix.setAttribute("width", 22); fix.setAttribute("height", 26); fix.setAttribute("y", 46);
  fix.classList.add("fix");
  root.append(fix);
  return { root, pawns: new Map(), fix };
}

export function paintStrip(strip, ctx, view) {
  const S = ctx.S;
  const stops = new Map();
  for (const p of view.players || []) {
    const at = p.at;
    if (!stops.has(at)) stops.set(at, []);
    stops.get(at).push(p.seat);
  }
  for (const [at, seats] of stops) {
    seats.sort((a, b) => (a === S.seat) - (b === S.seat));   // the seat's own pawn on top
    seats.forEach((seat, k) => {
      let g = strip.pawns.get(seat);
      if (!g) {
        const colour = ctx.seatColour(seat);
        g = svg("g", { class: `pawn-mark${seat === S.seat ? " mine" : ""}` },
          svg("circle", { r: seat === S.seat ? 10 : 8, fill: colour }),
          svg("text", { fill: inkOn(colour), text: String(seat + 1) }));
        strip.pawns.set(seat, g);
        strip.root.append(g);
      }
      const dx = (k - (seats.length - 1) / 2) * Math.min(10, 30 / seats.length);
      g.style.transform = `translate(${LEFT + at * STEP + dx}px, ${seat === S.seat ? 16 : 20}px)`;
      if (seat === S.seat) strip.root.append(g);
    });
  }
  const d = view.route.indexOf(view.detective);
  strip.fix.setAttribute("x", LEFT + d * STEP - 11);
  const me = (view.players || [])[S.seat];
  const where = me ? placeName(me.city) : "";
  strip.root.setAttribute("aria-label", `${t("The route")}${COLON()}${t("you are in {city}", { city: where })}${SEP()}`
    + `${t("the detective is in {city}", { city: placeName(view.detective) })}`);
  for (const stop of strip.root.querySelectorAll(".stop")) {
    stop.classList.toggle("here", me ? Number(stop.dataset.stop) === me.at : false);
  }
}

// --- the route as a list --------------------------------------------------

export function routeList(ctx, view) {
  const S = ctx.S;
  const list = el("ol", { class: "route-list", "aria-label": t("The route") });
  view.route.forEach((city, i) => {
    const here = (view.players || []).filter((p) => p.at === i);
    const chips = (i > 0 && i < view.route.length - 1 && view.bonus && view.bonus[city]) || {};
    const row = el("li", { class: "stop-row" },
      el("span", { class: "city", text: placeName(city) }),
      el("span", { class: "chips" }, ...["red", "blue"].filter((c) => chips[c]).map((c) => chip(c, chips[c]))),
      city === view.detective ? detective(t("The detective")) : null,
      el("span", { class: "pawns" }, ...here.map((p) => pawn(ctx.seatColour(p.seat), p.seat, seatName(S, p.seat)))));
    list.append(row);
    if (i < view.legs.length) list.append(el("li", { class: "leg-row" }, legNeeds(view.legs[i])));
  });
  return list;
}
