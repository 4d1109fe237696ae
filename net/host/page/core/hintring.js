// A hinted move's control, lit: a dashed ring round it and a star on it (the
// ring is never colour alone), described by the hint's words for a screen
// reader, and put out when the hint goes. Each game's view finds the control
// that plays the hinted action (its `lightHint`); this module only marks it,
// so every view lights the same way.
const LIT = "hint-lit";

// light `node` (null: light nothing), putting out whatever was lit before
export function lightControl(node) {
  for (const old of document.querySelectorAll(`.${LIT}`)) {
    if (old === node) continue;
    old.classList.remove(LIT);
    if (old.getAttribute("aria-describedby") === "hint-box") old.removeAttribute("aria-describedby");
  }
  if (!node) return;
  node.classList.add(LIT);
  if (!node.hasAttribute("aria-describedby")) node.setAttribute("aria-describedby", "hint-box");
}

