// The moves a game's view does not draw as a control of its own, as a short
// list of buttons (a game without a view of its own gets all its moves here),
// and a pending choice as options to tick and confirm. Every button is one
// of the host's legal actions.
import { $, el } from "./dom.js";
import { t, human, actionLabel, choiceTitle } from "./words.js";
import { S, act } from "./session.js";
import { setConfirm } from "./actionbar.js";

let chosen = null;

export function renderMoves(mine, handles) {
  const moves = $("moves");
  moves.replaceChildren();
  const rest = mine ? S.legal.filter((a) => !handles(a)) : [];
  $("moves-box").hidden = !rest.length;
  if (!rest.length) return;
  const pending = S.view && S.view.private && S.view.private.pending;
  if (pending && rest.length === S.legal.length) {
    // a choice: tick one, then confirm
    $("moves-title").textContent = choiceTitle(pending);
    rest.forEach((a) => {
      const i = S.legal.indexOf(a);
      moves.append(el("button", { "data-testid": "option", "aria-pressed": chosen === i ? "true" : "false",
        disabled: S.inFlight, onclick: () => { chosen = i; renderMoves(mine, handles); } },
      el("span", { text: actionLabel(a, S.view) })));
    });
    const picked = chosen !== null && chosen < S.legal.length ? S.legal[chosen] : null;
    setConfirm(picked ? actionLabel(picked, S.view) : t("Choose one"), picked, () => { chosen = null; });
    return;
  }
  $("moves-title").textContent = t("Your moves");
  const groups = new Map();
  rest.forEach((a) => { if (!groups.has(a.type)) groups.set(a.type, []); groups.get(a.type).push(a); });
  for (const [type, list] of groups) {
    const buttons = list.map((a) => el("button", { "data-testid": "move", disabled: S.inFlight,
      onclick: () => act(a) }, el("span", { text: actionLabel(a, S.view) })));
    if (list.length <= 6 || groups.size === 1) buttons.forEach((b) => moves.append(b));
    else moves.append(el("details", {}, el("summary", { text: `${t(human(type))} (${list.length})` }), ...buttons));
  }
}

export function forgetChoice() { chosen = null; }
