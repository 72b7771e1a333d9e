/**
 * /admin/users 'Administrasjon' (issue 12): a leader sees their department's people and
 * may only (de)activate staff, which ends the person's open session at once; an admin
 * creates a person who signs in by magic link, makes them leader, and deletes them,
 * after which no table row and no file holds their name, e-mail or id (the deletion's
 * own audit row keeps the id only). Adding the same address again shows 'Personen finnes
 * allerede' and what would change before it does. axe with 'Rediger bruker' open.
 */
import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { Page } from "@playwright/test";
import pg from "pg";
import { pgliteExtensions } from "../server/db/client.ts";
import { expectNoSeriousViolations } from "./support/a11y.ts";
import { currentSession, demo, envs, expect, fromOurPage, impersonate, test } from "./support/fixtures.ts";
import type { RunningServer } from "./support/server.ts";

// The spec deactivates Ola for a moment and adds and deletes a person: a server of its own.
test.use({ serverEnv: envs.isolated });

const overview = (page: Page) => page.getByRole("table", { name: "Brukeroversikt" });
const rowOf = (page: Page, name: string) => overview(page).getByRole("row", { name: new RegExp(name) });
/** A row's action, from its '…' menu. */
async function rowAction(page: Page, name: string, action: string) {
  await rowOf(page, name)
    .getByRole("button", { name: `Handlinger for ${name}` })
    .click();
  await page.getByRole("menuitem", { name: action, exact: true }).click();
}

/** A 1×1 PNG, for an avatar file on disk that the deletion must remove. */
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

/**
 * Every row of every table as JSON text. On PostgreSQL through the server's own database;
 * on PGlite (which one process owns) from a copy of its directory, recovered from its WAL.
 */
async function allRows(server: RunningServer): Promise<{ table: string; row: string }[]> {
  const tables = `select table_schema || '.' || table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`;
  const rowsOf = (name: string) => {
    const [schema, table] = name.split(".");
    return `select row_to_json(t)::text as row from "${schema}"."${table}" t`;
  };
  if (server.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: server.env.DATABASE_URL });
    await client.connect();
    try {
      const names = (await client.query<{ name: string }>(tables)).rows.map((r) => r.name);
      const out = [];
      for (const table of names)
        for (const { row } of (await client.query<{ row: string }>(rowsOf(table))).rows)
          out.push({ table, row });
      return out;
    } finally {
      await client.end();
    }
  }
  const copy = await mkdtemp(path.join(os.tmpdir(), "vaktrom-e2e-db-"));
  try {
    await cp(path.join(server.dataDir, "pglite"), copy, { recursive: true });
    await rm(path.join(copy, "postmaster.pid"), { force: true });
    const db = await PGlite.create(copy, { extensions: pgliteExtensions });
    try {
      const names = (await db.query<{ name: string }>(tables)).rows.map((r) => r.name);
      const out = [];
      for (const table of names)
        for (const { row } of (await db.query<{ row: string }>(rowsOf(table))).rows) out.push({ table, row });
      return out;
    } finally {
      await db.close();
    }
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}

/** The keys of every stored file: in the database on PostgreSQL, else under DATA_DIR. */
async function storedFiles(server: RunningServer): Promise<string[]> {
  if (server.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: server.env.DATABASE_URL });
    await client.connect();
    try {
      return (await client.query<{ key: string }>("select key from stored_files")).rows.map((r) => r.key);
    } finally {
      await client.end();
    }
  }
  const root = path.join(server.dataDir, "files");
  const entries = await readdir(root, { recursive: true }).catch(() => []);
  return entries.map(String);
}

test("Lars (leader) sees Anestesi only, deactivates and reactivates Ola, and nothing more", async ({
  page,
  browser,
  baseURL,
}) => {
  const olaContext = await browser.newContext({ baseURL });
  try {
    const ola = await olaContext.newPage();
    await impersonate(ola, demo.ola.email);
    expect((await currentSession(ola))?.user.email).toBe(demo.ola.email);

    await impersonate(page, demo.leader.email);
    await page.goto("/admin/users");
    await expect(page.getByRole("heading", { name: "Administrasjon", level: 1 })).toBeVisible();
    await expect(rowOf(page, demo.ola.name)).toBeVisible();
    await expect(rowOf(page, demo.kari.name)).toBeVisible();
    await expect(rowOf(page, demo.intensiv.name)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Legg til ny bruker" })).toHaveCount(0);
    await rowOf(page, demo.ola.name)
      .getByRole("button", { name: `Handlinger for ${demo.ola.name}` })
      .click();
    await expect(page.getByRole("menuitem")).toHaveText(["Arbeidsavtale og kompetanse", "Deaktiver"]);
    // His contract and competences in Anestesi, which a leader may set (issue 28).
    await page.getByRole("menuitem", { name: "Arbeidsavtale og kompetanse" }).click();
    const work = page.getByRole("dialog", { name: "Arbeidsavtale og kompetanse" });
    await expect(work.getByLabel("Stillingsprosent")).toHaveValue("80");
    await expect(work.getByRole("checkbox", { name: "Intensivsykepleier" })).toBeChecked();
    await work.getByRole("button", { name: "Avbryt" }).click();
    await expect(work).toHaveCount(0);
    await expect(page.getByRole("tab")).toHaveText(["Brukeradministrasjon", "Sendte varsler"]);

    await rowAction(page, demo.ola.name, "Deaktiver");
    await expect(page.getByText(`${demo.ola.name} er deaktivert`)).toBeVisible();
    await expect(rowOf(page, demo.ola.name).getByText("Deaktivert")).toBeVisible();
    // Ola's open session ends at once.
    expect(await currentSession(ola)).toBeNull();

    await rowAction(page, demo.ola.name, "Aktiver");
    await expect(page.getByText(`${demo.ola.name} er aktivert`)).toBeVisible();
    await expect(rowOf(page, demo.ola.name).getByText("Aktiv", { exact: true })).toBeVisible();
    await impersonate(ola, demo.ola.email);
    expect((await currentSession(ola))?.user.email).toBe(demo.ola.email);
  } finally {
    await olaContext.close();
  }
});

test("axe finds nothing serious on /admin/users with 'Rediger bruker' open", async ({ page }) => {
  await impersonate(page, demo.admin.email);
  await page.goto("/admin/users");
  await rowAction(page, demo.kari.name, "Rediger");
  await expect(page.getByRole("dialog", { name: "Rediger bruker" })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("Ingrid creates a user who signs in, makes them leader and deletes every trace", async ({
  page,
  browser,
  baseURL,
  server,
  mailLink,
}) => {
  const person = { first: "Vilde", last: "Slettemo", email: "vilde.slettemo@demo.no" };
  const fullName = `${person.first} ${person.last}`;
  await impersonate(page, demo.admin.email);
  await page.goto("/admin/users");

  await page.getByRole("button", { name: "Legg til ny bruker" }).click();
  const create = page.getByRole("dialog", { name: "Legg til ny bruker" });
  await create.getByLabel("Fornavn").fill(person.first);
  await create.getByLabel("Etternavn").fill(person.last);
  await create.getByLabel("E-post").fill(person.email);
  await create.getByLabel("Avdeling").selectOption({ label: "Anestesi" });
  await create.getByRole("button", { name: "Opprett bruker" }).click();
  await expect(page.getByText("Bruker opprettet")).toBeVisible();
  await expect(rowOf(page, fullName)).toBeVisible();

  // The new person signs in by magic link, in a browser of their own.
  const theirs = await browser.newContext({ baseURL });
  try {
    const them = await theirs.newPage();
    await them.goto("/login");
    const since = Date.now();
    await them.getByLabel("E-post", { exact: true }).fill(person.email);
    await them.getByRole("button", { name: "Send innloggingslenke" }).click();
    await them.goto(await mailLink(person.email, "/auth/magic", since));
    await expect.poll(async () => (await currentSession(them))?.user.email).toBe(person.email);
    await expect(them.getByRole("link", { name: "Ansatte" })).toHaveCount(0);

    // Made leader, they see 'Administrasjon' on their next load.
    await rowAction(page, fullName, "Rediger");
    const edit = page.getByRole("dialog", { name: "Rediger bruker" });
    await edit.getByLabel("Rolle i Anestesi").selectOption({ label: "Leder" });
    await edit.getByRole("button", { name: "Lagre endringer" }).click();
    await expect(page.getByText("Bruker oppdatert")).toBeVisible();
    await expect(rowOf(page, fullName).getByText("Leder")).toBeVisible();
    await them.reload();
    await them.getByRole("link", { name: "Ansatte" }).first().click();
    await expect(them.getByRole("heading", { name: "Administrasjon", level: 1 })).toBeVisible();
  } finally {
    await theirs.close();
  }

  // Added again at the same address, in Intensiv: the dialog names who has it and what
  // would change, and changes nothing before the second confirm.
  await page.getByRole("button", { name: "Legg til ny bruker" }).click();
  await create.getByLabel("Fornavn").fill(person.first);
  await create.getByLabel("Etternavn").fill(person.last);
  await create.getByLabel("E-post").fill(person.email);
  await create.getByLabel("Avdeling").selectOption({ label: "Intensiv" });
  await create.getByRole("button", { name: "Opprett bruker" }).click();
  const existing = create.getByRole("region", { name: "Personen finnes allerede" });
  await expect(existing).toContainText(`${fullName} har allerede en konto med denne e-postadressen.`);
  await expect(existing.getByRole("listitem")).toHaveText(["Ny rolle i Intensiv: Ansatt"]);
  await expectNoSeriousViolations(page);
  await existing.getByRole("button", { name: "Oppdater personen" }).click();
  await expect(page.getByText(`${person.email} hadde allerede en konto; den er oppdatert.`)).toBeVisible();
  await expect(rowOf(page, fullName)).toContainText("Intensiv");

  // An avatar, so the deletion has a file on disk to remove.
  const userId = (await allRows(server))
    .map(({ row }) => JSON.parse(row) as Record<string, unknown>)
    .find((row) => row.email === person.email)?.id as string;
  expect(userId, "the new person's account id").toBeTruthy();
  const avatar = await page.request.put(`/api/users/${userId}/avatar`, {
    multipart: { file: { name: "avatar.png", mimeType: "image/png", buffer: png } },
    headers: fromOurPage(),
  });
  expect(avatar.status(), await avatar.text()).toBe(200);
  expect((await storedFiles(server)).some((f) => f.includes(userId))).toBe(true);

  await rowAction(page, fullName, "Slett");
  const confirm = page.getByRole("alertdialog", { name: "Slett bruker" });
  await expect(confirm).toContainText("kan ikke angres");
  await confirm.getByRole("button", { name: "Slett bruker" }).click();
  await expect(page.getByText("Bruker slettet")).toBeVisible();
  await expect(rowOf(page, fullName)).toHaveCount(0);

  const traces = [fullName, person.last, person.email, userId].map((s) => s.toLowerCase());
  const left = (await allRows(server)).filter(({ row }) =>
    traces.some((trace) => row.toLowerCase().includes(trace)),
  );
  const deletion = left.filter(({ row }) => row.includes('"user.delete"'));
  expect(deletion, "one audit row for the deletion").toHaveLength(1);
  expect(deletion[0]!.row).not.toMatch(new RegExp(`${person.last}|${person.email}`, "i"));
  expect(
    left.filter((r) => r !== deletion[0]),
    "rows that still hold the person",
  ).toEqual([]);
  expect((await storedFiles(server)).filter((f) => f.includes(userId))).toEqual([]);
});
