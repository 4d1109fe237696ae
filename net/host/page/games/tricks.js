// The tricks game on the phone: the seat's private cards; its moves from the
// shared list (core/moves.js) until this view draws them as controls.
import { $, changed } from "../core/dom.js";
import { plainHand } from "../core/plainhand.js";

function render(ctx) {
  const view = ctx.S.view || {};
  if (!changed("tricks-hand", view.private, view.players, ctx.S.seat)) return;
  $("game").replaceChildren(plainHand(view, ctx.S.seat));
}

export default {
  handles: () => false,
  prepare: async () => {},
  render,
  table: () => {},
};
