// The TownWidget front end (an anywidget ES module, bundled by esbuild into townwidget/widget/static/town.js).
//
// It draws what Python publishes and reports clicks and keys as intents ({intent: "place", cell: [r, k]}, ...).
// It decides nothing: legal cells, reasons, fit counts and buttons' states all come from Python, which holds the
// game and checks every intent. Tiles are drawn from the `tile_style` trait (townwidget.town.style), like the static
// SVG renderer, so both show the same houses.
import "./common.css";
import "./town.css";
import "./advice.css";
import { drawEndAdvice, drawHintControls, drawReview, markMove, parFrame } from "./advice-ui.js";
import { TOWN } from "./constants.js";
import { html, svg, svgText } from "./dom.js";
import { cellAfterPick } from "./focus.js";
import { cellOrigin } from "./geometry.js";
import { common, keyAction, town } from "./intents.js";
import { arrivalDelays, cellKey, counted, named, pileLabel, say, sayAboutCell, tileName, townCellLabel } from "./text.js";
import {
  boardCell,
  drawGuide,
  drawHeader,
  drawHistorySlider,
  drawLog,
  drawMessages,
  drawNewGame,
  drawOnce,
  headedTable,
  intentButton,
  keyPlace,
  outcomeBox,
  playAgainButton,
  redrawKeepingFocus,
  renderer,
} from "./ui.js";

const { cell: CELL, margin: MARGIN, hand_tile: HAND_TILE, move_delay_ms: MOVE_DELAY_MS } = TOWN;

/** @typedef {import("@anywidget/types").AnyModel} Model */
/** @typedef {import("./dom.js").Attrs} Attrs */
/** @typedef {[number, number]} Cell */
/** @typedef {[number, number | null] | "blank"} Tile a tile as the view shows it (shape null: colour only) */
/**
 * @typedef {object} TileStyle the `tile_style` trait (townwidget.town.style)
 * @property {string[]} palette
 * @property {string[]} colour_names
 * @property {string[]} shape_names
 * @property {string[]} shape_paths
 * @property {string[]} label_ink
 */

/**
 * Text on the board and on tiles, in a sans-serif face.
 * @param {Element} parent
 * @param {number} x
 * @param {number} y
 * @param {string} text
 * @param {Attrs} [attrs]
 */
const sansText = (parent, x, y, text, attrs) => svgText(parent, x, y, text, { "font-family": "sans-serif", ...attrs });
/**
 * @param {unknown} a
 * @param {unknown} b
 */
const sameTile = (a, b) => Array.isArray(a) && Array.isArray(b) && a[0] === b[0] && a[1] === b[1];

// One tile at (x, y) with side `size`: a house on a card, a coloured back (shape unknown or turned over), or a
// blank. The same drawing as townwidget.town.render.tile_svg; every coloured tile shows its colour number.
/**
 * @param {Element} parent
 * @param {TileStyle} style
 * @param {import("./text.js").Texts} texts
 * @param {Tile} tile
 * @param {number} x
 * @param {number} y
 * @param {number} size
 */
function drawTile(parent, style, texts, tile, x, y, size) {
  const pad = size * 0.06;
  const x0 = x + pad;
  const y0 = y + pad;
  const inner = size - 2 * pad;
  const font = Math.max(9, Math.round((size * 15) / CELL)); // the colour's number: a cue that survives greyscale
  const group = svg("g", {}, parent);
  const card = (/** @type {string} */ fill) => svg("rect", { x: x0, y: y0, width: inner, height: inner, rx: 4, fill, stroke: "#777" }, group);
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
      fill: style.label_ink[colour],
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
        "stroke-width": 3,
      },
      group,
    );
    sansText(group, x0 + 2, y0 + font - 1, String(colour + 1), {
      "font-size": font,
      "font-weight": 700,
      fill: "#222",
      stroke: "#fbfaf5",
      "stroke-width": 3,
      "paint-order": "stroke",
    });
    title = tileName(style, texts, tile);
  }
  svg("title", {}, group).textContent = title;
  return group;
}

/**
 * A button showing a tile (or an empty pile), named in words for screen readers.
 * @param {TileStyle} style
 * @param {import("./text.js").Texts} texts
 * @param {Tile | null} tile
 * @param {Attrs} attrs
 * @param {Element} parent
 * @param {string} [caption]
 */
function tileButton(style, texts, tile, attrs, parent, caption) {
  const button = html("button", { type: "button", ...attrs }, parent);
  const picture = svg(
    "svg",
    { width: HAND_TILE, height: HAND_TILE, viewBox: `0 0 ${HAND_TILE} ${HAND_TILE}`, "aria-hidden": "true" },
    button,
  );
  if (tile) drawTile(picture, style, texts, tile, 0, 0, HAND_TILE);
  else svg("rect", { x: 4, y: 4, width: HAND_TILE - 8, height: HAND_TILE - 8, rx: 4, class: "tw-empty-pile" }, picture);
  if (caption !== undefined) html("span", { class: "tw-caption", "aria-hidden": "true" }, button, caption);
  return button;
}

/**
 * @param {Array<{type: string, cell?: Cell}>} history
 * @param {number | null} seen
 */
const newPlacements = (history, seen) =>
  arrivalDelays(history, seen, (entry) => entry.type === "place", MOVE_DELAY_MS);

/** @param {Cell} cell */
const cellDataKey = (cell) => `cell-${cell[0]}-${cell[1]}`;

/**
 * @param {Model} model
 * @param {HTMLElement} el
 * @returns {import("./ui.js").View}
 */
function createView(model, el) {
  const root = html("div", { class: named("tw", "root"), tabindex: 0, "data-lm-suppress-shortcuts": "true" }, el);
  /**
   * hover: the cell under the mouse; cursor: the board cell of the keyboard; toBoard: focus the board after the next
   * draw (a tile was picked); fresh: the cursor was put there by a pick, not moved yet; confirming: New game asks; par: the review's par line on show.
   * @type {{hover: Cell | null, cursor: Cell | null, seen: number | null, toBoard: boolean, fresh: boolean, confirming: boolean, par: number | null}}
   */
  const local = { hover: null, cursor: null, seen: null, toBoard: false, fresh: false, confirming: false, par: null };
  const get = (/** @type {string} */ name) => model.get(name);
  /** @type {(key: string, values?: Record<string, unknown>) => string} */
  const t = (key, values) => say(get("texts"), key, values);
  /** @type {(key: string, count: number, values?: Record<string, unknown>) => string} */
  const tn = (key, count, values) => counted(get("texts"), key, count, values);
  const send = (/** @type {object} */ intent) => model.send(intent);
  const live = () => get("step") < 0;
  const idle = () => !get("thinking");
  /** A spectator's screen has no controls (Python publishes no buttons) and no hand of its own. */
  const seated = () => Object.keys(get("buttons")).length > 0;
  const shown = () => (live() ? parFrame(model, local) || get("view") : get("frame"));
  /** @returns {Cell[]} */
  const legalCells = () => (live() ? get("legal") : []);
  /** The seat's pile tops (solo) or hand tiles (multi), in the order the digit keys pick them. */
  const choices = () => {
    const state = get("view");
    return state.mode === "solo" ? state.piles.length : state.hands[get("seat")].length;
  };

  // --- the board -------------------------------------------------------------------------------------------
  /** @param {Element} parent */
  function drawBoard(parent) {
    const style = get("tile_style");
    const state = shown();
    const n = state.n;
    const size = MARGIN + n * CELL + 4;
    const board = svg(
      "svg",
      { class: "tw-board", width: size, height: size, viewBox: `0 0 ${size} ${size}`, role: "group" },
      parent,
    );
    board.setAttribute("aria-label", t("town_board", { n }));
    for (let i = 0; i < n; i++) {
      const middle = MARGIN + i * CELL + CELL / 2;
      const coord = { "font-size": 11, "text-anchor": "middle", class: named("tw", "coord"), "aria-hidden": "true" };
      sansText(board, middle, 14, String(i + 1), coord); // counted from 1, as every number a player reads
      sansText(board, MARGIN / 2, middle + 4, String(i + 1), coord);
    }
    const legal = new Set(legalCells().map(cellKey));
    /** @type {Array<Array<number | null>>} */
    const fits = live() && get("inspect") ? get("fits") : [];
    const delays = live() ? newPlacements(get("view").history, local.seen) : new Map();
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
            "aria-label": townCellLabel(style, get("texts"), [r, k], { tile, legal: legal.has(key), fit, pioneer: r === 0 && k === 0 }),
          },
          board,
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
            "aria-hidden": "true",
          });
        }
      }
    }
    const pioneer = sansText(board, MARGIN + CELL - 3, MARGIN + 11, "★", {
      "font-size": 11,
      "text-anchor": "end",
      class: "tw-pioneer",
    });
    svg("title", {}, pioneer).textContent = t("pioneer_cell");
    svg("g", { class: "tw-overlay", "aria-hidden": "true" }, board);
    return board;
  }

  // The hovered (or focused) cell: outline it and the tile in the way, show the picked tile there as a ghost where
  // it may go, and say why it may not go there otherwise.
  function drawInspect() {
    const overlay = root.querySelector(".tw-overlay");
    const reasonLine = root.querySelector(".tw-reason");
    if (!overlay || !reasonLine) return;
    overlay.replaceChildren();
    reasonLine.textContent = "";
    const outline = (/** @type {Cell} */ cell, /** @type {string} */ cls) => {
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

  // --- the player's tiles and the controls -------------------------------------------------------------------
  /** After a pick by mouse or digit, the keyboard goes on on the board: focus its cell once Python answers. */
  function pickThenBoard(/** @type {object} */ intent) {
    local.toBoard = true;
    send(intent);
  }

  /** @param {Element} parent */
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
      const row = html("div", { class: "tw-tiles", role: "group", "aria-label": t("pile_tops") }, box);
      state.piles.forEach((/** @type {Array<Tile | null>} */ pile, /** @type {number} */ i) => {
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
            title: top ? t("pile_title", { pile: i + 1, key: i + 1 }) : t("pile_empty_title", { pile: i + 1 }),
          },
          row,
          tn("tiles_left", pile.length),
        );
        button.addEventListener("click", () => pickThenBoard(town.pickPile(i)));
      });
      if (state.rules.flips > 0) drawFlip(box, state);
      return;
    }
    if (!seated()) return;
    html("div", { class: named("tw", "label") }, box, t("your_hand"));
    const row = html("div", { class: "tw-tiles", role: "group", "aria-label": t("your_hand") }, box);
    state.hands[seat].forEach((/** @type {Tile} */ tile, /** @type {number} */ i) => {
      const picked = live() && sameTile(selection.tile, tile);
      const isChosen = live() && chosen.some((/** @type {Tile} */ other) => sameTile(other, tile));
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
          title: t("key", { key: i + 1 }),
        },
        row,
      );
      button.addEventListener("click", () => pickThenBoard(town.pickTile(/** @type {[number, number]} */ (tile))));
    });
  }

  /**
   * @param {Element} parent
   * @param {any} state
   */
  function drawFlip(parent, state) {
    const label = html("label", { class: "tw-toggle" }, parent);
    const box = /** @type {HTMLInputElement} */ (
      html("input", { type: "checkbox", "data-key": "flip", disabled: !get("buttons").flip }, label)
    );
    box.checked = get("flip");
    box.addEventListener("change", () => send(town.flip(box.checked)));
    label.append(` ${tn("flip", state.flips_left)}`);
  }

  /**
   * A multiplayer turn's options beside the board: in one click, the exchange (the hand's tiles to tick, then
   * Exchange) and what to discard after the draw, while each is legal; in both ways of playing, the setting that asks
   * for the steps.
   * @param {Element} parent
   */
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
      get("view").hands[get("seat")].forEach((/** @type {[number, number]} */ tile) => {
        const label = html("label", { class: "tw-toggle" }, group);
        const tick = /** @type {HTMLInputElement} */ (
          html("input", { type: "checkbox", "data-key": `exchange-${cellKey(tile)}`, disabled: !idle() }, label)
        );
        tick.checked = chosen.some((/** @type {Tile} */ other) => sameTile(other, tile));
        tick.addEventListener("change", () => send(town.choose(tile)));
        label.append(` ${tileName(style, texts, tile)}`);
      });
      intentButton(model, group, t("exchange"), "exchange", get("buttons").exchange && idle(), town.exchange());
    }
    if (options.plan) {
      const label = html("label", { class: "tw-plan" }, box, `${t("after_placing")} `);
      const select = /** @type {HTMLSelectElement} */ (html("select", { "data-key": "discard-plan", disabled: !idle() }, label));
      const planned = options.discard === null ? "keep" : Array.isArray(options.discard) ? cellKey(options.discard) : options.discard;
      html("option", { value: "keep" }, select, t("keep_hand"));
      html("option", { value: "drawn" }, select, t("discard_drawn"));
      get("view").hands[get("seat")].forEach((/** @type {[number, number]} */ tile) =>
        html("option", { value: cellKey(tile) }, select, t("discard_tile", { tile: tileName(style, texts, tile) })),
      );
      select.value = planned;
      select.addEventListener("change", () => {
        const value = select.value;
        send(town.planDiscard(value === "keep" ? null : value === "drawn" ? "drawn" : /** @type {[number, number]} */ (value.split(",").map(Number))));
      });
    }
    const toggle = html("label", { class: "tw-toggle", title: t("explicit_steps_title") }, box);
    const steps = /** @type {HTMLInputElement} */ (html("input", { type: "checkbox", "data-key": "explicit-steps" }, toggle));
    steps.checked = options.explicit;
    steps.addEventListener("change", () => send(town.explicitSteps(steps.checked)));
    toggle.append(` ${t("explicit_steps")}`);
  }

  /** @param {Element} parent */
  function drawControls(parent) {
    const buttons = get("buttons");
    const state = get("view");
    const box = html("div", { class: named("tw", "controls") }, parent);
    if (state.mode === "multi") {
      // a one-click turn draws Exchange beside the hand's ticks, and Discard only in a discard step under way
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
    const inspect = /** @type {HTMLInputElement} */ (html("input", { type: "checkbox", "data-key": "inspect" }, label));
    inspect.checked = get("inspect");
    inspect.addEventListener("change", () => send(town.inspect(inspect.checked)));
    label.append(` ${t("show_fits")}`);
    if (live() && get("inspect")) {
      html("div", { class: "tw-legend", "data-key": "legend" }, parent, t(state.mode === "solo" ? "legend_solo" : "legend_multi"));
    }
    if (state.mode === "solo") html("div", { class: "tw-note" }, parent, t("undo_solo_note"));
  }

  /** @param {Element} parent */
  function drawPlayers(parent) {
    const style = get("tile_style");
    const state = shown();
    if (state.mode !== "multi") return;
    const names = get("names");
    const box = html("div", { class: "tw-players" }, parent);
    state.hands.forEach((/** @type {Tile[]} */ hand, /** @type {number} */ player) => {
      const row = html("div", { class: player === state.current_player ? "tw-player tw-turn" : "tw-player" }, box);
      html("span", { class: "tw-marker", "aria-hidden": "true" }, row, player === state.current_player ? "▶" : "");
      html("span", { class: "tw-name" }, row, names[player]);
      if (player !== get("seat") || !seated()) {
        const backs = svg("svg", { width: hand.length * 24, height: 24, "aria-hidden": "true" }, row);
        hand.forEach((tile, /** @type {number} */ i) => drawTile(backs, style, get("texts"), tile, i * 24, 0, 24));
      }
      const tiles = tn("tiles", hand.length);
      html("span", { class: "tw-count" }, row, state.out[player] ? t("has_left", { tiles }) : tiles);
    });
    html("div", { class: "tw-bag" }, box, t("bag_size", { tiles: tn("tiles", state.bag_size) }));
  }

  /** @param {Element} parent */
  function drawHistory(parent) {
    const box = html("div", { class: named("tw", "history") }, parent);
    drawHistorySlider(html("label", {}, box, `${t("history")} `), box, "tw", model);
  }

  /** @param {Element} parent */
  function drawOutcome(parent) {
    const outcome = get("outcome");
    if (!live() || !Object.keys(outcome).length) return;
    const box = outcomeBox(parent, "tw");
    if (outcome.reason) html("p", { class: "tw-end-reason" }, box, outcome.reason);
    if (outcome.rows === undefined) {
      html("strong", {}, box, `${t("placed_of", { placed: outcome.placed, tiles: outcome.tiles })} `);
      html("span", {}, box, outcome.level);
      if (get("practice")) html("p", { class: "tw-practice-note" }, box, t("practice_note"));
    } else {
      const table = headedTable(box, [t("rank"), t("player"), t("tiles_left_column"), t("left_column")]);
      outcome.rows.forEach((/** @type {any} */ row) => {
        const line = html("tr", {}, table);
        [row.rank, row.name, row.tiles_left, row.left].forEach((/** @type {unknown} */ text) =>
          html("td", {}, line, String(text)),
        );
      });
    }
    drawEndAdvice(model, box);
    playAgainButton(model, box);
  }

  // --- everything --------------------------------------------------------------------------------------------
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
    boardBox.style.maxWidth = `${MARGIN + view.n * CELL + 4}px`; // never larger than drawn, smaller in a narrow column
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

  /** @param {KeyboardEvent} event */
  function onKey(event) {
    const target = /** @type {Element} */ (event.target);
    const n = get("view").n;
    const place = keyPlace(target, root, "tw-cell");
    const start = legalCells()[0] || [0, 0];
    const context = { place, cursor: local.cursor, rows: n, columns: n, start, choices: choices(), fresh: local.fresh };
    const state = get("view");
    const action = keyAction(event.key, context, {
      play: town.place,
      escape: () => (live() ? town.deselect() : common.step(null)),
      pick: (index) => (state.mode === "solo" ? town.pickPile(index) : town.pickTile(state.hands[get("seat")][index])),
    });
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    local.fresh = false;
    if (action.cursor) {
      local.cursor = action.cursor;
      const cell = /** @type {SVGElement | null} */ (root.querySelector(`[data-key="${cellDataKey(action.cursor)}"]`));
      cell?.focus({ preventScroll: true });
    }
    if (action.toBoard) local.toBoard = true;
    if (action.intent) send(action.intent);
  }

  return { root, draw, schedule: drawOnce(draw), onKey };
}

export default { render: renderer(createView, TOWN.traits) };
