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
