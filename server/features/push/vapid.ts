/**
 * The server's VAPID key pair: browsers subscribe with its public key, and every push is
 * signed with its private key. From the environment when given; otherwise generated once
 * and kept in `app_settings`, as the staging auth secret is (platform/auth.ts): every
 * instance inserts its own candidate and keeps what the table holds afterwards, so two
 * instances starting at once end with the same pair.
 */
import { eq } from "drizzle-orm";
import webPush from "web-push";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { appSettings } from "../../db/schema.ts";

export interface Vapid {
  publicKey: string;
  privateKey: string;
  /** who the push services may contact: `mailto:` or `https:` (web-push refuses anything else) */
  subject: string;
}

const settingKey = "vapid_keys";

export async function resolveVapid(db: Db, config: Config): Promise<Vapid> {
  const subject = subjectOf(config);
  if (config.vapidKeys) return { ...config.vapidKeys, subject };
  const candidate = webPush.generateVAPIDKeys();
  await db
    .insert(appSettings)
    .values({ key: settingKey, value: JSON.stringify(candidate) })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, settingKey));
  const kept = JSON.parse(row!.value) as { publicKey: string; privateKey: string };
  return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject };
}

/** VAPID_SUBJECT; else the app's address when it is https; else the sender address of its mail. */
function subjectOf(config: Config): string {
  if (config.vapidSubject) return config.vapidSubject;
  if (config.publicUrl.startsWith("https://")) return config.publicUrl;
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom.trim();
  return /^[^\s@]+@[^\s@]+$/.test(address) ? `mailto:${address}` : "mailto:no-reply@vaktrom.local";
}
