// The intents each control sends, and what a key press does. Pure functions (no DOM), tested with node --test:
// the front end decides nothing, it only reports what the player did, as these small messages.
import shared from "../../townwidget/widget/front_end.json" with { type: "json" };
import { isArrow, moveCursor } from "./geometry.js";

/** @typedef {[number, number]} Cell */
/** @typedef {[number, number | null]} Tile */
/** @typedef {Record<string, unknown> & {intent: string}} Intent */

/**
 * The intents and their keys, from townwidget/widget/front_end.json, which Python reads too
 * (townwidget/widget/intents.py): a message names an intent of its table and carries only that intent's keys.
 * @typedef {Record<string, {keys: string[]}>} IntentTable
 */
const INTENTS = /** @type {{common: IntentTable, town: IntentTable, littletown: IntentTable}} */ (shared.intents);

/**
 * The message of intent `kind` of `table` with `fields` (each one of its keys); a name or key the JSON does not
 * list throws, so a control cannot send what Python does not take.
 * @param {IntentTable} table
 * @param {string} kind
 * @param {Record<string, unknown>} [fields]
 * @returns {Intent}
 */
export function intent(table, kind, fields = {}) {
  const entry = Object.hasOwn(table, kind) ? table[kind] : undefined;
  if (!entry) throw new Error(`front_end.json lists no intent ${JSON.stringify(kind)}`);
  const unknown = Object.keys(fields).filter((key) => !entry.keys.includes(key));
  if (unknown.length) throw new Error(`a ${kind} intent has no key(s) ${unknown.join(", ")} in front_end.json`);
  return { intent: kind, ...fields };
}

const { common: COMMON, town: TOWN_INTENTS, littletown: LITTLE_TOWN_INTENTS } = INTENTS;

/** The messages of the controls both widgets have. */
export const common = {
  undo: () => intent(COMMON, "undo"),
  newGame: () => intent(COMMON, "new_game"),
  /** @param {number | null} step a history frame, or null for the game itself */
  step: (step) => intent(COMMON, "step", { step }),
  hint: () => intent(COMMON, "hint"),
  review: () => intent(COMMON, "review"),
  /** hot-seat: the person the screen was passed to shows their hand */
  uncover: () => intent(COMMON, "uncover"),
};

/** TownWidget's messages. */
export const town = {
  /** @param {number} pile */
  pickPile: (pile) => intent(TOWN_INTENTS, "select", { pile }),
  /** @param {Tile} tile */
  pickTile: (tile) => intent(TOWN_INTENTS, "select", { tile }),
  /** @param {Cell} cell */
  place: (cell) => intent(TOWN_INTENTS, "place", { cell }),
  deselect: () => intent(TOWN_INTENTS, "deselect"),
  /** @param {boolean} on */
  flip: (on) => intent(TOWN_INTENTS, "flip", { on }),
  /** @param {boolean} on */
  inspect: (on) => intent(TOWN_INTENTS, "inspect", { on }),
  exchange: () => intent(TOWN_INTENTS, "exchange"),
  discard: () => intent(TOWN_INTENTS, "discard"),
  pass: () => intent(TOWN_INTENTS, "pass"),
  /** @param {Tile} tile a hand tile, in or out of the set to exchange */
  choose: (tile) => intent(TOWN_INTENTS, "choose", { tile }),
  /** @param {Tile | "drawn" | null} tile what a one-click turn discards after the draw (null: keep the hand) */
  planDiscard: (tile) => intent(TOWN_INTENTS, "plan_discard", { tile }),
  /** @param {boolean} on ask for the exchange and the discard as steps of the turn */
  explicitSteps: (on) => intent(TOWN_INTENTS, "explicit_steps", { on }),
};

/** LittleTownWidget's messages. */
export const littleTown = {
  /** @param {Cell} cell */
  cell: (cell) => intent(LITTLE_TOWN_INTENTS, "cell", { cell }),
  /** @param {string} building */
  build: (building) => intent(LITTLE_TOWN_INTENTS, "build", { building }),
  /** @param {object} action an engine action dict, as Python listed it */
  act: (action) => intent(LITTLE_TOWN_INTENTS, "act", { action }),
};

/**
 * Where a key was pressed: on a board cell, on the view itself, in a control that uses the key itself (a slider
 * takes arrows; a button or a checkbox takes Enter and Space), or elsewhere.
 * @typedef {"cell" | "root" | "slider" | "control"} KeyPlace
 */

/**
 * @typedef {object} KeyContext
 * @property {KeyPlace} place
 * @property {Cell | null} cursor the board cell that has (or last had) the keyboard focus
 * @property {number} rows
 * @property {number} columns
 * @property {Cell} start where a new cursor appears (e.g. the first lit cell)
 * @property {number} choices how many pile tops or hand tiles the digits 1..9 may pick
 * @property {boolean} [fresh] the cursor was just put on the board by a pick: the first arrow only shows it
 */

/**
 * @typedef {object} KeyAction
 * @property {Intent} [intent] a message for Python
 * @property {Cell} [cursor] a board cell to focus
 * @property {boolean} [toBoard] focus the board once Python has answered (after a pick by digit)
 */

/**
 * What a key does in a game view, whatever was clicked last: arrows move the board cursor from anywhere but a
 * slider; Enter or Space on the board plays its cell (`play(cell)`); Escape drops the pick (`escape`); digits pick
 * the n-th pile top or hand tile (`pick(index)`). `null`: the key is not the view's (the browser keeps it).
 * @param {string} key
 * @param {KeyContext} context
 * @param {{play: (cell: Cell) => Intent, escape: () => Intent, pick?: (index: number) => Intent}} intents
 * @returns {KeyAction | null}
 */
export function keyAction(key, context, intents) {
  const { place, cursor } = context;
  if (isArrow(key)) {
    if (place === "slider") return null;
    const onBoard = (place === "cell" || place === "root") && !context.fresh;
    return { cursor: moveCursor(onBoard ? cursor : null, key, context.rows, context.columns, cursor || context.start) };
  }
  if (key === "Enter" || key === " ") {
    if (place === "cell" && cursor) return { intent: intents.play(cursor) };
    if (place === "root") return { cursor: cursor || context.start };
    return null;
  }
  if (key === "Escape") return { intent: intents.escape() };
  if (intents.pick && /^[1-9]$/.test(key) && Number(key) <= context.choices) {
    return { intent: intents.pick(Number(key) - 1), toBoard: true };
  }
  return null;
}
