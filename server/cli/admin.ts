/**
 * Production setup without the demo (issue 12 § 9), run as `npm run admin -- …` with the
 * server's environment (DATABASE_URL, AUTH_SECRET, SMTP_URL, PUBLIC_URL, …):
 *
 *   create-department "<name>"
 *   invite-admin <email> --department "<name>" --first-name X --last-name Y
 *   setup <email> --department "<name>" --first-name X --last-name Y   (both at once)
 *   move-files-to-database [--delete]   (uploads under DATA_DIR/files into PostgreSQL: cli/move-files.ts)
 *
 * It opens the database as the server does (migrations first) and uses the app's own
 * services, so the invitation is the same sign-in mail, through the outbox. Running it
 * again is harmless: an existing department is reused, an existing person updated.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { buildApp } from "../app.ts";
import { type Config, ConfigError, loadConfig } from "../config.ts";
import { type Database, openDatabase } from "../db/client.ts";
import { departments } from "../db/schema.ts";
import { createDepartment } from "../features/users/departments.ts";
import { createUser } from "../features/users/service.ts";
import type { AppContext } from "../platform/context.ts";
import { pgFileStore } from "../platform/pg-file-store.ts";
import { describeMove, moveFilesToDatabase } from "./move-files.ts";

const usage = `Bruk:
  npm run admin -- create-department "<navn>"
  npm run admin -- invite-admin <e-post> --department "<navn>" --first-name <fornavn> --last-name <etternavn>
  npm run admin -- setup <e-post> --department "<navn>" --first-name <fornavn> --last-name <etternavn>
  npm run admin -- move-files-to-database [--delete]`;

class UsageError extends Error {}

async function departmentNamed(ctx: AppContext, name: string, create: boolean): Promise<string> {
  const [found] = await ctx.db.select().from(departments).where(eq(departments.name, name));
  if (found) return found.id;
  if (!create) throw new UsageError(`Avdelingen «${name}» finnes ikke. Opprett den med create-department.`);
  return (await createDepartment(ctx, null, name)).id;
}

function inviteOf(values: { department?: string; "first-name"?: string; "last-name"?: string }) {
  const [department, firstName, lastName] = [
    values.department,
    values["first-name"],
    values["last-name"],
  ].map((v) => v?.trim() ?? "");
  if (!department || !firstName || !lastName) throw new UsageError(usage);
  return { department, firstName, lastName };
}

async function openProductionDatabase(config: Config): Promise<Database> {
  if (!config.databaseUrl)
    throw new UsageError("DATABASE_URL mangler: kommandoen er for PostgreSQL-databasen i produksjon.");
  return openDatabase({ databaseUrl: config.databaseUrl });
}

async function moveFiles(config: Config, deleteFromDisk: boolean): Promise<string> {
  const database = await openProductionDatabase(config);
  const root = path.join(config.dataDir, "files");
  try {
    return describeMove(await moveFilesToDatabase(root, pgFileStore(database.db), { deleteFromDisk }), root);
  } finally {
    await database.close();
  }
}

/** Runs one command against the database; returns what it did, for the operator. */
export async function runAdminCommand(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      department: { type: "string" },
      "first-name": { type: "string" },
      "last-name": { type: "string" },
      delete: { type: "boolean" },
    },
  });
  const [command, arg] = positionals;
  if (command === "move-files-to-database") return moveFiles(loadConfig(env), values.delete ?? false);
  if (!command || !arg || !["create-department", "invite-admin", "setup"].includes(command))
    throw new UsageError(usage);
  const invite = command === "create-department" ? null : inviteOf(values);
  const config = loadConfig(env);
  const database = await openProductionDatabase(config);
  const { app, ctx } = await buildApp({ config, database, logger: false });
  try {
    if (!invite) {
      const id = await departmentNamed(ctx, arg.trim(), true);
      return `Avdeling «${arg.trim()}» (${id}) er klar.`;
    }
    const { department, firstName, lastName } = invite;
    const deptId = await departmentNamed(ctx, department, command === "setup");
    const email = arg.trim().toLowerCase();
    await createUser(ctx, null, { email, deptId, firstName, lastName, role: "admin" });
    return `Administrator ${email} er invitert i «${department}»: innloggingslenken ligger i e-postkøen.`;
  } finally {
    await app.close();
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runAdminCommand(process.argv.slice(2)).then(
    (done) => console.log(done),
    (err) => {
      console.error(err instanceof UsageError || err instanceof ConfigError ? err.message : err);
      process.exit(1);
    },
  );
}
