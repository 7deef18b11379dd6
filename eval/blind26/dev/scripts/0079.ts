#!/usr/bin/env -S npx tsx
// tools/entity-lint.ts - make sure automations, scripts and dashboards only
// reference entities that exist on the running Home Assistant.
//
// Reads config/*.yaml (with !secret / !include tags tolerated), collects
// entity ids, then asks the HA REST API (GET /api/states) which entities
// exist. The long-lived access token comes from .env (HA_TOKEN) and is sent
// only to HA_URL, which must be on localhost or *.internal. Read-only: no
// service calls, no restarts.

import { existsSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import YAML from 'yaml';

const ROOT = resolve(__dirname, '..');
const CONFIG = join(ROOT, 'config');
const REPORT = join(ROOT, 'build', 'entity-lint.json');
const DOMAINS = [
  'light', 'switch', 'sensor', 'binary_sensor', 'climate', 'cover', 'lock', 'fan',
  'media_player', 'input_boolean', 'input_number', 'input_select', 'script', 'scene',
  'automation', 'person', 'device_tracker', 'camera', 'vacuum', 'number', 'select', 'button',
];
const ENTITY_RE = new RegExp(`\\b(?:${DOMAINS.join('|')})\\.[a-z0-9_]+\\b`, 'g');

interface Reference {
  entity: string;
  file: string;
  path: string;
}

interface State {
  entity_id: string;
  state: string;
  attributes: Record<string, unknown>;
}

function dotenv(): Record<string, string> {
  const out: Record<string, string> = {};
  const file = join(ROOT, '.env');
  if (!existsSync(file)) return out;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^\s*([A-Z_]+)\s*=\s*(.*)$/.exec(line);
    if (m) out[m[1]] = m[2].trim();
  }
  return out;
}

function checkUrl(raw: string): URL {
  const url = new URL(raw);
  const host = url.hostname;
  const ok = host === 'localhost' || host === '127.0.0.1' || host.endsWith('.internal');
  if (!ok) throw new Error(`HA_URL ${url.origin} is not a local Home Assistant`);
  return url;
}

const customTags: YAML.Tags = ['!secret', '!include', '!include_dir_named', '!include_dir_merge_list',
  '!include_dir_list', '!include_dir_merge_named', '!env_var', '!input'].map((tag) => ({
  tag,
  resolve: (value: string) => `${tag} ${value}`,
  identify: () => false,
}));

function parseYaml(file: string): unknown {
  const text = readFileSync(file, 'utf8');
  return YAML.parse(text, { customTags, uniqueKeys: false, logLevel: 'silent' });
}

function walk(node: unknown, file: string, trail: string[], out: Reference[]): void {
  if (typeof node === 'string') {
    for (const m of node.matchAll(ENTITY_RE)) out.push({ entity: m[0], file, path: trail.join('.') });
    return;
  }
  if (Array.isArray(node)) {
    node.forEach((item, i) => walk(item, file, [...trail, String(i)], out));
    return;
  }
  if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) walk(v, file, [...trail, k], out);
  }
}

function yamlFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'secrets.yaml' || entry.name === 'custom_components') continue;
    const p = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...yamlFiles(p));
    else if (entry.name.endsWith('.yaml')) files.push(p);
  }
  return files;
}

function collectReferences(): Reference[] {
  const refs: Reference[] = [];
  for (const file of yamlFiles(CONFIG)) {
    try {
      walk(parseYaml(file), relative(ROOT, file), [], refs);
    } catch (err) {
      console.warn(`skipping ${relative(ROOT, file)}: ${(err as Error).message}`);
    }
  }
  return refs;
}

function definedInConfig(refs: Reference[]): Set<string> {
  // scripts/scenes/input helpers defined in YAML count as existing even if HA is down
  const defined = new Set<string>();
  const scripts = join(CONFIG, 'scripts.yaml');
  if (existsSync(scripts)) {
    const data = parseYaml(scripts) as Record<string, unknown> | null;
    for (const key of Object.keys(data ?? {})) defined.add(`script.${key}`);
  }
  for (const helper of ['input_boolean', 'input_number', 'input_select']) {
    const file = join(CONFIG, `${helper}.yaml`);
    if (!existsSync(file)) continue;
    const data = parseYaml(file) as Record<string, unknown> | null;
    for (const key of Object.keys(data ?? {})) defined.add(`${helper}.${key}`);
  }
  void refs;
  return defined;
}

async function fetchStates(base: URL, token: string): Promise<State[]> {
  const res = await fetch(new URL('/api/states', base), {
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    signal: AbortSignal.timeout(15000),
  });
  if (res.status === 401) throw new Error('HA rejected the token (check HA_TOKEN in .env)');
  if (!res.ok) throw new Error(`GET /api/states: ${res.status}`);
  return (await res.json()) as State[];
}

// Group references by entity id so each missing entity is reported once,
// with up to three places that mention it.
function group(refs: Reference[]): Map<string, Reference[]> {
  const map = new Map<string, Reference[]>();
  for (const r of refs) {
    if (!map.has(r.entity)) map.set(r.entity, []);
    map.get(r.entity)!.push(r);
  }
  return map;
}

async function main(): Promise<void> {
  const env = { ...dotenv(), ...(process.env as Record<string, string>) };
  const base = checkUrl(env.HA_URL ?? 'http://homeassistant.internal:8123');
  const token = env.HA_TOKEN;
  if (!token) throw new Error('HA_TOKEN missing (.env)');

  const refs = collectReferences();
  const byEntity = group(refs);
  const states = await fetchStates(base, token);
  const existing = new Set(states.map((s) => s.entity_id));
  const defined = definedInConfig(refs);
  const unavailable = new Set(states.filter((s) => s.state === 'unavailable').map((s) => s.entity_id));

  const missing: Record<string, string[]> = {};
  const flaky: string[] = [];
  for (const [entity, where] of byEntity) {
    if (!existing.has(entity) && !defined.has(entity)) {
      missing[entity] = where.map((w) => `${w.file}:${w.path}`);
    } else if (unavailable.has(entity)) {
      flaky.push(entity);
    }
  }

  mkdirSync(join(ROOT, 'build'), { recursive: true });
  writeFileSync(REPORT, JSON.stringify({ checked: byEntity.size, missing, unavailable: flaky }, null, 2));
  console.log(`${byEntity.size} entities referenced, ${existing.size} known to HA at ${base.host}`);
  for (const [entity, where] of Object.entries(missing)) {
    console.log(`✗ ${entity}`);
    for (const w of where.slice(0, 3)) console.log(`    ${w}`);
  }
  if (flaky.length) console.log(`unavailable right now: ${flaky.join(', ')}`);
  process.exitCode = Object.keys(missing).length ? 1 : 0;
}

main().catch((err: Error) => {
  console.error(`entity-lint: ${err.message}`);
  process.exitCode = 2;
});
