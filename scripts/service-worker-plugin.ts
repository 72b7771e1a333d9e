/**
 * Builds web/sw/sw.ts into dist/web/sw.js beside the app, with the list of the build's
 * hashed files to keep and a version from their names (docs/decisions.md § Installable
 * app: why our own small worker and not vite-plugin-pwa/Workbox).
 *
 * The worker is bundled on its own by esbuild, as one classic script: inside the app's
 * build the code-splitting groups (vite.config.ts) would pull its modules into the app's
 * chunks, and a worker that imports the app's chunks would load far more than it needs.
 */
import { createHash } from "node:crypto";
import path from "node:path";
import { build } from "esbuild";
import type { Plugin } from "vite";

/** What the worker keeps: the code and styles, not source maps or precompressed copies. */
const kept = /^assets\/.+\.(js|css)$/;

export function serviceWorker(entry: string): Plugin {
  return {
    name: "vaktrom:service-worker",
    apply: "build",
    enforce: "post",
    async generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((name) => kept.test(name))
        .sort();
      const index = bundle["index.html"];
      const html = index?.type === "asset" ? String(index.source) : "";
      // Hashed names change with their content; index.html has none, so it counts itself.
      const version = createHash("sha256")
        .update(files.join("\n"))
        .update(html)
        .digest("base64url")
        .slice(0, 12);
      const result = await build({
        entryPoints: [path.resolve(entry)],
        bundle: true,
        write: false,
        format: "iife",
        target: "es2022",
        minify: true,
        legalComments: "none",
        define: {
          __SW_PRECACHE__: JSON.stringify(files.map((name) => `/${name}`)),
          __SW_VERSION__: JSON.stringify(version),
        },
      });
      const code = result.outputFiles[0]?.text;
      if (!code) throw new Error(`service worker ${entry} built to nothing`);
      this.emitFile({ type: "asset", fileName: "sw.js", source: code });
    },
  };
}
