// The LittleTownWidget front end (an anywidget ES module, bundled by esbuild into townwidget/widget/static/).
//
// It draws what Python publishes and reports clicks as intents: {intent: "cell", cell: [r, c]} for a space,
// {intent: "build", building: id} for a market building, {intent: "act", action: {...}} for one of the choices
// Python lists in words. It decides nothing: which spaces are lit, what each choice means, why a building cannot be
// built, all come from Python, which holds the game and checks every intent.
import "./common.css";
import "./littletown.css";
import "./advice.css";
import { drawEndAdvice, drawHintControls, drawReview, markMove } from "./advice-ui.js";
import { LITTLE_TOWN } from "./constants.js";
import { html, svg, svgText } from "./dom.js";
import { cellOrigin } from "./geometry.js";
import { common, keyAction, littleTown } from "./intents.js";
import { arrivalDelays, cellKey, counted, littleTownCellLabel, named, say } from "./text.js";
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

const { cell: CELL, margin: MARGIN, move_delay_ms: MOVE_DELAY_MS, resources: RESOURCES, terrain: TERRAIN } = LITTLE_TOWN;
/** @typedef {import("@anywidget/types").AnyModel} Model */
/** @typedef {[number, number]} Cell */

const PLAYER_COLOURS = ["#E69F00", "#0072B2", "#CC79A7", "#F0E442"];
const PLAYER_INK = ["#222", "#fff", "#222", "#222"];
/** @typedef {import("./text.js").Texts} Texts */

// A resource cube: a small coloured square (with the resource's name as its title) and a count.
/**
 * @param {Element} parent
 * @param {Texts} texts
 * @param {string} resource
 * @param {number} count
 */
function cube(parent, texts, resource, count) {
  const item = html("span", { class: `ltw-cube ltw-${resource}`, title: texts.resources[resource] }, parent);
  html("span", { class: "ltw-swatch" }, item);
  html("span", {}, item, counted(texts.amounts, resource, count));
  return item;
}

/**
 * @param {Element} parent
 * @param {Texts} texts
 * @param {number} count
 */
function coins(parent, texts, count) {
  const item = html("span", { class: "ltw-cube ltw-coins", title: say(texts, "coins_title") }, parent);
  html("span", { class: "ltw-swatch" }, item);
  html("span", {}, item, counted(texts, "coins", count));
  return item;
}

// A building's name on its tile, in at most two lines.
/** @param {string} name */
function nameLines(name) {
  const words = name.split(" ");
  return words.length > 1 ? [words.slice(0, -1).join(" "), words[words.length - 1]] : [name];
}

// Where each newly placed piece was put, in order: opponents' moves appear one by one.
/**
 * @param {Array<{type: string, cell?: Cell}>} history
 * @param {number | null} seen
 */
const newPieces = (history, seen) =>
  arrivalDelays(
    history,
    seen,
    (entry) => entry.type === "place_worker" || entry.type === "place_building",
    MOVE_DELAY_MS,
  );

/** @param {Cell} cell */
const cellDataKey = (cell) => `cell-${cell[0]}-${cell[1]}`;

/**
 * @param {Model} model
 * @param {HTMLElement} el
 * @returns {import("./ui.js").View}
 */
function createView(model, el) {
  const root = html("div", { class: named("ltw", "root"), tabindex: 0, "data-lm-suppress-shortcuts": "true" }, el);
  /** @type {{hover: Cell | null, cursor: Cell | null, seen: number | null, confirming: boolean, par: number | null}} */
  const local = { hover: null, cursor: null, seen: null, confirming: false, par: null };
  const get = (/** @type {string} */ name) => model.get(name);
  /** @type {(key: string, values?: Record<string, unknown>) => string} */
  const t = (key, values) => say(get("texts"), key, values);
  /** @type {(key: string, count: number, values?: Record<string, unknown>) => string} */
  const tn = (key, count, values) => counted(get("texts"), key, count, values);
  /** @type {(ground: string) => string} */
  const terrain = (ground) => get("texts").terrain[ground];
  const send = (/** @type {object} */ intent) => model.send(intent);
  const live = () => get("step") < 0;
  const shown = () => (live() ? get("view") : get("frame"));
  /** @returns {Cell[]} */
  const legalCells = () => (live() ? get("legal") : []);
  /** @type {{key: string, texts: unknown, group: SVGElement, cells: Array<{node: SVGElement, title: SVGElement, ground: string, cell: Cell}>} | null} */
  let spaces = null; // the board's spaces, kept across redraws (see boardSpaces)

  // --- the board -------------------------------------------------------------------------------------------
  /** @param {Element} parent */
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
        "aria-hidden": "true",
      });
    }
    for (let r = 0; r < rows; r++) {
      svgText(board, MARGIN / 2, MARGIN + r * CELL + CELL / 2 + 4, String(r + 1), {
        class: named("ltw", "coord"),
        "text-anchor": "middle",
        "aria-hidden": "true",
      });
    }
    const legal = new Set((live() ? /** @type {Cell[]} */ (get("legal")) : []).map(cellKey));
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
    const delays = live() ? newPieces(get("view").history, local.seen) : new Map();
    const turn = state.turn;
    const activated = new Set((turn.activated || []).map(cellKey));
    for (const building of state.buildings) drawBuilding(board, building, activated, delays);
    for (const worker of state.workers) drawWorker(board, worker, turn, delays);
    for (const key of legal) {
      const [r, c] = key.split(",").map(Number);
      svg(
        "circle",
        { cx: MARGIN + c * CELL + CELL / 2, cy: MARGIN + r * CELL + 8, r: 4, class: named("ltw", "legal-dot") },
        board,
      );
    }
    svg("g", { class: "ltw-overlay" }, board);
  }

  /**
   * The board's spaces with their terrain, the same all game: drawn once (for this terrain and these words) and kept
   * across redraws, which then only set what a move changes (lit, focus stop, words). Redrawing every space's
   * drawing was most of a Little Town redraw.
   * @param {string[]} rows the terrain, a letter per space
   */
  function boardSpaces(rows) {
    const key = rows.join("/");
    if (spaces && spaces.key === key && spaces.texts === get("texts")) return spaces;
    const group = svg("g", { class: "ltw-spaces" });
    const cells = [];
    for (let r = 0; r < rows.length; r++) {
      for (let c = 0; c < rows[r].length; c++) {
        /** @type {Cell} */
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

  // Terrain is told by its colour and by a drawing: trees, a peak, waves.
  /**
   * @param {Element} parent
   * @param {string} ground
   * @param {number} x
   * @param {number} y
   */
  function drawTerrain(parent, ground, x, y) {
    const mid = x + CELL / 2;
    if (ground === "F") {
      for (const [dx, dy, s] of [
        [-14, 4, 11],
        [8, 0, 13],
        [-2, 14, 10],
      ]) {
        const cx = mid + dx;
        const cy = y + CELL / 2 + dy;
        svg(
          "path",
          { d: `M${cx} ${cy - s}L${cx + s * 0.7} ${cy + s * 0.6}H${cx - s * 0.7}Z`, class: "ltw-tree" },
          parent,
        );
      }
    } else if (ground === "M") {
      const base = y + CELL - 12;
      svg(
        "path",
        {
          d: `M${x + 8} ${base}L${mid - 6} ${y + 16}L${mid + 4} ${y + 30}L${mid + 12} ${y + 22}L${x + CELL - 8} ${base}Z`,
          class: "ltw-peak",
        },
        parent,
      );
    } else if (ground === "L") {
      for (const dy of [20, 32, 44]) {
        svg("path", { d: `M${x + 12} ${y + dy}q6 -6 12 0t12 0t12 0`, class: "ltw-wave" }, parent);
      }
    }
  }

  /**
   * @param {Element} board
   * @param {{building: string, cell: Cell, owner: number}} building
   * @param {Set<string>} activated
   * @param {Map<string, number>} delays
   */
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
      const fit = line.length > 8 ? { textLength: CELL - 14, lengthAdjust: "spacingAndGlyphs" } : {}; // long names
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

  // The owner's house token: a small house in the player's colour with the player's number.
  /**
   * @param {Element} parent
   * @param {number} player
   * @param {number} x
   * @param {number} y
   */
  function drawHouse(parent, player, x, y) {
    svg(
      "path",
      {
        d: `M${x} ${y + 8}L${x + 9} ${y}L${x + 18} ${y + 8}V${y + 20}H${x}Z`,
        fill: PLAYER_COLOURS[player],
        class: "ltw-house",
      },
      parent,
    );
    svgText(parent, x + 9, y + 18, String(player + 1), {
      class: "ltw-piece-number",
      fill: PLAYER_INK[player],
      "text-anchor": "middle",
    });
  }

  /**
   * @param {Element} board
   * @param {{cell: Cell, player: number}} worker
   * @param {{worker?: Cell}} turn
   * @param {Map<string, number>} delays
   */
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
      "text-anchor": "middle",
    });
    if (delays.has(key)) {
      group.classList.add("ltw-new", "gw-new");
      group.style.animationDelay = `${delays.get(key)}ms`;
    }
  }

  // The hovered space: outline it and say what is there and what a click would do (or why not).
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
        class: note.blocked ? "ltw-hover ltw-blocked" : "ltw-hover",
      },
      overlay,
    );
    line.textContent = littleTownCellLabel(get("texts"), spot, note.what, note.click);
  }

  // --- round track, choices, players, market, log ------------------------------------------------------------
  /**
   * @param {Element} parent
   * @param {any} state
   */
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
        String(round),
      );
    }
    html("span", { class: "ltw-first" }, box, t("first_player", { name: names[state.first_player] }));
  }

  /** @param {Element} parent */
  function drawChoices(parent) {
    const choices = get("choices");
    const box = html("div", { class: "ltw-choices" }, parent);
    const warning = get("warning"); // the round's end is near: what feeding will take, before the click that costs
    if (warning) html("div", { class: "ltw-warning", "data-key": "feeding-warning" }, box, `⚠ ${warning}`);
    if (!choices.length) return;
    html("div", { class: named("ltw", "label") }, box, t("your_choices"));
    choices.forEach((/** @type {{action: {type: string}, text: string}} */ choice, /** @type {number} */ i) => {
      const button = html(
        "button",
        {
          type: "button",
          class: `ltw-choice ltw-choice-${choice.action.type}`,
          "data-choice": i,
          "data-kind": choice.action.type,
        },
        box,
        choice.text,
      );
      button.addEventListener("click", () => send(littleTown.act(choice.action)));
    });
  }

  /**
   * @param {Element} parent
   * @param {any} state
   */
  function drawPlayers(parent, state) {
    const names = get("names");
    const cards = get("cards");
    const seat = get("seat");
    const texts = get("texts");
    const box = html("div", { class: "ltw-players" }, parent);
    state.players.forEach((/** @type {any} */ player, /** @type {number} */ p) => {
      const turn = p === state.current_player;
      const card = html("div", { class: turn ? "ltw-player ltw-turn" : "ltw-player", "data-player": p }, box);
      const head = html("div", { class: "ltw-player-head" }, card);
      const badge = html("span", { class: "ltw-badge" }, head, String(p + 1)); // counted from 1, as the names
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
        `${tn("workers_to_place", player.workers_left)} · ${tn("houses_left", player.houses_left)}` +
          (site ? ` · ${t("on_site", { building: site.name })}` : ""),
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

  /** @param {Element} parent */
  function drawMarket(parent) {
    const catalogue = get("catalogue");
    const texts = get("texts");
    const box = html("div", { class: "ltw-market" }, parent);
    const offers = get("market");
    const buildable = offers.some((/** @type {{buildable: boolean}} */ offer) => offer.buildable);
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
          title: offer.buildable ? t("build_the", { building: kind.name }) + (offer.pays ? ` (${offer.pays})` : "") : offer.why,
        },
        grid,
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
      if (offer.pays) html("div", { class: "ltw-pays" }, button, offer.pays); // coins for a missing cube, said first
      // a building that cannot be built still answers a click: Python says why
      button.addEventListener("click", () => send(littleTown.build(offer.id)));
    }
  }

  /**
   * @param {Element} parent
   * @param {any} state
   */
  function drawReserve(parent, state) {
    const box = html("div", { class: "ltw-reserve" }, parent);
    const texts = get("texts");
    html("span", { class: named("ltw", "label") }, box, t("reserve"));
    coins(box, texts, state.reserve.coins);
    RESOURCES.forEach((resource) => cube(box, texts, resource, state.reserve[resource]));
  }

  /** @param {Element} parent */
  function drawControls(parent) {
    const buttons = get("buttons");
    const box = html("div", { class: named("ltw", "controls") }, parent);
    intentButton(model, box, t("undo"), "undo", buttons.undo, common.undo());
    drawNewGame(model, box, local, (focus) => redrawKeepingFocus(root, paint, focus));
    drawHintControls(model, box, parent);
    drawHistorySlider(html("label", { class: named("ltw", "history") }, box, `${t("history")} `), box, "ltw", model);
  }

  /** @param {Element} parent */
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
        (text) => html("td", {}, line, String(text)),
      );
    }
    drawEndAdvice(model, box);
    playAgainButton(model, box);
  }

  // --- everything --------------------------------------------------------------------------------------------
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
    left.style.maxWidth = `${MARGIN + state.terrain[0].length * CELL + 2}px`; // never larger than drawn
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

  // Arrows move over the board's spaces from anywhere but the slider, Enter or Space plays the focused space,
  // Escape leaves the history slider's earlier move. Choices and market buildings are buttons: Tab reaches them.
  /** @param {KeyboardEvent} event */
  function onKey(event) {
    const target = /** @type {Element} */ (event.target);
    const terrain = shown().terrain;
    const place = keyPlace(target, root, "ltw-cell");
    const context = { place, cursor: local.cursor, rows: terrain.length, columns: terrain[0].length, start: legalCells()[0] || [0, 0], choices: 0 };
    const action = keyAction(event.key, context, {
      play: littleTown.cell,
      escape: () => common.step(null),
    });
    if (!action || (event.key === "Escape" && live())) return;
    event.preventDefault();
    event.stopPropagation();
    if (action.cursor) {
      local.cursor = action.cursor;
      const space = /** @type {SVGElement | null} */ (root.querySelector(`[data-key="${cellDataKey(action.cursor)}"]`));
      space?.focus({ preventScroll: true });
    }
    if (action.intent) send(action.intent);
  }

  return { root, draw, schedule: drawOnce(draw), onKey };
}

export default { render: renderer(createView, LITTLE_TOWN.traits) };
