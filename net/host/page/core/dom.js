// Making elements: HTML and SVG, with properties, attributes and children.
// (No innerHTML anywhere: every word the host sends is text, never markup.)

export const $ = (id) => document.getElementById(id);

function fill(node, props, kids) {
  for (const [k, v] of Object.entries(props)) {
    if (k === "class") node.setAttribute("class", v);
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids) if (kid !== null && kid !== undefined && kid !== false) node.append(kid);
  return node;
}

export const el = (tag, props = {}, ...kids) => fill(document.createElement(tag), props, kids);

const SVG_NS = "http://www.w3.org/2000/svg";
export const svg = (tag, props = {}, ...kids) => fill(document.createElementNS(SVG_NS, tag), props, kids);

// Each part of the page is rebuilt only when what it shows has changed: an
// update then costs the phone's next frame only the parts it changes.
const drawn = {};
export function changed(part, ...what) {
  const key = JSON.stringify(what);
  if (drawn[part] === key) return false;
  drawn[part] = key;
  return true;
}
export function forget(part) { delete drawn[part]; }
// every part drawn anew (the controls a tap disabled, when no update answers it)
export function forgetAll() { for (const part of Object.keys(drawn)) delete drawn[part]; }
