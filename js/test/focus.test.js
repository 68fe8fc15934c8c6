import assert from "node:assert/strict";
import { test } from "node:test";
import { focusedKey, refocus } from "../src/focus.js";

/** A stand-in for a view's root: holds elements by data-key and records which one was focused. */
function fakeRoot(/** @type {string[]} */ keys) {
  /** @type {string[]} */
  const focused = [];
  const nodes = keys.map((key) => ({ dataset: { key }, focus: () => focused.push(key) }));
  return {
    focused,
    nodes,
    contains: (/** @type {any} */ node) => nodes.includes(node),
    querySelector: (/** @type {string} */ selector) => nodes.find((node) => selector === `[data-key="${node.dataset.key}"]`) || null,
  };
}

test("the focused control's key is read only inside the view", () => {
  const root = fakeRoot(["undo", "cell-1-2"]);
  assert.equal(focusedKey(root, root.nodes[1]), "cell-1-2");
  assert.equal(focusedKey(root, { dataset: { key: "elsewhere" } }), undefined);
  assert.equal(focusedKey(root, null), undefined);
});

test("after a redraw the same key takes the focus again", () => {
  const root = fakeRoot(["undo", "cell-1-2"]);
  assert.equal(refocus(/** @type {any} */ (root), "cell-1-2"), true);
  assert.equal(refocus(/** @type {any} */ (root), "gone"), false);
  assert.equal(refocus(/** @type {any} */ (root), undefined), false);
  assert.deepEqual(root.focused, ["cell-1-2"]);
});

test("after a pick the board cursor stays where the tile may go, else goes to the first cell where it may", async () => {
  const { cellAfterPick } = await import("../src/focus.js");
  assert.deepEqual(cellAfterPick([1, 2], [[0, 0], [1, 2]]), [1, 2]);
  assert.deepEqual(cellAfterPick([3, 3], [[0, 1], [1, 2]]), [0, 1]);
  assert.deepEqual(cellAfterPick(null, [[0, 1]]), [0, 1]);
  assert.deepEqual(cellAfterPick([3, 3], []), [3, 3]);
  assert.deepEqual(cellAfterPick(null, []), [0, 0]);
});
