// Words and keys built from the synced traits: pure functions (no DOM), tested with node --test.

/** @typedef {[number, number]} Cell */

/**
 * "1 tile", "3 tiles".
 * @param {number} count
 * @param {string} word
 */
export const plural = (count, word) => `${count} ${word}${count === 1 ? "" : "s"}`;

/**
 * A cell as a map key and a data attribute: [2, 3] -> "2,3".
 * @param {ArrayLike<number | null> | string} cell
 */
export const cellKey = (cell) => `${cell[0]},${cell[1]}`;

/**
 * The widget's own class and the shared one: named("tw", "log") is "tw-log gw-log".
 * @param {string} prefix
 * @param {string} name
 */
export const named = (prefix, name) => `${prefix}-${name} gw-${name}`;

/**
 * Where each newly placed piece was put, in order (`placed(entry)` says which history entries place one): the
 * opponents' moves appear one by one, `delayMs` apart.
 * @param {Array<{cell?: ArrayLike<number>}>} history
 * @param {number | null} seen how many entries were drawn before (null: first draw, nothing is new)
 * @param {(entry: any) => boolean} placed
 * @param {number} delayMs
 * @returns {Map<string, number>}
 */
export function arrivalDelays(history, seen, placed, delayMs) {
  const delays = new Map();
  if (seen === null || history.length <= seen) return delays;
  let order = 0;
  for (const entry of history.slice(seen)) {
    if (placed(entry) && entry.cell) delays.set(cellKey(entry.cell), order++ * delayMs);
  }
  return delays;
}

/**
 * Where the history slider stands, in words.
 * @param {number} step the move on show, or -1 for the game itself
 * @param {number} steps
 */
export const stepText = (step, steps) => (step < 0 ? `move ${steps} of ${steps}` : `move ${step} of ${steps} (read only)`);
