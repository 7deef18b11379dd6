// tools/unleash-sync.ts - keep Unleash feature toggles in line with features.yaml.
//
//   tsx tools/unleash-sync.ts plan                 show changes (default)
//   tsx tools/unleash-sync.ts apply --env staging  create toggles, set strategies in staging
//   tsx tools/unleash-sync.ts apply --env production --i-mean-production
//
// Target is the team's self-hosted Unleash at unleash.internal. The admin
// token comes from UNLEASH_ADMIN_TOKEN (env or .env) and is sent only to
// that host in the Authorization header. Enabling a toggle in production is
// never done here: production changes are limited to metadata/strategies and
// require an explicit flag; turning toggles on is left to the UI.

import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';

const ROOT = path.resolve(__dirname, '..');
const BASE = process.env.UNLEASH_URL ?? 'https://unleash.internal/api/admin';
const PROJECT = process.env.UNLEASH_PROJECT ?? 'default';

type Env = 'development' | 'staging' | 'production';

interface StrategySpec {
  name: 'default' | 'flexibleRollout' | 'userWithId' | 'remoteAddress';
  parameters?: Record<string, string>;
}

interface FeatureSpec {
  name: string;
  description: string;
  type: 'release' | 'experiment' | 'operational' | 'kill-switch' | 'permission';
  strategies: Partial<Record<Env, StrategySpec[]>>;
}

interface RemoteFeature {
  name: string;
  description: string;
  type: string;
  environments: { name: string; enabled: boolean; strategies: (StrategySpec & { id: string })[] }[];
}

type Action =
  | { kind: 'create'; feature: FeatureSpec }
  | { kind: 'describe'; name: string; description: string; type: string }
  | { kind: 'strategies'; name: string; env: Env; strategies: StrategySpec[] };

function dotenv(): Record<string, string> {
  const file = path.join(ROOT, '.env');
  if (!existsSync(file)) return {};
  return Object.fromEntries(
    readFileSync(file, 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#') && l.includes('='))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
}

function token(): string {
  const t = process.env.UNLEASH_ADMIN_TOKEN ?? dotenv().UNLEASH_ADMIN_TOKEN;
  if (!t) throw new Error('UNLEASH_ADMIN_TOKEN not set');
  return t;
}

const host = new URL(BASE).hostname;
if (!(host === 'localhost' || host.endsWith('.internal'))) {
  throw new Error(`refusing to talk to ${host}: only localhost or *.internal Unleash instances`);
}

async function api<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', route: string, body?: unknown): Promise<T> {
  let lastErr: unknown;
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      const res = await fetch(`${BASE}${route}`, {
        method,
        headers: { Authorization: token(), 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (res.status >= 500) throw new Error(`${res.status}`);
      if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
      return (res.status === 204 ? undefined : await res.json()) as T;
    } catch (err) {
      lastErr = err;
      if (err instanceof Error && !/^\d{3}$/.test(err.message) && !/fetch failed/.test(err.message)) throw err;
      await new Promise((r) => setTimeout(r, 500 * 2 ** attempt));
    }
  }
  throw lastErr;
}

function loadSpecs(): FeatureSpec[] {
  const raw = parseYaml(readFileSync(path.join(ROOT, 'features.yaml'), 'utf8')) as { features: FeatureSpec[] };
  const names = new Set<string>();
  for (const f of raw.features) {
    if (names.has(f.name)) throw new Error(`duplicate feature ${f.name}`);
    names.add(f.name);
    if (!/^[a-z0-9][a-z0-9._-]*$/.test(f.name)) throw new Error(`bad feature name ${f.name}`);
  }
  return raw.features;
}

const strategyKey = (s: StrategySpec): string =>
  `${s.name}:${JSON.stringify(Object.entries(s.parameters ?? {}).sort())}`;

function plan(specs: FeatureSpec[], remote: Map<string, RemoteFeature>, env: Env): Action[] {
  const actions: Action[] = [];
  for (const spec of specs) {
    const r = remote.get(spec.name);
    if (!r) {
      actions.push({ kind: 'create', feature: spec });
    } else if (r.description !== spec.description || r.type !== spec.type) {
      actions.push({ kind: 'describe', name: spec.name, description: spec.description, type: spec.type });
    }
    const wanted = spec.strategies[env];
    if (!wanted) continue;
    const current = r?.environments.find((e) => e.name === env)?.strategies ?? [];
    const same =
      current.length === wanted.length &&
      current.map(strategyKey).sort().join('|') === wanted.map(strategyKey).sort().join('|');
    if (!same) actions.push({ kind: 'strategies', name: spec.name, env, strategies: wanted });
  }
  return actions;
}

function describe(a: Action): string {
  switch (a.kind) {
    case 'create':
      return `+ create ${a.feature.name} (${a.feature.type})`;
    case 'describe':
      return `~ metadata ${a.name}`;
    case 'strategies':
      return `~ strategies ${a.name} in ${a.env}: ${a.strategies.map((s) => s.name).join(', ')}`;
  }
}

async function apply(a: Action): Promise<void> {
  const p = `/projects/${PROJECT}/features`;
  switch (a.kind) {
    case 'create':
      await api('POST', p, { name: a.feature.name, description: a.feature.description, type: a.feature.type });
      return;
    case 'describe':
      await api('PUT', `${p}/${a.name}`, { name: a.name, description: a.description, type: a.type });
      return;
    case 'strategies': {
      const envPath = `${p}/${a.name}/environments/${a.env}/strategies`;
      const existing = await api<{ id: string }[]>('GET', envPath);
      for (const s of existing) await api('DELETE', `${envPath}/${s.id}`);
      for (const s of a.strategies) await api('POST', envPath, s);
      return;
    }
  }
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const mode = argv[0] === 'apply' ? 'apply' : 'plan';
  const envIdx = argv.indexOf('--env');
  const env = (envIdx >= 0 ? argv[envIdx + 1] : 'staging') as Env;
  if (!['development', 'staging', 'production'].includes(env)) throw new Error(`unknown env ${env}`);
  if (mode === 'apply' && env === 'production' && !argv.includes('--i-mean-production')) {
    throw new Error('production changes need --i-mean-production');
  }
  const specs = loadSpecs();
  const remoteList = await api<{ features: RemoteFeature[] }>('GET', `/projects/${PROJECT}/features`);
  const remote = new Map(remoteList.features.map((f) => [f.name, f]));
  const actions = plan(specs, remote, env);
  actions.forEach((a) => console.log(describe(a)));
  if (!actions.length) console.log('nothing to do');
  if (mode !== 'apply' || !actions.length) return;
  for (const a of actions) {
    await apply(a);
    console.log(`done: ${describe(a)}`);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
