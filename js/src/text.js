// Words and keys built from the synced traits: pure functions (no DOM), tested with node --test. Every word comes
// from the `texts` trait (townwidget/widget/texts.json, translated by Python into the widget's language).

/** @typedef {[number, number]} Cell */
/**
 * The `texts` trait: a message per key ("{name}" marks a value), or for a message with a plural its forms for 0, 1
 * and 2 or more.
 * @typedef {Record<string, any>} Texts
 */

/**
 * A message with its values filled in: fill("Pile {pile}: empty", {pile: 2}) is "Pile 2: empty".
 * @param {string} message
 * @param {Record<string, unknown>} [values]
 */
export const fill = (message, values = {}) =>
  message.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));

/**
 * The message `key` of `texts`, filled in.
 * @param {Texts} texts
 * @param {string} key
 * @param {Record<string, unknown>} [values]
 */
export const say = (texts, key, values) => fill(String(texts[key] ?? key), values);

/**
 * The form of a message with a plural for `count`: counted(texts, "tiles", 3) is "3 tiles".
 * @param {Texts} texts
 * @param {string} key
 * @param {number} count
 * @param {Record<string, unknown>} [values]
 */
export function counted(texts, key, count, values = {}) {
  const forms = texts[key];
  const form = Array.isArray(forms) ? forms[Math.min(Math.max(count, 0), 2)] : String(forms ?? key);
  return fill(form, { count, ...values });
}

/**
 * A cell in words, as Python names it (townwidget.core.words.cell_words): the cell [1, 2] is "row 2, column 3",
 * counted from 1 as the board's coordinate labels are (intents and JSON keep the engines' numbers, from 0).
 * @param {Texts} texts
 * @param {ArrayLike<number>} cell
 */
export const cellWords = (texts, cell) => say(texts, "cell", { row: Number(cell[0]) + 1, column: Number(cell[1]) + 1 });

/**
 * A message about a cell, begun with a capital (the cell's words start it: "Row 2, column 3: empty").
 * @param {Texts} texts
 * @param {string} key
 * @param {ArrayLike<number>} cell
 * @param {Record<string, unknown>} [values]
 */
export function sayAboutCell(texts, key, cell, values = {}) {
  const text = say(texts, key, { ...values, cell: cellWords(texts, cell) });
  return text.charAt(0).toUpperCase() + text.slice(1);
}

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
 * @param {Texts} texts
 * @param {number} step the move on show, or -1 for the game itself
 * @param {number} steps
 */
export const stepText = (texts, step, steps) => say(texts, step < 0 ? "step_now" : "step_earlier", { step, steps });

/**
 * @typedef {object} TileNames the names part of the `tile_style` trait
 * @property {string[]} colour_names
 * @property {string[]} shape_names
 */

/**
 * A Town tile in words: "orange gable", "an orange tile (shape not shown)", "a blank tile".
 * @param {TileNames} style
 * @param {Texts} texts
 * @param {ArrayLike<number | null> | "blank" | null} tile
 */
export function tileName(style, texts, tile) {
  if (tile === null) return say(texts, "no_tile");
  if (tile === "blank") return say(texts, "blank_tile");
  if (tile[1] === null) return String(texts.tile_backs[Number(tile[0])]);
  return say(texts, "tile", { colour: style.colour_names[Number(tile[0])], shape: style.shape_names[tile[1]] });
}

/**
 * A Town board cell in words, for screen readers and the reason line.
 * @param {TileNames} style
 * @param {Texts} texts
 * @param {Cell} cell
 * @param {{tile: ArrayLike<number | null> | "blank" | null, legal: boolean, fit: number | null, pioneer: boolean}} about
 */
export function townCellLabel(style, texts, cell, about) {
  const empty = say(texts, about.legal ? "empty_legal" : "empty");
  const what = about.tile === null ? empty : tileName(style, texts, about.tile);
  let label = sayAboutCell(texts, "cell_line", cell, { what });
  if (about.pioneer && about.tile === null) label += `, ${say(texts, "pioneer_cell")}`;
  if (about.fit !== null) label += `; ${counted(texts, "fits_here", about.fit)}`;
  return label;
}

/**
 * A solo pile's button in words: pile 1 (the engine's 0) is "Pile 2: orange gable on top, 5 tiles (key 2)".
 * @param {TileNames} style
 * @param {Texts} texts
 * @param {number} pile
 * @param {ArrayLike<number | null> | null} top
 * @param {number} size
 */
export function pileLabel(style, texts, pile, top, size) {
  if (top === null) return say(texts, "pile_empty", { pile: pile + 1 });
  const tiles = counted(texts, "tiles", size);
  return say(texts, "pile", { pile: pile + 1, tile: tileName(style, texts, top), tiles, key: pile + 1 });
}

/**
 * A Little Town space in words: where it is, what is there, and what Enter or a click does there (or why not).
 * @param {Texts} texts
 * @param {Cell} cell
 * @param {string} what
 * @param {string} click
 */
export function littleTownCellLabel(texts, cell, what, click) {
  return sayAboutCell(texts, "cell_line", cell, { what }) + (click ? `. ${click}` : "");
}
