// Bundle each widget's front end (src/<widget>.js and the CSS it imports) into ../townwidget/widget/static/.
//   node build.mjs           build once
//   node build.mjs --watch   rebuild on every change (with ANYWIDGET_HMR=1 the notebook reloads the widget in place)
//   node build.mjs --check   build in memory and fail if the committed bundles differ from the sources
// The output is deterministic (same sources, same bytes), which is what makes --check meaningful.
import { readFileSync } from "node:fs";
import * as esbuild from "esbuild";

/** @type {import("esbuild").BuildOptions} */
const options = {
  entryPoints: { town: "src/town.js", littletown: "src/littletown.js", page: "src/page.js", lobby: "src/lobby.js" },
  outdir: "../townwidget/widget/static",
  bundle: true,
  format: "esm",
  target: "es2020",
  charset: "utf8",
  legalComments: "none",
  logLevel: "warning",
};

if (process.argv.includes("--watch")) {
  const context = await esbuild.context({ ...options, logLevel: "info" });
  await context.watch();
} else if (process.argv.includes("--check")) {
  const result = await esbuild.build({ ...options, write: false });
  const stale = result.outputFiles.filter((file) => {
    try {
      return !readFileSync(file.path).equals(Buffer.from(file.contents));
    } catch {
      return true; // missing
    }
  });
  for (const file of stale) console.error(`stale bundle: ${file.path} differs from js/src (run: cd js && npm run build)`);
  process.exitCode = stale.length ? 1 : 0;
} else {
  await esbuild.build({ ...options, logLevel: "info" });
}
