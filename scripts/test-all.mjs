#!/usr/bin/env node
/**
 * `npm test`: every suite, one summary.
 *
 * 1. Vitest, all projects (common, server-pglite, server-postgres when TEST_DATABASE_URL
 *    is set, web) → test-results/vitest.json
 * 2. Playwright browser tests → test-results/e2e.json (servers on PGlite); with
 *    E2E_POSTGRES_URL set only the few the database cannot change (playwright.config.ts)
 * 3. with E2E_POSTGRES_URL set (CI sets it): every other browser test, each server on a
 *    new database of that PostgreSQL server → test-results/e2e-postgres.json
 *
 * Output of both is streamed. The very last line printed is exactly `N passed, N failed`,
 * totalled over all suites (skipped tests are not passed; a suite that crashed without a
 * report counts as 1 failed). The exit code is non-zero when anything failed or when no
 * test ran at all.
 *
 * CI_FAILED_CHECKS (comma-separated names, set by .ci/run) counts checks that failed
 * before the tests (typecheck, lint) as one failure each, so the summary stays honest.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const resultsDir = path.join(root, "test-results");
const vitestReport = path.join(resultsDir, "vitest.json");
const e2eReport = path.join(resultsDir, "e2e.json");
const e2ePostgresReport = path.join(resultsDir, "e2e-postgres.json");

/** Run a command with inherited stdio; resolve with its exit code (a signal counts as 1). */
function run(cmd, args, env = {}) {
  const shown = Object.entries(env)
    .map(([k, v]) => `${k}=${v} `)
    .join("");
  console.log(`\n$ ${shown}${[cmd, ...args].join(" ")}\n`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
    child.on("error", (err) => {
      console.error(`could not start ${cmd}: ${err.message}`);
      resolve(127);
    });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function readJson(file) {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    console.error(`could not read ${path.relative(root, file)}: ${err.message}`);
    return undefined;
  }
}

/** Vitest's JSON report (jest-compatible). Files that failed to load count as one failure each. */
function countVitest(report) {
  let passed = 0;
  let failed = 0;
  for (const file of report.testResults ?? []) {
    const tests = file.assertionResults ?? [];
    const filePassed = tests.filter((t) => t.status === "passed").length;
    const fileFailed = tests.filter((t) => t.status === "failed").length;
    passed += filePassed;
    failed += fileFailed;
    // a file that failed on its own (import error, hook error) without a failed test
    if (file.status === "failed" && fileFailed === 0) failed += 1;
  }
  return { passed, failed };
}

/** Playwright's JSON report: stats.expected/flaky passed, stats.unexpected failed. */
function countPlaywright(report) {
  const stats = report.stats ?? {};
  const passed = (stats.expected ?? 0) + (stats.flaky ?? 0);
  let failed = stats.unexpected ?? 0;
  // errors outside any test (global setup, worker teardown, a file that does not load)
  if ((report.errors ?? []).length > 0 && failed === 0) failed = 1;
  return { passed, failed };
}

/**
 * The names of what failed, printed beside the summary: the streamed output above can be
 * long, and a CI log is often read from its end.
 */
function failedNames(report) {
  const names = [];
  for (const file of report.testResults ?? []) {
    const where = path.relative(root, file.name ?? "");
    for (const t of file.assertionResults ?? [])
      if (t.status === "failed") names.push(`${where} › ${t.fullName ?? t.title}`);
    if (file.status === "failed" && !(file.assertionResults ?? []).some((t) => t.status === "failed"))
      names.push(`${where} (${String(file.message ?? "").split("\n")[0]})`);
  }
  for (const suite of report.suites ?? []) collectPlaywright(suite, names);
  return names;
}

function collectPlaywright(suite, names) {
  for (const spec of suite.specs ?? [])
    if (spec.ok === false) names.push(`${spec.file}:${spec.line} › ${spec.title}`);
  for (const child of suite.suites ?? []) collectPlaywright(child, names);
}

function summarise(name, code, report, count) {
  if (!report) {
    console.error(`[test-all] ${name}: no report (exit ${code}); counted as 1 failed`);
    return { passed: 0, failed: 1 };
  }
  const result = count(report);
  if (code !== 0 && result.failed === 0) {
    console.error(
      `[test-all] ${name} exited ${code} without a failed test in its report; counted as 1 failed`,
    );
    result.failed = 1;
  }
  console.log(`[test-all] ${name}: ${result.passed} passed, ${result.failed} failed`);
  for (const line of failedNames(report)) console.log(`[test-all]   failed: ${line}`);
  return result;
}

mkdirSync(resultsDir, { recursive: true });
rmSync(vitestReport, { force: true });
rmSync(e2eReport, { force: true });
rmSync(e2ePostgresReport, { force: true });

const vitestCode = await run("npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile=${path.relative(root, vitestReport)}`,
]);
const e2eCode = await run("npx", ["playwright", "test"]);
const e2ePostgresUrl = process.env.E2E_POSTGRES_URL;
const e2ePostgresCode = e2ePostgresUrl
  ? await run("npx", ["playwright", "test"], {
      E2E_DATABASE_URL: e2ePostgresUrl,
      E2E_REPORT: path.relative(root, e2ePostgresReport),
    })
  : null;

console.log("");
const suites = [
  summarise("vitest", vitestCode, readJson(vitestReport), countVitest),
  summarise("playwright", e2eCode, readJson(e2eReport), countPlaywright),
  ...(e2ePostgresCode === null
    ? []
    : [summarise("playwright on PostgreSQL", e2ePostgresCode, readJson(e2ePostgresReport), countPlaywright)]),
];
const passed = suites.reduce((n, s) => n + s.passed, 0);
let failed = suites.reduce((n, s) => n + s.failed, 0);

const failedChecks = (process.env.CI_FAILED_CHECKS ?? "")
  .split(",")
  .map((s) => s.trim())
  .filter(Boolean);
if (failedChecks.length > 0) {
  console.error(`[test-all] checks that failed before the tests: ${failedChecks.join(", ")}`);
  failed += failedChecks.length;
}

if (passed + failed === 0) console.error("[test-all] no test ran");
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed + failed === 0 ? 1 : 0);
