/** The production setup command on a fresh PostgreSQL database: a department and its first admin. */
import { eq } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { departments, mailOutbox, staff, user } from "../db/schema.ts";
import { prepareDatabase } from "../startup.ts";
import { databaseUrlFor, randomDbName } from "../test/pg-admin.ts";
import { runAdminCommand } from "./admin.ts";

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(process.env.TEST_DRIVER === "postgres" && adminUrl)("npm run admin", () => {
  it("creates a department and invites its first admin on a fresh database", async () => {
    const name = randomDbName("vaktrom_admin_cli");
    const server = new pg.Client({ connectionString: adminUrl });
    await server.connect();
    await server.query(`create database ${name}`);
    const env = {
      APP_ENV: "production",
      DATABASE_URL: databaseUrlFor(adminUrl!, name),
      AUTH_SECRET: "test-secret-test-secret-test-secret-42",
      SMTP_URL: "smtp://127.0.0.1:9",
      PUBLIC_URL: "https://vakt.sykehus.no",
      ALLOWED_EMAIL_DOMAINS: "sykehus.no",
      LOG_LEVEL: "silent",
    };
    try {
      expect(await runAdminCommand(["create-department", "Intensiv"], env)).toContain("Intensiv");
      await runAdminCommand(
        [
          "invite-admin",
          "Sjef@Sykehus.no",
          "--department",
          "Intensiv",
          "--first-name",
          "Siri",
          "--last-name",
          "Sjef",
        ],
        env,
      );
      // Again: nothing twice.
      await runAdminCommand(
        [
          "setup",
          "sjef@sykehus.no",
          "--department",
          "Intensiv",
          "--first-name",
          "Siri",
          "--last-name",
          "Sjef",
        ],
        env,
      );

      const database = await openDatabase({ databaseUrl: env.DATABASE_URL });
      try {
        const { db } = database;
        expect((await db.select().from(departments)).map((d) => d.name)).toEqual(["Intensiv"]);
        const [admin] = await db.select().from(user).where(eq(user.email, "sjef@sykehus.no"));
        expect(admin).toMatchObject({ name: "Siri Sjef", emailVerified: true });
        const records = await db.select().from(staff).where(eq(staff.userId, admin!.id));
        expect(records).toEqual([expect.objectContaining({ role: "admin", isActive: true })]);
        const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, "sjef@sykehus.no"));
        expect(mails.length).toBeGreaterThan(0);
        expect(mails[0]!.text).toContain("https://vakt.sykehus.no/auth/magic#token=");
        // Production starts on it (no demo accounts to refuse, none seeded).
        expect(await prepareDatabase(loadConfig(env), db)).toBe(false);
      } finally {
        await database.close();
      }
      await expect(
        runAdminCommand(
          [
            "invite-admin",
            "x@sykehus.no",
            "--department",
            "Finnes ikke",
            "--first-name",
            "A",
            "--last-name",
            "B",
          ],
          env,
        ),
      ).rejects.toThrow("finnes ikke");
    } finally {
      await server.query(`drop database if exists ${name} with (force)`);
      await server.end();
    }
  });
});
