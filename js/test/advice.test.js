import assert from "node:assert/strict";
import { test } from "node:test";
import {
  ADVICE_WORDS,
  assistedText,
  decimal,
  estimateText,
  hintTargets,
  moveReviewText,
  parStep,
  parStepText,
  sameAction,
  words,
} from "../src/advice.js";

test("a hint points at its cells and at the pile, hand tiles or building it takes", () => {
  const solo = { action: { type: "place", pile: 2, tile: [4, 1], cell: [1, 3] }, cells: [[1, 3]] };
  assert.deepEqual(hintTargets(solo), { cells: ["1,3"], pile: 2, tiles: [], building: null });
  const hand = { action: { type: "place", tile: [4, 1], cell: [0, 0] }, cells: [[0, 0]] };
  assert.deepEqual(hintTargets(hand), { cells: ["0,0"], pile: null, tiles: ["4,1"], building: null });
  const exchange = { action: { type: "exchange", tiles: [[1, 2], [1, 2], [3, 0]] }, cells: [] };
  assert.deepEqual(hintTargets(exchange).tiles, ["1,2", "1,2", "3,0"]);
  const build = { action: { type: "build", building: "bakery" }, cells: [] };
  assert.deepEqual(hintTargets(build), { cells: [], pile: null, tiles: [], building: "bakery" });
  assert.deepEqual(hintTargets({}), { cells: [], pile: null, tiles: [], building: null });
});

test("actions are the same whatever the order of their keys, and differ in any value", () => {
  assert.ok(sameAction({ type: "pay", coins_for: ["wood"] }, { coins_for: ["wood"], type: "pay" }));
  assert.ok(!sameAction({ type: "pay", coins_for: ["wood"] }, { type: "pay", coins_for: ["stone"] }));
  assert.ok(!sameAction({ type: "pay", coins_for: [] }, { type: "pay" }));
  assert.ok(!sameAction({ type: "done" }, undefined));
  assert.ok(!sameAction([1, 2], [1, 2, 3]));
});

const reviewed = {
  unit: "tiles",
  moves: [
    {
      number: 0,
      words: "orange gable to row 0, column 0",
      best_words: "orange gable to row 0, column 0",
      action: { type: "place", cell: [0, 0] },
      best: { cell: [0, 0], type: "place" },
      shown: { before: { mean: 30.14, se: 0.42 }, after: { mean: 30.14, se: 0.42 }, loss: { mean: 0, se: 0 } },
      label: "best",
      label_words: "best",
    },
    {
      number: 2,
      words: "green tower to [1, 2]",
      best_words: "red block to [2, 2]",
      action: { type: "place", cell: [1, 2] },
      best: { type: "place", cell: [2, 2] },
      shown: { before: { mean: 29.9, se: 0.5 }, after: { mean: 28.26, se: 0.61 }, loss: { mean: 1.64, se: 0.2 } },
      label: "inaccuracy",
      label_words: "inaccuracy",
    },
  ],
};

test("the move on the history slider in words: estimates with standard errors, its cost, the best measured", () => {
  assert.equal(
    moveReviewText(undefined, reviewed, 3), // the slider after move 3 (number 2, from 0)
    "Move 3 (inaccuracy): you played green tower to [1, 2]. Expected 29.9 ± 0.5 tiles before it, 28.3 ± 0.6 tiles after it " +
      "(cost 1.6 ± 0.2 tiles). Best measured: red block to [2, 2].",
  );
  assert.match(moveReviewText(undefined, reviewed, 1), /^Move 1 \(best\): .* \(cost 0\.0 ± 0\.0 tiles\)\. The best move measured\.$/);
  assert.equal(moveReviewText(undefined, reviewed, 2), "Move 2 was not yours: move the history slider to one of your moves.");
  assert.equal(moveReviewText(undefined, reviewed, -1), ADVICE_WORDS.slide_hint);
  assert.equal(estimateText(undefined, { mean: 1.44, se: 0.25 }, "rank"), "rank 1.4 ± 0.3");
  assert.equal(estimateText({ estimate_rank: "rang {value}" }, { mean: 1.44, se: 0.25 }, "rank"), "rang 1.4 ± 0.3");
  const french = {
    estimate_tiles: "{value} tuiles",
    move_review: "Coup {move} ({label}) : {played}. {before} avant, {after} après (coût {loss}).",
    best_played: "Le meilleur.",
    decimal_point: ",",
  };
  assert.equal(
    moveReviewText(french, reviewed, 1),
    "Coup 1 (best) : orange gable to row 0, column 0. 30,1 ± 0,4 tuiles avant, 30,1 ± 0,4 tuiles après (coût 0,0 ± 0,0 tuiles). Le meilleur.",
  );
  assert.equal(decimal(undefined, -0.01), "0.0"); // no "-0.0"
});

test("a Little Town move in VP, with what it cost in the game's own words", () => {
  const vp = {
    unit: "VP",
    moves: [
      {
        number: 4,
        words: "end the turn",
        best_words: "build the Pier",
        action: { type: "done" },
        best: { type: "build", building: "pier" },
        shown: { before: { mean: 21.5, se: 1.0 }, after: { mean: 17.5, se: 1.2 }, loss: { mean: 4.0, se: 0.5 } },
        label: "mistake",
        label_words: "mistake",
        notes: ["this worker gathered nothing", "2 workers went hungry: -6 VP"],
      },
    ],
  };
  assert.equal(
    moveReviewText(undefined, vp, 5),
    "Move 5 (mistake): you played end the turn. Expected 21.5 ± 1.0 VP before it, 17.5 ± 1.2 VP after it (cost 4.0 ± 0.5 VP). " +
      "Best measured: build the Pier. This worker gathered nothing. 2 workers went hungry: -6 VP.",
  );
});

test("the hints used and the par line in words", () => {
  assert.equal(assistedText(undefined, 0), "");
  assert.equal(assistedText(undefined, 1), "Played with 1 hint: this result is marked as assisted.");
  assert.equal(assistedText(undefined, 3), "Played with 3 hints: this result is marked as assisted.");
  const line = ["orange gable to row 0, column 0", "green tower to row 0, column 1"];
  assert.equal(parStepText(undefined, line, 0), "Par line, the deal (move 0 of 2): no tile placed yet.");
  assert.equal(parStepText(undefined, line, 2), "Par line, move 2 of 2: green tower to row 0, column 1.");
});

test("words take a translation when one is given, and keep unknown values marked", () => {
  assert.equal(words({ hint: "Indice" }, "hint"), "Indice");
  assert.equal(words(undefined, "suggestion", { text: "x" }), "Hint: x");
  assert.equal(words(undefined, "played_with"), "Played with {count} hints: this result is marked as assisted.");
});

test("the par line steps from the deal to its last move and no further", () => {
  assert.equal(parStep(null, "show", 5), 0);
  assert.equal(parStep(0, "previous", 5), 0);
  assert.equal(parStep(0, "next", 5), 1);
  assert.equal(parStep(5, "next", 5), 5);
  assert.equal(parStep(3, "previous", 5), 2);
  assert.equal(parStep(3, "hide", 5), null);
});
