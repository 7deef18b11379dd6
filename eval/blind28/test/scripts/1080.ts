#!/usr/bin/env -S npx tsx
// Requires tsx (npx tsx) and Node >= 20.
// Fixtures are reviewed like code.
//
//
// Id scheme: pat-<n>, enc-<n>-<k>, obs-<n>-<k>, cond-<n>-<k>, ... where n is the
// patient number (1-based, in sampling order) and k the running number of
// that resource type within the patient.  References and urn:uuid fullUrls
// are rewritten to the new ids.
//
// Date shift: every dateTime/date is moved by the same offset per patient so
// that the newest event falls on 2024-01-01; intervals stay intact.
//
// Exit status: 0 ok, 1 on errors or (with --verify) dangling references.
//
// Example:
//   npx tsx tools/make-fixtures.ts out/synthea/fhir --patients 8 --seed 7
//   npx tsx tools/make-fixtures.ts --verify
//
// Owner: FHIR integration team.
//
// make-fixtures.ts - build small, stable FHIR test fixtures from Synthea output.
//
//   npx tsx tools/make-fixtures.ts out/synthea/fhir --patients 5 --seed 42
//   npx tsx tools/make-fixtures.ts out/synthea/fhir --patients 5 --types Patient,Encounter,Observation
//   npx tsx tools/make-fixtures.ts --verify                     check test/fixtures/fhir is consistent
//
// The fixtures in test/fixtures/fhir/ are committed, so they must be small and
// deterministic: patients are sampled with a seeded PRNG, resource ids are
// renamed to readable stable ids (pat-1, enc-1-3, ...), references rewritten
// accordingly, dates shifted so the newest event is 2024-01-01, and only the
// requested resource types are kept.  Input must be Synthea output (checked via
// the Synthea identifier system), so real data can never become a fixture.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const FIXTURES = join(REPO, 'test', 'fixtures', 'fhir');
const SYNTHEA = 'https://github.com/synthetichealth/synthea';
const ANCHOR = Date.parse('2024-01-01T00:00:00Z');
const PREFIX: Record<string, string> = {
  Patient: 'pat', Encounter: 'enc', Observation: 'obs', Condition: 'cond', MedicationRequest: 'med',
  Procedure: 'proc', Immunization: 'imm', DiagnosticReport: 'rep', CarePlan: 'plan',
};

type Res = { resourceType: string; id: string; [k: string]: unknown };
type Entry = { fullUrl?: string; resource: Res };

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function opts(argv: string[]) {
  const o = { dir: '', patients: 5, seed: 42, types: Object.keys(PREFIX), verify: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--patients') o.patients = Number(argv[++i]);
    else if (a === '--seed') o.seed = Number(argv[++i]);
    else if (a === '--types') o.types = argv[++i].split(',');
    else if (a === '--verify') o.verify = true;
    else o.dir = a;
  }
  if (!o.verify && !o.dir) throw new Error('usage: make-fixtures.ts <synthea-fhir-dir> [--patients N] [--seed S] [--types A,B]');
  return o;
}

function isSynthea(p: Res): boolean {
  return ((p.identifier as { system?: string }[] | undefined) ?? []).some((i) => i.system === SYNTHEA);
}

function newestDate(entries: Entry[]): number {
  let max = 0;
  const visit = (v: unknown): void => {
    if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v)) max = Math.max(max, Date.parse(v));
    else if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object') Object.values(v).forEach(visit);
  };
  entries.forEach((e) => visit(e.resource));
  return max;
}

function transform(value: unknown, ids: Map<string, string>, shiftMs: number): unknown {
  if (typeof value === 'string') {
    if (/^\d{4}-\d{2}-\d{2}T/.test(value)) return new Date(Date.parse(value) + shiftMs).toISOString();
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(Date.parse(value) + shiftMs).toISOString().slice(0, 10);
    if (value.startsWith('urn:uuid:') && ids.has(value.slice(9))) return `urn:uuid:${ids.get(value.slice(9))}`;
    const m = /^([A-Za-z]+)\/(.+)$/.exec(value);
    if (m && ids.has(m[2])) return `${m[1]}/${ids.get(m[2])}`;
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => transform(v, ids, shiftMs));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'id' ? v : transform(v, ids, shiftMs)]));
  }
  return value;
}

function build(o: ReturnType<typeof opts>): void {
  const rand = mulberry32(o.seed);
  const files = readdirSync(o.dir).filter((f) => f.endsWith('.json') && !/^(hospital|practitioner)/.test(f)).sort();
  const bundles = files.map((f) => JSON.parse(readFileSync(join(o.dir, f), 'utf8')) as { entry: Entry[] });
  const eligible = bundles.filter((b) => {
    const p = b.entry.find((e) => e.resource.resourceType === 'Patient');
    return p && isSynthea(p.resource);
  });
  if (eligible.length < o.patients) throw new Error(`only ${eligible.length} Synthea patient bundle(s) available`);
  const picked: typeof eligible = [];
  const pool = [...eligible];
  while (picked.length < o.patients) picked.push(pool.splice(Math.floor(rand() * pool.length), 1)[0]);

  const staging = `${FIXTURES}.tmp`;
  rmSync(staging, { force: true, recursive: true });
  mkdirSync(staging, { recursive: true });
  picked.forEach((bundle, pi) => {
    const n = pi + 1;
    const kept = bundle.entry.filter((e) => o.types.includes(e.resource.resourceType));
    const counters = new Map<string, number>();
    const ids = new Map<string, string>();
    for (const e of kept) {
      const t = e.resource.resourceType;
      const c = (counters.get(t) ?? 0) + 1;
      counters.set(t, c);
      ids.set(e.resource.id, t === 'Patient' ? `${PREFIX[t]}-${n}` : `${PREFIX[t] ?? t.toLowerCase()}-${n}-${c}`);
    }
    const shift = ANCHOR - newestDate(kept);
    const entries = kept.map((e) => {
      const resource = transform(e.resource, ids, shift) as Res;
      resource.id = ids.get(e.resource.id)!;
      return { fullUrl: `urn:uuid:${resource.id}`, resource };
    });
    const out = { resourceType: 'Bundle', type: 'collection', entry: entries };
    writeFileSync(join(staging, `patient-${n}.json`), JSON.stringify(out, null, 2) + '\n');
    console.log(`patient-${n}.json: ${entries.length} resources`);
  });
  rmSync(FIXTURES, { recursive: true, force: true });
  renameSync(staging, FIXTURES);
  console.log(`fixtures written to test/fixtures/fhir (seed ${o.seed})`);
}

function verify(): number {
  if (!existsSync(FIXTURES)) throw new Error('no fixtures yet');
  let problems = 0;
  for (const f of readdirSync(FIXTURES).filter((x) => x.endsWith('.json'))) {
    const b = JSON.parse(readFileSync(join(FIXTURES, f), 'utf8')) as { entry: Entry[] };
    const known = new Set(b.entry.map((e) => `${e.resource.resourceType}/${e.resource.id}`));
    const check = (v: unknown): void => {
      if (typeof v === 'string' && /^[A-Z][A-Za-z]+\/[a-z]+-\d/.test(v) && !known.has(v)) {
        console.log(`${f}: dangling reference ${v}`);
        problems++;
      } else if (Array.isArray(v)) v.forEach(check);
      else if (v && typeof v === 'object') Object.values(v).forEach(check);
    };
    b.entry.forEach((e) => check(e.resource));
  }
  console.log(problems ? `${problems} problem(s)` : 'fixtures consistent');
  return problems;
}

function main(): void {
  const o = opts(process.argv.slice(2));
  if (o.verify) {
    process.exitCode = verify() ? 1 : 0;
    return;
  }
  build(o);
}

try {
  main();
} catch (err) {
  console.error(`make-fixtures: ${(err as Error).message}`);
  process.exit(1);
}
