/** What happens to the database before the app serves: production safety, then demo data. */
import { type Config, ConfigError } from "./config.ts";
import type { Db } from "./db/client.ts";
import { demoAccountsWithDemoPassword, seedDemoData } from "./db/seed/demo.ts";
import { quietStep, type Step } from "./platform/progress.ts";

/**
 * Production refuses to start while demo accounts still accept the demo password;
 * staging seeds the demo data into an empty database, each part a `step`. Returns
 * whether it seeded.
 */
export async function prepareDatabase(config: Config, db: Db, step: Step = quietStep): Promise<boolean> {
  if (!config.isProduction) return seedDemoData(db, step);
  const unsafe = await demoAccountsWithDemoPassword(db);
  if (unsafe.length > 0) {
    throw new ConfigError(
      `Refusing to start in production: demo accounts still have the demo password (${unsafe.join(", ")}). Delete them or change their passwords.`,
    );
  }
  return false;
}
