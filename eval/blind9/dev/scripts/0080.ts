#!/usr/bin/env -S npx tsx
// Run a report plugin against the analytics database.
//
//   tsx scripts/report.ts weekly-active
//   REPORT_PLUGIN=/path/to/plugin.mjs tsx scripts/report.ts custom
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';

const BUILTIN: Record<string, string> = {
  'weekly-active': './reports/weekly-active.js',
  retention: './reports/retention.js',
};

async function main(): Promise<void> {
  const name = process.argv[2] ?? 'weekly-active';
  const spec = process.env.REPORT_PLUGIN ?? BUILTIN[name] ?? name;
  const url = spec.startsWith('http') ? spec : pathToFileURL(path.resolve(spec)).href;
  const plugin = (await import(url)) as { run: (db: Database.Database) => Promise<unknown> };
  const db = new Database(path.resolve('data', 'analytics.sqlite'), { readonly: true });
  const result = await plugin.run(db);
  console.log(JSON.stringify(result, null, 2));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
