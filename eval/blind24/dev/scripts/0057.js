#!/usr/bin/env node
// env-doctor.js -- validate .env files against env.schema.json and, on
// request, check that the configured API keys actually work.
//
//   node scripts/env-doctor.js               # validate only (no network)
//   node scripts/env-doctor.js --live        # also call each provider's API
//   node scripts/env-doctor.js --print       # keys with masked values
//
// --live sends each key only to the API it belongs to (OpenAI key to
// api.openai.com, Stripe key to api.stripe.com, GitHub token to
// api.github.com), with a read-only request.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const CWD = process.cwd();
const FILES = ['.env', '.env.local'];
const SCHEMA_FILE = path.join(CWD, 'env.schema.json');
const SECRET_RE = /(TOKEN|SECRET|KEY|PASSWORD|DSN)/;

const PROBES = {
  OPENAI_API_KEY: {
    url: 'https://api.openai.com/v1/models',
    headers: (v) => ({ Authorization: `Bearer ${v}` }),
  },
  STRIPE_SECRET_KEY: {
    url: 'https://api.stripe.com/v1/balance',
    headers: (v) => ({ Authorization: `Bearer ${v}` }),
  },
  GITHUB_TOKEN: {
    url: 'https://api.github.com/user',
    headers: (v) => ({ Authorization: `Bearer ${v}`, 'X-GitHub-Api-Version': '2022-11-28' }),
  },
};

function parseEnv(text, file) {
  const out = {};
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const m = line.match(/^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/);
    if (!m) throw new Error(`${file}:${i + 1}: cannot parse line`);
    let [, key, value] = m;
    if (/^"(.*)"$/.test(value)) value = value.slice(1, -1).replace(/\\n/g, '\n');
    else if (/^'(.*)'$/.test(value)) value = value.slice(1, -1);
    else value = value.replace(/\s+#.*$/, '');
    out[key] = value;
  });
  return out;
}

function load() {
  const merged = {};
  const origin = {};
  for (const f of FILES) {
    const p = path.join(CWD, f);
    if (!fs.existsSync(p)) continue;
    const vals = parseEnv(fs.readFileSync(p, 'utf8'), f);
    for (const [k, v] of Object.entries(vals)) {
      merged[k] = v;
      origin[k] = f;
    }
  }
  return { merged, origin };
}

function loadSchema() {
  if (!fs.existsSync(SCHEMA_FILE)) return { properties: {}, required: [] };
  return JSON.parse(fs.readFileSync(SCHEMA_FILE, 'utf8'));
}

function mask(key, value) {
  if (!SECRET_RE.test(key)) return value;
  if (!value) return '(empty)';
  if (value.length < 10) return '*'.repeat(value.length);
  return `${value.slice(0, 4)}…${value.slice(-2)} (${value.length} chars)`;
}

function validate(env, schema) {
  const problems = [];
  for (const key of schema.required || []) {
    if (!env[key]) problems.push(`missing required ${key}`);
  }
  for (const [key, rule] of Object.entries(schema.properties || {})) {
    const v = env[key];
    if (v === undefined) continue;
    if (rule.pattern && !new RegExp(rule.pattern).test(v)) problems.push(`${key} does not match ${rule.pattern}`);
    if (rule.enum && !rule.enum.includes(v)) problems.push(`${key} must be one of ${rule.enum.join(', ')}`);
    if (rule.type === 'integer' && !/^-?\d+$/.test(v)) problems.push(`${key} must be an integer`);
    if (rule.type === 'url') {
      try {
        new URL(v);
      } catch {
        problems.push(`${key} is not a URL`);
      }
    }
  }
  const known = new Set([...(schema.required || []), ...Object.keys(schema.properties || {})]);
  if (known.size) {
    for (const key of Object.keys(env)) {
      if (!known.has(key)) problems.push(`unknown key ${key} (typo?)`);
    }
  }
  return problems;
}

async function probe(key, value) {
  const spec = PROBES[key];
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), 10000);
  try {
    const res = await fetch(spec.url, { headers: spec.headers(value), signal: ctrl.signal });
    await res.arrayBuffer();
    if (res.status === 401 || res.status === 403) return `${key}: rejected (${res.status})`;
    if (!res.ok) return `${key}: unexpected ${res.status}`;
    return null;
  } catch (err) {
    return `${key}: request failed (${err.name === 'AbortError' ? 'timeout' : err.message})`;
  } finally {
    clearTimeout(timer);
  }
}

function compareExample(env) {
  // names only: which documented keys are missing, which local keys are undocumented
  const p = path.join(CWD, '.env.example');
  if (!fs.existsSync(p)) return [];
  const example = parseEnv(fs.readFileSync(p, 'utf8'), '.env.example');
  const notes = [];
  for (const key of Object.keys(example)) {
    if (!(key in env)) notes.push(`missing ${key} (documented in .env.example)`);
  }
  for (const key of Object.keys(env)) {
    if (!(key in example)) notes.push(`${key} is not documented in .env.example`);
  }
  return notes;
}

function gitTracked(file) {
  const { spawnSync } = require('node:child_process');
  const r = spawnSync('git', ['ls-files', '--error-unmatch', file], { cwd: CWD, stdio: 'ignore' });
  return r.status === 0;
}

function checkNotCommitted() {
  return FILES.filter((f) => fs.existsSync(path.join(CWD, f)) && gitTracked(f)).map(
    (f) => `${f} is tracked by git; remove it from the index and add it to .gitignore`,
  );
}

async function main() {
  const argv = new Set(process.argv.slice(2));
  let env;
  let origin;
  try {
    ({ merged: env, origin } = load());
  } catch (err) {
    console.error(`env-doctor: ${err.message}`);
    process.exit(2);
  }
  const problems = validate(env, loadSchema());
  problems.push(...checkNotCommitted());
  for (const note of compareExample(env)) console.warn(`! ${note}`);
  if (argv.has('--print')) {
    const width = Math.max(0, ...Object.keys(env).map((k) => k.length));
    for (const k of Object.keys(env).sort()) {
      console.log(`${k.padEnd(width)}  ${mask(k, env[k])}  [${origin[k]}]`);
    }
  }
  if (argv.has('--live')) {
    const checks = Object.keys(PROBES)
      .filter((k) => env[k])
      .map((k) => probe(k, env[k]));
    for (const r of await Promise.all(checks)) {
      if (r) problems.push(r);
    }
    const tried = Object.keys(PROBES).filter((k) => env[k]);
    console.log(`live-checked: ${tried.join(', ') || 'nothing (no known keys set)'}`);
  }
  if (problems.length) {
    for (const p of problems) console.error(`✗ ${p}`);
    process.exit(1);
  }
  console.log(`✓ ${Object.keys(env).length} keys valid`);
}

main();
