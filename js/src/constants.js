// Constants shared with Python: one file, townwidget/widget/front_end.json, read by the widgets' Python side and
// bundled here by esbuild (so the trait lists, board geometry and terrain names cannot drift apart).
import shared from "../../townwidget/widget/front_end.json" with { type: "json" };

/** The traits every game widget publishes (townwidget.widget.base.GameWidget). */
export const GAME_TRAITS = shared.game_traits;
/** The traits the browser writes (after drawing a change of the game, the revision it drew). */
export const BROWSER_TRAITS = shared.browser_traits;
export const TOWN = shared.town;
/** @type {typeof shared.littletown & {terrain: Record<string, string>}} */
export const LITTLE_TOWN = shared.littletown;
