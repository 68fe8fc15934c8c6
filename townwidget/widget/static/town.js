// ../townwidget/widget/front_end.json
var front_end_default = {
  about: "Constants the widgets' Python and JavaScript share (read by townwidget/widget/base.py, imported by js/src/constants.js and bundled by esbuild).",
  game_traits: ["view", "seat", "names", "status", "buttons", "error", "moves", "step", "steps", "frame", "outcome", "thinking", "practice", "revision"],
  town: {
    traits: ["tile_style", "selection", "flip", "legal", "reasons", "fits", "inspect", "chosen"],
    cell: 48,
    margin: 22,
    hand_tile: 56,
    move_delay_ms: 350
  },
  littletown: {
    traits: ["catalogue", "cards", "legal", "notes", "market", "choices"],
    cell: 56,
    margin: 20,
    move_delay_ms: 300,
    rounds: 4,
    resources: ["wood", "stone", "fish", "wheat"],
    terrain: { F: "forest", M: "mountain", L: "lake", ".": "grass" }
  }
};

// src/constants.js
var GAME_TRAITS = front_end_default.game_traits;
var TOWN = front_end_default.town;
var LITTLE_TOWN = front_end_default.littletown;

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

// src/geometry.js
var STEPS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
var isArrow = (key) => key in STEPS;
function moveCursor(cursor, key, rows, columns, start) {
  if (!cursor) return [...start];
  const [dr, dc] = STEPS[key] || [0, 0];
  return [clamp(cursor[0] + dr, rows - 1), clamp(cursor[1] + dc, columns - 1)];
}
var clamp = (value, high) => Math.min(high, Math.max(0, value));

// src/text.js
var plural = (count, word) => `${count} ${word}${count === 1 ? "" : "s"}`;
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
var stepText = (step, steps) => step < 0 ? `move ${steps} of ${steps}` : `move ${step} of ${steps} (read only)`;

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
function drawHeader(parent, prefix, title, status) {
  const header = html("div", { class: `${prefix}-header gw-header` }, parent);
  html("span", { class: named(prefix, "title") }, header, title);
  html("span", { class: `${prefix}-status gw-status`, role: "status" }, header, status);
  return header;
}
function drawMessages(parent, prefix, error) {
  html("div", { class: named(prefix, "error"), role: "alert" }, parent, error);
  html("div", { class: named(prefix, "reason"), "aria-live": "polite" }, parent);
}
function intentButton(model, parent, text, key, enabled, intent) {
  const node = html("button", { type: "button", "data-key": key, disabled: !enabled }, parent, text);
  node.addEventListener("click", () => model.send(intent));
  return node;
}
function drawLog(parent, prefix, model) {
  const lines = model.get("moves");
  const step = model.get("step");
  const log = html("ol", { class: named(prefix, "log"), "aria-label": "moves" }, parent);
  const later = named(prefix, "later");
  const items = lines.map((line, i) => html("li", { class: step >= 0 && i >= step ? later : null }, log, line));
  const current = step > 0 ? items[step - 1] : items[items.length - 1];
  if (current) current.classList.add(`${prefix}-current`, "gw-current");
  requestAnimationFrame(() => {
    if (current) log.scrollTop = current.offsetTop - log.clientHeight + current.offsetHeight + 4;
  });
}
function drawHistorySlider(label, box, prefix, model) {
  const steps = model.get("steps");
  const step = model.get("step");
  const slider = (
    /** @type {HTMLInputElement} */
    html(
      "input",
      { type: "range", min: 0, max: steps, value: step < 0 ? steps : step, "data-key": "history", disabled: steps === 0 },
      label
    )
  );
  slider.addEventListener("input", () => model.send({ intent: "step", step: Number(slider.value) }));
  html("span", { class: named(prefix, "step") }, box, stepText(step, steps));
  if (step >= 0) intentButton(model, box, "Back to game", "back", true, { intent: "step", step: null });
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
function redrawKeepingFocus(root, paint) {
  const key = focusedKey(root, document.activeElement);
  root.replaceChildren();
  paint();
  refocus(root, key);
}
function renderer(createView2, extra) {
  const traits = [...GAME_TRAITS, ...extra];
  return function render({ model, el }) {
    const view = createView2(model, el);
    view.root.addEventListener("keydown", view.onKey);
    for (const name of traits) model.on(`change:${name}`, view.schedule);
    view.draw();
    return () => {
      for (const name of traits) model.off(`change:${name}`, view.schedule);
    };
  };
}

// src/town.js
var { cell: CELL, margin: MARGIN, hand_tile: HAND_TILE, move_delay_ms: MOVE_DELAY_MS } = TOWN;
var sansText = (parent, x, y, text, attrs) => svgText(parent, x, y, text, { "font-family": "sans-serif", ...attrs });
var sameTile = (a, b) => Array.isArray(a) && Array.isArray(b) && a[0] === b[0] && a[1] === b[1];
function drawTile(parent, style, tile, x, y, size) {
  const pad = size * 0.06;
  const x0 = x + pad;
  const y0 = y + pad;
  const inner = size - 2 * pad;
  const font = Math.max(9, Math.round(size * 10 / CELL));
  const group = svg("g", {}, parent);
  const card = (fill) => svg("rect", { x: x0, y: y0, width: inner, height: inner, rx: 4, fill, stroke: "#777" }, group);
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
      fill: style.label_ink[colour]
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
        "stroke-width": 3
      },
      group
    );
    sansText(group, x0 + 3, y0 + font + 1, String(colour + 1), { "font-size": font, fill: "#222" });
    title = `${style.colour_names[colour]} ${style.shape_names[shape]}`;
  }
  svg("title", {}, group).textContent = title;
  return group;
}
function tileButton(style, tile, attrs, parent, caption) {
  const button = html("button", { type: "button", ...attrs }, parent);
  const picture = svg("svg", { width: HAND_TILE, height: HAND_TILE, viewBox: `0 0 ${HAND_TILE} ${HAND_TILE}` }, button);
  if (tile) drawTile(picture, style, tile, 0, 0, HAND_TILE);
  else svg("rect", { x: 4, y: 4, width: HAND_TILE - 8, height: HAND_TILE - 8, rx: 4, class: "tw-empty-pile" }, picture);
  if (caption !== void 0) html("span", { class: "tw-caption" }, button, caption);
  return button;
}
var newPlacements = (history, seen) => arrivalDelays(history, seen, (entry) => entry.type === "place", MOVE_DELAY_MS);
function createView(model, el) {
  const root = html("div", { class: named("tw", "root"), tabindex: 0, "data-lm-suppress-shortcuts": "true" }, el);
  const local = { hover: null, cursor: null, seen: null };
  const get = (name) => model.get(name);
  const send = (intent) => model.send(intent);
  function live() {
    return get("step") < 0;
  }
  function shown() {
    return live() ? get("view") : get("frame");
  }
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
        class: named("tw", "coord")
      });
    }
    const legal = new Set((live() ? (
      /** @type {Cell[]} */
      get("legal")
    ) : []).map(cellKey));
    const fits = live() && get("inspect") ? get("fits") : [];
    const delays = live() ? newPlacements(get("view").history, local.seen) : /* @__PURE__ */ new Map();
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
          board
        );
        cell.addEventListener("click", () => {
          root.focus({ preventScroll: true });
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
            class: fits[r][k] ? "tw-fit" : "tw-fit tw-fit-none"
          });
        }
      }
    }
    const pioneer = sansText(board, MARGIN + CELL - 3, MARGIN + 10, "★", {
      "font-size": 10,
      "text-anchor": "end",
      class: "tw-pioneer"
    });
    svg("title", {}, pioneer).textContent = "the pioneer's cell";
    svg("g", { class: "tw-overlay" }, board);
    return board;
  }
  function drawInspect() {
    const overlay = root.querySelector(".tw-overlay");
    const reasonLine = root.querySelector(".tw-reason");
    if (!overlay || !reasonLine) return;
    overlay.replaceChildren();
    reasonLine.textContent = "";
    const outline = (cell, cls) => svg(
      "rect",
      {
        x: MARGIN + cell[1] * CELL + 2,
        y: MARGIN + cell[0] * CELL + 2,
        width: CELL - 4,
        height: CELL - 4,
        class: cls
      },
      overlay
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
  function drawHand(parent) {
    const style = get("tile_style");
    const state = shown();
    const selection = get("selection");
    const chosen = get("chosen");
    const seat = get("seat");
    const box = html("div", { class: "tw-hand" }, parent);
    if (state.mode === "solo") {
      html("div", { class: named("tw", "label") }, box, "Pile tops");
      const row2 = html("div", { class: "tw-tiles" }, box);
      state.piles.forEach((pile, i) => {
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
            title: top ? `pile ${i} (key ${i + 1})` : `pile ${i} is empty`
          },
          row2,
          `${pile.length} left`
        );
        button.addEventListener("click", () => send({ intent: "select", pile: i }));
      });
      if (state.rules.flips > 0) drawFlip(box, state);
      return;
    }
    html("div", { class: named("tw", "label") }, box, "Your hand");
    const row = html("div", { class: "tw-tiles" }, box);
    state.hands[seat].forEach((tile, i) => {
      const picked = live() && sameTile(selection.tile, tile);
      const isChosen = live() && chosen.some((other) => sameTile(other, tile));
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
          title: `key ${i + 1}`
        },
        row
      );
      button.addEventListener("click", () => send({ intent: "select", tile }));
    });
  }
  function drawFlip(parent, state) {
    const label = html("label", { class: "tw-toggle" }, parent);
    const box = (
      /** @type {HTMLInputElement} */
      html("input", { type: "checkbox", "data-key": "flip", disabled: !get("buttons").flip }, label)
    );
    box.checked = get("flip");
    box.addEventListener("change", () => send({ intent: "flip", on: box.checked }));
    label.append(` Flip: place turned over (${state.flips_left} left)`);
  }
  function drawControls(parent) {
    const buttons = get("buttons");
    const state = get("view");
    const box = html("div", { class: named("tw", "controls") }, parent);
    const button = (text, key, enabled, intent) => intentButton(model, box, text, key, enabled, { intent });
    if (state.mode === "multi") {
      button("Exchange", "exchange", buttons.exchange, "exchange");
      button("Discard", "discard", buttons.discard, "discard");
      if (buttons.pass) button(buttons.pass, "pass", true, "pass");
    }
    button("Undo", "undo", buttons.undo, "undo");
    button("New game", "new-game", buttons.new_game, "new_game");
    const label = html("label", { class: "tw-toggle" }, box);
    const inspect = (
      /** @type {HTMLInputElement} */
      html("input", { type: "checkbox", "data-key": "inspect" }, label)
    );
    inspect.checked = get("inspect");
    inspect.addEventListener("change", () => send({ intent: "inspect", on: inspect.checked }));
    label.append(" Show fits");
  }
  function drawPlayers(parent) {
    const style = get("tile_style");
    const state = shown();
    if (state.mode !== "multi") return;
    const names = get("names");
    const box = html("div", { class: "tw-players" }, parent);
    state.hands.forEach((hand, player) => {
      const row = html("div", { class: player === state.current_player ? "tw-player tw-turn" : "tw-player" }, box);
      html("span", { class: "tw-marker" }, row, player === state.current_player ? "▶" : "");
      html("span", { class: "tw-name" }, row, names[player]);
      if (player !== get("seat")) {
        const backs = svg("svg", { width: hand.length * 24, height: 24 }, row);
        hand.forEach((tile, i) => drawTile(backs, style, tile, i * 24, 0, 24));
      }
      const left = state.out[player] ? ", has left the game" : "";
      html("span", { class: "tw-count" }, row, `${plural(hand.length, "tile")}${left}`);
    });
    html("div", { class: "tw-bag" }, box, `Bag: ${plural(state.bag_size, "tile")}`);
  }
  function drawHistory(parent) {
    const box = html("div", { class: named("tw", "history") }, parent);
    drawHistorySlider(html("label", {}, box, "History "), box, "tw", model);
  }
  function drawOutcome(parent) {
    const outcome = get("outcome");
    if (!live() || !Object.keys(outcome).length) return;
    const box = outcomeBox(parent, "tw");
    if (outcome.rows === void 0) {
      html("strong", {}, box, `${outcome.placed} of ${outcome.tiles} tiles placed. `);
      html("span", {}, box, outcome.level);
      return;
    }
    const table = headedTable(box, ["Rank", "Player", "Tiles left", "Left the game"]);
    outcome.rows.forEach((row) => {
      const line = html("tr", {}, table);
      [row.rank, row.name, row.tiles_left, row.left].forEach((text) => html("td", {}, line, String(text)));
    });
  }
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
var town_default = { render: renderer(createView, TOWN.traits) };
export {
  town_default as default
};
