#!/usr/bin/env -S npx tsx
// fhir-deid.ts - strip direct identifiers from FHIR bundles before they are used in fixtures.
//
//   npx tsx tools/fhir-deid.ts build/synthea/fhir            writes build/fhir-deid/*.json
//   npx tsx tools/fhir-deid.ts build/synthea/fhir --upload   also POST to the local HAPI server
//   npx tsx tools/fhir-deid.ts build/synthea/fhir --check    fail if anything identifying remains
//
// Rules follow docs/deid.md: names -> "Anon", telecom and address lines removed,
// birthDate reduced to the year, identifiers replaced with a salted hash
// (DEID_SALT from .env), free-text notes dropped.  Uploading goes to FHIR_BASE,
// which must be localhost or a *.internal test server.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname ?? '.', '..');
const OUT = join(ROOT, 'build', 'fhir-deid');

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Resource = { resourceType: string; id?: string; [k: string]: Json | undefined };
type Bundle = { resourceType: 'Bundle'; type: string; entry?: { fullUrl?: string; resource: Resource; request?: Json }[] };

const SSN = /\b\d{3}-\d{2}-\d{4}\b/;
const PHONE = /\+?\d[\d ()-]{7,}\d/;
const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/;

function env(): Record<string, string> {
  const out: Record<string, string> = {};
  const file = join(ROOT, '.env');
  if (existsSync(file)) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const i = line.indexOf('=');
      if (i > 0 && !line.startsWith('#')) out[line.slice(0, i).trim()] = line.slice(i + 1).trim();
    }
  }
  return { ...out, ...(process.env as Record<string, string>) };
}

function hashId(salt: string, value: string): string {
  return createHash('sha256').update(`${salt}:${value}`).digest('hex').slice(0, 20);
}

function scrubResource(r: Resource, salt: string): Resource {
  const copy: Resource = structuredClone(r);
  if (copy.resourceType === 'Patient' || copy.resourceType === 'Practitioner' || copy.resourceType === 'RelatedPerson') {
    copy.name = [{ use: 'anonymous', family: 'Anon', given: [copy.resourceType] }];
    delete copy.telecom;
    delete copy.photo;
    if (Array.isArray(copy.address)) {
      copy.address = (copy.address as { [k: string]: Json }[]).map((a) => ({ country: a.country ?? null, state: a.state ?? null }));
    }
    if (typeof copy.birthDate === 'string') copy.birthDate = copy.birthDate.slice(0, 4);
    delete copy.extension;
  }
  if (Array.isArray(copy.identifier)) {
    copy.identifier = (copy.identifier as { [k: string]: Json }[]).map((id) => ({
      system: 'urn:deid:hash',
      value: hashId(salt, String(id.value ?? '')),
    }));
  }
  delete copy.text; // narrative often repeats names
  if (Array.isArray(copy.note)) delete copy.note;
  return copy;
}

function leftovers(value: Json, path = ''): string[] {
  const hits: string[] = [];
  if (typeof value === 'string') {
    if (SSN.test(value)) hits.push(`${path}: SSN-like value`);
    else if (EMAIL.test(value) && !value.startsWith('urn:')) hits.push(`${path}: e-mail-like value`);
    else if (PHONE.test(value) && /phone|telecom/i.test(path)) hits.push(`${path}: phone-like value`);
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => hits.push(...leftovers(v, `${path}[${i}]`)));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) hits.push(...leftovers(v as Json, path ? `${path}.${k}` : k));
  }
  return hits;
}

function fhirBase(e: Record<string, string>): string {
  const base = e.FHIR_BASE ?? 'http://localhost:8080/fhir';
  const host = new URL(base).hostname;
  if (host !== 'localhost' && host !== '127.0.0.1' && !host.endsWith('.internal')) {
    throw new Error(`FHIR_BASE host ${host} is not a test server`);
  }
  return base.replace(/\/$/, '');
}

async function upload(base: string, bundle: Bundle, token?: string): Promise<number> {
  const headers: Record<string, string> = { 'Content-Type': 'application/fhir+json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const tx: Bundle = {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: (bundle.entry ?? []).map((e) => ({
      fullUrl: e.fullUrl,
      resource: e.resource,
      request: { method: 'PUT', url: `${e.resource.resourceType}/${e.resource.id}` },
    })),
  };
  for (let attempt = 1; attempt <= 4; attempt++) {
    const res = await fetch(base, { method: 'POST', headers, body: JSON.stringify(tx) });
    if (res.ok) return tx.entry?.length ?? 0;
    if (res.status < 500) throw new Error(`upload failed: ${res.status} ${(await res.text()).slice(0, 200)}`);
    await new Promise((r) => setTimeout(r, 500 * 2 ** attempt));
  }
  throw new Error('upload kept failing');
}

interface Stats {
  bundles: number;
  resources: Map<string, number>;
  identifiersHashed: number;
}

function collectStats(bundle: Bundle, stats: Stats): void {
  stats.bundles++;
  for (const e of bundle.entry ?? []) {
    const t = e.resource.resourceType;
    stats.resources.set(t, (stats.resources.get(t) ?? 0) + 1);
    if (Array.isArray(e.resource.identifier)) stats.identifiersHashed += (e.resource.identifier as Json[]).length;
  }
}

function printStats(stats: Stats): void {
  console.log(`${stats.bundles} bundles, ${stats.identifiersHashed} identifiers hashed`);
  const rows = [...stats.resources].sort((a, b) => b[1] - a[1]).slice(0, 12);
  const width = Math.max(...rows.map(([t]) => t.length));
  for (const [type, n] of rows) console.log(`  ${type.padEnd(width)}  ${n}`);
}

function writeManifest(dir: string, stats: Stats, salt: string): void {
  const manifest = {
    generated: new Date().toISOString(),
    tool: 'tools/fhir-deid.ts',
    saltFingerprint: createHash('sha256').update(salt).digest('hex').slice(0, 8),
    bundles: stats.bundles,
    resources: Object.fromEntries(stats.resources),
  };
  writeFileSync(join(dir, 'MANIFEST.json'), JSON.stringify(manifest, null, 2));
}

async function main(): Promise<void> {
  const [input, ...flags] = process.argv.slice(2);
  const stats: Stats = { bundles: 0, resources: new Map(), identifiersHashed: 0 };
  if (!input) throw new Error('usage: fhir-deid.ts <folder> [--upload] [--check]');
  const e = env();
  const salt = e.DEID_SALT;
  if (!salt) throw new Error('DEID_SALT missing (.env)');
  const doUpload = flags.includes('--upload');
  const check = flags.includes('--check');
  const base = doUpload ? fhirBase(e) : '';

  const staging = `${OUT}.tmp-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  let files = 0;
  let problems = 0;
  let uploaded = 0;
  for (const name of readdirSync(input).filter((n) => n.endsWith('.json')).sort()) {
    const bundle = JSON.parse(readFileSync(join(input, name), 'utf8')) as Bundle;
    const clean: Bundle = { ...bundle, entry: (bundle.entry ?? []).map((en) => ({ ...en, resource: scrubResource(en.resource, salt) })) };
    const hits = leftovers(clean as unknown as Json);
    if (hits.length) {
      problems += hits.length;
      console.warn(`${name}: ${hits.length} possible identifiers left`);
      hits.slice(0, 3).forEach((h) => console.warn(`    ${h}`));
    }
    writeFileSync(join(staging, name), JSON.stringify(clean));
    collectStats(clean, stats);
    files++;
    if (doUpload && !hits.length) uploaded += await upload(base, clean, e.FHIR_TOKEN);
  }
  writeManifest(staging, stats, salt);
  rmSync(OUT, { recursive: true, force: true });
  renameSync(staging, OUT);
  printStats(stats);
  console.log(`${files} bundles -> build/fhir-deid (${problems} warnings)${doUpload ? `, ${uploaded} resources uploaded to ${base}` : ''}`);
  if (check && problems) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(`fhir-deid: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
