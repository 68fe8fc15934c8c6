import assert from "node:assert/strict";
import { test } from "node:test";
import shared from "../../townwidget/widget/front_end.json" with { type: "json" };
import { common, intent, keyAction, littleTown, town } from "../src/intents.js";

test("each control sends its intent", () => {
  assert.deepEqual(common.undo(), { intent: "undo" });
  assert.deepEqual(common.newGame(), { intent: "new_game" });
  assert.deepEqual(common.step(3), { intent: "step", step: 3 });
  assert.deepEqual(common.step(null), { intent: "step", step: null });
  assert.deepEqual([common.hint(), common.review()], [{ intent: "hint" }, { intent: "review" }]);
  assert.deepEqual(common.uncover(), { intent: "uncover" }); // hot-seat: show the next person's hand
  assert.deepEqual(town.pickPile(2), { intent: "select", pile: 2 });
  assert.deepEqual(town.pickTile([4, 1]), { intent: "select", tile: [4, 1] });
  assert.deepEqual(town.place([0, 6]), { intent: "place", cell: [0, 6] });
  assert.deepEqual(town.flip(true), { intent: "flip", on: true });
  assert.deepEqual(town.inspect(false), { intent: "inspect", on: false });
  assert.deepEqual([town.deselect(), town.exchange(), town.discard(), town.pass()], [
    { intent: "deselect" },
    { intent: "exchange" },
    { intent: "discard" },
    { intent: "pass" },
  ]);
  assert.deepEqual(town.choose([2, 3]), { intent: "choose", tile: [2, 3] });
  assert.deepEqual([town.planDiscard("drawn"), town.planDiscard(null), town.planDiscard([1, 0])], [
    { intent: "plan_discard", tile: "drawn" },
    { intent: "plan_discard", tile: null },
    { intent: "plan_discard", tile: [1, 0] },
  ]);
  assert.deepEqual(town.explicitSteps(true), { intent: "explicit_steps", on: true });
  assert.deepEqual(littleTown.cell([5, 8]), { intent: "cell", cell: [5, 8] });
  assert.deepEqual(littleTown.build("bakery"), { intent: "build", building: "bakery" });
  assert.deepEqual(littleTown.act({ type: "done" }), { intent: "act", action: { type: "done" } });
});

test("a message names an intent of front_end.json and carries only its keys", () => {
  assert.deepEqual(intent(shared.intents.town, "place", { cell: [1, 2] }), { intent: "place", cell: [1, 2] });
  assert.throws(() => intent(shared.intents.town, "plaice", { cell: [1, 2] }), /lists no intent "plaice"/);
  assert.throws(() => intent(shared.intents.town, "place", { cel: [1, 2] }), /no key\(s\) cel/);
  assert.throws(() => intent(shared.intents.common, "toString"), /lists no intent "toString"/);
});

test("every intent Python takes is one a control sends", () => {
  const sent = [...Object.values(common), ...Object.values(town), ...Object.values(littleTown)].map((make) =>
    /** @type {(value?: any) => {intent: string}} */ (make)(null).intent,
  );
  const listed = Object.entries(shared.intents).flatMap(([game, table]) => (game === "about" ? [] : Object.keys(table)));
  assert.deepEqual([...new Set(sent)].sort(), listed.sort()); // choose: a box ticked beside the board
});

const intents = { play: town.place, escape: town.deselect, pick: town.pickPile };
/** @typedef {import("../src/intents.js").KeyContext} KeyContext */
/**
 * A key's context on a 7 x 7 board with 3 piles, the first lit cell at [2, 3].
 * @param {Partial<KeyContext>} over
 * @returns {KeyContext}
 */
const context = (over) => ({ place: "cell", cursor: null, rows: 7, columns: 7, start: [2, 3], choices: 3, ...over });

test("arrows move the board cursor whatever has the focus, except a slider", () => {
  assert.deepEqual(keyAction("ArrowDown", context({ cursor: [1, 1] }), intents), { cursor: [2, 1] });
  // from a pile button (a mouse pick left the focus there): the cursor comes back to the board, unmoved
  assert.deepEqual(keyAction("ArrowDown", context({ place: "control", cursor: [1, 1] }), intents), { cursor: [1, 1] });
  assert.deepEqual(keyAction("ArrowLeft", context({ place: "control" }), intents), { cursor: [2, 3] });
  // right after a pick put the cursor on the board, the first arrow shows it without moving it
  assert.deepEqual(keyAction("ArrowUp", context({ cursor: [2, 3], fresh: true }), intents), { cursor: [2, 3] });
  assert.equal(keyAction("ArrowUp", context({ place: "slider", cursor: [1, 1] }), intents), null);
});

test("Enter plays the focused cell, Escape drops, digits pick and send the focus to the board", () => {
  assert.deepEqual(keyAction("Enter", context({ cursor: [4, 5] }), intents), { intent: { intent: "place", cell: [4, 5] } });
  assert.deepEqual(keyAction(" ", context({ cursor: [4, 5] }), intents), { intent: { intent: "place", cell: [4, 5] } });
  assert.equal(keyAction("Enter", context({ place: "control", cursor: [4, 5] }), intents), null); // the button's own
  assert.deepEqual(keyAction("Enter", context({ place: "root" }), intents), { cursor: [2, 3] });
  assert.deepEqual(keyAction("Escape", context({}), intents), { intent: { intent: "deselect" } });
  assert.deepEqual(keyAction("2", context({}), intents), { intent: { intent: "select", pile: 1 }, toBoard: true });
  assert.equal(keyAction("4", context({}), intents), null); // only 3 piles
  assert.equal(keyAction("x", context({}), intents), null);
  assert.equal(keyAction("1", context({}), { play: littleTown.cell, escape: () => common.step(null) }), null);
});
