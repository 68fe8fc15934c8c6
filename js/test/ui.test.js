import assert from "node:assert/strict";
import { test } from "node:test";
import { redrawKeepingFocus, reportGameChanges } from "../src/ui.js";

/** A stand-in for anywidget's model: traits, change handlers, and what was saved to Python. */
function fakeModel() {
  /** @type {Record<string, unknown>} */
  const traits = { view: {}, revision: 3, drawn: 0 };
  /** @type {Record<string, Array<() => void>>} */
  const handlers = {};
  /** @type {Array<Record<string, unknown>>} */
  const saved = [];
  /** @type {Record<string, unknown>} */
  let pending = {};
  return {
    saved,
    get: (/** @type {string} */ name) => traits[name],
    set: (/** @type {string} */ name, /** @type {unknown} */ value) => {
      traits[name] = value;
      pending[name] = value;
    },
    save_changes: () => {
      saved.push(pending);
      pending = {};
    },
    on: (/** @type {string} */ event, /** @type {() => void} */ handler) => {
      (handlers[event] ||= []).push(handler);
    },
    /** Python's message: the view first, then the revision, as one update (events fire as each trait is set). */
    publish(/** @type {number} */ revision) {
      traits.view = { moves: revision };
      for (const handler of handlers["change:view"] || []) handler();
      traits.revision = revision;
    },
  };
}

test("each change of the game tells Python the revision drawn, once per model however many views", async () => {
  const model = fakeModel();
  const anyModel = /** @type {any} */ (model);
  reportGameChanges(anyModel);
  reportGameChanges(anyModel); // a second view of the same model
  const nextMessage = () => new Promise((resolve) => setTimeout(resolve, 0));
  model.publish(4);
  await nextMessage();
  model.publish(7);
  await nextMessage();
  assert.deepEqual(model.saved, [{ drawn: 4 }, { drawn: 7 }]);
});

test("the revision drawn is reported after the views queued by the same message have drawn", async () => {
  const model = fakeModel();
  /** @type {string[]} */
  const order = [];
  reportGameChanges(/** @type {any} */ (model));
  model.on("change:view", () => queueMicrotask(() => order.push("view drawn"))); // as a view's drawOnce does
  const save = model.save_changes;
  model.save_changes = () => {
    order.push("reported");
    save();
  };
  model.publish(5);
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.deepEqual(order, ["view drawn", "reported"]);
});

test("a redraw keeps the focus inside the view and gives it back once every view has drawn", async () => {
  /** @type {string[]} */
  const events = [];
  const element = (/** @type {string} */ key) => ({ dataset: { key }, focus: () => events.push(`focus ${key}`) });
  let children = [element("cell-1-2")];
  const root = {
    dataset: {},
    focus: () => events.push("focus root"),
    contains: (/** @type {any} */ node) => node === root || children.includes(node),
    replaceChildren: () => {
      events.push("cleared");
      children = [];
    },
    querySelector: (/** @type {string} */ selector) => children.find((node) => selector === `[data-key="${node.dataset.key}"]`) || null,
  };
  const paint = () => {
    children = [element("cell-1-2")];
    events.push("painted");
  };
  const page = /** @type {any} */ (globalThis);
  page.document = { activeElement: children[0] };
  try {
    redrawKeepingFocus(/** @type {any} */ (root), paint);
    events.push("other views draw");
    await Promise.resolve();
  } finally {
    delete page.document;
  }
  // the focus never falls to the page (the notebook would take it), and the page is laid out once, for all views
  assert.deepEqual(events, ["focus root", "cleared", "painted", "other views draw", "focus cell-1-2"]);
});
