// Railway Tricks' table on the phone, the same for every phone: the trick, the
// trick lane (what each coming trick wins, the next one first), the company
// lines with their locomotives and what a share of each is worth, and the
// players: cards in hand, shares by company, points as they stand (and the
// teams). Nothing here is a control.
import { el } from "../core/dom.js";
import { t } from "../core/words.js";
import { palette, laneCard, standing } from "./tricks_cards.js";
import { lineRow } from "./tricks_lines.js";
import { trickBox } from "./tricks_trick.js";

let seenLines = null;      // the lines as the table last drew them (new cards land)

function lane(view, pal) {
  const entries = view.lane || [];
  if (!entries.length) return el("p", { class: "empty-note", text: t("every trick is played") });
  const played = view.tricks_played || 0;
  return el("ol", { class: "lane", tabindex: "0", "aria-label": t("Trick lane") }, ...entries.map((entry, i) =>
    el("li", { class: i === 0 ? "next" : "" },
      el("span", { class: "when", text: i === 0 ? t("next") : String(played + i + 1) }), laneCard(entry, pal))));
}

function shareChips(player, pal) {
  const chips = pal.companies.map((company) => {
    const n = (player.shares || []).filter((s) => s.company === company).length;
    return n ? el("span", { class: `chip-co co co-${pal.colour[company] || "none"}`,
      "aria-label": t("{company} ×{n}", { company, n }), text: `${pal.letter[company]} ${n}` }) : null;
  }).filter(Boolean);
  return chips.length ? chips : [el("span", { class: "dim", text: "–" })];
}

function players(S, view, pal) {
  const worth = standing(view);
  const head = el("tr", {}, el("th", { scope: "col", text: t("Player") }), el("th", { scope: "col", text: t("Cards") }),
    el("th", { scope: "col", text: t("Shares") }), el("th", { scope: "col", text: view.teams ? t("Team points") : t("Points") }));
  const rows = (view.players || []).map((p, i) => {
    const name = S.seats[i] ? S.seats[i].name : String(i + 1);
    const team = view.teams ? view.teams.findIndex((pair) => pair.includes(i)) : -1;
    const acting = (view.to_act || []).includes(i);
    return el("tr", { class: `${acting ? "acting" : ""}${i === S.seat ? " me" : ""}` },
      el("th", { scope: "row" }, acting ? el("span", { class: "turn", "aria-label": t("to play"), text: "▶ " }) : null,
        name, team >= 0 ? el("span", { class: "team", text: ` · ${t("Team {n}", { n: team + 1 })}` }) : null),
      el("td", { text: String(p.cards) }), el("td", {}, el("div", { class: "chips" }, ...shareChips(p, pal))),
      el("td", { text: String(worth.scores[i]) }));
  });
  return el("table", { class: "scores tricks-players" }, el("thead", {}, head), el("tbody", {}, ...rows));
}

// the public board into `root` (the Table view)
export function renderTable(ctx, root) {
  const S = ctx.S;
  const view = S.view || {};
  if (!view.companies) { root.replaceChildren(); return; }
  const pal = palette(view);
  const lines = pal.companies.map((company) => lineRow(company, view, pal,
    { before: seenLines ? seenLines[company] : null }));
  seenLines = JSON.parse(JSON.stringify(view.lines || {}));
  const out = view.removed ? el("p", { class: "dim", text: t("Out of the game: {count}", { count: view.removed }) }) : null;
  root.replaceChildren(el("div", { class: "tricks-table" },
    trickBox(S, view, pal),
    el("h2", { text: t("Trick lane") }), lane(view, pal),
    el("h2", { text: t("Company lines") }), el("div", { class: "lines" }, ...lines), out,
    el("h2", { text: t("Players") }), players(S, view, pal)));
}
