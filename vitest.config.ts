import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

/**
 * One Vitest run, several projects: pure rules, the API on PGlite, the API on a real
 * PostgreSQL (only when TEST_DATABASE_URL is set), and web components.
 */
const serverProject = (name: string, driver: "pglite" | "postgres") => ({
  test: {
    name,
    include: ["server/**/*.test.ts"],
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
    projects: [
      {
        test: {
          name: "common",
          include: ["common/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
        },
      },
      serverProject("server-pglite", "pglite"),
      ...(process.env.TEST_DATABASE_URL ? [serverProject("server-postgres", "postgres")] : []),
      {
        plugins: [react()],
        test: {
          name: "web",
          include: ["web/**/*.test.tsx", "web/**/*.test.ts"],
          environment: "happy-dom",
          setupFiles: ["web/test/setup.ts"],
        },
      },
    ],
  },
});
