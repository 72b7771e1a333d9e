import { availableParallelism } from "node:os";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * One Vitest run, several projects: pure rules, the API on PGlite, the API on a real
 * PostgreSQL (only when TEST_DATABASE_URL is set), and web components.
 */
const serverProject = (name: string, driver: "pglite" | "postgres") => ({
  test: {
    name,
    include: ["server/**/*.test.ts"],
    // The fuzz probes every route with generated input for 500s and leaks: the same
    // routes and rules on either database, and a few minutes each. Where PostgreSQL is
    // there (CI), they run on it, the database a hospital runs; else on PGlite.
    exclude: driver === "pglite" && withPostgres ? ["server/fuzz/**"] : [],
    environment: "node",
    globalSetup: ["server/test/global-setup.ts"],
    env: { TEST_DRIVER: driver },
    // Every file builds its own app on its own database, and nothing is mocked: the
    // modules (Fastify, Drizzle, better-auth) can be loaded once per worker, not per file.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: on a two-core machine, one file
    // at a time, though a server test spends much of its time waiting on the database.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: "common",
          include: ["common/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
        },
      },
      serverProject("server-pglite", "pglite"),
      ...(withPostgres ? [serverProject("server-postgres", "postgres")] : []),
      {
        plugins: [react()],
        test: {
          name: "web",
          include: ["web/**/*.test.tsx", "web/**/*.test.ts"],
          environment: "happy-dom",
          setupFiles: ["web/test/setup.ts"],
          // Beside a server file on the other core, a screen's first render can pass 5 s.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
