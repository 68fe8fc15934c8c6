import assert from "node:assert/strict";
import { test } from "node:test";
import { readFileSync } from "node:fs";
import { arrivalDelays, cellKey, counted, fill, named, say, stepText } from "../src/text.js";

// The English texts as the widget sends them (townwidget/widget/texts.py): pairs become the forms for 0, 1, 2+.
/** @type {Record<string, string | string[]>} */
const messages = JSON.parse(readFileSync(new URL("../../townwidget/widget/texts.json", import.meta.url), "utf8"));
/** @type {import("../src/text.js").Texts} */
const texts = Object.fromEntries(
  Object.entries(messages).map(([key, m]) => [key, Array.isArray(m) ? [m[1], m[0], m[1]] : m]),
);
texts.tile_backs = ["an orange tile (shape not shown)", "a sky blue tile (shape not shown)"];
texts.cell = "row {row}, column {column}"; // added by Python (townwidget.advice.words.CELL)
/** French forms, to see that 0 takes the singular there */
const french = { tiles: ["{count} tuile", "{count} tuile", "{count} tuiles"] };

test("messages filled in, and counted in the forms the language has", () => {
  assert.equal(fill("Pile {pile}: {pile}", { pile: 2 }), "Pile 2: 2");
  assert.equal(fill("{unknown} stays", {}), "{unknown} stays");
  assert.equal(say(texts, "pile_empty", { pile: 3 }), "Pile 3: empty");
  assert.equal(counted(texts, "tiles", 1), "1 tile");
  assert.equal(counted(texts, "tiles", 0), "0 tiles");
  assert.equal(counted(texts, "workers_to_place", 5), "5 workers to place");
  assert.equal(counted(french, "tiles", 0), "0 tuile");
  assert.equal(counted(french, "tiles", 7), "7 tuiles");
});

test("cells in words, and sentences about a cell begun with a capital", async () => {
  const { cellWords, sayAboutCell } = await import("../src/text.js");
  assert.equal(cellWords(texts, [2, 3]), "row 3, column 4"); // counted from 1
  assert.equal(sayAboutCell(texts, "open_cell", [1, 0]), "Row 2, column 1 is open for this tile.");
  assert.equal(sayAboutCell(texts, "not_at", [0, 4], { reason: "taken" }), "Not at row 1, column 5: taken");
  const french = { cell: "rangée {row}, colonne {column}", open_cell: "{cell} est libre pour cette tuile." };
  assert.equal(sayAboutCell(french, "open_cell", [1, 0]), "Rangée 2, colonne 1 est libre pour cette tuile.");
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
  assert.equal(stepText(texts, -1, 7), "move 7 of 7");
  assert.equal(stepText(texts, 3, 7), "move 3 of 7 (read only)");
});

const names = { colour_names: ["orange", "sky blue"], shape_names: ["gable", "block"] };

test("tiles, cells and piles in words (what a screen reader announces)", async () => {
  const { littleTownCellLabel, pileLabel, tileName, townCellLabel } = await import("../src/text.js");
  assert.equal(tileName(names, texts, [1, 0]), "sky blue gable");
  assert.equal(tileName(names, texts, [0, null]), "an orange tile (shape not shown)");
  assert.equal(tileName(names, texts, "blank"), "a blank tile");
  const cell = /** @type {[number, number]} */ ([2, 3]);
  assert.equal(townCellLabel(names, texts, cell, { tile: [0, 1], legal: false, fit: null, pioneer: false }), "Row 3, column 4: orange block");
  assert.equal(
    townCellLabel(names, texts, [0, 0], { tile: null, legal: true, fit: 2, pioneer: true }),
    "Row 1, column 1: empty, the picked tile may go here, the pioneer's cell; 2 of your tiles fit here",
  );
  assert.equal(townCellLabel(names, texts, cell, { tile: null, legal: false, fit: 1, pioneer: false }), "Row 3, column 4: empty; 1 of your tiles fits here");
  assert.equal(pileLabel(names, texts, 0, [1, 1], 5), "Pile 1: sky blue block on top, 5 tiles (key 1)");
  assert.equal(pileLabel(names, texts, 3, null, 0), "Pile 4: empty");
  assert.equal(littleTownCellLabel(texts, [1, 4], "empty grass", "Place a worker"), "Row 2, column 5: empty grass. Place a worker");
  assert.equal(littleTownCellLabel(texts, [0, 2], "forest (wood)", ""), "Row 1, column 3: forest (wood)");
});
