/**
 * Vitest globalSetup: lets every test file start from a database migrated once per run instead of
 * migrating its own (tests/support/test-db.ts).
 *
 * - PostgreSQL (when reachable and TEST_EMBEDDED_ONLY is not 1): creates and migrates one template
 *   database `t_tpl_<random>`; test files clone it with `CREATE DATABASE … TEMPLATE` (nobody ever
 *   connects to it afterwards, so parallel files may clone it at once). Dropped when the run ends.
 * - Embedded PGlite: a run folder where the first test file that needs an embedded database writes
 *   the data directory of a freshly migrated one (PGlite `dumpDataDir`); later files load that copy
 *   (`loadDataDir`) instead of running initdb and every migration again. Removed when the run ends.
 *
 * Each run migrates from scratch on both databases, so a broken migration still fails the run.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "~/lib/db.server";
import { migrate } from "~/lib/migrate.server";
import { adminUrl, hasPostgres } from "./test-db";

declare module "vitest" {
  export interface ProvidedContext {
    /** name of the migrated PostgreSQL template database, or "" when there is none */
    pgTemplate: string;
    /** folder for this run's migrated PGlite data directory */
    pgliteRunDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), "pa-test-db-"));
  project.provide("pgliteRunDir", runDir);
  let template = "";
  // (the `embedded` project of vitest.config.ts sets TEST_EMBEDDED_ONLY for its files' processes only:
  // this main-process setup reads it from the project's config)
  const embeddedOnly = project.config.env?.TEST_EMBEDDED_ONLY === "1";
  if (!embeddedOnly && (await hasPostgres())) {
    template = `t_tpl_${crypto.randomBytes(6).toString("hex")}`;
    await adminQuery(`create database ${template}`);
    const url = new URL(adminUrl());
    url.pathname = `/${template}`;
    const database = await openDatabase({ url: url.toString(), poolSize: 2 });
    try {
      await migrate(database);
    } finally {
      await database.close();
    }
  }
  project.provide("pgTemplate", template);
  return async () => {
    fs.rmSync(runDir, { recursive: true, force: true });
    if (template) await adminQuery(`drop database if exists ${template} with (force)`).catch(() => {});
  };
}

async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
