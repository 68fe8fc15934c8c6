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
var cellOrigin = (at, cell, margin) => ({ x: margin + at[1] * cell, y: margin + at[0] * cell });
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
var town = {
  /** @param {number} pile */
  pickPile: (pile) => intent(TOWN_INTENTS, "select", { pile }),
  /** @param {Tile} tile */
  pickTile: (tile) => intent(TOWN_INTENTS, "select", { tile }),
  /** @param {Cell} cell */
  place: (cell) => intent(TOWN_INTENTS, "place", { cell }),
  deselect: () => intent(TOWN_INTENTS, "deselect"),
  /** @param {boolean} on */
  flip: (on) => intent(TOWN_INTENTS, "flip", { on }),
  /** @param {boolean} on */
  inspect: (on) => intent(TOWN_INTENTS, "inspect", { on }),
  exchange: () => intent(TOWN_INTENTS, "exchange"),
  discard: () => intent(TOWN_INTENTS, "discard"),
  pass: () => intent(TOWN_INTENTS, "pass"),
  /** @param {Tile} tile a hand tile, in or out of the set to exchange */
  choose: (tile) => intent(TOWN_INTENTS, "choose", { tile }),
  /** @param {Tile | "drawn" | null} tile what a one-click turn discards after the draw (null: keep the hand) */
  planDiscard: (tile) => intent(TOWN_INTENTS, "plan_discard", { tile }),
  /** @param {boolean} on ask for the exchange and the discard as steps of the turn */
  explicitSteps: (on) => intent(TOWN_INTENTS, "explicit_steps", { on })
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
function parFrame(model, local) {
  const frames = model.get("reviewed").par_frames;
  if (local.par === null || !frames || model.get("step") >= 0) return null;
  return frames[Math.min(local.par, frames.length - 1)];
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
function cellAfterPick(cursor, legal) {
  if (cursor && legal.some((cell) => cell[0] === cursor[0] && cell[1] === cursor[1])) return cursor;
  return legal[0] || cursor || [0, 0];
}

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
function tileName(style, texts, tile) {
  if (tile === null) return say(texts, "no_tile");
  if (tile === "blank") return say(texts, "blank_tile");
  if (tile[1] === null) return String(texts.tile_backs[Number(tile[0])]);
  return say(texts, "tile", { colour: style.colour_names[Number(tile[0])], shape: style.shape_names[tile[1]] });
}
function townCellLabel(style, texts, cell, about) {
  const empty = say(texts, about.legal ? "empty_legal" : "empty");
  const what = about.tile === null ? empty : tileName(style, texts, about.tile);
  let label = sayAboutCell(texts, "cell_line", cell, { what });
  if (about.pioneer && about.tile === null) label += `, ${say(texts, "pioneer_cell")}`;
  if (about.fit !== null) label += `; ${counted(texts, "fits_here", about.fit)}`;
  return label;
}
function pileLabel(style, texts, pile, top, size) {
  if (top === null) return say(texts, "pile_empty", { pile: pile + 1 });
  const tiles = counted(texts, "tiles", size);
  return say(texts, "pile", { pile: pile + 1, tile: tileName(style, texts, top), tiles, key: pile + 1 });
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

// src/town.js
var { cell: CELL, margin: MARGIN, hand_tile: HAND_TILE, move_delay_ms: MOVE_DELAY_MS } = TOWN;
var sansText = (parent, x, y, text, attrs) => svgText(parent, x, y, text, { "font-family": "sans-serif", ...attrs });
var sameTile = (a, b) => Array.isArray(a) && Array.isArray(b) && a[0] === b[0] && a[1] === b[1];
function drawTile(parent, style, texts, tile, x, y, size) {
  const pad = size * 0.06;
  const x0 = x + pad;
  const y0 = y + pad;
  const inner = size - 2 * pad;
  const font = Math.max(9, Math.round(size * 15 / CELL));
  const group = svg("g", {}, parent);
  const card = (fill2) => svg("rect", { x: x0, y: y0, width: inner, height: inner, rx: 4, fill: fill2, stroke: "#777" }, group);
  let title;
  if (tile === "blank") {
    group.setAttribute("class", "tw-blank");
    card("#d9d9d9");
    svg("path", { d: `M${x0} ${y0 + inner}L${x0 + inner} ${y0}`, stroke: "#777" }, group);
    title = say(texts, "blank_tile_title");
  } else if (tile[1] === null) {
    const colour = tile[0];
    group.setAttribute("class", "tw-back");
    card(style.palette[colour]);
    sansText(group, x0 + inner - 3, y0 + font, String(colour + 1), {
      "font-size": font,
      "font-weight": 700,
      "text-anchor": "end",
      fill: style.label_ink[colour]
    });
    title = String(texts.tile_back_titles[colour]);
  } else {
    const [colour, shape] = tile;
    group.setAttribute("class", "tw-tile");
    card("#fbfaf5");
    svg(
      "path",
      {
        transform: `translate(${x0} ${y0}) scale(${inner / 100})`,
        d: style.shape_paths[shape],
        fill: style.palette[colour],
        stroke: "#222",
        "stroke-width": 3
      },
      group
    );
    sansText(group, x0 + 2, y0 + font - 1, String(colour + 1), {
      "font-size": font,
      "font-weight": 700,
      fill: "#222",
      stroke: "#fbfaf5",
      "stroke-width": 3,
      "paint-order": "stroke"
    });
    title = tileName(style, texts, tile);
  }
  svg("title", {}, group).textContent = title;
  return group;
}
function tileButton(style, texts, tile, attrs, parent, caption) {
  const button = html("button", { type: "button", ...attrs }, parent);
  const picture = svg(
    "svg",
    { width: HAND_TILE, height: HAND_TILE, viewBox: `0 0 ${HAND_TILE} ${HAND_TILE}`, "aria-hidden": "true" },
    button
  );
  if (tile) drawTile(picture, style, texts, tile, 0, 0, HAND_TILE);
  else svg("rect", { x: 4, y: 4, width: HAND_TILE - 8, height: HAND_TILE - 8, rx: 4, class: "tw-empty-pile" }, picture);
  if (caption !== void 0) html("span", { class: "tw-caption", "aria-hidden": "true" }, button, caption);
  return button;
}
var newPlacements = (history, seen) => arrivalDelays(history, seen, (entry) => entry.type === "place", MOVE_DELAY_MS);
var cellDataKey = (cell) => `cell-${cell[0]}-${cell[1]}`;
function createView(model, el) {
  const root = html("div", { class: named("tw", "root"), tabindex: 0, "data-lm-suppress-shortcuts": "true" }, el);
  const local = { hover: null, cursor: null, seen: null, toBoard: false, fresh: false, confirming: false, par: null };
  const get = (name) => model.get(name);
  const t = (key, values) => say(get("texts"), key, values);
  const tn = (key, count, values) => counted(get("texts"), key, count, values);
  const send = (intent2) => model.send(intent2);
  const live = () => get("step") < 0;
  const idle = () => !get("thinking");
  const seated = () => Object.keys(get("buttons")).length > 0;
  const shown = () => live() ? parFrame(model, local) || get("view") : get("frame");
  const legalCells = () => live() ? get("legal") : [];
  const choices = () => {
    const state = get("view");
    return state.mode === "solo" ? state.piles.length : state.hands[get("seat")].length;
  };
  function drawBoard(parent) {
    const style = get("tile_style");
    const state = shown();
    const n = state.n;
    const size = MARGIN + n * CELL + 4;
    const board = svg(
      "svg",
      { class: "tw-board", width: size, height: size, viewBox: `0 0 ${size} ${size}`, role: "group" },
      parent
    );
    board.setAttribute("aria-label", t("town_board", { n }));
    for (let i = 0; i < n; i++) {
      const middle = MARGIN + i * CELL + CELL / 2;
      const coord = { "font-size": 11, "text-anchor": "middle", class: named("tw", "coord"), "aria-hidden": "true" };
      sansText(board, middle, 14, String(i + 1), coord);
      sansText(board, MARGIN / 2, middle + 4, String(i + 1), coord);
    }
    const legal = new Set(legalCells().map(cellKey));
    const fits = live() && get("inspect") ? get("fits") : [];
    const delays = live() ? newPlacements(get("view").history, local.seen) : /* @__PURE__ */ new Map();
    const cursor = local.cursor || legalCells()[0] || [0, 0];
    for (let r = 0; r < n; r++) {
      for (let k = 0; k < n; k++) {
        const { x, y } = cellOrigin([r, k], CELL, MARGIN);
        const key = cellKey([r, k]);
        const classes = ["tw-cell"];
        if (legal.has(key)) classes.push("tw-legal");
        if (r === 0 && k === 0) classes.push("tw-pioneer-cell");
        const tile = state.board[r][k];
        const fit = fits.length ? fits[r][k] : null;
        const cell = svg(
          "rect",
          {
            x,
            y,
            width: CELL,
            height: CELL,
            class: classes.join(" "),
            "data-cell": key,
            "data-key": cellDataKey([r, k]),
            role: "button",
            tabindex: cursor[0] === r && cursor[1] === k ? 0 : -1,
            "aria-label": townCellLabel(style, get("texts"), [r, k], { tile, legal: legal.has(key), fit, pioneer: r === 0 && k === 0 })
          },
          board
        );
        boardCell(cell, [r, k], local, () => send(town.place([r, k])), drawInspect);
        if (tile !== null) {
          const drawn = drawTile(board, style, get("texts"), tile, x, y, CELL);
          drawn.classList.add("tw-placed");
          drawn.setAttribute("aria-hidden", "true");
          if (delays.has(key)) {
            drawn.classList.add("tw-new", "gw-new");
            drawn.style.animationDelay = `${delays.get(key)}ms`;
          }
        } else if (legal.has(key)) {
          svg("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: 5, class: named("tw", "legal-dot") }, board);
        }
        if (fit !== null) {
          sansText(board, x + CELL - 5, y + CELL - 5, String(fit), {
            "font-size": 13,
            "text-anchor": "end",
            class: fit ? "tw-fit" : "tw-fit tw-fit-none",
            "aria-hidden": "true"
          });
        }
      }
    }
    const pioneer = sansText(board, MARGIN + CELL - 3, MARGIN + 11, "★", {
      "font-size": 11,
      "text-anchor": "end",
      class: "tw-pioneer"
    });
    svg("title", {}, pioneer).textContent = t("pioneer_cell");
    svg("g", { class: "tw-overlay", "aria-hidden": "true" }, board);
    return board;
  }
  function drawInspect() {
    const overlay = root.querySelector(".tw-overlay");
    const reasonLine = root.querySelector(".tw-reason");
    if (!overlay || !reasonLine) return;
    overlay.replaceChildren();
    reasonLine.textContent = "";
    const outline = (cell, cls) => {
      const { x, y } = cellOrigin(cell, CELL, MARGIN);
      svg("rect", { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, class: cls }, overlay);
    };
    if (local.cursor && root.contains(document.activeElement) && document.activeElement !== root) {
      outline(local.cursor, "tw-cursor");
    }
    const spot = local.hover || local.cursor;
    const reasons = live() ? get("reasons") : [];
    if (!spot || !reasons.length) return;
    const note = reasons[spot[0]][spot[1]];
    if (!note) {
      reasonLine.textContent = sayAboutCell(get("texts"), "open_cell", spot);
      const selection = get("selection");
      const ghost = get("flip") ? [selection.tile[0], null] : selection.tile;
      const { x, y } = cellOrigin(spot, CELL, MARGIN);
      drawTile(overlay, get("tile_style"), get("texts"), ghost, x, y, CELL).classList.add("tw-ghost");
      return;
    }
    reasonLine.textContent = sayAboutCell(get("texts"), "not_at", spot, { reason: note.text });
    outline(spot, "tw-blocked");
    if (note.conflict) outline(note.conflict, "tw-conflict");
  }
  function pickThenBoard(intent2) {
    local.toBoard = true;
    send(intent2);
  }
  function drawHand(parent) {
    const style = get("tile_style");
    const texts = get("texts");
    const state = shown();
    const selection = get("selection");
    const chosen = get("chosen");
    const seat = get("seat");
    const playable = live() && idle();
    const box = html("div", { class: "tw-hand" }, parent);
    if (state.mode === "solo") {
      html("div", { class: named("tw", "label") }, box, t("pile_tops"));
      const row2 = html("div", { class: "tw-tiles", role: "group", "aria-label": t("pile_tops") }, box);
      state.piles.forEach((pile, i) => {
        const top = pile.length ? pile[pile.length - 1] : null;
        const picked = live() && selection.pile === i;
        const button = tileButton(
          style,
          texts,
          top,
          {
            class: picked ? "tw-pick tw-picked" : "tw-pick",
            "data-pile": i,
            "data-key": `pile-${i}`,
            disabled: !top || !playable,
            "aria-pressed": picked ? "true" : "false",
            "aria-label": pileLabel(style, texts, i, top === "blank" ? null : top, pile.length),
            title: top ? t("pile_title", { pile: i + 1, key: i + 1 }) : t("pile_empty_title", { pile: i + 1 })
          },
          row2,
          tn("tiles_left", pile.length)
        );
        button.addEventListener("click", () => pickThenBoard(town.pickPile(i)));
      });
      if (state.rules.flips > 0) drawFlip(box, state);
      return;
    }
    if (!seated()) return;
    html("div", { class: named("tw", "label") }, box, t("your_hand"));
    const row = html("div", { class: "tw-tiles", role: "group", "aria-label": t("your_hand") }, box);
    state.hands[seat].forEach((tile, i) => {
      const picked = live() && sameTile(selection.tile, tile);
      const isChosen = live() && chosen.some((other) => sameTile(other, tile));
      const classes = ["tw-pick", picked ? "tw-picked" : "", isChosen ? "tw-chosen" : ""].join(" ").trim();
      const button = tileButton(
        style,
        texts,
        tile,
        {
          class: classes,
          "data-tile": cellKey(tile),
          "data-key": `tile-${cellKey(tile)}`,
          disabled: !playable,
          "aria-pressed": picked || isChosen ? "true" : "false",
          "aria-label": t(isChosen ? "chosen_for_exchange" : "hand_tile", { tile: tileName(style, texts, tile), key: i + 1 }),
          title: t("key", { key: i + 1 })
        },
        row
      );
      button.addEventListener("click", () => pickThenBoard(town.pickTile(
        /** @type {[number, number]} */
        tile
      )));
    });
  }
  function drawFlip(parent, state) {
    const label = html("label", { class: "tw-toggle" }, parent);
    const box = (
      /** @type {HTMLInputElement} */
      html("input", { type: "checkbox", "data-key": "flip", disabled: !get("buttons").flip }, label)
    );
    box.checked = get("flip");
    box.addEventListener("change", () => send(town.flip(box.checked)));
    label.append(` ${tn("flip", state.flips_left)}`);
  }
  function drawTurnOptions(parent) {
    const options = get("turn_options");
    if (!options.multi) return;
    const style = get("tile_style");
    const texts = get("texts");
    const box = html("div", { class: "tw-turn-options", "data-key": "turn-options" }, parent);
    if (options.exchange) {
      const group = html("fieldset", { class: "tw-exchange-choice", "data-key": "exchange-choice" }, box);
      html("legend", {}, group, t("exchange_beside"));
      const chosen = get("chosen");
      get("view").hands[get("seat")].forEach((tile) => {
        const label = html("label", { class: "tw-toggle" }, group);
        const tick = (
          /** @type {HTMLInputElement} */
          html("input", { type: "checkbox", "data-key": `exchange-${cellKey(tile)}`, disabled: !idle() }, label)
        );
        tick.checked = chosen.some((other) => sameTile(other, tile));
        tick.addEventListener("change", () => send(town.choose(tile)));
        label.append(` ${tileName(style, texts, tile)}`);
      });
      intentButton(model, group, t("exchange"), "exchange", get("buttons").exchange && idle(), town.exchange());
    }
    if (options.plan) {
      const label = html("label", { class: "tw-plan" }, box, `${t("after_placing")} `);
      const select = (
        /** @type {HTMLSelectElement} */
        html("select", { "data-key": "discard-plan", disabled: !idle() }, label)
      );
      const planned = options.discard === null ? "keep" : Array.isArray(options.discard) ? cellKey(options.discard) : options.discard;
      html("option", { value: "keep" }, select, t("keep_hand"));
      html("option", { value: "drawn" }, select, t("discard_drawn"));
      get("view").hands[get("seat")].forEach(
        (tile) => html("option", { value: cellKey(tile) }, select, t("discard_tile", { tile: tileName(style, texts, tile) }))
      );
      select.value = planned;
      select.addEventListener("change", () => {
        const value = select.value;
        send(town.planDiscard(value === "keep" ? null : value === "drawn" ? "drawn" : (
          /** @type {[number, number]} */
          value.split(",").map(Number)
        )));
      });
    }
    const toggle = html("label", { class: "tw-toggle", title: t("explicit_steps_title") }, box);
    const steps = (
      /** @type {HTMLInputElement} */
      html("input", { type: "checkbox", "data-key": "explicit-steps" }, toggle)
    );
    steps.checked = options.explicit;
    steps.addEventListener("change", () => send(town.explicitSteps(steps.checked)));
    toggle.append(` ${t("explicit_steps")}`);
  }
  function drawControls(parent) {
    const buttons = get("buttons");
    const state = get("view");
    const box = html("div", { class: named("tw", "controls") }, parent);
    if (state.mode === "multi") {
      const steps = get("turn_options").explicit;
      if (steps) intentButton(model, box, t("exchange"), "exchange", buttons.exchange, town.exchange());
      if (steps || state.phase === "discard") intentButton(model, box, t("discard"), "discard", buttons.discard, town.discard());
      if (buttons.pass) intentButton(model, box, buttons.pass, "pass", true, town.pass());
    }
    const undo = intentButton(model, box, t("undo"), "undo", buttons.undo, common.undo());
    if (state.mode === "solo") undo.title = t("undo_solo_title");
    drawNewGame(model, box, local, (focus) => redrawKeepingFocus(root, paint, focus));
    drawHintControls(model, box, parent);
    const label = html("label", { class: "tw-toggle" }, box);
    const inspect = (
      /** @type {HTMLInputElement} */
      html("input", { type: "checkbox", "data-key": "inspect" }, label)
    );
    inspect.checked = get("inspect");
    inspect.addEventListener("change", () => send(town.inspect(inspect.checked)));
    label.append(` ${t("show_fits")}`);
    if (live() && get("inspect")) {
      html("div", { class: "tw-legend", "data-key": "legend" }, parent, t(state.mode === "solo" ? "legend_solo" : "legend_multi"));
    }
    if (state.mode === "solo") html("div", { class: "tw-note" }, parent, t("undo_solo_note"));
  }
  function drawPlayers(parent) {
    const style = get("tile_style");
    const state = shown();
    if (state.mode !== "multi") return;
    const names = get("names");
    const box = html("div", { class: "tw-players" }, parent);
    state.hands.forEach((hand, player) => {
      const row = html("div", { class: player === state.current_player ? "tw-player tw-turn" : "tw-player" }, box);
      html("span", { class: "tw-marker", "aria-hidden": "true" }, row, player === state.current_player ? "▶" : "");
      html("span", { class: "tw-name" }, row, names[player]);
      if (player !== get("seat") || !seated()) {
        const backs = svg("svg", { width: hand.length * 24, height: 24, "aria-hidden": "true" }, row);
        hand.forEach((tile, i) => drawTile(backs, style, get("texts"), tile, i * 24, 0, 24));
      }
      const tiles = tn("tiles", hand.length);
      html("span", { class: "tw-count" }, row, state.out[player] ? t("has_left", { tiles }) : tiles);
    });
    html("div", { class: "tw-bag" }, box, t("bag_size", { tiles: tn("tiles", state.bag_size) }));
  }
  function drawHistory(parent) {
    const box = html("div", { class: named("tw", "history") }, parent);
    drawHistorySlider(html("label", {}, box, `${t("history")} `), box, "tw", model);
  }
  function drawOutcome(parent) {
    const outcome = get("outcome");
    if (!live() || !Object.keys(outcome).length) return;
    const box = outcomeBox(parent, "tw");
    if (outcome.reason) html("p", { class: "tw-end-reason" }, box, outcome.reason);
    if (outcome.rows === void 0) {
      html("strong", {}, box, `${t("placed_of", { placed: outcome.placed, tiles: outcome.tiles })} `);
      html("span", {}, box, outcome.level);
      if (get("practice")) html("p", { class: "tw-practice-note" }, box, t("practice_note"));
    } else {
      const table = headedTable(box, [t("rank"), t("player"), t("tiles_left_column"), t("left_column")]);
      outcome.rows.forEach((row) => {
        const line = html("tr", {}, table);
        [row.rank, row.name, row.tiles_left, row.left].forEach(
          (text) => html("td", {}, line, String(text))
        );
      });
    }
    drawEndAdvice(model, box);
    playAgainButton(model, box);
  }
  function draw() {
    let focus;
    if (local.toBoard && Object.keys(get("selection")).length) {
      local.cursor = cellAfterPick(local.cursor, legalCells());
      local.fresh = true;
      focus = cellDataKey(local.cursor);
    }
    local.toBoard = false;
    redrawKeepingFocus(root, paint, focus);
  }
  function paint() {
    const view = get("view");
    const rules = view.rules;
    const title = rules.name.replace(/^town(\d)(\d)$/, "Town $1$2");
    const heading = view.mode === "solo" ? t("town_title_solo", { game: title }) : t("town_title_multi", { game: title, players: view.hands.length });
    root.setAttribute("aria-busy", get("thinking") ? "true" : "false");
    drawHeader(root, "tw", heading, model);
    drawGuide(root, "tw", model);
    const main = html("div", { class: "tw-main" }, root);
    const boardBox = html("div", { class: "tw-board-box" }, main);
    boardBox.style.maxWidth = `${MARGIN + view.n * CELL + 4}px`;
    drawBoard(boardBox);
    const side = html("div", { class: "tw-side" }, main);
    drawHand(side);
    drawTurnOptions(side);
    drawControls(side);
    drawPlayers(side);
    drawLog(side, "tw", model);
    drawMessages(root, "tw", get("error"));
    drawHistory(root);
    drawOutcome(root);
    drawReview(model, root, local, (focus) => redrawKeepingFocus(root, paint, focus), boardBox);
    markMove(root, get("texts"), get("suggestion"));
    drawInspect();
    local.seen = view.history.length;
    root.dataset.revision = String(get("revision"));
  }
  function onKey(event) {
    const target = (
      /** @type {Element} */
      event.target
    );
    const n = get("view").n;
    const place = keyPlace(target, root, "tw-cell");
    const start = legalCells()[0] || [0, 0];
    const context = { place, cursor: local.cursor, rows: n, columns: n, start, choices: choices(), fresh: local.fresh };
    const state = get("view");
    const action = keyAction(event.key, context, {
      play: town.place,
      escape: () => live() ? town.deselect() : common.step(null),
      pick: (index) => state.mode === "solo" ? town.pickPile(index) : town.pickTile(state.hands[get("seat")][index])
    });
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    local.fresh = false;
    if (action.cursor) {
      local.cursor = action.cursor;
      const cell = (
        /** @type {SVGElement | null} */
        root.querySelector(`[data-key="${cellDataKey(action.cursor)}"]`)
      );
      cell?.focus({ preventScroll: true });
    }
    if (action.toBoard) local.toBoard = true;
    if (action.intent) send(action.intent);
  }
  return { root, draw, schedule: drawOnce(draw), onKey };
}
var town_default = { render: renderer(createView, TOWN.traits) };
export {
  town_default as default
};
