import assert from "node:assert/strict";
import { test } from "node:test";
import { arrivalDelays, cellKey, named, plural, stepText } from "../src/text.js";

test("plural counts in words", () => {
  assert.equal(plural(1, "tile"), "1 tile");
  assert.equal(plural(0, "tile"), "0 tiles");
  assert.equal(plural(5, "worker"), "5 workers");
});

test("cell keys and class names", () => {
  assert.equal(cellKey([2, 3]), "2,3");
  assert.equal(named("tw", "log"), "tw-log gw-log");
});

test("new pieces appear one after another, only after the first draw", () => {
  const history = [
    { type: "place", cell: [0, 0] },
    { type: "pass" },
    { type: "place", cell: [0, 1] },
    { type: "place", cell: [1, 1] },
  ];
  const placed = (/** @type {{type: string}} */ entry) => entry.type === "place";
  assert.deepEqual([...arrivalDelays(history, null, placed, 100)], []);
  assert.deepEqual([...arrivalDelays(history, 1, placed, 100)], [
    ["0,1", 0],
    ["1,1", 100],
  ]);
  assert.deepEqual([...arrivalDelays(history, 4, placed, 100)], []);
});

test("the history slider's position in words", () => {
  assert.equal(stepText(-1, 7), "move 7 of 7");
  assert.equal(stepText(3, 7), "move 3 of 7 (read only)");
});
