// What both widgets draw for hints and reviews: the Hint button and the hint's sentence and highlight, the Review
// button of the end box, and the review below the game (the plot, the estimates of the move on the history slider,
// and the par line, stepped through on the board). Python measures; the words and places come from advice.js.
import { assistedText, hintTargets, moveReviewText, parStep, parStepText, reviewedMove, sameAction, words } from "./advice.js";
import { html, svg } from "./dom.js";
import { common } from "./intents.js";

/** @typedef {import("@anywidget/types").AnyModel} Model */
/** @typedef {{par: number | null}} ParLocal the par line's move on show (null: the game itself) */

/**
 * The Hint button (for the seated player on their turn), the mark of a game played with hints, and the hint on show.
 * @param {Model} model
 * @param {Element} parent the row of controls
 * @param {Element} below where the hint's sentence goes
 */
export function drawHintControls(model, parent, below) {
  const texts = model.get("texts");
  const yourTurn = model.get("view").current_player === model.get("seat");
  const enabled = yourTurn && model.get("step") < 0 && !model.get("thinking");
  const attrs = { type: "button", "data-key": "hint", disabled: !enabled, "aria-label": words(texts, "hint_label") };
  const button = html("button", { ...attrs, title: words(texts, "hint_label") }, parent, words(texts, "hint"));
  button.addEventListener("click", () => {
    button.textContent = words(texts, "hint_working"); // Python answers within about a second
    button.setAttribute("aria-busy", "true");
    model.send(common.hint());
  });
  if (model.get("assisted")) {
    html("span", { class: "gw-assisted", title: words(texts, "assisted_title") }, parent, words(texts, "assisted"));
  }
  const suggestion = model.get("suggestion");
  if (suggestion.text) {
    html("p", { class: "gw-suggestion", role: "status" }, below, words(texts, "suggestion", { text: suggestion.text }));
  }
}

/**
 * Highlight what a move points at: its board cells (marked on top of the board, and said in their names), and the
 * pile, hand tiles, market building or choice button it takes.
 * @param {Element} root
 * @param {Record<string, unknown>} texts the widget's words
 * @param {{action?: Record<string, any>, cells?: ArrayLike<number>[]}} suggestion
 * @param {Array<{action: Record<string, any>}>} [choices] Little Town's choices in words (buttons `data-choice`)
 */
export function markMove(root, texts, suggestion, choices = []) {
  const targets = hintTargets(suggestion);
  for (const key of targets.cells) markCell(root.querySelector(`[data-cell="${key}"]`), texts);
  const controls = [
    targets.pile === null ? null : `[data-pile="${targets.pile}"]`,
    ...targets.tiles.map((key) => `[data-tile="${key}"]`),
    targets.building ? `[data-building="${targets.building}"]` : null,
  ];
  for (const selector of controls) if (selector) root.querySelector(selector)?.classList.add("gw-hinted");
  const choice = choices.findIndex((entry) => sameAction(entry.action, suggestion.action));
  if (choice >= 0) root.querySelector(`[data-choice="${choice}"]`)?.classList.add("gw-hinted");
}

/**
 * A ring around a board cell (drawn last, over the pieces), named in the cell's words for screen readers.
 * @param {Element | null} cell a cell element: a rect, or a group whose first rect is the space
 * @param {Record<string, unknown>} texts
 */
function markCell(cell, texts) {
  const space = cell?.tagName === "rect" ? cell : cell?.querySelector("rect");
  const board = cell?.closest("svg");
  if (!cell || !space || !board) return;
  const at = (/** @type {string} */ name) => Number(space.getAttribute(name));
  svg("rect", { x: at("x") + 3, y: at("y") + 3, width: at("width") - 6, height: at("height") - 6, rx: 4, class: "gw-hint-mark" }, board);
  cell.setAttribute("aria-label", words(texts, "hinted_cell", { label: cell.getAttribute("aria-label") || "" }));
}

/**
 * In the end box: how many hints helped, and the Review button (until the review is shown; while it is computed the
 * button says so, and the header's thinking mark turns).
 * @param {Model} model
 * @param {Element} box
 */
export function drawEndAdvice(model, box) {
  const texts = model.get("texts");
  const helped = assistedText(texts, model.get("outcome").hints);
  if (helped) html("p", { class: "gw-assisted-note" }, box, helped);
  if (Object.keys(model.get("reviewed")).length) return;
  const working = Boolean(model.get("thinking"));
  const label = words(texts, working ? "review_working" : "review");
  const attrs = { type: "button", "data-key": "review", disabled: working, "aria-label": words(texts, "review_label") };
  const button = html("button", { ...attrs, "aria-busy": working ? "true" : "false" }, box, label);
  button.addEventListener("click", () => {
    button.textContent = words(texts, "review_working");
    model.send(common.review());
  });
}

/**
 * The board the par line shows now (null: the game's own), kept in `local.par`.
 * @param {Model} model
 * @param {ParLocal} local
 * @returns {any}
 */
export function parFrame(model, local) {
  const frames = model.get("reviewed").par_frames;
  if (local.par === null || !frames || model.get("step") >= 0) return null;
  return frames[Math.min(local.par, frames.length - 1)];
}

/**
 * The review, below the game: its summary, the plot, the estimates of the move on the history slider (its best
 * move highlighted), and in Town solo the par line, stepped through on the board.
 * @param {Model} model
 * @param {Element} root
 * @param {ParLocal} local
 * @param {(focus?: string) => void} redraw draws the view again, then focuses the control with that key
 * @param {Element} [parPlace] where the par line's controls go (under the board, so that both show at once)
 */
export function drawReview(model, root, local, redraw, parPlace) {
  const reviewed = model.get("reviewed");
  if (!Object.keys(reviewed).length) {
    local.par = null;
    return;
  }
  const texts = model.get("texts");
  const step = model.get("step");
  const box = html("section", { class: "gw-review", "aria-label": words(texts, "review_heading") }, root);
  html("h4", {}, box, words(texts, "review_heading"));
  html("p", {}, box, `${reviewed.summary}.`);
  const plot = html("div", { class: "gw-review-plot", role: "img", "aria-label": words(texts, "plot_label") }, box);
  const drawing = new DOMParser().parseFromString(reviewed.svg, "image/svg+xml").documentElement;
  drawing.setAttribute("aria-hidden", "true");
  plot.append(document.importNode(drawing, true));
  html("p", { class: "gw-review-move", role: "status" }, box, moveReviewText(texts, reviewed, step));
  html("p", { class: "gw-review-costliest" }, box, reviewed.costliest_words);
  const move = reviewedMove(reviewed, step);
  if (move) markMove(root, texts, { action: move.best, cells: move.best.cell ? [move.best.cell] : [] });
  if (reviewed.par_frames) drawParLine(root, parPlace || box, reviewed, local, redraw, texts);
}

/**
 * @param {Element} root
 * @param {Element} box
 * @param {any} reviewed
 * @param {ParLocal} local
 * @param {(focus?: string) => void} redraw
 * @param {any} texts
 */
function drawParLine(root, box, reviewed, local, redraw, texts) {
  /** @type {string[]} */
  const parWords = reviewed.par_words;
  const row = html("div", { class: "gw-par", role: "group", "aria-label": words(texts, "par_heading") }, box);
  html("p", {}, row, words(texts, "par_heading"));
  const press = (/** @type {"show" | "previous" | "next" | "hide"} */ what, /** @type {string} */ key, /** @type {boolean} */ enabled) => {
    const button = html("button", { type: "button", "data-key": key, disabled: !enabled }, row, words(texts, /** @type {any} */ (`par_${what}`)));
    button.addEventListener("click", () => {
      local.par = parStep(local.par, what, parWords.length);
      redraw(local.par === null ? "par-show" : what === "show" ? "par-next" : key);
    });
  };
  if (local.par === null) {
    press("show", "par-show", true);
    return;
  }
  press("previous", "par-previous", local.par > 0);
  press("next", "par-next", local.par < parWords.length);
  press("hide", "par-hide", true);
  html("p", { class: "gw-par-step", role: "status" }, row, parStepText(texts, parWords, local.par));
  const played = local.par > 0 ? reviewed.par_line[local.par - 1] : null;
  if (played) markMove(root, texts, { cells: [played.cell] });
}
