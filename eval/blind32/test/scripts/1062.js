#!/usr/bin/env node
/*
 * lightdash-ci.js - validate the dbt + Lightdash project against the LOCAL
 * Lightdash instance before opening a pull request.
 *
 * Steps:
 *   1. `dbt compile` with the dev target (warehouse on localhost)
 *   2. `lightdash validate --project <uuid>` against http://localhost:8080,
 *      authenticated with the personal access token from .env (LIGHTDASH_PAT,
 *      passed via the LIGHTDASH_API_KEY env var the CLI reads)
 *   3. parse the validation JSON and group errors by chart / dashboard
 *   4. write build/lightdash-validation.md for the PR description
 *
 * The CLI is the project's devDependency (node_modules/.bin/lightdash); the
 * URL is fixed to localhost so a stray LIGHTDASH_URL cannot point CI at the
 * shared instance.
 */
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const DBT_DIR = path.join(ROOT, 'dbt');
const CLI = path.join(ROOT, 'node_modules', '.bin', 'lightdash');
const LOCAL_URL = 'http://localhost:8080';
const OUT = path.join(ROOT, 'build', 'lightdash-validation.md');

function readEnv() {
  const values = {};
  const file = path.join(ROOT, '.env');
  if (fs.existsSync(file)) {
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    for (const line of lines) {
      const m = line.match(/^(LIGHTDASH_[A-Z_]+)=(.*)$/);
      if (m) values[m[1]] = m[2].trim().replace(/^"|"$/g, '');
    }
  }
  return { ...values, ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('LIGHTDASH_'))) };
}

function run(cmd, args, { env, cwd, capture } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd: cwd || ROOT,
      env: { ...process.env, ...env },
      stdio: capture ? ['ignore', 'pipe', 'inherit'] : 'inherit',
    });
    let out = '';
    if (capture) child.stdout.on('data', (d) => { out += d; });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

// dbt compile against the dev target first: Lightdash validation reads the
// compiled manifest, and a compile error would otherwise show up as dozens of
// confusing chart errors.
async function dbtCompile() {
  const { code } = await run('dbt', ['compile', '--target', 'dev', '--project-dir', DBT_DIR, '--profiles-dir', DBT_DIR]);
  if (code !== 0) throw new Error('dbt compile failed');
}

// Group validation items by what they belong to for a readable summary.
function groupErrors(items) {
  const groups = { chart: new Map(), dashboard: new Map(), table: new Map() };
  for (const item of items) {
    const kind = item.chartUuid ? 'chart' : item.dashboardUuid ? 'dashboard' : 'table';
    const name = item.name || item.chartName || item.dashboardName || item.tableName || 'unknown';
    const list = groups[kind].get(name) || [];
    list.push(item.error || item.message);
    groups[kind].set(name, list);
  }
  return groups;
}

function markdown(groups, total) {
  const lines = ['## Lightdash validation (local)', ''];
  if (!total) {
    lines.push('No validation errors.');
    return lines.join('\n') + '\n';
  }
  lines.push(`${total} error(s):`, '');
  for (const [kind, map] of Object.entries(groups)) {
    if (!map.size) continue;
    lines.push(`### ${kind}s`, '');
    for (const [name, errors] of [...map].sort()) {
      lines.push(`- **${name}**`);
      for (const e of [...new Set(errors)]) lines.push(`  - ${e}`);
    }
    lines.push('');
  }
  return lines.join('\n') + '\n';
}

async function checkInstance() {
  try {
    const res = await fetch(`${LOCAL_URL}/api/v1/health`);
    const body = await res.json();
    return body.results && body.results.version;
  } catch {
    return null;
  }
}

async function validate(cfg) {
  const env = {
    LIGHTDASH_URL: LOCAL_URL,
    LIGHTDASH_API_KEY: cfg.LIGHTDASH_PAT,
    CI: 'true',
  };
  const args = ['validate', '--project', cfg.LIGHTDASH_PROJECT_UUID, '--project-dir', DBT_DIR,
    '--profiles-dir', DBT_DIR, '--target', 'dev', '--only', 'charts', 'dashboards', 'tables', '--verbose'];
  const { code, out } = await run(CLI, args, { env, capture: true });
  const jsonStart = out.indexOf('[');
  let items = [];
  if (jsonStart >= 0) {
    try {
      items = JSON.parse(out.slice(jsonStart, out.lastIndexOf(']') + 1));
    } catch {
      items = [];
    }
  }
  return { code, items, raw: out };
}

// Models whose YAML has no `meta.dimension`/`meta.metrics` produce empty
// explores; list them so authors notice before reviewers do.
function modelsWithoutMetrics() {
  const modelsDir = path.join(DBT_DIR, 'models');
  const missing = [];
  const walk = (dir) => {
    const entries = fs.readdirSync(dir, { withFileTypes: true });
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.ya?ml$/.test(entry.name)) {
        const text = fs.readFileSync(full, 'utf8');
        const models = [...text.matchAll(/^\s*-\s*name:\s*(\S+)/gm)].map((m) => m[1]);
        if (models.length && !/metrics:|dimension:/.test(text)) {
          missing.push(`${path.relative(DBT_DIR, full)} (${models.slice(0, 3).join(', ')})`);
        }
      }
    }
  };
  if (fs.existsSync(modelsDir)) walk(modelsDir);
  return missing;
}

function maskToken(token) {
  return token ? `${token.slice(0, 6)}…(${token.length})` : '(unset)';
}

async function main() {
  const cfg = readEnv();
  for (const m of modelsWithoutMetrics()) console.warn(`no Lightdash metrics/dimensions: ${m}`);
  if (!cfg.LIGHTDASH_PAT) throw new Error('LIGHTDASH_PAT missing (.env); create one in your local Lightdash profile');
  if (!cfg.LIGHTDASH_PROJECT_UUID) throw new Error('LIGHTDASH_PROJECT_UUID missing (.env)');
  if (!fs.existsSync(CLI)) throw new Error('lightdash CLI not installed; run npm ci');
  const version = await checkInstance();
  if (!version) throw new Error(`no Lightdash at ${LOCAL_URL}; start it with docker compose up -d lightdash`);
  console.log(`Lightdash ${version} at ${LOCAL_URL}, token ${maskToken(cfg.LIGHTDASH_PAT)}`);
  await dbtCompile();
  const result = await validate(cfg);
  const groups = groupErrors(result.items);
  fs.mkdirSync(path.dirname(OUT), { recursive: true, mode: 0o755 });
  fs.writeFileSync(OUT, markdown(groups, result.items.length));
  console.log(`${result.items.length} validation error(s); summary in ${path.relative(ROOT, OUT)}`);
  if (result.code !== 0 && !result.items.length) {
    console.error(result.raw.slice(-2000));
    process.exitCode = 2;
  } else if (result.items.length) {
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 2;
});
