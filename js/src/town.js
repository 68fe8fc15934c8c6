// The TownWidget front end (an anywidget ES module, bundled by esbuild into townwidget/widget/static/town.js).
//
// It draws what Python publishes and reports clicks and keys as intents ({intent: "place", cell: [r, k]}, ...).
// It decides nothing: legal cells, reasons, fit counts and buttons' states all come from Python, which holds the
// game and checks every intent. Tiles are drawn from the `tile_style` trait (townwidget.town.style), like the static
// SVG renderer, so both show the same houses.
import "./common.css";
import "./town.css";
import { TOWN } from "./constants.js";
import { html, svg, svgText } from "./dom.js";
import { isArrow, moveCursor } from "./geometry.js";
import { arrivalDelays, cellKey, named, plural } from "./text.js";
import {
  drawHeader,
  drawHistorySlider,
  drawLog,
  drawMessages,
  drawOnce,
  headedTable,
  intentButton,
  outcomeBox,
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
 * @param {Tile} tile
 * @param {number} x
 * @param {number} y
 * @param {number} size
 */
function drawTile(parent, style, tile, x, y, size) {
  const pad = size * 0.06;
  const x0 = x + pad;
  const y0 = y + pad;
  const inner = size - 2 * pad;
  const font = Math.max(9, Math.round((size * 10) / CELL));
  const group = svg("g", {}, parent);
  const card = (/** @type {string} */ fill) => svg("rect", { x: x0, y: y0, width: inner, height: inner, rx: 4, fill, stroke: "#777" }, group);
  let title;
  if (tile === "blank") {
    group.setAttribute("class", "tw-blank");
    card("#d9d9d9");
    svg("path", { d: `M${x0} ${y0 + inner}L${x0 + inner} ${y0}`, stroke: "#777" }, group);
    title = "blank tile";
  } else if (tile[1] === null) {
    const colour = tile[0];
    group.setAttribute("class", "tw-back");
    card(style.palette[colour]);
    sansText(group, x0 + inner - 3, y0 + font + 1, String(colour + 1), {
      "font-size": font,
      "text-anchor": "end",
      fill: style.label_ink[colour],
    });
    title = `${style.colour_names[colour]} tile, shape not shown`;
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
    sansText(group, x0 + 3, y0 + font + 1, String(colour + 1), { "font-size": font, fill: "#222" });
    title = `${style.colour_names[colour]} ${style.shape_names[shape]}`;
  }
  svg("title", {}, group).textContent = title;
  return group;
}

/**
 * A button showing a tile (or an empty pile).
 * @param {TileStyle} style
 * @param {Tile | null} tile
 * @param {Attrs} attrs
 * @param {Element} parent
 * @param {string} [caption]
 */
function tileButton(style, tile, attrs, parent, caption) {
  const button = html("button", { type: "button", ...attrs }, parent);
  const picture = svg("svg", { width: HAND_TILE, height: HAND_TILE, viewBox: `0 0 ${HAND_TILE} ${HAND_TILE}` }, button);
  if (tile) drawTile(picture, style, tile, 0, 0, HAND_TILE);
  else svg("rect", { x: 4, y: 4, width: HAND_TILE - 8, height: HAND_TILE - 8, rx: 4, class: "tw-empty-pile" }, picture);
  if (caption !== undefined) html("span", { class: "tw-caption" }, button, caption);
  return button;
}

// Where each newly placed tile was put, in order: opponents' moves appear one by one.
/**
 * @param {Array<{type: string, cell?: Cell}>} history
 * @param {number | null} seen
 */
const newPlacements = (history, seen) =>
  arrivalDelays(history, seen, (entry) => entry.type === "place", MOVE_DELAY_MS);

/**
 * @param {Model} model
 * @param {HTMLElement} el
 * @returns {import("./ui.js").View}
 */
function createView(model, el) {
  const root = html("div", { class: named("tw", "root"), tabindex: 0, "data-lm-suppress-shortcuts": "true" }, el);
  /** @type {{hover: Cell | null, cursor: Cell | null, seen: number | null}} */
  const local = { hover: null, cursor: null, seen: null };
  const get = (/** @type {string} */ name) => model.get(name);
  const send = (/** @type {object} */ intent) => model.send(intent);

  function live() {
    return get("step") < 0;
  }

  function shown() {
    return live() ? get("view") : get("frame");
  }

  // --- the board -------------------------------------------------------------------------------------------
  /** @param {Element} parent */
  function drawBoard(parent) {
    const style = get("tile_style");
    const state = shown();
    const n = state.n;
    const size = MARGIN + n * CELL + 4;
    const board = svg("svg", { class: "tw-board", width: size, height: size, viewBox: `0 0 ${size} ${size}` }, parent);
    for (let i = 0; i < n; i++) {
      const middle = MARGIN + i * CELL + CELL / 2;
      sansText(board, middle, 14, String(i), { "font-size": 11, "text-anchor": "middle", class: named("tw", "coord") });
      sansText(board, MARGIN / 2, middle + 4, String(i), {
        "font-size": 11,
        "text-anchor": "middle",
        class: named("tw", "coord"),
      });
    }
    const legal = new Set((live() ? /** @type {Cell[]} */ (get("legal")) : []).map(cellKey));
    /** @type {Array<Array<number | null>>} */
    const fits = live() && get("inspect") ? get("fits") : [];
    const delays = live() ? newPlacements(get("view").history, local.seen) : new Map();
    for (let r = 0; r < n; r++) {
      for (let k = 0; k < n; k++) {
        const x = MARGIN + k * CELL;
        const y = MARGIN + r * CELL;
        const key = cellKey([r, k]);
        const classes = ["tw-cell"];
        if (legal.has(key)) classes.push("tw-legal");
        if (r === 0 && k === 0) classes.push("tw-pioneer-cell");
        const cell = svg(
          "rect",
          { x, y, width: CELL, height: CELL, class: classes.join(" "), "data-cell": key },
          board,
        );
        cell.addEventListener("click", () => {
          root.focus({ preventScroll: true }); // so the keys work next
          send({ intent: "place", cell: [r, k] });
        });
        cell.addEventListener("mouseenter", () => {
          local.hover = [r, k];
          drawInspect();
        });
        cell.addEventListener("mouseleave", () => {
          local.hover = null;
          drawInspect();
        });
        const tile = state.board[r][k];
        if (tile !== null) {
          const drawn = drawTile(board, style, tile, x, y, CELL);
          drawn.classList.add("tw-placed");
          if (delays.has(key)) {
            drawn.classList.add("tw-new", "gw-new");
            drawn.style.animationDelay = `${delays.get(key)}ms`;
          }
        } else if (legal.has(key)) {
          svg("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: 5, class: named("tw", "legal-dot") }, board);
        }
        if (fits.length && fits[r][k] !== null) {
          sansText(board, x + CELL - 5, y + CELL - 5, String(fits[r][k]), {
            "font-size": 12,
            "text-anchor": "end",
            class: fits[r][k] ? "tw-fit" : "tw-fit tw-fit-none",
          });
        }
      }
    }
    const pioneer = sansText(board, MARGIN + CELL - 3, MARGIN + 10, "★", {
      "font-size": 10,
      "text-anchor": "end",
      class: "tw-pioneer",
    });
    svg("title", {}, pioneer).textContent = "the pioneer's cell";
    svg("g", { class: "tw-overlay" }, board);
    return board;
  }

  // The hovered (or keyboard) cell: outline it and the tile in the way, and say why the picked tile cannot go there.
  function drawInspect() {
    const overlay = root.querySelector(".tw-overlay");
    const reasonLine = root.querySelector(".tw-reason");
    if (!overlay || !reasonLine) return;
    overlay.replaceChildren();
    reasonLine.textContent = "";
    const outline = (/** @type {Cell} */ cell, /** @type {string} */ cls) =>
      svg(
        "rect",
        {
          x: MARGIN + cell[1] * CELL + 2,
          y: MARGIN + cell[0] * CELL + 2,
          width: CELL - 4,
          height: CELL - 4,
          class: cls,
        },
        overlay,
      );
    if (local.cursor) outline(local.cursor, "tw-cursor");
    const spot = local.hover || local.cursor;
    const reasons = live() ? get("reasons") : [];
    if (!spot || !reasons.length) return;
    const note = reasons[spot[0]][spot[1]];
    if (!note) {
      reasonLine.textContent = `[${spot[0]}, ${spot[1]}] is open for this tile.`;
      return;
    }
    reasonLine.textContent = `Not at [${spot[0]}, ${spot[1]}]: ${note.text}`;
    outline(spot, "tw-blocked");
    if (note.conflict) outline(note.conflict, "tw-conflict");
  }

  // --- the player's tiles and the controls -------------------------------------------------------------------
  /** @param {Element} parent */
  function drawHand(parent) {
    const style = get("tile_style");
    const state = shown();
    const selection = get("selection");
    const chosen = get("chosen");
    const seat = get("seat");
    const box = html("div", { class: "tw-hand" }, parent);
    if (state.mode === "solo") {
      html("div", { class: named("tw", "label") }, box, "Pile tops");
      const row = html("div", { class: "tw-tiles" }, box);
      state.piles.forEach((/** @type {Array<Tile | null>} */ pile, /** @type {number} */ i) => {
        const top = pile.length ? pile[pile.length - 1] : null;
        const picked = live() && selection.pile === i;
        const button = tileButton(
          style,
          top,
          {
            class: picked ? "tw-pick tw-picked" : "tw-pick",
            "data-pile": i,
            "data-key": `pile-${i}`,
            disabled: !top || !live(),
            "aria-pressed": picked ? "true" : "false",
            title: top ? `pile ${i} (key ${i + 1})` : `pile ${i} is empty`,
          },
          row,
          `${pile.length} left`,
        );
        button.addEventListener("click", () => send({ intent: "select", pile: i }));
      });
      if (state.rules.flips > 0) drawFlip(box, state);
      return;
    }
    html("div", { class: named("tw", "label") }, box, "Your hand");
    const row = html("div", { class: "tw-tiles" }, box);
    state.hands[seat].forEach((/** @type {Tile} */ tile, /** @type {number} */ i) => {
      const picked = live() && sameTile(selection.tile, tile);
      const isChosen = live() && chosen.some((/** @type {Tile} */ other) => sameTile(other, tile));
      const classes = ["tw-pick", picked ? "tw-picked" : "", isChosen ? "tw-chosen" : ""].join(" ").trim();
      const button = tileButton(
        style,
        tile,
        {
          class: classes,
          "data-tile": cellKey(tile),
          "data-key": `tile-${cellKey(tile)}`,
          disabled: !live(),
          "aria-pressed": picked || isChosen ? "true" : "false",
          title: `key ${i + 1}`,
        },
        row,
      );
      button.addEventListener("click", () => send({ intent: "select", tile }));
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
    box.addEventListener("change", () => send({ intent: "flip", on: box.checked }));
    label.append(` Flip: place turned over (${state.flips_left} left)`);
  }

  /** @param {Element} parent */
  function drawControls(parent) {
    const buttons = get("buttons");
    const state = get("view");
    const box = html("div", { class: named("tw", "controls") }, parent);
    const button = (
      /** @type {string} */ text,
      /** @type {string} */ key,
      /** @type {boolean} */ enabled,
      /** @type {string} */ intent,
    ) => intentButton(model, box, text, key, enabled, { intent });
    if (state.mode === "multi") {
      button("Exchange", "exchange", buttons.exchange, "exchange");
      button("Discard", "discard", buttons.discard, "discard");
      if (buttons.pass) button(buttons.pass, "pass", true, "pass");
    }
    button("Undo", "undo", buttons.undo, "undo");
    button("New game", "new-game", buttons.new_game, "new_game");
    const label = html("label", { class: "tw-toggle" }, box);
    const inspect = /** @type {HTMLInputElement} */ (html("input", { type: "checkbox", "data-key": "inspect" }, label));
    inspect.checked = get("inspect");
    inspect.addEventListener("change", () => send({ intent: "inspect", on: inspect.checked }));
    label.append(" Show fits");
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
      html("span", { class: "tw-marker" }, row, player === state.current_player ? "▶" : "");
      html("span", { class: "tw-name" }, row, names[player]);
      if (player !== get("seat")) {
        const backs = svg("svg", { width: hand.length * 24, height: 24 }, row);
        hand.forEach((tile, /** @type {number} */ i) => drawTile(backs, style, tile, i * 24, 0, 24));
      }
      const left = state.out[player] ? ", has left the game" : ""; // the order of leaving is in the final table
      html("span", { class: "tw-count" }, row, `${plural(hand.length, "tile")}${left}`);
    });
    html("div", { class: "tw-bag" }, box, `Bag: ${plural(state.bag_size, "tile")}`);
  }

  /** @param {Element} parent */
  function drawHistory(parent) {
    const box = html("div", { class: named("tw", "history") }, parent);
    drawHistorySlider(html("label", {}, box, "History "), box, "tw", model);
  }

  /** @param {Element} parent */
  function drawOutcome(parent) {
    const outcome = get("outcome");
    if (!live() || !Object.keys(outcome).length) return;
    const box = outcomeBox(parent, "tw");
    if (outcome.rows === undefined) {
      html("strong", {}, box, `${outcome.placed} of ${outcome.tiles} tiles placed. `);
      html("span", {}, box, outcome.level);
      return;
    }
    const table = headedTable(box, ["Rank", "Player", "Tiles left", "Left the game"]);
    outcome.rows.forEach((/** @type {any} */ row) => {
      const line = html("tr", {}, table);
      [row.rank, row.name, row.tiles_left, row.left].forEach((/** @type {unknown} */ text) => html("td", {}, line, String(text)));
    });
  }

  // --- everything --------------------------------------------------------------------------------------------
  function draw() {
    redrawKeepingFocus(root, paint);
  }

  function paint() {
    const view = get("view");
    const rules = view.rules;
    const title = rules.name.replace(/^town(\d)(\d)$/, "Town $1$2");
    const players = view.mode === "solo" ? "solo" : `${view.hands.length} players`;
    drawHeader(root, "tw", `${title} · ${players}`, get("status"));
    const main = html("div", { class: "tw-main" }, root);
    drawBoard(main);
    const side = html("div", { class: "tw-side" }, main);
    drawHand(side);
    drawControls(side);
    drawPlayers(side);
    drawLog(side, "tw", model);
    drawMessages(root, "tw", get("error"));
    drawHistory(root);
    drawOutcome(root);
    drawInspect();
    local.seen = view.history.length;
    root.dataset.revision = String(get("revision"));
  }

  // Arrows move a cursor over the board, Enter places the picked tile there, Escape drops the pick (or leaves the
  // history), digits pick a pile top or a hand tile. Buttons keep their own Enter and Space.
  /** @param {KeyboardEvent} event */
  function onKey(event) {
    const onButton = event.target !== root;
    const n = get("view").n;
    if (isArrow(event.key) && !onButton) {
      local.cursor = moveCursor(local.cursor, event.key, n, n, get("legal")[0] || [0, 0]);
      drawInspect();
    } else if ((event.key === "Enter" || event.key === " ") && !onButton) {
      if (local.cursor) send({ intent: "place", cell: local.cursor });
    } else if (event.key === "Escape") {
      local.cursor = null;
      send({ intent: "deselect" });
    } else if (/^[1-9]$/.test(event.key)) {
      const index = Number(event.key) - 1;
      const state = get("view");
      if (state.mode === "solo") send({ intent: "select", pile: index });
      else if (index < state.hands[get("seat")].length)
        send({ intent: "select", tile: state.hands[get("seat")][index] });
    } else {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
  }

  return { root, draw, schedule: drawOnce(draw), onKey };
}

export default { render: renderer(createView, TOWN.traits) };
