#!/usr/bin/env -S npx tsx
// fuzz-ipc.ts - fuzz lumen's IPC message validator and codec in-process.
//
// Two kinds of targets:
//   * structured: fast-check arbitraries that generate *almost valid* messages
//     (mutated fields, wrong types, huge arrays) and assert the validator either
//     accepts them or throws ValidationError - never anything else, never hangs;
//   * bytes: random byte buffers fed to codec.decode, which must throw
//     DecodeError or return a value that re-encodes to the same bytes.
//
//   npx tsx tools/fuzz-ipc.ts                     # both targets, 120 s total
//   npx tsx tools/fuzz-ipc.ts --seconds 900 --target bytes
//   npx tsx tools/fuzz-ipc.ts --replay            # re-run saved counterexamples
//
// Counterexamples are written to test/fuzz-regressions/<target>-<seed>.json and
// picked up by the normal test suite.  A watchdog aborts a single case that
// runs longer than 2 s (hang detection) and records it as a failure.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';

type Target = 'structured' | 'bytes';

interface Failure {
  target: Target;
  seed: number;
  path: string | undefined;
  input: unknown;
  error: string;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REGRESSIONS = path.join(ROOT, 'test', 'fuzz-regressions');
const REPORT = path.join(ROOT, 'out', 'fuzz-ipc.json');
const CASE_TIMEOUT_MS = 2000;

function cli(argv: string[]): { seconds: number; targets: Target[]; replay: boolean } {
  let seconds = 120;
  let targets: Target[] = ['structured', 'bytes'];
  let replay = false;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--seconds') seconds = Number(argv[++i]);
    else if (argv[i] === '--target') targets = [argv[++i] as Target];
    else if (argv[i] === '--replay') replay = true;
    else throw new Error(`fuzz-ipc: unknown option ${argv[i]}`);
  }
  if (targets.some((t) => t !== 'structured' && t !== 'bytes')) throw new Error('--target must be structured or bytes');
  return { seconds, targets, replay };
}

async function modules() {
  const validator = (await import(path.join(ROOT, 'dist', 'ipc', 'validate.js'))) as {
    validate: (m: unknown) => void;
    ValidationError: new (...a: unknown[]) => Error;
  };
  const codec = (await import(path.join(ROOT, 'dist', 'ipc', 'codec.js'))) as {
    encode: (m: unknown) => Uint8Array;
    decode: (b: Uint8Array) => unknown;
    DecodeError: new (...a: unknown[]) => Error;
  };
  return { validator, codec };
}

function withWatchdog<T>(fn: () => T): T {
  const start = Date.now();
  const result = fn();
  if (Date.now() - start > CASE_TIMEOUT_MS) throw new Error(`case took ${Date.now() - start}ms (possible hang)`);
  return result;
}

function messageArb(): fc.Arbitrary<unknown> {
  const channel = fc.oneof(fc.constantFrom('doc:save', 'layer:update', 'thumb:data'), fc.string({ maxLength: 40 }));
  const payload = fc.oneof(
    fc.record({ path: fc.string(), dirty: fc.boolean() }),
    fc.array(fc.record({ id: fc.integer(), name: fc.string(), visible: fc.boolean() }), { maxLength: 2000 }),
    fc.anything({ maxDepth: 4 }),
  );
  return fc.record({ ch: channel, id: fc.oneof(fc.nat(), fc.string(), fc.constant(null)), payload }, { requiredKeys: [] });
}

function property(target: Target, m: Awaited<ReturnType<typeof modules>>): fc.IProperty<[unknown]> {
  if (target === 'structured') {
    return fc.property(messageArb(), (msg) => {
      withWatchdog(() => {
        try {
          m.validator.validate(msg);
        } catch (err) {
          if (!(err instanceof m.validator.ValidationError)) throw err;
        }
      });
    });
  }
  return fc.property(fc.uint8Array({ maxLength: 8192 }), (bytes) => {
    withWatchdog(() => {
      let value: unknown;
      try {
        value = m.codec.decode(bytes);
      } catch (err) {
        if (err instanceof m.codec.DecodeError) return;
        throw err;
      }
      const again = m.codec.encode(value);
      if (Buffer.compare(Buffer.from(again), Buffer.from(bytes)) !== 0) throw new Error('decode/encode is not a round trip');
    });
  }) as unknown as fc.IProperty<[unknown]>;
}

function save(f: Failure): string {
  fs.mkdirSync(REGRESSIONS, { recursive: true });
  const file = path.join(REGRESSIONS, `${f.target}-${f.seed}.json`);
  const input = f.input instanceof Uint8Array ? { bytes: Array.from(f.input) } : f.input;
  fs.writeFileSync(file, JSON.stringify({ ...f, input }, null, 2) + '\n');
  return path.relative(ROOT, file);
}

function campaign(target: Target, m: Awaited<ReturnType<typeof modules>>, seconds: number): { runs: number; failure?: Failure } {
  const prop = property(target, m);
  const deadline = Date.now() + 1000 * seconds;
  let runs = 0;
  while (Date.now() < deadline) {
    const seed = (Math.random() * 0x7fffffff) | 0;
    const r = fc.check(prop, { seed, numRuns: 250 });
    runs += r.numRuns;
    if (r.failed) {
      return {
        runs,
        failure: { target, seed: r.seed, path: r.counterexamplePath ?? undefined, input: r.counterexample?.[0], error: String(r.errorInstance ?? 'failed') },
      };
    }
  }
  return { runs };
}

function replay(m: Awaited<ReturnType<typeof modules>>): number {
  if (!fs.existsSync(REGRESSIONS)) return 0;
  let failing = 0;
  for (const f of fs.readdirSync(REGRESSIONS).filter((n) => n.endsWith('.json'))) {
    const rec = JSON.parse(fs.readFileSync(path.join(REGRESSIONS, f), 'utf8')) as Failure;
    const r = fc.check(property(rec.target, m), { seed: rec.seed, path: rec.path, endOnFailure: true });
    console.log(`${r.failed ? 'still failing' : 'fixed        '} ${f}`);
    if (r.failed) failing++;
  }
  return failing ? 1 : 0;
}

function pruneRegressions(keepPerTarget = 5): number {
  if (!fs.existsSync(REGRESSIONS)) return 0;
  let removed = 0;
  for (const t of ['structured', 'bytes']) {
    const files = fs.readdirSync(REGRESSIONS).filter((f) => f.startsWith(`${t}-`)).sort();
    for (const f of files.slice(0, Math.max(0, files.length - keepPerTarget))) {
      fs.rmSync(path.join(REGRESSIONS, f));
      removed++;
    }
  }
  return removed;
}

async function main(): Promise<number> {
  const o = cli(process.argv.slice(2));
  const pruned = pruneRegressions();
  if (pruned) console.error(`pruned ${pruned} old regression file(s)`);
  const m = await modules();
  if (o.replay) return replay(m);
  const per = Math.max(5, Math.floor(o.seconds / o.targets.length));
  const results: Array<{ target: Target; runs: number; saved?: string }> = [];
  for (const t of o.targets) {
    process.stderr.write(`${t}: ${per}s ... `);
    const { runs, failure } = campaign(t, m, per);
    if (failure) {
      const saved = save(failure);
      process.stderr.write(`FAILED after ${runs} runs -> ${saved}\n`);
      results.push({ target: t, runs, saved });
    } else {
      process.stderr.write(`ok (${runs} runs)\n`);
      results.push({ target: t, runs });
    }
  }
  fs.mkdirSync(path.join(ROOT, 'out'), { recursive: true });
  fs.writeFileSync(REPORT, JSON.stringify({ at: new Date().toISOString(), results }, null, 2));
  return results.some((r) => r.saved) ? 1 : 0;
}

main().then(
  (c) => {
    process.exitCode = c;
  },
  (err: unknown) => {
    console.error(`fuzz-ipc: ${(err as Error).message}`);
    process.exitCode = 2;
  },
);
