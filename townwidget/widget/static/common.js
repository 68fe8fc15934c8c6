// What both widget front ends share (hand-written, no build step). Python puts this file in front of each widget's
// own module (town.js, littletown.js) to make that widget's `_esm`, so these are plain top-level names of one module:
// no imports or exports. Elements drawn here carry the widget's own class (`prefix`: "tw" or "ltw") and a shared
// `gw-` class, styled once in common.css.

const SVG_NS = "http://www.w3.org/2000/svg";

function svg(tag, attrs, parent) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, String(value));
  if (parent) parent.appendChild(node);
  return node;
}

function html(tag, attrs, parent, text) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === false || value === null || value === undefined) continue;
    node.setAttribute(key, value === true ? "" : String(value));
  }
  if (text !== undefined) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

function svgText(parent, x, y, text, attrs) {
  const node = svg("text", { x, y, ...attrs }, parent);
  node.textContent = text;
  return node;
}

const plural = (count, word) => `${count} ${word}${count === 1 ? "" : "s"}`;
const cellKey = (cell) => `${cell[0]},${cell[1]}`;

// The widget's own class and the shared one: named("tw", "log") is "tw-log gw-log".
const named = (prefix, name) => `${prefix}-${name} gw-${name}`;

// Where each newly placed piece was put, in order (`placed(entry)` says which history entries place one): the
// opponents' moves appear one by one, `delayMs` apart.
function arrivalDelays(history, seen, placed, delayMs) {
  const delays = new Map();
  if (seen === null || history.length <= seen) return delays;
  let order = 0;
  for (const entry of history.slice(seen)) {
    if (placed(entry)) delays.set(cellKey(entry.cell), order++ * delayMs);
  }
  return delays;
}

// The title and the status line.
function drawHeader(parent, prefix, title, status) {
  const header = html("div", { class: `${prefix}-header gw-header` }, parent);
  html("span", { class: named(prefix, "title") }, header, title);
  html("span", { class: `${prefix}-status`, role: "status" }, header, status);
  return header;
}

// The error of the last intent, and the line that explains the hovered cell.
function drawMessages(parent, prefix, error) {
  html("div", { class: named(prefix, "error"), role: "alert" }, parent, error);
  html("div", { class: named(prefix, "reason"), "aria-live": "polite" }, parent);
}

// A button that sends one intent.
function intentButton(model, parent, text, key, enabled, intent) {
  const node = html("button", { type: "button", "data-key": key, disabled: !enabled }, parent, text);
  node.addEventListener("click", () => model.send(intent));
  return node;
}

// The moves in words; while the history slider shows move k, the moves after it are greyed out.
function drawLog(parent, prefix, model) {
  const lines = model.get("moves");
  const step = model.get("step");
  const log = html("ol", { class: named(prefix, "log"), "aria-label": "moves" }, parent);
  const later = named(prefix, "later");
  const items = lines.map((line, i) => html("li", { class: step >= 0 && i >= step ? later : null }, log, line));
  const current = step > 0 ? items[step - 1] : items[items.length - 1];
  if (current) current.classList.add(`${prefix}-current`, "gw-current");
  // scroll the log only (scrollIntoView would scroll the notebook too)
  requestAnimationFrame(() => {
    if (current) log.scrollTop = current.offsetTop - log.clientHeight + current.offsetHeight + 4;
  });
}

// The history slider (in `label`), where it stands (in `box`) and, on an earlier move, the way back to the game.
function drawHistorySlider(label, box, prefix, model) {
  const steps = model.get("steps");
  const step = model.get("step");
  const slider = html(
    "input",
    {
      type: "range",
      min: 0,
      max: steps,
      value: step < 0 ? steps : step,
      "data-key": "history",
      disabled: steps === 0,
    },
    label,
  );
  slider.addEventListener("input", () => model.send({ intent: "step", step: Number(slider.value) }));
  html(
    "span",
    { class: named(prefix, "step") },
    box,
    step < 0 ? `move ${steps} of ${steps}` : `move ${step} of ${steps} (read only)`,
  );
  if (step >= 0) intentButton(model, box, "Back to game", "back", true, { intent: "step", step: null });
}

// The final outcome's box, and a table in it with a header row.
const outcomeBox = (parent, prefix) => html("div", { class: named(prefix, "outcome") }, parent);

function headedTable(parent, columns) {
  const table = html("table", {}, parent);
  const head = html("tr", {}, table);
  columns.forEach((text) => html("th", {}, head, text));
  return table;
}

// The key of the focused control, to focus it again once `root` is redrawn.
function focusedKey(root) {
  return root.contains(document.activeElement) ? document.activeElement.dataset.key : undefined;
}

function refocus(root, key) {
  if (key) root.querySelector(`[data-key="${key}"]`)?.focus({ preventScroll: true });
}

// Several trait changes arrive in one message; draw once after all of them.
function drawOnce(draw) {
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

// The traits every game widget publishes (townwidget.widget.base.GameWidget).
const GAME_TRAITS = [
  "view",
  "names",
  "status",
  "buttons",
  "error",
  "moves",
  "step",
  "steps",
  "frame",
  "outcome",
  "revision",
];

// anywidget's render: one view of the widget, redrawn when a game trait or one of the widget's own `extra` changes.
function renderer(createView, extra) {
  const traits = [...GAME_TRAITS, ...extra];
  return function render({ model, el }) {
    const view = createView(model, el);
    view.root.addEventListener("keydown", view.onKey);
    for (const name of traits) model.on(`change:${name}`, view.schedule);
    view.draw();
    return () => {
      for (const name of traits) model.off(`change:${name}`, view.schedule);
    };
  };
}
