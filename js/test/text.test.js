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

const names = { colour_names: ["orange", "sky blue"], shape_names: ["gable", "block"] };

test("tiles, cells and piles in words (what a screen reader announces)", async () => {
  const { littleTownCellLabel, pileLabel, tileName, townCellLabel } = await import("../src/text.js");
  assert.equal(tileName(names, [1, 0]), "sky blue gable");
  assert.equal(tileName(names, [0, null]), "an orange tile (shape not shown)");
  assert.equal(tileName(names, "blank"), "a blank tile");
  const cell = /** @type {[number, number]} */ ([2, 3]);
  assert.equal(townCellLabel(names, cell, { tile: [0, 1], legal: false, fit: null, pioneer: false }), "Row 2, column 3: orange block");
  assert.equal(
    townCellLabel(names, [0, 0], { tile: null, legal: true, fit: 2, pioneer: true }),
    "Row 0, column 0: empty, the picked tile may go here, the pioneer's cell; 2 of your tiles fit here",
  );
  assert.equal(townCellLabel(names, cell, { tile: null, legal: false, fit: 1, pioneer: false }), "Row 2, column 3: empty; 1 of your tiles fits here");
  assert.equal(pileLabel(names, 0, [1, 1], 5), "Pile 0: sky blue block on top, 5 tiles (key 1)");
  assert.equal(pileLabel(names, 3, null, 0), "Pile 3: empty");
  assert.equal(littleTownCellLabel([1, 4], "empty grass", "Place a worker"), "Row 1, column 4: empty grass. Place a worker");
  assert.equal(littleTownCellLabel([0, 2], "forest (wood)", ""), "Row 0, column 2: forest (wood)");
});
