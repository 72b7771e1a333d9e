#!/usr/bin/env node
// CI's check that the Node running us is one package.json's `engines` allows, and that
// every installed package agrees with that floor: one that asks for a newer Node must be
// listed below with the reason it works on ours, and must load here. npm's EBADENGINE
// warnings for the listed ones are then known and harmless; a new one fails CI.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

/**
 * Packages whose `engines` ask for more than our floor, and why they run on it.
 * content-disposition and cookie are ES modules that CommonJS packages `require()`; Node
 * has done that without a flag since 20.19 (which is why our floor is 20.19, not 20.0),
 * and the tests run through both on Node 20 (file downloads; every `app.inject` with a
 * cookie). file-type is an ES module we import; the upload tests run it on Node 20 for
 * every kind of file we accept.
 */
export const newerEnginesAllowed = {
  "content-disposition": "ESM required by @fastify/static; require(esm) works from Node 20.19",
  cookie: "ESM required by light-my-request; require(esm) works from Node 20.19",
  "file-type": "ESM imported by the upload check; its tests pass on Node 20",
};

/** [major, minor, patch] of "20.19", "v20.19.2" or ">=20.19"; null when it is not one. */
export function versionOf(text) {
  const m = /^\s*(?:>=\s*)?v?(\d+)(?:\.(\d+))?(?:\.(\d+))?\s*$/.exec(text);
  return m ? [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)] : null;
}

const compare = (a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/**
 * The lowest Node an `engines.node` range admits, for the forms packages use (">=20.19",
 * "^20.19 || >=22", "20 || 22", ">= 18"); null for one we do not read.
 */
export function floorOf(range) {
  const floors = range.split("||").map((part) => {
    // The range's first comparator, its operator joined to its version (">= 18" → ">=18").
    const first =
      part
        .trim()
        .replace(/([<>=^~]+)\s+/g, "$1")
        .split(/\s+/)[0] ?? "";
    return versionOf(first.replace(/^[\^~]/, ""));
  });
  if (floors.some((f) => f === null)) return null;
  return floors.sort(compare)[0] ?? null;
}

/** Whether `version` satisfies ours, a plain ">=x.y[.z]". */
export function satisfies(version, range) {
  const floor = versionOf(range);
  if (!floor || !range.trim().startsWith(">="))
    throw new Error(`engines.node "${range}": only ">=x.y.z" is read`);
  return compare(versionOf(version), floor) >= 0;
}

/** Installed packages (from the lockfile) whose engines ask for a newer Node than `floor`. */
export function askingForNewer(lock, floor) {
  const found = new Map();
  for (const [where, pkg] of Object.entries(lock.packages ?? {})) {
    const range = pkg.engines?.node;
    if (!where || !range) continue;
    const theirs = floorOf(range);
    if (theirs && compare(theirs, floor) > 0) {
      const name = where.slice(where.lastIndexOf("node_modules/") + "node_modules/".length);
      found.set(`${name}@${pkg.version}`, { name, range });
    }
  }
  return [...found.entries()].map(([id, p]) => ({ id, ...p }));
}

function main() {
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8"));
  const range = pkg.engines.node;
  const problems = [];
  if (!satisfies(process.versions.node, range))
    problems.push(`Node ${process.versions.node} does not satisfy engines.node "${range}"`);
  else console.log(`Node ${process.versions.node} satisfies engines.node "${range}"`);

  const require = createRequire(path.join(root, "package.json"));
  for (const p of askingForNewer(lock, versionOf(range))) {
    const reason = newerEnginesAllowed[p.name];
    if (!reason) {
      problems.push(
        `${p.id} asks for Node "${p.range}", above ours "${range}": raise engines, or list it with why it works`,
      );
      continue;
    }
    try {
      require(p.name);
      console.log(`${p.id} asks for Node "${p.range}"; loads on ${process.versions.node} (${reason})`);
    } catch (err) {
      problems.push(`${p.id} asks for Node "${p.range}" and does not load here: ${err.message}`);
    }
  }
  for (const problem of problems) console.error(problem);
  process.exit(problems.length > 0 ? 1 : 0);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
