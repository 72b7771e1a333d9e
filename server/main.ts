/** Start: read config, open and migrate the database, prepare it, listen. */
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { prepareDatabase } from "./startup.ts";

async function main() {
  const started = performance.now();
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  );
  const seeded = await prepareDatabase(config, database.db).catch(async (err) => {
    await database.close();
    throw err;
  });
  const { app } = await buildApp({ config, database });
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { driver: database.driver, seeded, env: config.appEnv, ms: Math.round(performance.now() - started) },
    `ready at ${config.publicUrl}`,
  );

  const shutdown = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
