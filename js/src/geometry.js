// Board geometry: where cells are drawn and how the keyboard cursor moves. Pure functions, tested with node --test.

/** @typedef {[number, number]} Cell */

/** @type {Record<string, Cell>} */
const STEPS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

/**
 * Whether `key` is an arrow key.
 * @param {string} key
 */
export const isArrow = (key) => key in STEPS;

/**
 * The top-left corner of a cell on a board drawn with `cell`-sized squares after a `margin` for the coordinates.
 * @param {Cell} at [row, column]
 * @param {number} cell
 * @param {number} margin
 * @returns {{x: number, y: number}}
 */
export const cellOrigin = (at, cell, margin) => ({ x: margin + at[1] * cell, y: margin + at[0] * cell });

/**
 * The cursor after an arrow key, kept on the board; a first arrow puts it on `start` without moving it.
 * @param {Cell | null} cursor
 * @param {string} key an arrow key
 * @param {number} rows
 * @param {number} columns
 * @param {Cell} start where a new cursor appears (e.g. the first lit cell)
 * @returns {Cell}
 */
export function moveCursor(cursor, key, rows, columns, start) {
  if (!cursor) return [...start];
  const [dr, dc] = STEPS[key] || [0, 0];
  return [clamp(cursor[0] + dr, rows - 1), clamp(cursor[1] + dc, columns - 1)];
}

/**
 * @param {number} value
 * @param {number} high
 */
const clamp = (value, high) => Math.min(high, Math.max(0, value));
