// Focus keeping: every control and board cell carries a `data-key`; a redraw replaces the elements, so the key of
// the focused one is read before and focused again after.

/**
 * The key of the focused control inside `root` (undefined when the focus is elsewhere).
 * @param {{contains(node: any): boolean}} root
 * @param {any} active document.activeElement
 * @returns {string | undefined}
 */
export function focusedKey(root, active) {
  return active && root.contains(active) && active.dataset ? active.dataset.key : undefined;
}

/**
 * Focus the element of `root` with `key`, without scrolling the notebook.
 * @param {ParentNode} root
 * @param {string | undefined} key
 * @returns {boolean} whether an element took the focus
 */
export function refocus(root, key) {
  if (!key) return false;
  const node = /** @type {HTMLElement | SVGElement | null} */ (root.querySelector(`[data-key="${key}"]`));
  if (!node) return false;
  node.focus({ preventScroll: true });
  return true;
}

/**
 * The board cell to focus once a tile is picked: the cursor if the tile may go there, else the first cell where it
 * may, else the cursor or the corner (so that the arrow keys and Enter work next, whatever was clicked).
 * @param {[number, number] | null} cursor
 * @param {Array<[number, number]>} legal
 * @returns {[number, number]}
 */
export function cellAfterPick(cursor, legal) {
  if (cursor && legal.some((cell) => cell[0] === cursor[0] && cell[1] === cursor[1])) return cursor;
  return legal[0] || cursor || [0, 0];
}
