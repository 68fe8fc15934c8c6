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

/**
 * @typedef {object} TileNames the names part of the `tile_style` trait
 * @property {string[]} colour_names
 * @property {string[]} shape_names
 */

/**
 * A Town tile in words: "orange gable", "an orange tile (shape not shown)", "a blank tile".
 * @param {TileNames} style
 * @param {ArrayLike<number | null> | "blank" | null} tile
 */
export function tileName(style, tile) {
  if (tile === null) return "no tile";
  if (tile === "blank") return "a blank tile";
  const colour = style.colour_names[Number(tile[0])];
  if (tile[1] === null) return `${/^[aeiou]/.test(colour) ? "an" : "a"} ${colour} tile (shape not shown)`;
  return `${colour} ${style.shape_names[tile[1]]}`;
}

/**
 * A Town board cell in words, for screen readers and the reason line.
 * @param {TileNames} style
 * @param {Cell} cell
 * @param {{tile: ArrayLike<number | null> | "blank" | null, legal: boolean, fit: number | null, pioneer: boolean}} about
 */
export function townCellLabel(style, cell, about) {
  const empty = about.legal ? "empty, the picked tile may go here" : "empty";
  let label = `Row ${cell[0]}, column ${cell[1]}: ${about.tile === null ? empty : tileName(style, about.tile)}`;
  if (about.pioneer && about.tile === null) label += ", the pioneer's cell";
  if (about.fit !== null) label += `; ${about.fit} of your tiles ${about.fit === 1 ? "fits" : "fit"} here`;
  return label;
}

/**
 * A solo pile's button in words: "Pile 2: orange gable on top, 5 tiles (key 3)".
 * @param {TileNames} style
 * @param {number} pile
 * @param {ArrayLike<number | null> | null} top
 * @param {number} size
 */
export function pileLabel(style, pile, top, size) {
  if (top === null) return `Pile ${pile}: empty`;
  return `Pile ${pile}: ${tileName(style, top)} on top, ${plural(size, "tile")} (key ${pile + 1})`;
}

/**
 * A Little Town space in words: where it is, what is there, and what Enter or a click does there (or why not).
 * @param {Cell} cell
 * @param {string} what
 * @param {string} click
 */
export function littleTownCellLabel(cell, what, click) {
  return `Row ${cell[0]}, column ${cell[1]}: ${what}${click ? `. ${click}` : ""}`;
}
