/**
 * Builds the migrated database template once per test run: a PGlite data-dir dump (loaded by every
 * test file in a fraction of the time a fresh PGlite takes) and, with TEST_DATABASE_URL, a
 * PostgreSQL template database that each test file clones with CREATE DATABASE ... TEMPLATE.
 */
import type { TestProject } from 'vitest/node';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres } from '../src/db/client';
import { REPO_ROOT } from '../src/config';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplateDb: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = path.join(REPO_ROOT, '.tmp', 'test');
  mkdirSync(dir, { recursive: true });
  const db = await openPglite();
  await db.migrate();
  const dump = await db.pglite!.dumpDataDir('none');
  // Two projects (server, server-isolated) run this setup in the same process: each its own names.
  const tag = `${process.pid}_${project.name.replace(/\W/g, '_')}`;
  const file = path.join(dir, `pglite-template-${tag}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await db.close();
  project.provide('pgliteTemplate', file);

  const url = process.env.TEST_DATABASE_URL;
  let tplName = '';
  if (url) {
    tplName = `portal_tpl_${tag}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${tplName}`);
    await admin.query(`create database ${tplName}`);
    await admin.end();
    const tpl = await openPostgres(withDatabase(url, tplName), { max: 1 });
    await tpl.migrate();
    await tpl.close();
  }
  project.provide('pgTemplateDb', tplName);

  return async () => {
    if (url && tplName) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const { rows } = await admin.query(`select datname from pg_database where datname like $1`, [`portal_t_${process.pid}_%`]);
      for (const r of rows) await admin.query(`drop database if exists ${r.datname} with (force)`);
      await admin.query(`drop database if exists ${tplName} with (force)`);
      await admin.end();
    }
  };
}

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
