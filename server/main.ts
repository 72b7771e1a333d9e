/** Start: read config, open and migrate the database, prepare it, listen. */
import { buildApp } from "./app.ts";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { quietStep, startupSteps } from "./platform/progress.ts";
import { stopOnSignals } from "./platform/shutdown.ts";
import { prepareDatabase } from "./startup.ts";

/** Staging lets anyone sign in as anyone: say so loudly, every start. */
function demoToolsWarning(config: Config): string {
  const reach =
    config.host === "localhost"
      ? "It listens on this computer only (set HOST to change that)."
      : `It listens on ${config.host}: everyone who can reach it can sign in as any user.`;
  return `DEMO TOOLS ARE ON (APP_ENV=staging): demo accounts with a known password, the demo-user switcher and the dev mailbox. ${reach} Use APP_ENV=production for real use.`;
}

async function main() {
  const started = performance.now();
  const config = loadConfig();
  const step =
    config.logLevel === "silent" ? quietStep : startupSteps((line) => process.stdout.write(`${line}\n`));
  const database = await step(
    `Opening the database (${config.databaseUrl ? "PostgreSQL" : "PGlite"}) and applying migrations`,
    () =>
      openDatabase(
        config.databaseUrl
          ? {
              databaseUrl: config.databaseUrl,
              statementTimeoutMs: config.dbStatementTimeoutMs,
              connectTimeoutMs: config.dbConnectTimeoutMs,
              poolSize: config.dbPoolSize,
            }
          : { dataDir: config.dataDir },
      ),
  );
  const seeded = await database
    .exclusive(() => prepareDatabase(config, database.db, step))
    .catch(async (err) => {
      await database.close();
      throw err;
    });
  const { app } = await step("Starting the app", () => buildApp({ config, database }));
  if (config.demoTools) app.log.warn(demoToolsWarning(config));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { driver: database.driver, seeded, env: config.appEnv, ms: Math.round(performance.now() - started) },
    `ready at ${config.publicUrl}`,
  );
  stopOnSignals({ app, database, graceMs: config.shutdownGraceMs, log: app.log });
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
