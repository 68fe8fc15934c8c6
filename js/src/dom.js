// Element builders: the only place that creates DOM nodes from attribute maps.

const SVG_NS = "http://www.w3.org/2000/svg";

/** @typedef {Record<string, string | number | boolean | null | undefined>} Attrs */

/**
 * An SVG element with `attrs`, appended to `parent` if given.
 * @param {string} tag
 * @param {Attrs} [attrs]
 * @param {Element} [parent]
 * @returns {SVGElement}
 */
export function svg(tag, attrs, parent) {
  const node = /** @type {SVGElement} */ (document.createElementNS(SVG_NS, tag));
  setAttributes(node, attrs);
  if (parent) parent.appendChild(node);
  return node;
}

/**
 * An HTML element with `attrs` (false, null and undefined leave an attribute out; true sets it empty) and `text`.
 * @param {string} tag
 * @param {Attrs} [attrs]
 * @param {Element} [parent]
 * @param {string} [text]
 * @returns {HTMLElement}
 */
export function html(tag, attrs, parent, text) {
  const node = document.createElement(tag);
  setAttributes(node, attrs);
  if (text !== undefined) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

/**
 * SVG text at (x, y).
 * @param {Element} parent
 * @param {number} x
 * @param {number} y
 * @param {string} text
 * @param {Attrs} [attrs]
 */
export function svgText(parent, x, y, text, attrs) {
  const node = svg("text", { x, y, ...attrs }, parent);
  node.textContent = text;
  return node;
}

/**
 * @param {Element} node
 * @param {Attrs} [attrs]
 */
function setAttributes(node, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === false || value === null || value === undefined) continue;
    node.setAttribute(key, value === true ? "" : String(value));
  }
}
