// tables.Lobby, the notebook's list of a table server's tables (townwidget/tables/lobby.py): the lobby page's list,
// redrawn whenever Python's `tables` trait changes (Python follows the server).
import { drawTables } from "./page.js";

/** @type {import("@anywidget/types").Render} */
function render({ model, el }) {
  const list = document.createElement("div");
  list.className = "gw-page gw-lobby";
  el.appendChild(list);
  const draw = () => {
    const data = { kind: "lobby", lang: String(model.get("lang")), words: /** @type {Record<string, string>} */ (model.get("words")) };
    drawTables(data, list, /** @type {any} */ (model.get("tables")), String(model.get("url")));
    const error = String(model.get("error") || "");
    if (error) list.prepend(Object.assign(document.createElement("p"), { role: "alert", textContent: error }));
  };
  for (const name of ["tables", "error"]) model.on(`change:${name}`, draw);
  draw();
  return () => {
    for (const name of ["tables", "error"]) model.off(`change:${name}`, draw);
  };
}

export default { render };
