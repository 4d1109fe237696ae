// How far each ticket is: the fewest train spaces still to claim between its
// two cities over the seat's own routes (free) and the routes nobody holds
// (their length); another player's route is a wall. The routes on that best
// way are the ones that would move the ticket on. A neighbouring country (a
// dead end) joins only through one route into it, never across it.

const node = (board, city, trackId) => (board.deadEnds.has(city) ? `${city}#${trackId}` : city);

function graph(board) {
  if (board.graph) return board.graph;
  board.deadEnds = new Set(board.cities.filter((c) => c.dead_end).map((c) => c.name));
  const edges = new Map();
  const add = (from, to, track) => {
    if (!edges.has(from)) edges.set(from, []);
    edges.get(from).push({ to, track });
  };
  const ends = new Map();   // city -> its nodes
  for (const track of board.tracks) {
    const a = node(board, track.a, track.id), b = node(board, track.b, track.id);
    add(a, b, track); add(b, a, track);
    for (const [city, n] of [[track.a, a], [track.b, b]]) {
      if (!ends.has(city)) ends.set(city, new Set());
      ends.get(city).add(n);
    }
  }
  board.graph = { edges, ends };
  return board.graph;
}

function siblingsTaken(board, track, routes) {
  return board.tracks.some((o) => o.id !== track.id && o.a === track.a && o.b === track.b && routes[o.id] !== undefined);
}

// cost of using a track now: 0 if the seat holds it, its length if free, null if shut
function cost(board, track, routes, seat, players) {
  const owner = routes[track.id];
  if (owner === seat) return 0;
  if (owner !== undefined) return null;
  if (track.parallel > 1 && siblingsTaken(board, track, routes)) {
    const mineBeside = board.tracks.some((o) => o.id !== track.id && o.a === track.a && o.b === track.b && routes[o.id] === seat);
    if (mineBeside || players <= 3) return null;
  }
  return track.length;
}

function cheapest(board, from, to, routes, seat, players) {
  const { edges, ends } = graph(board);
  const starts = ends.get(from) || new Set();
  const goals = ends.get(to) || new Set();
  const dist = new Map(), back = new Map();
  const todo = new Set();
  for (const s of starts) { dist.set(s, 0); todo.add(s); }
  while (todo.size) {
    let here = null, best = Infinity;
    for (const n of todo) if (dist.get(n) < best) { best = dist.get(n); here = n; }
    todo.delete(here);
    if (goals.has(here)) {
      const tracks = [];
      for (let n = here; back.has(n); n = back.get(n).from) tracks.push(back.get(n).track);
      return { left: best, tracks };
    }
    for (const { to: next, track } of edges.get(here) || []) {
      const c = cost(board, track, routes, seat, players);
      if (c === null) continue;
      const d = best + c;
      if (d < (dist.has(next) ? dist.get(next) : Infinity)) {
        dist.set(next, d); back.set(next, { from: here, track }); todo.add(next);
      }
    }
  }
  return { left: Infinity, tracks: [] };
}

export function ticketPaths(board, routes, seat, tickets, lit, players = 5) {
  const out = { left: new Map(), helps: new Set(), cities: new Set(), litCities: new Set(), litTracks: new Set() };
  if (!board) return out;
  for (const ticket of tickets) {
    out.cities.add(ticket.a); out.cities.add(ticket.b);
    const way = ticket.done ? { left: 0, tracks: [] } : cheapest(board, ticket.a, ticket.b, routes, seat, players);
    out.left.set(ticket.id, way.left);
    for (const track of way.tracks) if (routes[track.id] === undefined) out.helps.add(track.id);
    if (lit === ticket.id) {
      out.litCities.add(ticket.a); out.litCities.add(ticket.b);
      for (const track of way.tracks) out.litTracks.add(track.id);
      for (const [id, owner] of Object.entries(routes)) {
        if (owner === seat) {
          const track = board.tracks.find((tr) => tr.id === id);
          if (track && (way.tracks.includes(track) || ticket.done)) out.litTracks.add(id);
        }
      }
    }
  }
  return out;
}
