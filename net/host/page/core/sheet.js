// The sheet: a panel that rises from the bottom of the screen over the page
// (a route's ways to pay, a choice), in reach of one thumb; the page behind
// it does not move. Escape or the close button puts it away.
import { $, el } from "./dom.js";
import { t } from "./words.js";

let onClose = null;

export function openSheet(title, body, closed = null) {
  const sheet = $("sheet");
  onClose = closed;
  sheet.replaceChildren(
    el("div", { class: "sheet-head" },
      el("h2", { id: "sheet-title", text: title }),
      el("button", { class: "close", "aria-label": t("Close"), onclick: closeSheet, text: "✕" })),
    body);
  sheet.setAttribute("aria-labelledby", "sheet-title");
  sheet.hidden = false;
  document.body.classList.add("sheet-open");
  const first = sheet.querySelector("[data-testid=pay], [data-testid=option], button.close");
  if (first) first.focus({ preventScroll: true });
}

export function closeSheet() {
  const sheet = $("sheet");
  if (sheet.hidden) return;
  sheet.hidden = true;
  sheet.replaceChildren();
  document.body.classList.remove("sheet-open");
  const done = onClose;
  onClose = null;
  if (done) done();
}

export const sheetOpen = () => !$("sheet").hidden;

document.addEventListener("keydown", (e) => { if (e.key === "Escape") closeSheet(); });
