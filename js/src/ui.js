// What both widget front ends draw alike: header, messages, buttons, the move log, the history slider, the outcome
// box, and anywidget's render (one draw per batch of trait changes). Elements carry the widget's own class
// (`prefix`: "tw" or "ltw") and a shared `gw-` class, styled once in common.css.
import { BROWSER_TRAITS, GAME_TRAITS } from "./constants.js";
import { html } from "./dom.js";
import { focusedKey, refocus } from "./focus.js";
import { common } from "./intents.js";
import { named, say, stepText } from "./text.js";

/** @typedef {import("@anywidget/types").AnyModel} Model */

/**
 * The title and the status line; while an opponent thinks, a moving mark says the widget is working.
 * @param {Element} parent
 * @param {string} prefix
 * @param {string} title
 * @param {Model} model
 */
export function drawHeader(parent, prefix, title, model) {
  const header = html("div", { class: `${prefix}-header gw-header` }, parent);
  html("span", { class: named(prefix, "title") }, header, title);
  const status = html("span", { class: `${prefix}-status gw-status`, role: "status" }, header, model.get("status"));
  const texts = model.get("texts");
  if (model.get("thinking")) html("span", { class: "gw-thinking", "aria-hidden": "true" }, status);
  if (model.get("practice")) html("span", { class: "gw-practice", title: say(texts, "practice_title") }, header, say(texts, "practice"));
  return header;
}

/** Whether each model's "How to win" panel is open (it opens with the widget; a reader may fold it away). */
const guideOpen = new WeakMap();

/**
 * The collapsible "How to win" and "This turn" panel: the game's goal (the `goal` trait, from its adapter) and
 * what the current step is (the status line's words).
 * @param {Element} parent
 * @param {string} prefix
 * @param {Model} model
 */
export function drawGuide(parent, prefix, model) {
  const texts = model.get("texts");
  const open = guideOpen.get(model) ?? true;
  const guide = html("details", { class: named(prefix, "guide"), "data-key": "guide" }, parent);
  if (open) guide.setAttribute("open", "");
  html("summary", {}, guide, `${say(texts, "how_to_win")} · ${say(texts, "this_turn")}`);
  const goal = html("p", { class: "gw-goal" }, guide);
  html("strong", {}, goal, say(texts, "how_to_win") + say(texts, "colon"));
  goal.append(model.get("goal"));
  const turn = html("p", { class: "gw-turn" }, guide);
  html("strong", {}, turn, say(texts, "this_turn") + say(texts, "colon"));
  turn.append(model.get("status"));
  guide.addEventListener("toggle", () => guideOpen.set(model, /** @type {HTMLDetailsElement} */ (guide).open));
  return guide;
}

/**
 * New game, confirmed first while a game is under way (it cannot be undone): the first press asks
 * "Start a new game?" with Yes and Cancel; once the game is over it starts at once.
 * @param {Model} model
 * @param {Element} parent
 * @param {{confirming: boolean}} local
 * @param {(focus?: string) => void} redraw draws the view again, then focuses the control with that key
 */
export function drawNewGame(model, parent, local, redraw) {
  const texts = model.get("texts");
  const enabled = Boolean(model.get("buttons").new_game);
  const over = Object.keys(model.get("outcome")).length > 0;
  if (!local.confirming || !enabled) {
    local.confirming = false;
    const button = html("button", { type: "button", "data-key": "new-game", disabled: !enabled }, parent, say(texts, "new_game"));
    button.addEventListener("click", () => {
      if (over) {
        model.send(common.newGame());
        return;
      }
      local.confirming = true;
      redraw("new-game-cancel");
    });
    return;
  }
  const box = html("span", { class: "gw-confirm", role: "group", "aria-label": say(texts, "confirm_new_game") }, parent);
  html("span", {}, box, say(texts, "new_game_question"));
  const yes = html("button", { type: "button", "data-key": "new-game-yes" }, box, say(texts, "new_game_yes"));
  const no = html("button", { type: "button", "data-key": "new-game-cancel" }, box, say(texts, "cancel"));
  yes.addEventListener("click", () => {
    local.confirming = false;
    model.send(common.newGame());
  });
  no.addEventListener("click", () => {
    local.confirming = false;
    redraw("new-game");
  });
}

/**
 * "Play again" in the final outcome's box.
 * @param {Model} model
 * @param {Element} box
 */
export function playAgainButton(model, box) {
  const row = html("div", { class: "gw-again" }, box);
  intentButton(model, row, say(model.get("texts"), "play_again"), "play-again", true, common.newGame());
}

/**
 * The error of the last intent, and the line that explains the hovered cell.
 * @param {Element} parent
 * @param {string} prefix
 * @param {string} error
 */
export function drawMessages(parent, prefix, error) {
  html("div", { class: named(prefix, "error"), role: "alert" }, parent, error);
  html("div", { class: named(prefix, "reason"), "aria-live": "polite" }, parent);
}

/**
 * A button that sends one intent.
 * @param {Model} model
 * @param {Element} parent
 * @param {string} text
 * @param {string} key
 * @param {boolean} enabled
 * @param {object} intent
 */
export function intentButton(model, parent, text, key, enabled, intent) {
  const node = html("button", { type: "button", "data-key": key, disabled: !enabled }, parent, text);
  node.addEventListener("click", () => model.send(intent));
  return node;
}

/**
 * The moves in words, a line per move (line k is the slider's move k), its notes (what followed it) under it; while
 * the history slider shows move k, the moves after it are greyed out.
 * @param {Element} parent
 * @param {string} prefix
 * @param {Model} model
 */
export function drawLog(parent, prefix, model) {
  /** @type {string[]} */
  const lines = model.get("moves");
  /** @type {number} */
  const step = model.get("step");
  const log = html("ol", { class: named(prefix, "log"), "aria-label": say(model.get("texts"), "moves") }, parent);
  const later = named(prefix, "later");
  const items = lines.map((line, i) => {
    const [move, ...notes] = line.split("\n");
    const item = html("li", { class: step >= 0 && i >= step ? later : null }, log, move);
    for (const note of notes) html("span", { class: named(prefix, "note") }, item, note);
    return item;
  });
  const current = step > 0 ? items[step - 1] : items[items.length - 1];
  if (current) current.classList.add(`${prefix}-current`, "gw-current");
  // scroll the log only (scrollIntoView would scroll the notebook too)
  requestAnimationFrame(() => {
    if (current) log.scrollTop = current.offsetTop - log.clientHeight + current.offsetHeight + 4;
  });
}

/**
 * The history slider (in `label`), where it stands (in `box`) and, on an earlier move, the way back to the game.
 * @param {Element} label
 * @param {Element} box
 * @param {string} prefix
 * @param {Model} model
 */
export function drawHistorySlider(label, box, prefix, model) {
  /** @type {number} */
  const steps = model.get("steps");
  /** @type {number} */
  const step = model.get("step");
  const texts = model.get("texts");
  const slider = /** @type {HTMLInputElement} */ (
    html(
      "input",
      { type: "range", min: 0, max: steps, value: step < 0 ? steps : step, "data-key": "history", disabled: steps === 0 },
      label,
    )
  );
  slider.setAttribute("aria-label", say(texts, "history_slider"));
  slider.addEventListener("input", () => model.send(common.step(Number(slider.value))));
  html("span", { class: named(prefix, "step") }, box, stepText(texts, step, steps));
  if (step >= 0) intentButton(model, box, say(texts, "back_to_game"), "back", true, common.step(null));
}

/**
 * The final outcome's box.
 * @param {Element} parent
 * @param {string} prefix
 */
export const outcomeBox = (parent, prefix) => html("div", { class: named(prefix, "outcome") }, parent);

/**
 * A table with a header row.
 * @param {Element} parent
 * @param {string[]} columns
 */
export function headedTable(parent, columns) {
  const table = html("table", {}, parent);
  const head = html("tr", {}, table);
  columns.forEach((text) => html("th", {}, head, text));
  return table;
}

/**
 * Several trait changes arrive in one message; draw once after all of them.
 * @param {() => void} draw
 */
export function drawOnce(draw) {
  let pending = false;
  return function schedule() {
    if (pending) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      draw();
    });
  };
}

/**
 * @typedef {object} View
 * @property {HTMLElement} root
 * @property {() => void} draw
 * @property {() => void} schedule
 * @property {(event: KeyboardEvent) => void} onKey
 */

/**
 * Redraw `root` by `paint`, keeping the focus on the control (or cell) that had it, or moving it to `focus`.
 * @param {HTMLElement} root
 * @param {() => void} paint
 * @param {string} [focus]
 */
export function redrawKeepingFocus(root, paint, focus) {
  const active = document.activeElement;
  const key = focus || focusedKey(root, active);
  // The focus stays inside the view while its elements are replaced: fallen to the page, it would set JupyterLab's
  // focus tracking to work (it activates the notebook again) in every redraw.
  if (active !== root && root.contains(active)) root.focus({ preventScroll: true });
  root.replaceChildren();
  paint();
  // Focusing lays the page out: once every view of the model has drawn (their draws are queued for this same
  // moment), so that the page is laid out once, not once per view and again for the frame.
  queueMicrotask(() => refocus(root, key));
}

/** The models whose game changes are reported (once per model, however many views it has). */
const reporting = new WeakSet();

/**
 * After each change of the game (Python's `view` trait), tell Python which revision was drawn, through the one trait
 * the browser writes: hosts that re-run code when a front end changes a trait (marimo) then follow every move.
 * @param {Model} model
 */
export function reportGameChanges(model) {
  if (reporting.has(model)) return;
  reporting.add(model);
  const [drawn] = BROWSER_TRAITS;
  // The revision arrives in the same message as the view: read it once the whole message is applied, and say so
  // once the views have drawn it (their draws are queued by then: one microtask later comes after them).
  model.on("change:view", () =>
    queueMicrotask(() =>
      queueMicrotask(() => {
        model.set(drawn, model.get("revision"));
        model.save_changes();
      }),
    ),
  );
}

/**
 * The hot-seat's cover, in place of the whole view while the screen passes to another person (the `cover` trait
 * names them; Python then publishes no view at all): what to do, in the status's words, and the one button that
 * shows that person's hand.
 * @param {HTMLElement} root
 * @param {Model} model
 */
export function drawCover(root, model) {
  const texts = model.get("texts");
  const name = model.get("cover");
  const box = html("div", { class: "gw-cover", role: "group", "aria-label": say(texts, "covered") }, root);
  html("p", { class: "gw-status", role: "status" }, box, model.get("status"));
  intentButton(model, box, say(texts, "show_hand", { name }), "uncover", true, common.uncover());
  html("div", { class: "gw-error", role: "alert" }, box, model.get("error"));
  root.dataset.revision = String(model.get("revision"));
}

/**
 * anywidget's render: one view of the widget, redrawn when a game trait or one of the widget's own `extra` changes;
 * while the screen is covered (hot-seat), the cover instead, and the view's keys do nothing.
 * @param {(model: Model, el: HTMLElement) => View} createView
 * @param {string[]} extra
 * @returns {import("@anywidget/types").Render}
 */
export function renderer(createView, extra) {
  const traits = [...GAME_TRAITS, ...extra];
  return function render({ model, el }) {
    reportGameChanges(model);
    const view = createView(model, el);
    const covered = () => Boolean(model.get("cover"));
    const draw = () => (covered() ? redrawKeepingFocus(view.root, () => drawCover(view.root, model), "uncover") : view.draw());
    const schedule = drawOnce(draw);
    view.root.addEventListener("keydown", (event) => {
      if (!covered()) view.onKey(event);
    });
    for (const name of traits) model.on(`change:${name}`, schedule);
    draw();
    return () => {
      for (const name of traits) model.off(`change:${name}`, schedule);
    };
  };
}

/**
 * What a board cell answers, in both widgets: a click plays it, focus makes it the cursor (the board's one Tab stop,
 * a roving tabindex), the mouse over it or the focus on it shows what is there (`inspect`).
 * @param {Element} node the cell's element, with class `cellClass`
 * @param {[number, number]} cell
 * @param {{hover: [number, number] | null, cursor: [number, number] | null}} local
 * @param {() => void} play
 * @param {() => void} inspect
 */
export function boardCell(node, cell, local, play, inspect) {
  node.addEventListener("click", () => {
    local.cursor = cell;
    play();
  });
  node.addEventListener("focus", () => {
    local.cursor = cell;
    for (const other of node.parentElement?.querySelectorAll('[tabindex="0"]') || []) other.setAttribute("tabindex", "-1");
    node.setAttribute("tabindex", "0");
    inspect();
  });
  node.addEventListener("mouseenter", () => {
    local.hover = cell;
    inspect();
  });
  node.addEventListener("mouseleave", () => {
    local.hover = null;
    inspect();
  });
}

/**
 * Where a key was pressed in a view (see `keyAction`).
 * @param {Element} target
 * @param {Element} root
 * @param {string} cellClass
 * @returns {import("./intents.js").KeyPlace}
 */
export function keyPlace(target, root, cellClass) {
  if (target.classList.contains(cellClass)) return "cell";
  if (target === root) return "root";
  return target instanceof HTMLInputElement && target.type === "range" ? "slider" : "control";
}
