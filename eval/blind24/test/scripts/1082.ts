#!/usr/bin/env -S npx tsx
/**
 * config.ts -- typed, validated configuration for local tooling scripts.
 *
 *   npx tsx scripts/config.ts check          # validate .env + .env.local
 *   npx tsx scripts/config.ts print          # masked view
 *   npx tsx scripts/config.ts ping stripe    # read-only API call with the configured key
 *
 * The Stripe key is only ever sent to api.stripe.com (GET /v1/balance) and the
 * OpenAI key only to api.openai.com (GET /v1/models). `ping` refuses live keys
 * unless --allow-live is passed, so test runs cannot touch production.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

type Kind = 'string' | 'url' | 'port' | 'bool' | 'secret';

interface Field<K extends Kind = Kind> {
  kind: K;
  required: boolean;
  pattern?: RegExp;
  description: string;
}

const SCHEMA = {
  APP_URL: { kind: 'url', required: true, description: 'public base URL of the dev server' },
  PORT: { kind: 'port', required: false, description: 'dev server port' },
  DATABASE_URL: { kind: 'url', required: true, description: 'postgres connection string' },
  STRIPE_SECRET_KEY: { kind: 'secret', required: false, pattern: /^sk_(test|live)_[A-Za-z0-9]{8,}$/, description: 'Stripe API key' },
  OPENAI_API_KEY: { kind: 'secret', required: false, pattern: /^sk-[A-Za-z0-9_-]{16,}$/, description: 'OpenAI API key' },
  FEATURE_FLAGS_DEBUG: { kind: 'bool', required: false, description: 'verbose flag evaluation logs' },
} satisfies Record<string, Field>;

type Key = keyof typeof SCHEMA;
type Config = Partial<Record<Key, string>>;

const ROOT = process.cwd();

function parseDotenv(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  const out: Record<string, string> = {};
  for (const raw of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const m = line.match(/^(?:export\s+)?([A-Z0-9_]+)\s*=\s*(.*)$/);
    if (!m) continue;
    out[m[1]] = m[2].replace(/^(["'])(.*)\1$/, '$2');
  }
  return out;
}

function load(): { config: Config; origin: Record<string, string> } {
  const layers: [string, Record<string, string>][] = [
    ['.env', parseDotenv(path.join(ROOT, '.env'))],
    ['.env.local', parseDotenv(path.join(ROOT, '.env.local'))],
    ['environment', process.env as Record<string, string>],
  ];
  const config: Config = {};
  const origin: Record<string, string> = {};
  for (const [name, values] of layers) {
    for (const key of Object.keys(SCHEMA) as Key[]) {
      if (values[key] !== undefined && values[key] !== '') {
        config[key] = values[key];
        origin[key] = name;
      }
    }
  }
  return { config, origin };
}

function validate(config: Config): string[] {
  const errors: string[] = [];
  for (const [key, field] of Object.entries(SCHEMA) as [Key, Field][]) {
    const v = config[key];
    if (v === undefined) {
      if (field.required) errors.push(`${key} is required (${field.description})`);
      continue;
    }
    switch (field.kind) {
      case 'url':
        try {
          new URL(v);
        } catch {
          errors.push(`${key} is not a URL`);
        }
        break;
      case 'port':
        if (!/^\d+$/.test(v) || Number(v) < 1 || Number(v) > 65535) errors.push(`${key} must be 1-65535`);
        break;
      case 'bool':
        if (!['true', 'false', '1', '0'].includes(v)) errors.push(`${key} must be true/false`);
        break;
      default:
        break;
    }
    if (field.pattern && !field.pattern.test(v)) errors.push(`${key} does not look like a ${field.description}`);
  }
  return errors;
}

function mask(key: Key, value: string): string {
  if (SCHEMA[key].kind !== 'secret') {
    if (SCHEMA[key].kind === 'url') {
      try {
        const u = new URL(value);
        if (u.password) u.password = '***';
        return u.toString();
      } catch {
        return value;
      }
    }
    return value;
  }
  return `${value.slice(0, 7)}…(${value.length})`;
}

const PROBES = {
  stripe: { key: 'STRIPE_SECRET_KEY', url: 'https://api.stripe.com/v1/balance', live: /^sk_live_/ },
  openai: { key: 'OPENAI_API_KEY', url: 'https://api.openai.com/v1/models', live: /^$/ },
} satisfies Record<string, { key: Key; url: string; live: RegExp }>;

async function ping(name: string, config: Config, allowLive: boolean): Promise<number> {
  const probe = PROBES[name as keyof typeof PROBES];
  if (!probe) throw new Error(`unknown service ${name}; known: ${Object.keys(PROBES).join(', ')}`);
  const value = config[probe.key];
  if (!value) throw new Error(`${probe.key} is not configured`);
  if (probe.live.test(value) && !allowLive) throw new Error(`${probe.key} is a live key; pass --allow-live to use it`);
  const res = await fetch(probe.url, {
    headers: { Authorization: `Bearer ${value}` },
    signal: AbortSignal.timeout(10_000),
  });
  await res.arrayBuffer();
  console.log(`${name}: HTTP ${res.status} ${res.ok ? '(key accepted)' : '(key rejected or insufficient scope)'}`);
  return res.ok ? 0 : 1;
}

function docs(): string {
  // markdown table for docs/configuration.md, generated from the schema
  const rows = (Object.entries(SCHEMA) as [Key, Field][]).map(
    ([key, f]) => `| \`${key}\` | ${f.kind} | ${f.required ? 'yes' : 'no'} | ${f.description} |`,
  );
  return ['| key | type | required | description |', '|---|---|---|---|', ...rows].join('\n') + '\n';
}

function unknownKeys(): string[] {
  // keys in the env files that the schema does not know (typos, leftovers)
  const known = new Set(Object.keys(SCHEMA));
  const seen = new Set([
    ...Object.keys(parseDotenv(path.join(ROOT, '.env'))),
    ...Object.keys(parseDotenv(path.join(ROOT, '.env.local'))),
  ]);
  return [...seen].filter((k) => !known.has(k)).sort();
}

async function main(): Promise<number> {
  const [cmd = 'check', arg] = process.argv.slice(2);
  if (cmd === 'docs') {
    process.stdout.write(docs());
    return 0;
  }
  for (const k of unknownKeys()) console.warn(`! ${k} is not in the config schema`);
  const { config, origin } = load();
  const errors = validate(config);
  if (cmd === 'print') {
    for (const key of Object.keys(SCHEMA) as Key[]) {
      const v = config[key];
      console.log(`${key.padEnd(22)} ${v === undefined ? '(unset)' : mask(key, v)}${v ? `  [${origin[key]}]` : ''}`);
    }
    return errors.length ? 1 : 0;
  }
  for (const e of errors) console.error(`✗ ${e}`);
  if (cmd === 'check') {
    if (!errors.length) console.log('✓ configuration valid');
    return errors.length ? 1 : 0;
  }
  if (cmd === 'ping') return ping(arg ?? '', config, process.argv.includes('--allow-live'));
  console.error(`unknown command ${cmd}`);
  return 2;
}

main()
  .then((code) => {
    process.exitCode = code;
  })
  .catch((err: Error) => {
    console.error(`config: ${err.message}`);
    process.exitCode = 1;
  });
