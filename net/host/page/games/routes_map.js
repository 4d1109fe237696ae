// The route games' board as an SVG: land, tracks as their train spaces, cities
// and their names; claimed tracks in their owners' colours. The same drawing
// serves the seat's board (routes.js: routes to claim, tickets lit) and the
// table view. Names keep 16 px on screen at any zoom and give way to each
// other where they would overlap (the names that matter to the seat first).
import { svg } from "../core/dom.js";
import { placeName, pair, t } from "../core/words.js";
import { MapView } from "../core/mapview.js";

const LABEL_PX = 16;

export const TRACK_FILL = { pink: "#e878be", white: "#f0f0ec", blue: "#3c78dc", yellow: "#f6d43c",
  orange: "#f08c28", black: "#323238", red: "#d63232", green: "#46aa50", gray: "#969696" };
const LETTERS = { pink: "P", white: "W", blue: "B", yellow: "Y", orange: "O", black: "K",
  red: "R", green: "G" };

export function routeName(track) {
  const colour = track.color === "gray" ? t("gray") : t(track.color);
  const ferry = track.ferries ? `, ${t("ferry")} ${track.ferries}` : "";
  return `${pair(track.a, track.b)}, ${track.length}, ${colour}${ferry}`;
}

// one board drawn into `host` (a div); `onRoute(id)` for a tap on a route
export function drawBoard(host, board, { onRoute = null, label = "" } = {}) {
  const root = svg("svg", { class: "map", role: "group", "aria-label": label,
    preserveAspectRatio: "xMidYMid meet" });
  const [W, H] = board.size;
  root.append(svg("rect", { x: 0, y: 0, width: W, height: H, class: "sea" }));
  const land = svg("g", { class: "land", "aria-hidden": "true" });
  for (const outline of board.land) land.append(svg("polygon", { points: outline.map((p) => p.join(",")).join(" ") }));
  for (const outline of board.lakes) land.append(svg("polygon", { class: "lake", points: outline.map((p) => p.join(",")).join(" ") }));
  root.append(land);
  const tracks = svg("g", { class: "tracks" });
  const shapes = {};
  for (const track of board.tracks) {
    const [x1, y1, x2, y2] = track.line;
    const g = svg("g", { class: `route ${track.color}`, "data-testid": "route", "data-route": track.id,
      role: "img", "aria-label": routeName(track) });
    // a halo for the marks (lit, on a ticket's way), under the spaces and never
    // hit; then the touch area: wider than the spaces, narrower than the gap
    // to a parallel track, so a tap between two parallels finds the nearer
    g.append(svg("line", { class: "mark", x1, y1, x2, y2 }));
    g.append(svg("line", { class: "hit", x1, y1, x2, y2 }));
    const cars = [];
    for (const [cx, cy, angle, wave] of track.spaces) {
      const L = track.space_length, Wd = board.space_width;
      const rect = svg("rect", { class: `space${wave ? " wave" : ""}`, x: -L / 2, y: -Wd / 2, width: L, height: Wd,
        rx: 2, transform: `translate(${cx} ${cy}) rotate(${-angle})` });
      g.append(rect);
      cars.push(rect);
      if (LETTERS[track.color]) {
        g.append(svg("text", { class: "letter", x: cx, y: cy, "aria-hidden": "true" }, LETTERS[track.color]));
      }
    }
    shapes[track.id] = { g, cars, track };
    tracks.append(g);
  }
  root.append(tracks);
  const cities = svg("g", { class: "cities", "aria-hidden": "true" });
  const labels = svg("g", { class: "labels", "aria-hidden": "true" });
  const cityAt = {};
  for (const city of board.cities) {
    const dot = svg("circle", { class: `city${city.dead_end ? " area" : ""}`, cx: city.x, cy: city.y, r: board.city_radius });
    cities.append(dot);
    const text = svg("text", { class: "label", x: city.x, y: city.y - board.city_radius - 3 }, placeName(city.name));
    labels.append(text);
    cityAt[city.name] = { dot, text, city };
  }
  root.append(cities, labels);
  host.replaceChildren(root);
  const drawing = { root, shapes, cityAt, board, priority: new Set() };
  drawing.view = new MapView(root, W, H, () => placeLabels(drawing));
  if (onRoute) {
    root.addEventListener("click", (e) => {
      const g = e.target.closest ? e.target.closest("[data-route]") : null;
      // a tap on a route to claim opens it; anywhere else (another route, a city,
      // the land) opens the route to claim nearest the finger, if one is in reach
      const id = g && g.dataset.claimable === "true" ? g.dataset.route
        : nearestRoute(drawing, e.clientX, e.clientY);
      if (id) onRoute(id);
    });
  }
  requestAnimationFrame(() => placeLabels(drawing));
  return drawing;
}

// the claimable route nearest a tap that hit no route, within a finger's reach
function nearestRoute(drawing, clientX, clientY) {
  const at = drawing.view.toMap(clientX, clientY);
  const reach = 22 / drawing.view.scale;       // 44 px across
  let best = null, bestD = reach;
  for (const [id, { track, g }] of Object.entries(drawing.shapes)) {
    if (g.dataset.claimable !== "true") continue;
    const d = distance(at, track.line);
    if (d < bestD) { best = id; bestD = d; }
  }
  return best;
}

function distance(p, [x1, y1, x2, y2]) {
  const dx = x2 - x1, dy = y2 - y1;
  const l2 = dx * dx + dy * dy || 1;
  const k = Math.max(0, Math.min(1, ((p.x - x1) * dx + (p.y - y1) * dy) / l2));
  return Math.hypot(p.x - (x1 + k * dx), p.y - (y1 + k * dy));
}

// names at 16 px on screen; a name that would overlap one placed before it waits
// for a closer zoom (the seat's own cities are placed first)
export function placeLabels(drawing) {
  const scale = drawing.view.scale;
  if (!scale || !isFinite(scale)) return;
  drawing.root.style.setProperty("--k", String(scale));
  const size = LABEL_PX / scale;
  const box = drawing.view.box;
  const placed = [];
  const order = Object.values(drawing.cityAt).sort((a, b) =>
    (drawing.priority.has(b.city.name) ? 1 : 0) - (drawing.priority.has(a.city.name) ? 1 : 0));
  for (const { text, city } of order) {
    const name = text.textContent;
    const w = name.length * size * (/[^\x00-\x7f]/.test(name) ? 1.0 : 0.56);
    const h = size * 1.1;
    const x = city.x - w / 2, y = city.y - drawing.board.city_radius - 3 - h;
    const inside = city.x >= box.x && city.x <= box.x + box.w && city.y >= box.y && city.y <= box.y + box.h;
    const clear = inside && !placed.some((p) => x < p.x + p.w && p.x < x + w && y < p.y + p.h && p.y < y + h);
    if (clear) placed.push({ x, y, w, h });
    text.classList.toggle("shown", clear);
  }
}
