// ../townwidget/widget/texts.json
var texts_default = {
  about: "The words the front ends draw themselves (labels, buttons, aria-labels, titles), in English: each is a gettext msgid; the widget sends them translated in its 'texts' trait. A pair is a message with a plural ([singular, plural], '{count}' is the number). '{name}' marks a value the front end fills in.",
  practice: "practice",
  practice_title: "Undo was used: this result does not count",
  new_game: "New game",
  covered: "The screen is covered: it passes to the next person",
  show_hand: "I am {name}: show my hand",
  confirm_new_game: "confirm new game",
  new_game_question: "Start a new game? This one is lost.",
  new_game_yes: "Yes, new game",
  cancel: "Cancel",
  play_again: "Play again",
  moves: "moves",
  history: "History",
  history_slider: "history: move shown",
  back_to_game: "Back to game",
  step_now: "move {steps} of {steps}",
  step_earlier: "move {step} of {steps} (read only)",
  undo: "Undo",
  rank: "Rank",
  player: "Player",
  cell_line: "{cell}: {what}",
  no_tile: "no tile",
  blank_tile: "a blank tile",
  blank_tile_title: "blank tile",
  tile: "{colour} {shape}",
  empty: "empty",
  empty_legal: "empty, the picked tile may go here",
  pioneer_cell: "the pioneer's cell",
  fits_here: [
    "{count} of your tiles fits here",
    "{count} of your tiles fit here"
  ],
  pile_empty: "Pile {pile}: empty",
  pile: "Pile {pile}: {tile} on top, {tiles} (key {key})",
  tiles: [
    "{count} tile",
    "{count} tiles"
  ],
  town_board: "The board, {n} by {n}: arrow keys move, Enter places the picked tile",
  open_cell: "{cell} is open for this tile.",
  not_at: "Not at {cell}: {reason}",
  pile_tops: "Pile tops",
  pile_title: "pile {pile} (key {key})",
  pile_empty_title: "pile {pile} is empty",
  tiles_left: [
    "{count} tile left",
    "{count} tiles left"
  ],
  your_hand: "Your hand",
  hand_tile: "{tile} (key {key})",
  chosen_for_exchange: "{tile} (key {key}), chosen for the exchange",
  key: "key {key}",
  flip: [
    "Flip: place turned over ({count} left)",
    "Flip: place turned over ({count} left)"
  ],
  exchange: "Exchange",
  discard: "Discard",
  exchange_beside: "You may first exchange 3 alike tiles: tick them, then press Exchange",
  after_placing: "After placing you draw a tile, then:",
  keep_hand: "keep your hand",
  discard_drawn: "discard the tile you draw",
  discard_tile: "discard {tile}",
  explicit_steps: "Ask for each step (exchange, discard)",
  explicit_steps_title: "Off: a click on a lit cell plays your turn, and the exchange and the discard wait beside the board",
  undo_solo_title: "Undo deals the tiles under the pile tops again (the next tile of a pile may change); a game with undos counts as practice",
  show_fits: "Show fits",
  legend_solo: "Show fits: the number on each open cell is how many of your pile tops may go there (0: none).",
  legend_multi: "Show fits: the number on each open cell is how many of your hand tiles may go there (0: none).",
  undo_solo_note: "Undo deals the tiles under the pile tops again, and the game then counts as practice.",
  has_left: "{tiles}, has left the game",
  bag_size: "Bag: {tiles}",
  placed_of: "{placed} of {tiles} tiles placed.",
  practice_note: "Practice: Undo was used, so this score does not count.",
  tiles_left_column: "Tiles left",
  left_column: "Left the game",
  town_title_solo: "{game} · solo",
  town_title_multi: "{game} · {players} players",
  coins_title: "coins",
  coins: [
    "{count} coin",
    "{count} coins"
  ],
  little_town_board: "The board, {rows} rows by {columns} columns: arrow keys move, Enter plays the space",
  vp: "{vp} VP",
  vp_bonus: "(+{vp} VP)",
  round_track: "round track",
  round: "Round",
  first_player: "First player: {name}",
  first_player_title: "first player",
  first_player_token: "1st",
  victory_points: "victory points",
  your_choices: "Your choices",
  workers_to_place: [
    "{count} worker to place",
    "{count} workers to place"
  ],
  houses_left: [
    "{count} house left",
    "{count} houses left"
  ],
  on_site: "{building} on the construction site",
  hidden_objectives: [
    "{count} hidden objective",
    "{count} hidden objectives"
  ],
  market: "Market",
  market_buildable: "Market: click a lit building to build it",
  build_the: "Build the {building}",
  reserve: "Reserve",
  score: "Score",
  points_from: "Where the points came from",
  winner: "{rank} ★ winner",
  little_town_title: "Little Town · {players} players · board side {side}",
  source_buildings: "buildings",
  source_effects: "effects",
  source_objectives: "objectives",
  source_cathedral: "Cathedral",
  source_feeding: "feeding",
  source_castle: "Castle",
  source_watchtower: "Watchtower",
  source_coins: "coins",
  hint: "Hint",
  hint_label: "Hint: suggest a move, measured from what you can see (the game is then marked as played with hints)",
  hint_working: "Measuring…",
  suggestion: "Hint: {text}",
  assisted: "hints",
  assisted_title: "A hint was asked for in this game: its result is marked as played with hints",
  played_with_one: "Played with 1 hint: this result is marked as assisted.",
  played_with: "Played with {count} hints: this result is marked as assisted.",
  review: "Review",
  review_label: "Review: measure each of your moves against the best one (takes a few seconds)",
  review_working: "Reviewing…",
  review_heading: "Review",
  plot_label: "The expected result over the game: after the move played and after the best move",
  move_review: "Move {move} ({label}): you played {played}. Expected {before} before it, {after} after it (cost {loss}).",
  decimal_point: ".",
  how_to_win: "How to win",
  this_turn: "This turn",
  colon: ": ",
  best_played: "The best move measured.",
  best_other: "Best measured: {best}.",
  no_decision: "Move {move} was not yours: move the history slider to one of your moves.",
  slide_hint: "Move the history slider to see the estimates of each of your moves.",
  par_heading: "Par line: the solver's best line, seeing the piles (no honest player can count on it)",
  par_show: "Step through the par line",
  par_previous: "Previous",
  par_next: "Next",
  par_hide: "Back to your game",
  par_start: "Par line, the deal (move 0 of {moves}): no tile placed yet.",
  par_step: "Par line, move {move} of {moves}: {words}.",
  estimate_tiles: "{value} tiles",
  estimate_rank: "rank {value}",
  estimate_vp: "{value} VP",
  review_note: "{note}.",
  hinted_cell: "{label} (the move shown)"
};

// src/advice.js
var ADVICE_WORDS = texts_default;
function words(texts, key, values = {}) {
  const message = String(texts?.[key] ?? ADVICE_WORDS[key]);
  return message.replace(/\{(\w+)\}/g, (whole, name) => name in values ? String(values[name]) : whole);
}
var assistedText = (texts, hints) => !hints ? "" : hints === 1 ? words(texts, "played_with_one") : words(texts, "played_with", { count: hints });
function hintTargets(suggestion) {
  const action = suggestion.action || {};
  const tiles = action.tiles || (action.tile ? [action.tile] : []);
  return {
    cells: (suggestion.cells || []).map((cell) => `${cell[0]},${cell[1]}`),
    pile: Number.isInteger(action.pile) ? action.pile : null,
    tiles: action.pile === void 0 ? tiles.map((tile) => `${tile[0]},${tile[1]}`) : [],
    building: action.type === "build" ? action.building : null
  };
}
function sameAction(a, b) {
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameAction(item, b[i]));
  }
  if (a && b && typeof a === "object" && typeof b === "object") {
    const keys = Object.keys(a);
    const other = (
      /** @type {Record<string, unknown>} */
      b
    );
    return keys.length === Object.keys(b).length && keys.every((key) => sameAction(a[
      /** @type {keyof a} */
      key
    ], other[key]));
  }
  return a === b;
}
var decimal = (texts, value) => value.toFixed(1).replace(/^-(0\.0)$/, "$1").replace(".", words(texts, "decimal_point"));
function estimateText(texts, value, unit) {
  const both = `${decimal(texts, value.mean)} ± ${decimal(texts, value.se)}`;
  const key = unit === "rank" ? "estimate_rank" : unit === "VP" ? "estimate_vp" : "estimate_tiles";
  return words(texts, key, { value: both });
}
function moveReviewText(texts, reviewed, step) {
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
    loss: estimateText(texts, loss, reviewed.unit)
  });
  const best = sameAction(move.best, move.action) ? words(texts, "best_played") : words(texts, "best_other", { best: move.best_words });
  const sentence = (note) => note.charAt(0).toUpperCase() + note.slice(1);
  const notes = (move.notes || []).map((note) => words(texts, "review_note", { note: sentence(note) })).join(" ");
  return notes ? `${said} ${best} ${notes}` : `${said} ${best}`;
}
var reviewedMove = (reviewed, step) => reviewed.moves.find((entry) => entry.number === step - 1);
var parStepText = (texts, parWords, move) => move === 0 ? words(texts, "par_start", { moves: parWords.length }) : words(texts, "par_step", { move, moves: parWords.length, words: parWords[move - 1] });
function parStep(current, press, moves) {
  if (press === "hide") return null;
  if (press === "show" || current === null) return 0;
  return Math.min(moves, Math.max(0, current + (press === "next" ? 1 : -1)));
}

// src/dom.js
var SVG_NS = "http://www.w3.org/2000/svg";
function svg(tag, attrs, parent) {
  const node = (
    /** @type {SVGElement} */
    document.createElementNS(SVG_NS, tag)
  );
  setAttributes(node, attrs);
  if (parent) parent.appendChild(node);
  return node;
}
function html(tag, attrs, parent, text) {
  const node = document.createElement(tag);
  setAttributes(node, attrs);
  if (text !== void 0) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}
function svgText(parent, x, y, text, attrs) {
  const node = svg("text", { x, y, ...attrs }, parent);
  node.textContent = text;
  return node;
}
function setAttributes(node, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === false || value === null || value === void 0) continue;
    node.setAttribute(key, value === true ? "" : String(value));
  }
}

// ../townwidget/widget/front_end.json
var front_end_default = {
  about: "Constants the widgets' Python and JavaScript share (read by townwidget/widget/base.py, imported by js/src/constants.js and bundled by esbuild).",
  intents: {
    about: "Each intent the front ends send: its name and the keys it carries besides 'intent' (all required, except select's one of two), read by townwidget/widget/intents.py and js/src/intents.js.",
    common: {
      undo: { keys: [], about: "take back the seat's last decision" },
      step: { keys: ["step"], about: "history slider: a frame number, or null for the game itself" },
      new_game: { keys: [], about: "start a new game like this one" },
      hint: { keys: [], about: "ask for a suggested move (the widget highlights it)" },
      review: { keys: [], about: "review the finished game (the widget publishes it in 'reviewed')" },
      uncover: { keys: [], about: "hot-seat: the person the screen was passed to shows their hand (the 'cover' trait names them)" }
    },
    town: {
      select: { keys: ["pile", "tile"], about: "pick a pile top (solo) or a hand tile (multi): exactly one of the two" },
      deselect: { keys: [], about: "drop the picks (Escape)" },
      flip: { keys: ["on"], about: "Town 66 solo: place the picked tile turned over" },
      place: { keys: ["cell"], about: "place the picked tile there" },
      choose: { keys: ["tile"], about: "toggle a hand tile in the set to exchange" },
      exchange: { keys: [], about: "exchange the chosen tiles" },
      discard: { keys: [], about: "discard the picked tile" },
      pass: { keys: [], about: "no exchange, or keep the hand after a draw" },
      plan_discard: { keys: ["tile"], about: 'one-click turn: what to discard after the draw ([colour, shape], "drawn", or null to keep the hand)' },
      explicit_steps: { keys: ["on"], about: "ask for the exchange and the discard as steps of the turn (off: one click places and plays the turn)" },
      inspect: { keys: ["on"], about: "show how many hand tiles fit each cell" }
    },
    littletown: {
      cell: { keys: ["cell"], about: "a space: place a worker or the building, or activate the building there" },
      build: { keys: ["building"], about: "a market building: build it" },
      act: { keys: ["action"], about: "any legal action, as the engine's action dict" }
    }
  },
  game_traits: ["view", "seat", "names", "status", "buttons", "error", "moves", "step", "steps", "goal", "frame", "outcome", "thinking", "practice", "revision", "suggestion", "assisted", "reviewed", "texts", "cover"],
  browser_traits: ["drawn"],
  about_public: "Each game's 'public' traits hold the rules' data only (no seat's view): a spectator's screen keeps them and leaves the game's other traits, which are a seat's, empty (townwidget/widget/table_session.py).",
  about_browser_traits: "The traits the front end writes (every other trait is Python's): after drawing a change of the game, the revision it drew, so that hosts which re-run code when a widget's front end changes a trait (marimo) follow every move; set once per model by js/src/ui.js, checked and otherwise ignored by townwidget/widget/base.py.",
  town: {
    traits: ["tile_style", "selection", "flip", "legal", "reasons", "fits", "inspect", "chosen", "turn_options"],
    public: ["tile_style"],
    cell: 48,
    margin: 22,
    hand_tile: 56,
    move_delay_ms: 350
  },
  littletown: {
    traits: ["catalogue", "cards", "legal", "notes", "market", "choices", "warning"],
    public: ["catalogue"],
    cell: 56,
    margin: 20,
    move_delay_ms: 300,
    rounds: 4,
    resources: ["wood", "stone", "fish", "wheat"],
    terrain: { F: "forest", M: "mountain", L: "lake", ".": "grass" }
  }
};

// src/geometry.js
var STEPS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
var isArrow = (key) => key in STEPS;
function moveCursor(cursor, key, rows, columns, start) {
  if (!cursor) return [...start];
  const [dr, dc] = STEPS[key] || [0, 0];
  return [clamp(cursor[0] + dr, rows - 1), clamp(cursor[1] + dc, columns - 1)];
}
var clamp = (value, high) => Math.min(high, Math.max(0, value));

// src/intents.js
var INTENTS = (
  /** @type {{common: IntentTable, town: IntentTable, littletown: IntentTable}} */
  front_end_default.intents
);
function intent(table, kind, fields = {}) {
  const entry = Object.hasOwn(table, kind) ? table[kind] : void 0;
  if (!entry) throw new Error(`front_end.json lists no intent ${JSON.stringify(kind)}`);
  const unknown = Object.keys(fields).filter((key) => !entry.keys.includes(key));
  if (unknown.length) throw new Error(`a ${kind} intent has no key(s) ${unknown.join(", ")} in front_end.json`);
  return { intent: kind, ...fields };
}
var { common: COMMON, town: TOWN_INTENTS, littletown: LITTLE_TOWN_INTENTS } = INTENTS;
var common = {
  undo: () => intent(COMMON, "undo"),
  newGame: () => intent(COMMON, "new_game"),
  /** @param {number | null} step a history frame, or null for the game itself */
  step: (step) => intent(COMMON, "step", { step }),
  hint: () => intent(COMMON, "hint"),
  review: () => intent(COMMON, "review"),
  /** hot-seat: the person the screen was passed to shows their hand */
  uncover: () => intent(COMMON, "uncover")
};
var littleTown = {
  /** @param {Cell} cell */
  cell: (cell) => intent(LITTLE_TOWN_INTENTS, "cell", { cell }),
  /** @param {string} building */
  build: (building) => intent(LITTLE_TOWN_INTENTS, "build", { building }),
  /** @param {object} action an engine action dict, as Python listed it */
  act: (action) => intent(LITTLE_TOWN_INTENTS, "act", { action })
};
function keyAction(key, context, intents) {
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

// src/advice-ui.js
function drawHintControls(model, parent, below) {
  const texts = model.get("texts");
  const yourTurn = model.get("view").current_player === model.get("seat");
  const enabled = yourTurn && model.get("step") < 0 && !model.get("thinking");
  const attrs = { type: "button", "data-key": "hint", disabled: !enabled, "aria-label": words(texts, "hint_label") };
  const button = html("button", { ...attrs, title: words(texts, "hint_label") }, parent, words(texts, "hint"));
  button.addEventListener("click", () => {
    button.textContent = words(texts, "hint_working");
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
function markMove(root, texts, suggestion, choices = []) {
  const targets = hintTargets(suggestion);
  for (const key of targets.cells) markCell(root.querySelector(`[data-cell="${key}"]`), texts);
  const controls = [
    targets.pile === null ? null : `[data-pile="${targets.pile}"]`,
    ...targets.tiles.map((key) => `[data-tile="${key}"]`),
    targets.building ? `[data-building="${targets.building}"]` : null
  ];
  for (const selector of controls) if (selector) root.querySelector(selector)?.classList.add("gw-hinted");
  const choice = choices.findIndex((entry) => sameAction(entry.action, suggestion.action));
  if (choice >= 0) root.querySelector(`[data-choice="${choice}"]`)?.classList.add("gw-hinted");
}
function markCell(cell, texts) {
  const space = cell?.tagName === "rect" ? cell : cell?.querySelector("rect");
  const board = cell?.closest("svg");
  if (!cell || !space || !board) return;
  const at = (name) => Number(space.getAttribute(name));
  svg("rect", { x: at("x") + 3, y: at("y") + 3, width: at("width") - 6, height: at("height") - 6, rx: 4, class: "gw-hint-mark" }, board);
  cell.setAttribute("aria-label", words(texts, "hinted_cell", { label: cell.getAttribute("aria-label") || "" }));
}
function drawEndAdvice(model, box) {
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
function drawReview(model, root, local, redraw, parPlace) {
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
function drawParLine(root, box, reviewed, local, redraw, texts) {
  const parWords = reviewed.par_words;
  const row = html("div", { class: "gw-par", role: "group", "aria-label": words(texts, "par_heading") }, box);
  html("p", {}, row, words(texts, "par_heading"));
  const press = (what, key, enabled) => {
    const button = html("button", { type: "button", "data-key": key, disabled: !enabled }, row, words(
      texts,
      /** @type {any} */
      `par_${what}`
    ));
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

// src/constants.js
var GAME_TRAITS = front_end_default.game_traits;
var BROWSER_TRAITS = front_end_default.browser_traits;
var TOWN = front_end_default.town;
var LITTLE_TOWN = front_end_default.littletown;

// src/text.js
var fill = (message, values = {}) => message.replace(/\{(\w+)\}/g, (whole, name) => name in values ? String(values[name]) : whole);
var say = (texts, key, values) => fill(String(texts[key] ?? key), values);
function counted(texts, key, count, values = {}) {
  const forms = texts[key];
  const form = Array.isArray(forms) ? forms[Math.min(Math.max(count, 0), 2)] : String(forms ?? key);
  return fill(form, { count, ...values });
}
var cellWords = (texts, cell) => say(texts, "cell", { row: Number(cell[0]) + 1, column: Number(cell[1]) + 1 });
function sayAboutCell(texts, key, cell, values = {}) {
  const text = say(texts, key, { ...values, cell: cellWords(texts, cell) });
  return text.charAt(0).toUpperCase() + text.slice(1);
}
var cellKey = (cell) => `${cell[0]},${cell[1]}`;
var named = (prefix, name) => `${prefix}-${name} gw-${name}`;
function arrivalDelays(history, seen, placed, delayMs) {
  const delays = /* @__PURE__ */ new Map();
  if (seen === null || history.length <= seen) return delays;
  let order = 0;
  for (const entry of history.slice(seen)) {
    if (placed(entry) && entry.cell) delays.set(cellKey(entry.cell), order++ * delayMs);
  }
  return delays;
}
var stepText = (texts, step, steps) => say(texts, step < 0 ? "step_now" : "step_earlier", { step, steps });
function littleTownCellLabel(texts, cell, what, click) {
  return sayAboutCell(texts, "cell_line", cell, { what }) + (click ? `. ${click}` : "");
}

// src/focus.js
function focusedKey(root, active) {
  return active && root.contains(active) && active.dataset ? active.dataset.key : void 0;
}
function refocus(root, key) {
  if (!key) return false;
  const node = (
    /** @type {HTMLElement | SVGElement | null} */
    root.querySelector(`[data-key="${key}"]`)
  );
  if (!node) return false;
  node.focus({ preventScroll: true });
  return true;
}

// src/ui.js
function drawHeader(parent, prefix, title, model) {
  const header = html("div", { class: `${prefix}-header gw-header` }, parent);
  html("span", { class: named(prefix, "title") }, header, title);
  const status = html("span", { class: `${prefix}-status gw-status`, role: "status" }, header, model.get("status"));
  const texts = model.get("texts");
  if (model.get("thinking")) html("span", { class: "gw-thinking", "aria-hidden": "true" }, status);
  if (model.get("practice")) html("span", { class: "gw-practice", title: say(texts, "practice_title") }, header, say(texts, "practice"));
  return header;
}
var guideOpen = /* @__PURE__ */ new WeakMap();
function drawGuide(parent, prefix, model) {
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
  guide.addEventListener("toggle", () => guideOpen.set(
    model,
    /** @type {HTMLDetailsElement} */
    guide.open
  ));
  return guide;
}
function drawNewGame(model, parent, local, redraw) {
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
function playAgainButton(model, box) {
  const row = html("div", { class: "gw-again" }, box);
  intentButton(model, row, say(model.get("texts"), "play_again"), "play-again", true, common.newGame());
}
function drawMessages(parent, prefix, error) {
  html("div", { class: named(prefix, "error"), role: "alert" }, parent, error);
  html("div", { class: named(prefix, "reason"), "aria-live": "polite" }, parent);
}
function intentButton(model, parent, text, key, enabled, intent2) {
  const node = html("button", { type: "button", "data-key": key, disabled: !enabled }, parent, text);
  node.addEventListener("click", () => model.send(intent2));
  return node;
}
function drawLog(parent, prefix, model) {
  const lines = model.get("moves");
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
  requestAnimationFrame(() => {
    if (current) log.scrollTop = current.offsetTop - log.clientHeight + current.offsetHeight + 4;
  });
}
function drawHistorySlider(label, box, prefix, model) {
  const steps = model.get("steps");
  const step = model.get("step");
  const texts = model.get("texts");
  const slider = (
    /** @type {HTMLInputElement} */
    html(
      "input",
      { type: "range", min: 0, max: steps, value: step < 0 ? steps : step, "data-key": "history", disabled: steps === 0 },
      label
    )
  );
  slider.setAttribute("aria-label", say(texts, "history_slider"));
  slider.addEventListener("input", () => model.send(common.step(Number(slider.value))));
  html("span", { class: named(prefix, "step") }, box, stepText(texts, step, steps));
  if (step >= 0) intentButton(model, box, say(texts, "back_to_game"), "back", true, common.step(null));
}
var outcomeBox = (parent, prefix) => html("div", { class: named(prefix, "outcome") }, parent);
function headedTable(parent, columns) {
  const table = html("table", {}, parent);
  const head = html("tr", {}, table);
  columns.forEach((text) => html("th", {}, head, text));
  return table;
}
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
function redrawKeepingFocus(root, paint, focus) {
  const active = document.activeElement;
  const key = focus || focusedKey(root, active);
  if (active !== root && root.contains(active)) root.focus({ preventScroll: true });
  root.replaceChildren();
  paint();
  queueMicrotask(() => refocus(root, key));
}
var reporting = /* @__PURE__ */ new WeakSet();
function reportGameChanges(model) {
  if (reporting.has(model)) return;
  reporting.add(model);
  const [drawn] = BROWSER_TRAITS;
  model.on(
    "change:view",
    () => queueMicrotask(
      () => queueMicrotask(() => {
        model.set(drawn, model.get("revision"));
        model.save_changes();
      })
    )
  );
}
function drawCover(root, model) {
  const texts = model.get("texts");
  const name = model.get("cover");
  const box = html("div", { class: "gw-cover", role: "group", "aria-label": say(texts, "covered") }, root);
  html("p", { class: "gw-status", role: "status" }, box, model.get("status"));
  intentButton(model, box, say(texts, "show_hand", { name }), "uncover", true, common.uncover());
  html("div", { class: "gw-error", role: "alert" }, box, model.get("error"));
  root.dataset.revision = String(model.get("revision"));
}
function renderer(createView2, extra) {
  const traits = [...GAME_TRAITS, ...extra];
  return function render({ model, el }) {
    reportGameChanges(model);
    const view = createView2(model, el);
    const covered = () => Boolean(model.get("cover"));
    const draw = () => covered() ? redrawKeepingFocus(view.root, () => drawCover(view.root, model), "uncover") : view.draw();
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
function boardCell(node, cell, local, play, inspect) {
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
function keyPlace(target, root, cellClass) {
  if (target.classList.contains(cellClass)) return "cell";
  if (target === root) return "root";
  return target instanceof HTMLInputElement && target.type === "range" ? "slider" : "control";
}

// src/littletown.js
var { cell: CELL, margin: MARGIN, move_delay_ms: MOVE_DELAY_MS, resources: RESOURCES, terrain: TERRAIN } = LITTLE_TOWN;
var PLAYER_COLOURS = ["#E69F00", "#0072B2", "#CC79A7", "#F0E442"];
var PLAYER_INK = ["#222", "#fff", "#222", "#222"];
function cube(parent, texts, resource, count) {
  const item = html("span", { class: `ltw-cube ltw-${resource}`, title: texts.resources[resource] }, parent);
  html("span", { class: "ltw-swatch" }, item);
  html("span", {}, item, counted(texts.amounts, resource, count));
  return item;
}
function coins(parent, texts, count) {
  const item = html("span", { class: "ltw-cube ltw-coins", title: say(texts, "coins_title") }, parent);
  html("span", { class: "ltw-swatch" }, item);
  html("span", {}, item, counted(texts, "coins", count));
  return item;
}
function nameLines(name) {
  const words2 = name.split(" ");
  return words2.length > 1 ? [words2.slice(0, -1).join(" "), words2[words2.length - 1]] : [name];
}
var newPieces = (history, seen) => arrivalDelays(
  history,
  seen,
  (entry) => entry.type === "place_worker" || entry.type === "place_building",
  MOVE_DELAY_MS
);
var cellDataKey = (cell) => `cell-${cell[0]}-${cell[1]}`;
function createView(model, el) {
  const root = html("div", { class: named("ltw", "root"), tabindex: 0, "data-lm-suppress-shortcuts": "true" }, el);
  const local = { hover: null, cursor: null, seen: null, confirming: false, par: null };
  const get = (name) => model.get(name);
  const t = (key, values) => say(get("texts"), key, values);
  const tn = (key, count, values) => counted(get("texts"), key, count, values);
  const terrain = (ground) => get("texts").terrain[ground];
  const send = (intent2) => model.send(intent2);
  const live = () => get("step") < 0;
  const shown = () => live() ? get("view") : get("frame");
  const legalCells = () => live() ? get("legal") : [];
  let spaces = null;
  function drawBoard(parent) {
    const state = shown();
    const rows = state.terrain.length;
    const columns = state.terrain[0].length;
    const width = MARGIN + columns * CELL + 2;
    const height = MARGIN + rows * CELL + 2;
    const board = svg("svg", { class: "ltw-board", width, height, viewBox: `0 0 ${width} ${height}`, role: "group" }, parent);
    board.setAttribute("aria-label", t("little_town_board", { rows, columns }));
    for (let c = 0; c < columns; c++) {
      svgText(board, MARGIN + c * CELL + CELL / 2, 14, String(c + 1), {
        class: named("ltw", "coord"),
        "text-anchor": "middle",
        "aria-hidden": "true"
      });
    }
    for (let r = 0; r < rows; r++) {
      svgText(board, MARGIN / 2, MARGIN + r * CELL + CELL / 2 + 4, String(r + 1), {
        class: named("ltw", "coord"),
        "text-anchor": "middle",
        "aria-hidden": "true"
      });
    }
    const legal = new Set((live() ? (
      /** @type {Cell[]} */
      get("legal")
    ) : []).map(cellKey));
    const notes = live() ? get("notes") : [];
    const cursor = local.cursor || legalCells()[0] || [0, 0];
    const { group, cells } = boardSpaces(state.terrain);
    board.appendChild(group);
    for (const { node, title, ground, cell } of cells) {
      const [r, c] = cell;
      const note = notes.length ? notes[r][c] : null;
      const legalHere = legal.has(cellKey(cell));
      node.setAttribute("class", `ltw-cell ltw-${TERRAIN[ground]}${legalHere ? " ltw-legal" : ""}`);
      node.setAttribute("tabindex", cursor[0] === r && cursor[1] === c ? "0" : "-1");
      node.setAttribute("aria-label", littleTownCellLabel(get("texts"), cell, note ? note.what : terrain(ground), note ? note.click : ""));
      title.textContent = note ? note.what : terrain(ground);
    }
    const delays = live() ? newPieces(get("view").history, local.seen) : /* @__PURE__ */ new Map();
    const turn = state.turn;
    const activated = new Set((turn.activated || []).map(cellKey));
    for (const building of state.buildings) drawBuilding(board, building, activated, delays);
    for (const worker of state.workers) drawWorker(board, worker, turn, delays);
    for (const key of legal) {
      const [r, c] = key.split(",").map(Number);
      svg(
        "circle",
        { cx: MARGIN + c * CELL + CELL / 2, cy: MARGIN + r * CELL + 8, r: 4, class: named("ltw", "legal-dot") },
        board
      );
    }
    svg("g", { class: "ltw-overlay" }, board);
  }
  function boardSpaces(rows) {
    const key = rows.join("/");
    if (spaces && spaces.key === key && spaces.texts === get("texts")) return spaces;
    const group = svg("g", { class: "ltw-spaces" });
    const cells = [];
    for (let r = 0; r < rows.length; r++) {
      for (let c = 0; c < rows[r].length; c++) {
        const cell = [r, c];
        const ground = rows[r][c];
        const x = MARGIN + c * CELL;
        const y = MARGIN + r * CELL;
        const node = svg("g", { "data-cell": cellKey(cell), "data-key": cellDataKey(cell), role: "button" }, group);
        svg("rect", { x, y, width: CELL, height: CELL }, node);
        drawTerrain(node, ground, x, y);
        const title = svg("title", {}, node);
        boardCell(node, cell, local, () => send(littleTown.cell(cell)), drawHover);
        cells.push({ node, title, ground, cell });
      }
    }
    spaces = { key, texts: get("texts"), group, cells };
    return spaces;
  }
  function drawTerrain(parent, ground, x, y) {
    const mid = x + CELL / 2;
    if (ground === "F") {
      for (const [dx, dy, s] of [
        [-14, 4, 11],
        [8, 0, 13],
        [-2, 14, 10]
      ]) {
        const cx = mid + dx;
        const cy = y + CELL / 2 + dy;
        svg(
          "path",
          { d: `M${cx} ${cy - s}L${cx + s * 0.7} ${cy + s * 0.6}H${cx - s * 0.7}Z`, class: "ltw-tree" },
          parent
        );
      }
    } else if (ground === "M") {
      const base = y + CELL - 12;
      svg(
        "path",
        {
          d: `M${x + 8} ${base}L${mid - 6} ${y + 16}L${mid + 4} ${y + 30}L${mid + 12} ${y + 22}L${x + CELL - 8} ${base}Z`,
          class: "ltw-peak"
        },
        parent
      );
    } else if (ground === "L") {
      for (const dy of [20, 32, 44]) {
        svg("path", { d: `M${x + 12} ${y + dy}q6 -6 12 0t12 0t12 0`, class: "ltw-wave" }, parent);
      }
    }
  }
  function drawBuilding(board, building, activated, delays) {
    const catalogue = get("catalogue");
    const kind = catalogue[building.building];
    const [r, c] = building.cell;
    const x = MARGIN + c * CELL;
    const y = MARGIN + r * CELL;
    const key = cellKey(building.cell);
    const group = svg("g", { class: "ltw-building", "data-building-cell": key }, board);
    svg("rect", { x: x + 4, y: y + 4, width: CELL - 8, height: CELL - 8, rx: 5, class: "ltw-tile" }, group);
    nameLines(kind.name).forEach((line, i) => {
      const fit = line.length > 8 ? { textLength: CELL - 14, lengthAdjust: "spacingAndGlyphs" } : {};
      svgText(group, x + CELL / 2, y + 19 + i * 11, line, { class: "ltw-tile-name", "text-anchor": "middle", ...fit });
    });
    svgText(group, x + 8, y + CELL - 9, t("vp", { vp: kind.vp }), { class: "ltw-tile-vp" });
    drawHouse(group, building.owner, x + CELL - 23, y + CELL - 25);
    if (activated.has(key)) {
      svg("rect", { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 6, class: "ltw-activated" }, group);
    }
    if (delays.has(key)) {
      group.classList.add("ltw-new", "gw-new");
      group.style.animationDelay = `${delays.get(key)}ms`;
    }
  }
  function drawHouse(parent, player, x, y) {
    svg(
      "path",
      {
        d: `M${x} ${y + 8}L${x + 9} ${y}L${x + 18} ${y + 8}V${y + 20}H${x}Z`,
        fill: PLAYER_COLOURS[player],
        class: "ltw-house"
      },
      parent
    );
    svgText(parent, x + 9, y + 18, String(player + 1), {
      class: "ltw-piece-number",
      fill: PLAYER_INK[player],
      "text-anchor": "middle"
    });
  }
  function drawWorker(board, worker, turn, delays) {
    const [r, c] = worker.cell;
    const cx = MARGIN + c * CELL + CELL / 2;
    const cy = MARGIN + r * CELL + CELL / 2;
    const key = cellKey(worker.cell);
    const group = svg("g", { class: "ltw-worker", "data-worker": worker.player }, board);
    if (turn.worker && cellKey(turn.worker) === key)
      svg("circle", { cx, cy, r: 17, class: "ltw-active-worker" }, group);
    svg("circle", { cx, cy, r: 12, fill: PLAYER_COLOURS[worker.player], class: "ltw-pawn" }, group);
    svgText(group, cx, cy + 5, String(worker.player + 1), {
      class: "ltw-piece-number",
      fill: PLAYER_INK[worker.player],
      "text-anchor": "middle"
    });
    if (delays.has(key)) {
      group.classList.add("ltw-new", "gw-new");
      group.style.animationDelay = `${delays.get(key)}ms`;
    }
  }
  function drawHover() {
    const overlay = root.querySelector(".ltw-overlay");
    const line = root.querySelector(".ltw-reason");
    if (!overlay || !line) return;
    overlay.replaceChildren();
    line.textContent = "";
    const notes = live() ? get("notes") : [];
    const focused = local.cursor && root.contains(document.activeElement) && document.activeElement !== root;
    const spot = local.hover || (focused ? local.cursor : null);
    if (!spot || !notes.length) return;
    const note = notes[spot[0]][spot[1]];
    svg(
      "rect",
      {
        x: MARGIN + spot[1] * CELL + 1,
        y: MARGIN + spot[0] * CELL + 1,
        width: CELL - 2,
        height: CELL - 2,
        class: note.blocked ? "ltw-hover ltw-blocked" : "ltw-hover"
      },
      overlay
    );
    line.textContent = littleTownCellLabel(get("texts"), spot, note.what, note.click);
  }
  function drawRounds(parent, state) {
    const names = get("names");
    const box = html("div", { class: "ltw-rounds", "aria-label": t("round_track") }, parent);
    html("span", { class: named("ltw", "label") }, box, t("round"));
    for (let round = 1; round <= 4; round++) {
      const current = round === state.round;
      html(
        "span",
        { class: current ? "ltw-round ltw-now" : round < state.round ? "ltw-round ltw-past" : "ltw-round" },
        box,
        String(round)
      );
    }
    html("span", { class: "ltw-first" }, box, t("first_player", { name: names[state.first_player] }));
  }
  function drawChoices(parent) {
    const choices = get("choices");
    const box = html("div", { class: "ltw-choices" }, parent);
    const warning = get("warning");
    if (warning) html("div", { class: "ltw-warning", "data-key": "feeding-warning" }, box, `⚠ ${warning}`);
    if (!choices.length) return;
    html("div", { class: named("ltw", "label") }, box, t("your_choices"));
    choices.forEach((choice, i) => {
      const button = html(
        "button",
        {
          type: "button",
          class: `ltw-choice ltw-choice-${choice.action.type}`,
          "data-choice": i,
          "data-kind": choice.action.type
        },
        box,
        choice.text
      );
      button.addEventListener("click", () => send(littleTown.act(choice.action)));
    });
  }
  function drawPlayers(parent, state) {
    const names = get("names");
    const cards = get("cards");
    const seat = get("seat");
    const texts = get("texts");
    const box = html("div", { class: "ltw-players" }, parent);
    state.players.forEach((player, p) => {
      const turn = p === state.current_player;
      const card = html("div", { class: turn ? "ltw-player ltw-turn" : "ltw-player", "data-player": p }, box);
      const head = html("div", { class: "ltw-player-head" }, card);
      const badge = html("span", { class: "ltw-badge" }, head, String(p + 1));
      badge.style.background = PLAYER_COLOURS[p];
      badge.style.color = PLAYER_INK[p];
      html("span", { class: "ltw-name" }, head, `${turn ? "▶ " : ""}${names[p]}`);
      if (p === state.first_player) html("span", { class: "ltw-first-token", title: t("first_player_title") }, head, t("first_player_token"));
      html("span", { class: "ltw-score", title: t("victory_points") }, head, t("vp", { vp: player.score }));
      const stock = html("div", { class: "ltw-stock" }, card);
      coins(stock, texts, player.coins);
      RESOURCES.forEach((resource) => cube(stock, texts, resource, player.resources[resource]));
      const site = player.construction_site ? get("catalogue")[player.construction_site] : null;
      html(
        "div",
        { class: "ltw-count" },
        card,
        `${tn("workers_to_place", player.workers_left)} · ${tn("houses_left", player.houses_left)}` + (site ? ` · ${t("on_site", { building: site.name })}` : "")
      );
      const objectives = html("ul", { class: "ltw-objectives" }, card);
      for (const id of player.completed) {
        const text = cards[String(id)];
        html("li", { class: "ltw-done" }, objectives, `✓ ${text.text} ${t("vp_bonus", { vp: text.vp })}`);
      }
      if (p === seat) {
        for (const id of player.objectives) {
          const text = cards[String(id)];
          html("li", {}, objectives, `☐ ${text.text} (${t("vp", { vp: text.vp })})`);
        }
      } else if (player.objectives.length) {
        html("li", { class: "ltw-hidden" }, objectives, tn("hidden_objectives", player.objectives.length));
      }
    });
  }
  function drawMarket(parent) {
    const catalogue = get("catalogue");
    const texts = get("texts");
    const box = html("div", { class: "ltw-market" }, parent);
    const offers = get("market");
    const buildable = offers.some((offer) => offer.buildable);
    html("div", { class: named("ltw", "label") }, box, t(buildable ? "market_buildable" : "market"));
    const grid = html("div", { class: "ltw-market-grid" }, box);
    for (const offer of offers) {
      const kind = catalogue[offer.id];
      const button = html(
        "button",
        {
          type: "button",
          class: offer.buildable ? "ltw-offer ltw-buildable" : "ltw-offer",
          "data-building": offer.id,
          "aria-disabled": offer.buildable ? "false" : "true",
          title: offer.buildable ? t("build_the", { building: kind.name }) + (offer.pays ? ` (${offer.pays})` : "") : offer.why
        },
        grid
      );
      const head = html("div", { class: "ltw-offer-head" }, button);
      html("strong", {}, head, kind.name);
      if (offer.left > 1) html("span", { class: "ltw-left" }, head, `×${offer.left}`);
      html("span", { class: "ltw-offer-vp" }, head, t("vp", { vp: kind.vp }));
      const cost = html("div", { class: "ltw-cost" }, button);
      RESOURCES.forEach((resource) => {
        if (kind.cost[resource]) cube(cost, texts, resource, kind.cost[resource]);
      });
      if (kind.cost.coins) coins(cost, texts, kind.cost.coins);
      html("div", { class: "ltw-effect" }, button, kind.effect);
      if (offer.pays) html("div", { class: "ltw-pays" }, button, offer.pays);
      button.addEventListener("click", () => send(littleTown.build(offer.id)));
    }
  }
  function drawReserve(parent, state) {
    const box = html("div", { class: "ltw-reserve" }, parent);
    const texts = get("texts");
    html("span", { class: named("ltw", "label") }, box, t("reserve"));
    coins(box, texts, state.reserve.coins);
    RESOURCES.forEach((resource) => cube(box, texts, resource, state.reserve[resource]));
  }
  function drawControls(parent) {
    const buttons = get("buttons");
    const box = html("div", { class: named("ltw", "controls") }, parent);
    intentButton(model, box, t("undo"), "undo", buttons.undo, common.undo());
    drawNewGame(model, box, local, (focus) => redrawKeepingFocus(root, paint, focus));
    drawHintControls(model, box, parent);
    drawHistorySlider(html("label", { class: named("ltw", "history") }, box, `${t("history")} `), box, "ltw", model);
  }
  function drawOutcome(parent) {
    const outcome = get("outcome");
    if (!live() || !outcome.rows) return;
    const box = outcomeBox(parent, "ltw");
    if (outcome.reason) html("p", { class: "ltw-end-reason" }, box, outcome.reason);
    const table = headedTable(box, [t("rank"), t("player"), t("score"), t("points_from")]);
    for (const row of outcome.rows) {
      const line = html("tr", { class: row.winner ? "ltw-winner" : null }, table);
      const sources = Object.entries(row.sources).map(([source, points]) => `${t(`source_${source}`)} ${points}`);
      [row.winner ? t("winner", { rank: row.rank }) : row.rank, row.name, t("vp", { vp: row.score }), sources.join(", ")].forEach(
        (text) => html("td", {}, line, String(text))
      );
    }
    drawEndAdvice(model, box);
    playAgainButton(model, box);
  }
  function draw() {
    redrawKeepingFocus(root, paint);
  }
  function paint() {
    const view = get("view");
    const state = shown();
    const title = t("little_town_title", { players: view.num_players, side: view.rules.side });
    root.setAttribute("aria-busy", get("thinking") ? "true" : "false");
    drawHeader(root, "ltw", title, model);
    drawGuide(root, "ltw", model);
    drawRounds(root, state);
    const main = html("div", { class: "ltw-main" }, root);
    const left = html("div", { class: "ltw-column" }, main);
    left.style.maxWidth = `${MARGIN + state.terrain[0].length * CELL + 2}px`;
    drawBoard(left);
    drawMessages(left, "ltw", get("error"));
    drawReserve(left, state);
    drawLog(left, "ltw", model);
    const side = html("div", { class: "ltw-side" }, main);
    drawChoices(side);
    drawPlayers(side, state);
    drawMarket(root);
    drawControls(root);
    drawOutcome(root);
    drawReview(model, root, local, (focus) => redrawKeepingFocus(root, paint, focus));
    markMove(root, get("texts"), get("suggestion"), get("choices"));
    drawHover();
    local.seen = view.history.length;
    root.dataset.revision = String(get("revision"));
  }
  function onKey(event) {
    const target = (
      /** @type {Element} */
      event.target
    );
    const terrain2 = shown().terrain;
    const place = keyPlace(target, root, "ltw-cell");
    const context = { place, cursor: local.cursor, rows: terrain2.length, columns: terrain2[0].length, start: legalCells()[0] || [0, 0], choices: 0 };
    const action = keyAction(event.key, context, {
      play: littleTown.cell,
      escape: () => common.step(null)
    });
    if (!action || event.key === "Escape" && live()) return;
    event.preventDefault();
    event.stopPropagation();
    if (action.cursor) {
      local.cursor = action.cursor;
      const space = (
        /** @type {SVGElement | null} */
        root.querySelector(`[data-key="${cellDataKey(action.cursor)}"]`)
      );
      space?.focus({ preventScroll: true });
    }
    if (action.intent) send(action.intent);
  }
  return { root, draw, schedule: drawOnce(draw), onKey };
}
var littletown_default = { render: renderer(createView, LITTLE_TOWN.traits) };
export {
  littletown_default as default
};
