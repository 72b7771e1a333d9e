/**
 * Once per test run and driver: a migrated template database. PGlite: a data-directory
 * dump that every test file loads (initdb in WASM takes seconds; a load well under
 * one). PostgreSQL: a template database every test file copies with CREATE DATABASE …
 * TEMPLATE. Everything created here is dropped at the end.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase, pgliteExtensions } from "../db/client.ts";
import { databaseUrlFor, randomDbName } from "./pg-admin.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  if (project.name === "server-postgres") return setupPostgres(project);
  return setupPglite(project);
}

async function setupPglite(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "vaktrom-tpl-"));
  const client = await PGlite.create({ extensions: pgliteExtensions });
  const database = await openDatabase({ pglite: client });
  const dump = await client.dumpDataDir("none");
  await database.close();
  const file = path.join(dir, "template.tar");
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  project.provide("pgTemplate", "");
  return () => rm(dir, { recursive: true, force: true });
}

async function setupPostgres(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("server-postgres needs TEST_DATABASE_URL");
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const name = randomDbName("vaktrom_tpl");
  await admin.query(`create database ${name}`);
  const database = await openDatabase({ databaseUrl: databaseUrlFor(adminUrl, name) });
  await database.close();
  project.provide("pgTemplate", name);
  project.provide("pgliteTemplate", "");
  return async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}
