import assert from "node:assert/strict";
import { test } from "node:test";
import { cellOrigin, isArrow, moveCursor } from "../src/geometry.js";

test("cells are drawn after the margin, row down and column across", () => {
  assert.deepEqual(cellOrigin([0, 0], 48, 22), { x: 22, y: 22 });
  assert.deepEqual(cellOrigin([2, 3], 48, 22), { x: 22 + 3 * 48, y: 22 + 2 * 48 });
});

test("the first arrow shows the cursor where it starts, later ones move it and stop at the edges", () => {
  assert.ok(isArrow("ArrowLeft") && !isArrow("Enter"));
  assert.deepEqual(moveCursor(null, "ArrowDown", 7, 7, [3, 4]), [3, 4]);
  assert.deepEqual(moveCursor([3, 4], "ArrowDown", 7, 7, [0, 0]), [4, 4]);
  assert.deepEqual(moveCursor([3, 4], "ArrowLeft", 7, 7, [0, 0]), [3, 3]);
  assert.deepEqual(moveCursor([0, 0], "ArrowUp", 7, 7, [0, 0]), [0, 0]);
  assert.deepEqual(moveCursor([5, 8], "ArrowRight", 6, 9, [0, 0]), [5, 8]);
  assert.deepEqual(moveCursor([5, 8], "ArrowDown", 6, 9, [0, 0]), [5, 8]);
});
