#!/usr/bin/env -S npx tsx
// property-fuzz.ts - long-running property-based fuzzing of the codec with
// fast-check, with a time budget, reproducible seeds and saved counterexamples.
//
//   npx tsx tools/property-fuzz.ts                    # all properties, 60 s each
//   npx tsx tools/property-fuzz.ts roundtrip -t 600   # one property, 10 minutes
//   npx tsx tools/property-fuzz.ts --replay           # re-run saved counterexamples
//
// Counterexamples are written to tests/regressions/property/<name>-<seed>.json
// with the seed and path fast-check needs to replay them exactly.  The script
// only runs in-process code; nothing is spawned and nothing leaves the machine.
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';

interface Counterexample {
  property: string;
  seed: number;
  path: string;
  value: unknown;
  error: string;
  found: string;
}

type Codec = {
  encode(input: Uint8Array): Uint8Array;
  decode(input: Uint8Array): Uint8Array;
  encodeString(input: string): Uint8Array;
  decodeString(input: Uint8Array): string;
};

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const OUT = path.join(ROOT, 'tests', 'regressions', 'property');
const REPORT = path.join(ROOT, 'build', 'property-fuzz.json');

let stopRequested = false;
process.on('SIGINT', () => {
  if (stopRequested) process.exit(130);
  stopRequested = true;
  console.error('\nstopping after the current property (Ctrl-C again to abort)');
});

async function loadCodec(): Promise<Codec> {
  const mod = (await import(path.join(ROOT, 'dist', 'codec.js'))) as Codec;
  return mod;
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function properties(codec: Codec): Record<string, fc.IPropertyWithHooks<unknown[]> | fc.IProperty<unknown[]>> {
  return {
    roundtrip: fc.property(fc.uint8Array({ maxLength: 1 << 14 }), (bytes) => {
      return equalBytes(codec.decode(codec.encode(bytes)), bytes);
    }) as fc.IProperty<unknown[]>,
    'roundtrip-string': fc.property(fc.fullUnicodeString({ maxLength: 4096 }), (s) => {
      return codec.decodeString(codec.encodeString(s)) === s;
    }) as fc.IProperty<unknown[]>,
    'decode-never-throws-unexpectedly': fc.property(fc.uint8Array({ maxLength: 4096 }), (bytes) => {
      try {
        codec.decode(bytes);
      } catch (err) {
        // only our typed error is acceptable for garbage input
        if (!(err instanceof Error) || err.name !== 'CodecError') throw err;
      }
      return true;
    }) as fc.IProperty<unknown[]>,
    'encoded-size-bound': fc.property(fc.uint8Array({ maxLength: 1 << 14 }), (bytes) => {
      return codec.encode(bytes).length <= bytes.length + 16 + Math.ceil(bytes.length / 255);
    }) as fc.IProperty<unknown[]>,
  };
}

function save(ce: Counterexample): string {
  fs.mkdirSync(OUT, { recursive: true });
  const file = path.join(OUT, `${ce.property}-${ce.seed}.json`);
  const value = JSON.stringify(ce.value, (_k, v) => (v instanceof Uint8Array ? { bytes: Array.from(v) } : v));
  fs.writeFileSync(file, JSON.stringify({ ...ce, value: JSON.parse(value) }, null, 2) + '\n');
  return path.relative(ROOT, file);
}

function runFor(name: string, prop: fc.IProperty<unknown[]>, seconds: number): { runs: number; failure?: Counterexample } {
  const deadline = Date.now() + seconds * 1000;
  let runs = 0;
  while (Date.now() < deadline && !stopRequested) {
    const seed = Math.floor(Math.random() * 2 ** 31);
    const details = fc.check(prop, { seed, numRuns: 500, endOnFailure: false });
    runs += details.numRuns;
    if (details.failed) {
      return {
        runs,
        failure: {
          property: name,
          seed: details.seed,
          path: details.counterexamplePath ?? '',
          value: details.counterexample,
          error: String(details.errorInstance ?? details.error ?? 'property returned false'),
          found: new Date().toISOString(),
        },
      };
    }
  }
  return { runs };
}

function replay(props: ReturnType<typeof properties>): number {
  if (!fs.existsSync(OUT)) {
    console.log('no saved counterexamples');
    return 0;
  }
  let failing = 0;
  for (const f of fs.readdirSync(OUT).filter((n) => n.endsWith('.json'))) {
    const ce = JSON.parse(fs.readFileSync(path.join(OUT, f), 'utf8')) as Counterexample;
    const prop = props[ce.property];
    if (!prop) {
      console.log(`skip ${f}: property ${ce.property} no longer exists`);
      continue;
    }
    const details = fc.check(prop as fc.IProperty<unknown[]>, { seed: ce.seed, path: ce.path, endOnFailure: true });
    console.log(`${details.failed ? 'STILL FAILS' : 'fixed      '} ${f}`);
    if (details.failed) failing++;
  }
  return failing ? 1 : 0;
}

// Keep only the newest counterexample per property; older ones with the same
// property name are usually the same bug found from a different seed.
function dedupeSaved(): number {
  if (!fs.existsSync(OUT)) return 0;
  const byProp = new Map<string, Array<{ file: string; found: string }>>();
  for (const f of fs.readdirSync(OUT).filter((n) => n.endsWith('.json'))) {
    const ce = JSON.parse(fs.readFileSync(path.join(OUT, f), 'utf8')) as Counterexample;
    const list = byProp.get(ce.property) ?? [];
    list.push({ file: f, found: ce.found });
    byProp.set(ce.property, list);
  }
  let removed = 0;
  for (const list of byProp.values()) {
    list.sort((a, b) => a.found.localeCompare(b.found));
    for (const old of list.slice(0, -3)) {
      fs.rmSync(path.join(OUT, old.file));
      removed++;
    }
  }
  return removed;
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv.includes('--dedupe')) {
    console.log(`removed ${dedupeSaved()} older counterexample file(s)`);
    return 0;
  }
  const codec = await loadCodec();
  const props = properties(codec);
  if (argv.includes('--replay')) return replay(props);

  const tIdx = argv.indexOf('-t');
  const seconds = tIdx >= 0 ? Number(argv[tIdx + 1]) : 60;
  const wanted = argv.filter((a, i) => !a.startsWith('-') && argv[i - 1] !== '-t');
  const names = wanted.length ? wanted : Object.keys(props);
  const unknown = names.filter((n) => !(n in props));
  if (unknown.length) throw new Error(`unknown properties: ${unknown.join(', ')}`);

  const results: Array<{ name: string; runs: number; counterexample?: string }> = [];
  for (const name of names) {
    if (stopRequested) break;
    process.stderr.write(`${name}: fuzzing for ${seconds}s ... `);
    const { runs, failure } = runFor(name, props[name] as fc.IProperty<unknown[]>, seconds);
    if (failure) {
      const file = save(failure);
      process.stderr.write(`FAILED after ${runs} runs -> ${file}\n`);
      results.push({ name, runs, counterexample: file });
    } else {
      process.stderr.write(`ok (${runs} runs)\n`);
      results.push({ name, runs });
    }
  }
  fs.mkdirSync(path.dirname(REPORT), { recursive: true });
  fs.writeFileSync(REPORT, JSON.stringify({ when: new Date().toISOString(), seconds, results }, null, 2));
  console.log(`report: ${path.relative(ROOT, REPORT)}`);
  return results.some((r) => r.counterexample) ? 1 : 0;
}

main().then(
  (c) => {
    process.exitCode = c;
  },
  (err: unknown) => {
    console.error(`property-fuzz: ${(err as Error).message}`);
    process.exitCode = 2;
  },
);
