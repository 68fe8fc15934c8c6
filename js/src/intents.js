// The intents each control sends, and what a key press does. Pure functions (no DOM), tested with node --test:
// the front end decides nothing, it only reports what the player did, as these small messages.
import { isArrow, moveCursor } from "./geometry.js";

/** @typedef {[number, number]} Cell */
/** @typedef {[number, number | null]} Tile */
/** @typedef {Record<string, unknown> & {intent: string}} Intent */

/** The messages of the controls both widgets have. */
export const common = {
  undo: () => ({ intent: "undo" }),
  newGame: () => ({ intent: "new_game" }),
  /** @param {number | null} step a history frame, or null for the game itself */
  step: (step) => ({ intent: "step", step }),
};

/** TownWidget's messages. */
export const town = {
  /** @param {number} pile */
  pickPile: (pile) => ({ intent: "select", pile }),
  /** @param {Tile} tile */
  pickTile: (tile) => ({ intent: "select", tile }),
  /** @param {Cell} cell */
  place: (cell) => ({ intent: "place", cell }),
  deselect: () => ({ intent: "deselect" }),
  /** @param {boolean} on */
  flip: (on) => ({ intent: "flip", on }),
  /** @param {boolean} on */
  inspect: (on) => ({ intent: "inspect", on }),
  exchange: () => ({ intent: "exchange" }),
  discard: () => ({ intent: "discard" }),
  pass: () => ({ intent: "pass" }),
};

/** LittleTownWidget's messages. */
export const littleTown = {
  /** @param {Cell} cell */
  cell: (cell) => ({ intent: "cell", cell }),
  /** @param {string} building */
  build: (building) => ({ intent: "build", building }),
  /** @param {object} action an engine action dict, as Python listed it */
  act: (action) => ({ intent: "act", action }),
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
