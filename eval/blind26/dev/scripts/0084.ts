#!/usr/bin/env -S npx tsx
// tools/zenodo-meta.ts - keep the Zenodo draft's metadata in sync with
// .zenodo.json in the repo (title, creators, keywords, related identifiers).
//
//   npx tsx tools/zenodo-meta.ts diff  --deposition 1234567
//   npx tsx tools/zenodo-meta.ts apply --deposition 1234567 --apply
//   npx tsx tools/zenodo-meta.ts diff  --deposition 1234567 --sandbox
//
// ZENODO_TOKEN (env or .env) goes only to zenodo.org / sandbox.zenodo.org in
// the Authorization header. Only drafts (state "unsubmitted" or an opened
// new version) are edited; published records are left alone.

import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');
const HOSTS = { live: 'https://zenodo.org', sandbox: 'https://sandbox.zenodo.org' } as const;

interface Creator {
  name: string;
  affiliation?: string;
  orcid?: string;
}

interface Related {
  identifier: string;
  relation: string;
  resource_type?: string;
}

interface Metadata {
  title: string;
  upload_type: string;
  description: string;
  creators: Creator[];
  keywords?: string[];
  license?: string;
  version?: string;
  related_identifiers?: Related[];
  [key: string]: unknown;
}

interface Deposition {
  id: number;
  state: string;
  submitted: boolean;
  metadata: Metadata;
  links: Record<string, string>;
}

type Mode = 'diff' | 'apply';

function token(): string {
  if (process.env.ZENODO_TOKEN) return process.env.ZENODO_TOKEN;
  const env = resolve(ROOT, '.env');
  if (existsSync(env)) {
    const m = /^ZENODO_TOKEN=(.+)$/m.exec(readFileSync(env, 'utf8'));
    if (m) return m[1].trim();
  }
  throw new Error('ZENODO_TOKEN not set');
}

function args() {
  const a = process.argv.slice(2);
  const mode = a[0] as Mode;
  if (mode !== 'diff' && mode !== 'apply') throw new Error('usage: zenodo-meta.ts <diff|apply> --deposition ID [--apply] [--sandbox]');
  const idx = a.indexOf('--deposition');
  const id = Number(a[idx + 1]);
  if (!Number.isInteger(id) || id <= 0) throw new Error('--deposition must be a numeric id');
  return { mode, id, apply: a.includes('--apply'), sandbox: a.includes('--sandbox') };
}

class ZenodoApi {
  constructor(private readonly base: string, private readonly tok: string) {}

  private async req<T>(path: string, init: RequestInit = {}, attempt = 1): Promise<T> {
    const res = await fetch(`${this.base}/api${path}`, {
      ...init,
      headers: {
        Authorization: `Bearer ${this.tok}`,
        'Content-Type': 'application/json',
        Accept: 'application/json',
        ...(init.headers ?? {}),
      },
    });
    if ((res.status === 429 || res.status >= 500) && attempt < 4) {
      await new Promise((r) => setTimeout(r, 1500 * attempt));
      return this.req<T>(path, init, attempt + 1);
    }
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${(await res.text()).slice(0, 300)}`);
    return (await res.json()) as T;
  }

  get(id: number): Promise<Deposition> {
    return this.req<Deposition>(`/deposit/depositions/${id}`);
  }

  update(id: number, metadata: Metadata): Promise<Deposition> {
    return this.req<Deposition>(`/deposit/depositions/${id}`, {
      method: 'PUT',
      body: JSON.stringify({ metadata }),
    });
  }
}

function loadLocal(): Metadata {
  const file = resolve(ROOT, '.zenodo.json');
  if (!existsSync(file)) throw new Error('.zenodo.json not found');
  const meta = JSON.parse(readFileSync(file, 'utf8')) as Metadata;
  for (const key of ['title', 'upload_type', 'description', 'creators'] as const) {
    if (!meta[key]) throw new Error(`.zenodo.json: ${key} is required`);
  }
  for (const c of meta.creators) {
    if (c.orcid && !/^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/.test(c.orcid)) {
      throw new Error(`creator ${c.name}: malformed ORCID ${c.orcid}`);
    }
  }
  return meta;
}

function normalise(value: unknown): string {
  if (Array.isArray(value)) return JSON.stringify(value.map((v) => JSON.parse(normalise(v))));
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined && v !== '')
      .sort(([a], [b]) => a.localeCompare(b));
    return JSON.stringify(Object.fromEntries(entries.map(([k, v]) => [k, JSON.parse(normalise(v))])));
  }
  return JSON.stringify(value ?? null);
}

function stripHtml(s: string): string {
  return s.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim();
}

function diff(remote: Metadata, local: Metadata): string[] {
  const changes: string[] = [];
  const keys = new Set([...Object.keys(local)]);
  for (const key of keys) {
    let a: unknown = remote[key];
    let b: unknown = local[key];
    if (key === 'description') {
      a = stripHtml(String(a ?? ''));
      b = stripHtml(String(b ?? ''));
    }
    if (normalise(a) !== normalise(b)) {
      const show = (v: unknown) => {
        const s = typeof v === 'string' ? v : JSON.stringify(v);
        return s && s.length > 80 ? `${s.slice(0, 77)}…` : s;
      };
      changes.push(`${key}: ${show(a)} → ${show(b)}`);
    }
  }
  return changes;
}

async function main(): Promise<void> {
  const opts = args();
  const base = opts.sandbox ? HOSTS.sandbox : HOSTS.live;
  const api = new ZenodoApi(base, token());
  const local = loadLocal();
  const dep = await api.get(opts.id);
  console.log(`deposition ${dep.id} on ${new URL(base).host}: state=${dep.state} submitted=${dep.submitted}`);
  const changes = diff(dep.metadata, local);
  if (!changes.length) {
    console.log('metadata already matches .zenodo.json');
    return;
  }
  for (const c of changes) console.log(`  ${c}`);
  if (opts.mode === 'diff') {
    process.exitCode = 3;
    return;
  }
  if (dep.submitted && dep.state !== 'inprogress') {
    throw new Error('deposition is published; open a new version in the Zenodo UI first');
  }
  if (!opts.apply) {
    console.log('not applying; rerun with --apply');
    return;
  }
  const merged: Metadata = { ...dep.metadata, ...local };
  const updated = await api.update(dep.id, merged);
  console.log(`updated draft ${updated.id}; review at ${updated.links.html}`);
}

main().catch((err: Error) => {
  console.error(`zenodo-meta: ${err.message}`);
  process.exitCode = 1;
});
