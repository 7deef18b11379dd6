#!/usr/bin/env node
// tools/flag-audit.js - find stale LaunchDarkly flags and flags missing from code.
//
// Read-only against LaunchDarkly: lists flags of a project with their
// per-environment status, greps src/ for flag keys and prints:
//   * flags defined in LaunchDarkly but never referenced in code
//   * keys referenced in code but not defined in LaunchDarkly
//   * flags that have served one variation in production for > N days
// Output goes to stdout and reports/flag-audit.json.
//
// LD_API_TOKEN (a reader token is enough) from env or .env; sent only to
// app.launchdarkly.com.
'use strict';

const fs = require('fs');
const fsp = require('fs/promises');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const API = 'https://app.launchdarkly.com/api/v2';
const SRC_DIRS = ['src', 'server', 'packages'];
const EXTS = new Set(['.js', '.jsx', '.ts', '.tsx', '.mjs', '.cjs']);
const KEY_PATTERNS = [
  /\bvariation\(\s*['"`]([\w.-]+)['"`]/g,
  /\buseFlag\(\s*['"`]([\w.-]+)['"`]/g,
  /\bflags\[\s*['"`]([\w.-]+)['"`]\s*\]/g,
  /\bboolVariation\(\s*['"`]([\w.-]+)['"`]/g,
];

function readDotEnv() {
  const file = path.join(ROOT, '.env');
  const out = {};
  if (!fs.existsSync(file)) return out;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const m = line.match(/^([A-Z_][A-Z0-9_]*)=(.*)$/);
    if (m) out[m[1]] = m[2].replace(/^"|"$/g, '');
  }
  return out;
}

function config(argv) {
  const dot = readDotEnv();
  const opts = {
    token: process.env.LD_API_TOKEN || dot.LD_API_TOKEN,
    project: process.env.LD_PROJECT || dot.LD_PROJECT || 'default',
    env: 'production',
    staleDays: 30,
  };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--project') opts.project = argv[++i];
    else if (argv[i] === '--env') opts.env = argv[++i];
    else if (argv[i] === '--stale-days') opts.staleDays = Number(argv[++i]);
  }
  if (!opts.token) throw new Error('LD_API_TOKEN missing (env or .env)');
  return opts;
}

async function ld(opts, pathname, tries = 4) {
  for (let attempt = 0; attempt < tries; attempt += 1) {
    const res = await fetch(API + pathname, {
      headers: { Authorization: opts.token, 'LD-API-Version': '20240415' },
    });
    if (res.status === 429 || res.status >= 500) {
      const reset = Number(res.headers.get('x-ratelimit-reset')) || 0;
      const wait = Math.max(reset - Date.now(), 500 * 2 ** attempt);
      await new Promise((r) => setTimeout(r, Math.min(wait, 30000)));
      continue;
    }
    if (!res.ok) throw new Error(`GET ${pathname}: ${res.status} ${await res.text()}`);
    return res.json();
  }
  throw new Error(`GET ${pathname}: gave up`);
}

async function allFlags(opts) {
  const flags = [];
  let next = `/flags/${encodeURIComponent(opts.project)}?env=${opts.env}&limit=100&summary=0`;
  while (next) {
    const page = await ld(opts, next);
    flags.push(...page.items);
    const href = page._links && page._links.next && page._links.next.href;
    next = href ? href.replace(/^\/api\/v2/, '') : null;
  }
  return flags;
}

async function* walk(dir) {
  let entries;
  try {
    entries = await fsp.readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
    const full = path.join(dir, e.name);
    if (e.isDirectory()) yield* walk(full);
    else if (EXTS.has(path.extname(e.name))) yield full;
  }
}

async function referencedKeys() {
  const refs = new Map();
  for (const d of SRC_DIRS) {
    for await (const file of walk(path.join(ROOT, d))) {
      const text = await fsp.readFile(file, 'utf8');
      for (const re of KEY_PATTERNS) {
        re.lastIndex = 0;
        let m;
        while ((m = re.exec(text))) {
          if (!refs.has(m[1])) refs.set(m[1], path.relative(ROOT, file));
        }
      }
    }
  }
  return refs;
}

function daysSince(ms) {
  return Math.floor((Date.now() - ms) / 86400000);
}

function staleInEnv(flag, envName, staleDays) {
  const env = flag.environments && flag.environments[envName];
  if (!env) return null;
  const modified = env.lastModified || flag.creationDate;
  const age = daysSince(modified);
  const single = !env.on || (env._summary && env._summary.variations && Object.keys(env._summary.variations).length === 1);
  return single && age > staleDays ? age : null;
}

function toMarkdown(report) {
  const lines = [
    `# Flag audit: ${report.project} / ${report.environment}`,
    '',
    `Generated ${report.generated}`,
    '',
    `## Unused in code (${report.unused.length})`,
    ...report.unused.map((k) => `- \`${k}\``),
    '',
    `## Missing in LaunchDarkly (${report.undefinedInLd.length})`,
    ...report.undefinedInLd.map((x) => `- \`${x.key}\` in ${x.file}`),
    '',
    `## Stale (${report.stale.length})`,
    ...report.stale.map((x) => `- \`${x.key}\`: ${x.days} days`),
  ];
  return `${lines.join('\n')}\n`;
}

async function main() {
  const opts = config(process.argv.slice(2));
  const [flags, refs] = await Promise.all([allFlags(opts), referencedKeys()]);
  const defined = new Set(flags.map((f) => f.key));
  const report = {
    project: opts.project,
    environment: opts.env,
    generated: new Date().toISOString(),
    unused: flags.filter((f) => !refs.has(f.key)).map((f) => f.key).sort(),
    undefinedInLd: [...refs].filter(([k]) => !defined.has(k)).map(([k, file]) => ({ key: k, file })),
    stale: flags
      .map((f) => ({ key: f.key, days: staleInEnv(f, opts.env, opts.staleDays) }))
      .filter((x) => x.days !== null)
      .sort((a, b) => b.days - a.days),
  };
  console.log(`${flags.length} flags in ${opts.project}, ${refs.size} keys referenced in code`);
  console.log(`unused in code: ${report.unused.length}`);
  report.unused.slice(0, 20).forEach((k) => console.log(`  - ${k}`));
  console.log(`missing in LaunchDarkly: ${report.undefinedInLd.length}`);
  report.undefinedInLd.forEach((x) => console.log(`  ! ${x.key} (${x.file})`));
  console.log(`stale in ${opts.env} (> ${opts.staleDays}d): ${report.stale.length}`);
  report.stale.slice(0, 20).forEach((x) => console.log(`  ~ ${x.key} ${x.days}d`));
  const out = path.join(ROOT, 'reports', 'flag-audit.json');
  await fsp.mkdir(path.dirname(out), { recursive: true });
  await fsp.writeFile(out, JSON.stringify(report, null, 2));
  console.log(`wrote ${path.relative(ROOT, out)}`);
  await fsp.writeFile(out.replace(/\.json$/, '.md'), toMarkdown(report));
  if (report.undefinedInLd.length) process.exitCode = 1;
}

main().catch((err) => {
  console.error(`flag-audit: ${err.message}`);
  process.exit(2);
});
