// Pinch-zoom, pan and double-tap zoom for an SVG map, as map apps do them:
// while a finger moves, only a CSS transform changes (the compositor moves
// the picture, nothing is laid out or painted again); when it lifts, the new
// view is written to the viewBox once, so the map is crisp again. A tap that
// did not move is left to the map's own click handlers.

const TAP_SLOP = 8;          // px a finger may move and still tap
const DOUBLE_TAP_MS = 320;
const MOST_ZOOM = 8;

export class MapView {
  constructor(svgEl, width, height, onView = () => {}) {
    this.svg = svgEl;
    this.full = { x: 0, y: 0, w: width, h: height };
    this.box = { ...this.full };
    this.onView = onView;
    this.pointers = new Map();
    this.start = null;
    this.moved = false;
    this.lastTap = 0;
    this.suppressClick = false;
    svgEl.setAttribute("viewBox", `0 0 ${width} ${height}`);
    svgEl.addEventListener("pointerdown", (e) => this.down(e));
    svgEl.addEventListener("pointermove", (e) => this.move(e));
    svgEl.addEventListener("pointerup", (e) => this.up(e));
    svgEl.addEventListener("pointercancel", (e) => this.up(e));
    svgEl.addEventListener("wheel", (e) => this.wheel(e), { passive: false });
    // a click after a drag is no tap
    svgEl.addEventListener("click", (e) => {
      if (this.suppressClick) { e.stopPropagation(); e.preventDefault(); this.suppressClick = false; }
    }, true);
  }

  // screen px per map unit at the committed view
  get scale() {
    const r = this.svg.getBoundingClientRect();
    return r.width / this.box.w || 1;
  }

  // a point on the screen in map units, at the committed view
  toMap(clientX, clientY) {
    const r = this.svg.getBoundingClientRect();
    return { x: this.box.x + (clientX - r.left) / r.width * this.box.w,
      y: this.box.y + (clientY - r.top) / r.height * this.box.h };
  }

  down(e) {
    // the map's place on the screen, read once per gesture (never per frame)
    if (!this.pointers.size) this.rect = this.svg.getBoundingClientRect();
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (this.pointers.size === 1) {
      this.start = { pts: new Map(this.pointers), box: { ...this.box } };
      this.moved = false;
    } else {
      this.start = { pts: new Map(this.pointers), box: { ...this.box } };
    }
  }

  move(e) {
    if (!this.pointers.has(e.pointerId) || !this.start) return;
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const [a0, b0] = [...this.start.pts.values()];
    const [a1, b1] = [...this.pointers.values()];
    if (!this.moved) {
      const far = Math.hypot(a1.x - a0.x, a1.y - a0.y) > TAP_SLOP || this.pointers.size > 1;
      if (!far) return;
      this.moved = true;
      try { this.svg.setPointerCapture(e.pointerId); } catch (err) { /* gone already */ }
    }
    let zoom = 1, cx = a1.x, cy = a1.y, ox = a0.x, oy = a0.y;
    if (b0 && b1) {
      zoom = Math.hypot(b1.x - a1.x, b1.y - a1.y) / (Math.hypot(b0.x - a0.x, b0.y - a0.y) || 1);
      cx = (a1.x + b1.x) / 2; cy = (a1.y + b1.y) / 2;
      ox = (a0.x + b0.x) / 2; oy = (a0.y + b0.y) / 2;
    }
    this.pending = { zoom, cx, cy, ox, oy };
    if (!this.frame) this.frame = requestAnimationFrame(() => this.paint());
  }

  paint() {
    this.frame = null;
    const p = this.pending;
    if (!p) return;
    const r = this.rect;
    const zoom = this.clampZoom(p.zoom);
    // move the picture so the point under the fingers' first middle follows them
    const tx = p.cx - r.left - (p.ox - r.left) * zoom;
    const ty = p.cy - r.top - (p.oy - r.top) * zoom;
    this.svg.style.transform = `translate(${tx}px, ${ty}px) scale(${zoom})`;
  }

  clampZoom(zoom) {
    const start = this.start ? this.start.box.w : this.box.w;
    const most = this.full.w / MOST_ZOOM;
    return Math.min(Math.max(zoom, start / this.full.w), start / most);
  }

  up(e) {
    if (!this.pointers.has(e.pointerId)) return;
    if (this.moved && this.pending) {
      const p = this.pending;
      const zoom = this.clampZoom(p.zoom);
      const r = this.rect;
      const box = this.start.box;
      // the map point that was under the first middle is now under the last one
      const mx = box.x + (p.ox - r.left) / r.width * box.w;
      const my = box.y + (p.oy - r.top) / r.height * box.h;
      const w = box.w / zoom, h = box.h / zoom;
      this.setBox(mx - (p.cx - r.left) / r.width * w, my - (p.cy - r.top) / r.height * h, w, h);
      this.suppressClick = true;
      setTimeout(() => { this.suppressClick = false; }, 0);
    } else if (!this.moved && this.pointers.size === 1) {
      const now = performance.now();
      if (now - this.lastTap < DOUBLE_TAP_MS) {
        this.lastTap = 0;
        const at = this.toMap(e.clientX, e.clientY);
        if (this.box.w <= this.full.w / 4) this.reset();
        else this.zoomAt(at, 2);
      } else {
        this.lastTap = now;
      }
    }
    this.pointers.delete(e.pointerId);
    this.pending = null;
    this.start = this.pointers.size ? { pts: new Map(this.pointers), box: { ...this.box } } : null;
  }

  wheel(e) {
    e.preventDefault();
    this.zoomAt(this.toMap(e.clientX, e.clientY), e.deltaY < 0 ? 1.25 : 0.8);
  }

  zoomAt(at, factor) {
    const w = Math.min(this.full.w, Math.max(this.full.w / MOST_ZOOM, this.box.w / factor));
    const h = w * this.full.h / this.full.w;
    const fx = (at.x - this.box.x) / this.box.w, fy = (at.y - this.box.y) / this.box.h;
    this.setBox(at.x - fx * w, at.y - fy * h, w, h);
  }

  // show map points (x, y) around `at`, zoomed in so they fill a part of the view
  focus(points) {
    if (!points.length) return;
    const xs = points.map((p) => p.x), ys = points.map((p) => p.y);
    const pad = this.full.w / 14;
    const x0 = Math.min(...xs) - pad, x1 = Math.max(...xs) + pad;
    const y0 = Math.min(...ys) - pad, y1 = Math.max(...ys) + pad;
    let w = Math.max(x1 - x0, (y1 - y0) * this.full.w / this.full.h, this.full.w / MOST_ZOOM);
    w = Math.min(w, this.full.w);
    const h = w * this.full.h / this.full.w;
    this.setBox((x0 + x1) / 2 - w / 2, (y0 + y1) / 2 - h / 2, w, h);
  }

  reset() { this.setBox(0, 0, this.full.w, this.full.h); }

  setBox(x, y, w, h) {
    x = Math.min(Math.max(x, this.full.x), this.full.w - w);
    y = Math.min(Math.max(y, this.full.y), this.full.h - h);
    this.box = { x, y, w, h };
    this.svg.style.transform = "";
    this.svg.setAttribute("viewBox", `${x.toFixed(1)} ${y.toFixed(1)} ${w.toFixed(1)} ${h.toFixed(1)}`);
    this.onView(this);
  }
}
