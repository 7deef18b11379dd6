#!/usr/bin/env -S npx tsx
/**
 * api-contract.ts -- keep the committed OpenAPI snapshot in sync with the code.
 *
 * Boots the app in-process (no network listener), asks it for its generated
 * OpenAPI document, normalises it (sorted keys, no server URLs, no examples
 * with timestamps) and compares it with contracts/openapi.json.
 *
 *   npx tsx scripts/api-contract.ts            # check; exit 1 on drift, print a summary
 *   npx tsx scripts/api-contract.ts --update   # rewrite contracts/openapi.json
 *   npx tsx scripts/api-contract.ts --breaking # list breaking changes vs the snapshot
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync, renameSync } from 'node:fs';
import path from 'node:path';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

interface Operation {
  method: string;
  path: string;
  params: string[];
  requiredParams: string[];
  responses: string[];
}

const ROOT = path.resolve(__dirname, '..');
const SNAPSHOT = path.join(ROOT, 'contracts', 'openapi.json');
const args = new Set(process.argv.slice(2));
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;

async function generate(): Promise<Json> {
  const mod = (await import(path.join(ROOT, 'src', 'app.ts'))) as {
    buildApp?: (opts: { logger: boolean }) => Promise<{ ready(): Promise<void>; swagger(): Json; close(): Promise<void> }>;
  };
  if (!mod.buildApp) throw new Error('src/app.ts must export buildApp()');
  const app = await mod.buildApp({ logger: false });
  try {
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
  }
}

function normalise(value: Json, key = ''): Json {
  if (Array.isArray(value)) return value.map((v) => normalise(v));
  if (value && typeof value === 'object') {
    const out: { [k: string]: Json } = {};
    for (const k of Object.keys(value).sort()) {
      if (k === 'servers' && key === '') continue;
      if (k === 'example' && typeof value[k] === 'string' && /\d{4}-\d{2}-\d{2}T/.test(value[k] as string)) continue;
      out[k] = normalise(value[k], k);
    }
    return out;
  }
  return value;
}

function stringify(doc: Json): string {
  return JSON.stringify(doc, null, 2) + '\n';
}

function operations(doc: Json): Map<string, Operation> {
  const ops = new Map<string, Operation>();
  const paths = (doc as { paths?: Record<string, Record<string, Json>> }).paths ?? {};
  for (const [p, item] of Object.entries(paths)) {
    for (const m of METHODS) {
      const op = item[m] as { parameters?: { name: string; required?: boolean }[]; responses?: Record<string, Json> } | undefined;
      if (!op) continue;
      const params = (op.parameters ?? []).map((x) => x.name).sort();
      ops.set(`${m.toUpperCase()} ${p}`, {
        method: m,
        path: p,
        params,
        requiredParams: (op.parameters ?? []).filter((x) => x.required).map((x) => x.name).sort(),
        responses: Object.keys(op.responses ?? {}).sort(),
      });
    }
  }
  return ops;
}

function breakingChanges(before: Json, after: Json): string[] {
  const a = operations(before);
  const b = operations(after);
  const out: string[] = [];
  for (const [key, op] of a) {
    const next = b.get(key);
    if (!next) {
      out.push(`removed operation ${key}`);
      continue;
    }
    for (const p of next.requiredParams) {
      if (!op.requiredParams.includes(p)) out.push(`${key}: new required parameter "${p}"`);
    }
    for (const p of op.params) {
      if (!next.params.includes(p)) out.push(`${key}: parameter "${p}" removed`);
    }
    for (const r of op.responses) {
      if (r.startsWith('2') && !next.responses.includes(r)) out.push(`${key}: success response ${r} removed`);
    }
  }
  return out;
}

function summary(before: Json, after: Json): string[] {
  const a = operations(before);
  const b = operations(after);
  const lines: string[] = [];
  for (const k of b.keys()) if (!a.has(k)) lines.push(`+ ${k}`);
  for (const k of a.keys()) if (!b.has(k)) lines.push(`- ${k}`);
  for (const [k, op] of b) {
    const prev = a.get(k);
    if (prev && JSON.stringify(prev) !== JSON.stringify(op)) lines.push(`~ ${k}`);
  }
  return lines.sort();
}

function writeSnapshot(text: string): void {
  mkdirSync(path.dirname(SNAPSHOT), { recursive: true });
  const tmp = `${SNAPSHOT}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, SNAPSHOT);
}

function stats(doc: Json): string {
  const ops = operations(doc);
  const schemas = Object.keys(((doc as { components?: { schemas?: Record<string, Json> } }).components?.schemas) ?? {});
  const byMethod = new Map<string, number>();
  for (const op of ops.values()) byMethod.set(op.method, (byMethod.get(op.method) ?? 0) + 1);
  const methods = [...byMethod.entries()].map(([m, n]) => `${m.toUpperCase()} ${n}`).join(', ');
  return `${ops.size} operations (${methods}), ${schemas.length} schemas`;
}

async function main(): Promise<number> {
  const current = normalise(await generate());
  if (args.has('--stats')) {
    console.log(stats(current));
    return 0;
  }
  const text = stringify(current);
  if (!existsSync(SNAPSHOT)) {
    if (args.has('--update')) {
      writeSnapshot(text);
      console.log('wrote initial contracts/openapi.json');
      return 0;
    }
    console.error('contracts/openapi.json missing; run with --update');
    return 1;
  }
  const snapshot = JSON.parse(readFileSync(SNAPSHOT, 'utf8')) as Json;
  if (stringify(normalise(snapshot)) === text) {
    console.log('API contract unchanged');
    return 0;
  }
  const changes = summary(snapshot, current);
  console.log(`API contract changed (${changes.length} operation change(s)):`);
  for (const c of changes) console.log(`  ${c}`);
  const breaking = breakingChanges(snapshot, current);
  if (breaking.length) {
    console.log('\nbreaking changes:');
    for (const b of breaking) console.log(`  ! ${b}`);
  }
  if (args.has('--breaking')) return breaking.length ? 1 : 0;
  if (args.has('--update')) {
    writeSnapshot(text);
    console.log('\ncontracts/openapi.json updated; commit it with the code change');
    return 0;
  }
  console.log('\nrun with --update to accept');
  return 1;
}

main()
  .then((code) => {
    process.exitCode = code;
  })
  .catch((err: Error) => {
    console.error(`api-contract: ${err.message}`);
    process.exitCode = 2;
  });
