/** Start: read config, open and migrate the database, seed staging demo data, listen. */
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { demoAccountsWithDemoPassword, seedDemoData } from "./db/seed/demo.ts";

async function main() {
  const started = performance.now();
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  );
  if (config.isProduction) {
    const unsafe = await demoAccountsWithDemoPassword(database.db);
    if (unsafe.length > 0) {
      await database.close();
      throw new ConfigError(
        `Refusing to start in production: demo accounts still have the demo password (${unsafe.join(", ")}). Delete them or change their passwords.`,
      );
    }
  }
  const seeded = config.isProduction ? false : await seedDemoData(database.db);
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
