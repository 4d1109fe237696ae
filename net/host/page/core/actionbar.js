// The action bar: the one primary button, at the bottom of the screen where a
// thumb rests. A view puts an action there once the player has picked it (a
// route and its payment, the tickets to keep); the tap sends it.
import { $ } from "./dom.js";
import { S, act } from "./session.js";

let pending = null;
let after = null;

// `label` says what confirming does; `action` is a legal action or null (then
// the button waits, disabled); `done` runs once it is sent
export function setConfirm(label, action, done = null) {
  pending = action;
  after = done;
  const bar = $("actionbar");
  bar.hidden = false;
  document.body.classList.add("has-bar");
  $("confirm-what").textContent = label || "";
  const button = $("confirm");
  button.disabled = S.inFlight || !action;
}

export function clearConfirm() {
  pending = null;
  after = null;
  $("actionbar").hidden = true;
  document.body.classList.remove("has-bar");
  $("confirm-what").textContent = "";
}

$("confirm").addEventListener("click", () => {
  if (!pending || S.inFlight) return;
  const action = pending, done = after;
  clearConfirm();
  if (done) done();
  act(action);
});
