// Hints and the review of a finished game: what a hint points at, and the review's sentences (the Hint and Review
// buttons send intents.js's common.hint and common.review). Pure functions (no DOM), tested with node --test.
// Python measures everything (the `suggestion` and `reviewed` traits, townwidget.advice); this only words and places
// what it sent.

import english from "../../townwidget/widget/texts.json" with { type: "json" };

/** @typedef {[number, number]} Cell */
/** @typedef {Record<string, any>} Action an engine action's dict, as Python sent it */
/** @typedef {{mean: number, se: number}} Shown an estimate in the review's units */
/**
 * @typedef {object} MoveReview one decision of the seat, from the `reviewed` trait
 * @property {number} number its index in the game's history: the slider's frame before it
 * @property {string} words the move played
 * @property {string} best_words the best move measured
 * @property {Action} action
 * @property {Action} best
 * @property {{before: Shown, after: Shown, loss: Shown}} shown the estimates as shown (the loss never below 0)
 * @property {string} label its label's key: best, as_good, good, inaccuracy, mistake or blunder
 * @property {string} label_words its label in words
 * @property {string[]} [notes] what the move cost in the game's own words ("this worker gathered nothing")
 */
/**
 * @typedef {object} Targets what a suggested move points at, to highlight
 * @property {string[]} cells board cells, as data-cell keys ("2,3")
 * @property {number | null} pile a Town solo pile
 * @property {string[]} tiles Town hand tiles, as data-tile keys ("4,1")
 * @property {string | null} building a Little Town market building
 */

/** The English words of hints and reviews, as every front-end word, from townwidget/widget/texts.json (the one
 * source; Python sends them translated in the `texts` trait, which comes first). */
export const ADVICE_WORDS = english;

/** @typedef {Record<string, unknown>} Texts messages by key (a translation may replace ADVICE_WORDS) */

/**
 * The message `key` with its values filled in: words({}, "par_step", {move: 2, moves: 9, words: "…"}).
 * @param {Texts | undefined} texts
 * @param {keyof typeof ADVICE_WORDS} key
 * @param {Record<string, unknown>} [values]
 */
export function words(texts, key, values = {}) {
  const message = String(texts?.[key] ?? ADVICE_WORDS[key]);
  return message.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

/**
 * How many hints helped this game, in the end box ("" for none).
 * @param {Texts | undefined} texts
 * @param {number | undefined} hints
 */
export const assistedText = (texts, hints) =>
  !hints ? "" : hints === 1 ? words(texts, "played_with_one") : words(texts, "played_with", { count: hints });

/**
 * What a suggested move points at: its board cells (Python lists them), and the pile, hand tiles or market
 * building it takes.
 * @param {{action?: Action, cells?: ArrayLike<number>[]}} suggestion the `suggestion` trait ({} when none)
 * @returns {Targets}
 */
export function hintTargets(suggestion) {
  const action = suggestion.action || {};
  /** @type {Cell[]} */
  const tiles = action.tiles || (action.tile ? [action.tile] : []);
  return {
    cells: (suggestion.cells || []).map((cell) => `${cell[0]},${cell[1]}`),
    pile: Number.isInteger(action.pile) ? action.pile : null,
    tiles: action.pile === undefined ? tiles.map((tile) => `${tile[0]},${tile[1]}`) : [],
    building: action.type === "build" ? action.building : null,
  };
}

/**
 * Whether two action dicts are the same action (keys in any order).
 * @param {unknown} a
 * @param {unknown} b
 * @returns {boolean}
 */
export function sameAction(a, b) {
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameAction(item, b[i]));
  }
  if (a && b && typeof a === "object" && typeof b === "object") {
    const keys = Object.keys(a);
    const other = /** @type {Record<string, unknown>} */ (b);
    return keys.length === Object.keys(b).length && keys.every((key) => sameAction(a[/** @type {keyof a} */ (key)], other[key]));
  }
  return a === b;
}

/**
 * A number with one decimal, written as the language writes it ("34.2"; French "34,2": the `decimal_point` text).
 * @param {Texts | undefined} texts
 * @param {number} value
 */
export const decimal = (texts, value) => value.toFixed(1).replace(/^-(0\.0)$/, "$1").replace(".", words(texts, "decimal_point"));

/**
 * An estimate in words: "30.1 ± 0.4 tiles", "rank 1.4 ± 0.2".
 * @param {Texts | undefined} texts
 * @param {Shown} value
 * @param {string} unit "tiles", "VP" or "rank" (the review's `unit`)
 */
export function estimateText(texts, value, unit) {
  const both = `${decimal(texts, value.mean)} ± ${decimal(texts, value.se)}`;
  const key = unit === "rank" ? "estimate_rank" : unit === "VP" ? "estimate_vp" : "estimate_tiles";
  return words(texts, key, { value: both });
}

/**
 * The review of move `step`, the one the history slider shows played (its `number` is `step` - 1, counted from 0),
 * or how to find one: the estimates before and after it, its cost, and the best move measured.
 * @param {Texts | undefined} texts
 * @param {{moves: MoveReview[], unit: string}} reviewed
 * @param {number} step the slider's frame, -1 for the end of the game
 */
export function moveReviewText(texts, reviewed, step) {
  if (step < 0) return words(texts, "slide_hint");
  const move = reviewedMove(reviewed, step);
  if (!move) return words(texts, "no_decision", { move: step });
  const { before, after, loss } = move.shown;
  const said = words(texts, "move_review", {
    move: step,
    label: move.label_words,
    played: move.words,
    before: estimateText(texts, before, reviewed.unit),
    after: estimateText(texts, after, reviewed.unit),
    loss: estimateText(texts, loss, reviewed.unit),
  });
  const best = sameAction(move.best, move.action) ? words(texts, "best_played") : words(texts, "best_other", { best: move.best_words });
  const sentence = (/** @type {string} */ note) => note.charAt(0).toUpperCase() + note.slice(1);
  const notes = (move.notes || []).map((note) => words(texts, "review_note", { note: sentence(note) })).join(" ");
  return notes ? `${said} ${best} ${notes}` : `${said} ${best}`;
}

/**
 * The reviewed move the slider's `step` shows played (move `step`, counted from 1 as the log counts), if it is one.
 * @param {{moves: MoveReview[]}} reviewed
 * @param {number} step
 */
export const reviewedMove = (reviewed, step) => reviewed.moves.find((entry) => entry.number === step - 1);

/**
 * Where the par line stands: the deal (0) or the move just played on it.
 * @param {Texts | undefined} texts
 * @param {string[]} parWords the par line's moves in words
 * @param {number} move 0 to parWords.length
 */
export const parStepText = (texts, parWords, move) =>
  move === 0
    ? words(texts, "par_start", { moves: parWords.length })
    : words(texts, "par_step", { move, moves: parWords.length, words: parWords[move - 1] });

/**
 * The par line's move on show after a press: `null` hides the line; otherwise 0 to `moves`.
 * @param {number | null} current
 * @param {"show" | "previous" | "next" | "hide"} press
 * @param {number} moves
 * @returns {number | null}
 */
export function parStep(current, press, moves) {
  if (press === "hide") return null;
  if (press === "show" || current === null) return 0;
  return Math.min(moves, Math.max(0, current + (press === "next" ? 1 : -1)));
}
