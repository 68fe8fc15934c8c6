// src/dom.js
function html(tag, attrs, parent, text) {
  const node = document.createElement(tag);
  setAttributes(node, attrs);
  if (text !== void 0) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}
function setAttributes(node, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === false || value === null || value === void 0) continue;
    node.setAttribute(key, value === true ? "" : String(value));
  }
}

// src/page.js
var PageModel = class {
  /**
   * @param {Record<string, unknown>} state every synced trait
   * @param {(message: object) => void} post sends one message as a comm would
   */
  constructor(state, post) {
    this.state = new Map(Object.entries(state));
    this.listeners = /* @__PURE__ */ new Map();
    this.changed = {};
    this.post = post;
  }
  /** @param {string} name */
  get(name) {
    return this.state.get(name);
  }
  /** @param {string} name @param {unknown} value */
  set(name, value) {
    this.state.set(name, value);
    this.changed[name] = value;
  }
  save_changes() {
    if (Object.keys(this.changed).length) this.post({ method: "update", state: this.changed });
    this.changed = {};
  }
  /** @param {unknown} content an intent */
  send(content) {
    this.post({ method: "custom", content });
  }
  /** @param {string} event @param {() => void} callback */
  on(event, callback) {
    const set = this.listeners.get(event) || /* @__PURE__ */ new Set();
    set.add(callback);
    this.listeners.set(event, set);
  }
  /** @param {string} event @param {() => void} callback */
  off(event, callback) {
    this.listeners.get(event)?.delete(callback);
  }
  /** Python's update: every trait first, then the listeners of each (one message is one change). @param {Record<string, unknown>} state */
  apply(state) {
    for (const [name, value] of Object.entries(state)) this.state.set(name, value);
    for (const name of Object.keys(state)) for (const callback of this.listeners.get(`change:${name}`) || []) callback();
  }
};
function say(words, key, values = {}) {
  return (words[key] || key).replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));
}
function socketUrl(path) {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${path}`;
}
function tablePath(table) {
  return `/tables/${encodeURIComponent(table)}`;
}
function joinPage(data, root) {
  const table = data.table || "";
  const key = `townwidget-seat:${table}`;
  const saved = localStorage.getItem(key);
  if (saved) {
    playPage(data, root, saved, key);
    return;
  }
  const form = html("form", { class: "gw-page-join" }, root);
  html("label", { for: "gw-page-name" }, form, say(data.words, "name"));
  const input = (
    /** @type {HTMLInputElement} */
    html("input", { id: "gw-page-name", name: "name", maxlength: 40, required: true, autocomplete: "nickname" }, form)
  );
  html("button", { type: "submit" }, form, say(data.words, "sit"));
  const error = html("p", { role: "alert", class: "gw-page-error" }, form);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const answer = await fetch(`/api${tablePath(table)}/join`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: input.value })
    });
    const body = await answer.json();
    if (!answer.ok) {
      error.textContent = String(body.error);
      return;
    }
    localStorage.setItem(key, body.token);
    form.remove();
    playPage(data, root, body.token, key);
  });
  input.focus();
}
function playPage(data, root, token, key) {
  const status = html("p", { class: "gw-page-status", role: "status" }, root, say(data.words, "connecting"));
  const holder = html("div", { class: "gw-page-widget" }, root);
  let socket = null;
  let model = null;
  let refused = false;
  const post = (message) => {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  };
  const connect = () => {
    const live = new WebSocket(socketUrl(`${tablePath(data.table || "")}/page`));
    socket = live;
    live.onopen = () => live.send(JSON.stringify({ token, lang: data.lang }));
    live.onmessage = async (event) => {
      const message = JSON.parse(String(event.data));
      if (message.error) {
        status.textContent = say(data.words, "refused", { error: message.error });
        if (message.status === 401 || message.status === 404) {
          refused = true;
          localStorage.removeItem(key);
          holder.remove();
          joinPage(data, root);
        }
        return;
      }
      if (message.method === "open") {
        status.textContent = "";
        if (model) {
          model.apply(message.state);
          return;
        }
        model = new PageModel(message.state, post);
        await drawWidget(model, holder, message.widget);
      } else if (message.method === "update" && model) {
        model.apply(message.state);
      }
    };
    live.onclose = () => {
      if (refused) return;
      status.textContent = say(data.words, "lost");
      setTimeout(connect, 1e3);
    };
  };
  connect();
}
async function drawWidget(model, holder, widget) {
  if (!["town", "littletown"].includes(widget)) return;
  html("link", { rel: "stylesheet", href: `/static/${widget}.css` }, document.head);
  const url = `/static/${widget}.js`;
  const module = await import(url);
  const title = () => {
    document.title = String(model.get("status") || document.title);
  };
  model.on("change:status", title);
  title();
  module.default.render({ model: (
    /** @type {any} */
    model
  ), el: holder });
}
function watchPage(data, root) {
  const words = data.words;
  html("p", { class: "gw-page-status" }, root, say(words, "spectating"));
  const status = html("p", { role: "status", class: "gw-page-status" }, root);
  const holder = html("div", { class: "gw-page-watch" }, root);
  const connect = () => {
    const live = new WebSocket(socketUrl(`/api${tablePath(data.table || "")}/live`));
    live.onopen = () => live.send(JSON.stringify({ token: null }));
    live.onmessage = (event) => {
      const message = JSON.parse(String(event.data));
      if (message.error) {
        status.textContent = say(words, "refused", { error: message.error });
        return;
      }
      status.textContent = say(words, "revision", { count: message.revision });
      holder.dataset.revision = String(message.revision);
      holder.replaceChildren();
      drawPublic(data, holder, message.view, message.status);
    };
    live.onclose = () => {
      status.textContent = say(words, "lost");
      setTimeout(connect, 1e3);
    };
  };
  connect();
}
function drawPublic(data, holder, view, summary) {
  const words = data.words;
  html("h2", {}, holder, summary.game);
  const style = data.styles?.[view.format];
  seatList(words, holder, summary, view, style);
  if (style && Array.isArray(view.board)) {
    const grid = html("table", { class: "gw-page-board" }, holder);
    for (const row of view.board) {
      const line = html("tr", {}, grid);
      for (const tile of row) {
        const cell = html("td", {}, line);
        if (!tile) continue;
        const [colour, shape] = tile;
        const name = `${style.colour_names[colour]} ${style.shape_names[shape]}`;
        cell.textContent = style.shape_names[shape];
        cell.setAttribute("aria-label", name);
        cell.style.background = style.palette[colour];
        cell.style.color = style.label_ink[colour];
      }
    }
    if (typeof view.bag_size === "number") html("p", {}, holder, say(words, "bag", { count: view.bag_size }));
  }
  html("h3", {}, holder, say(words, "log"));
  const log = html("ol", { class: "gw-page-log" }, holder);
  for (const entry of summary.log) html("li", {}, log, entry.text);
}
function seatList(words, holder, summary, view, style) {
  const list = html("ul", { class: "gw-page-seats" }, holder);
  for (const seat of summary.seats) {
    const item = html("li", {}, list, seat.name === null ? say(words, "open") : seat.name);
    const tags = [seat.bot ? say(words, "bot") : "", !seat.connected && seat.name !== null ? say(words, "away") : ""];
    if (summary.turn === seat.seat) tags.push(say(words, "turn"));
    const shown = tags.filter(Boolean);
    if (shown.length) item.append(` (${shown.join(", ")})`);
    const hand = view && Array.isArray(view.hands) ? view.hands[seat.seat] : null;
    if (hand && style) {
      const colours = hand.map((tile) => style.colour_names[tile[0]]);
      item.append(` · ${say(words, "hand")}: ${colours.join(", ")}`);
    }
  }
}
function lobbyPage(data, root) {
  const words = data.words;
  html("h1", {}, root, say(words, "lobby"));
  const form = html("form", { class: "gw-page-create" }, root);
  html("label", { for: "gw-game" }, form, say(words, "game"));
  const game = (
    /** @type {HTMLSelectElement} */
    html("select", { id: "gw-game" }, form)
  );
  for (const name of data.games || []) html("option", { value: name }, game, name);
  html("label", { for: "gw-players" }, form, say(words, "players"));
  const players = (
    /** @type {HTMLInputElement} */
    html("input", { id: "gw-players", type: "number", min: 2, max: 5, value: 2 }, form)
  );
  html("label", { for: "gw-bots" }, form, say(words, "bots"));
  const bots = (
    /** @type {HTMLInputElement} */
    html("input", { id: "gw-bots", type: "number", min: 0, max: 4, value: 0 }, form)
  );
  html("label", { for: "gw-seconds" }, form, say(words, "turn_seconds"));
  const seconds = (
    /** @type {HTMLInputElement} */
    html("input", { id: "gw-seconds", type: "number", min: 1 }, form)
  );
  const hints = (
    /** @type {HTMLInputElement} */
    html("input", { id: "gw-hints", type: "checkbox" }, form)
  );
  html("label", { for: "gw-hints" }, form, say(words, "hints"));
  html("button", { type: "submit" }, form, say(words, "create"));
  const error = html("p", { role: "alert", class: "gw-page-error" }, form);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const count = Number(players.value);
    const seated = {};
    for (let seat = count - Number(bots.value); seat < count; seat++) seated[String(seat)] = "greedy";
    const body = { game: game.value, players: count, bots: seated, turn_seconds: seconds.value ? Number(seconds.value) : null, hints: hints.checked };
    const answer = await fetch("/api/tables", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const reply = await answer.json();
    if (!answer.ok) {
      error.textContent = String(reply.error);
      return;
    }
    location.assign(`${tablePath(reply.table)}/join?lang=${data.lang}`);
  });
  const list = html("div", { class: "gw-page-tables", "aria-live": "polite" }, root);
  const refresh = async () => {
    try {
      const answer = await fetch("/api/tables");
      drawTables(data, list, (await answer.json()).tables);
    } finally {
      setTimeout(refresh, 2e3);
    }
  };
  refresh();
}
function drawTables(data, list, tables, base = "") {
  const words = data.words;
  list.replaceChildren();
  if (!tables.length) {
    html("p", {}, list, say(words, "no_tables"));
    return;
  }
  const table = html("table", {}, list);
  const head = html("tr", {}, html("thead", {}, table));
  for (const key of ["game", "seats", "turn", "join"]) html("th", { scope: "col" }, head, say(words, key));
  const body = html("tbody", {}, table);
  for (const entry of tables) {
    const row = html("tr", { "data-table": entry.table }, body);
    html("td", {}, row, entry.game);
    seatList(words, html("td", {}, row), entry, null);
    const turn = entry.finished ? say(words, "finished") : entry.turn === null ? say(words, "waiting") : entry.seats[entry.turn].name || "";
    html("td", {}, row, turn);
    const links = html("td", {}, row);
    const target = base ? "_blank" : null;
    const join = `${base}${tablePath(entry.table)}/join?lang=${data.lang}`;
    if (entry.open.length) html("a", { href: join, target }, links, say(words, "join"));
    links.append(" ");
    html("a", { href: `${base}${tablePath(entry.table)}/watch?lang=${data.lang}`, target }, links, say(words, "watch"));
  }
}
var PAGE_STYLE = `
body.gw-page { margin: 0; padding: 0.5rem; font-family: system-ui, sans-serif; color: #1a1a1a; background: #fff; }
.gw-page form { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; margin: 0.5rem 0; }
.gw-page input, .gw-page select, .gw-page button { font-size: 1rem; padding: 0.3rem 0.5rem; }
.gw-page table { border-collapse: collapse; max-width: 100%; }
.gw-page td, .gw-page th { border: 1px solid #767676; padding: 0.25rem 0.4rem; text-align: left; vertical-align: top; }
.gw-page-board td { width: 2.6rem; height: 2.6rem; font-size: 0.7rem; text-align: center; }
.gw-page-widget { max-width: 100%; overflow-x: auto; }
.gw-page-error { color: #a00; }
.gw-page a:focus, .gw-page button:focus, .gw-page input:focus { outline: 3px solid #0b57d0; }
`;
function main() {
  const source = document.getElementById("page-data");
  const root = document.getElementById("page");
  if (!source || !root) return;
  const data = (
    /** @type {PageData} */
    JSON.parse(source.textContent || "{}")
  );
  html("style", {}, document.head, PAGE_STYLE);
  const pages = { lobby: lobbyPage, join: joinPage, watch: watchPage };
  const draw = pages[
    /** @type {keyof typeof pages} */
    data.kind
  ];
  if (draw) draw(data, root);
}
if (typeof document !== "undefined") main();
export {
  PageModel,
  drawTables,
  say
};
