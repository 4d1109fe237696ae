// The Hint button: on this seat's turn (and when the host's table offers hints)
// it asks the host for Hard's move for this seat; the answer shows its words
// and reasons above the board, the game's view lights the control that plays
// the move (a route on the map, a card, an option, a line end: its
// `lightHint(action)`, null to put it out), and the action bar's button plays it.
import { $, el } from "./dom.js";
import { t } from "./words.js";
import { S, askHint } from "./session.js";
import { setConfirm } from "./actionbar.js";

let shownFor = null;      // the hint (message) on screen

// after each draw: the button's state, and the hint while it still answers this turn
export function renderHint(mine, view) {
  const button = $("hint");
  const offered = mine && S.hints;
  button.hidden = !offered;
  button.disabled = S.hintAsked || S.inFlight;
  button.textContent = S.hintAsked ? t("Thinking…") : t("Hint");
  const hint = offered && S.hint && S.hint.version === S.version ? S.hint : null;
  let box = $("hint-box");
  if (!hint) {
    if (box) box.remove();
    if (shownFor && view.lightHint) view.lightHint(null);
    shownFor = null;
    return;
  }
  if (shownFor === hint) {
    // the view may have drawn its controls anew: the hinted one is lit again
    if (view.lightHint) view.lightHint(hint.action);
    return;
  }
  shownFor = hint;
  if (!box) {
    box = el("div", { id: "hint-box", "data-testid": "hint-box", role: "note" });
    $("play").prepend(box);
  }
  box.replaceChildren(el("strong", { text: t("Hint: {move}", { move: hint.words }) }),
    ...hint.lines.filter((line) => typeof line === "string").map((line) => el("p", { text: line })));
  if (view.lightHint) view.lightHint(hint.action);
  setConfirm(hint.words, hint.action, () => { S.hint = null; });
}

$("hint").addEventListener("click", () => askHint());
