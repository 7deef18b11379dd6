#!/usr/bin/env node
// tools/bsr-release.js -- gate and (optionally) publish the ledger Protobuf
// modules to the Buf Schema Registry.
//
//   node tools/bsr-release.js                 lint + format check + breaking vs last release tag
//   node tools/bsr-release.js --push          ... then buf push with a label per module
//   node tools/bsr-release.js --push --draft  push with a draft label named after the branch
//
// BUF_TOKEN is taken from the environment or from .env.buf and passed to the
// buf child processes only (buf reads it from its environment). Modules that
// may be pushed are declared in bsr-modules.json with their BSR names; pushes
// require a clean tree and a tag on HEAD unless --draft is given.

'use strict';

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const repo = path.resolve(__dirname, '..');
const modulesFile = path.join(repo, 'bsr-modules.json');
const dotenvFile = path.join(repo, '.env.buf');
const ALLOWED_OWNER = 'buf.build/ledger-dev/';

const args = new Set(process.argv.slice(2));
const wantPush = args.has('--push');
const draft = args.has('--draft');

function parseEnvFile(file) {
  if (!fs.existsSync(file)) return {};
  return Object.fromEntries(
    fs
      .readFileSync(file, 'utf8')
      .split(/\n/)
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#') && l.includes('='))
      .map((l) => {
        const i = l.indexOf('=');
        return [l.slice(0, i), l.slice(i + 1).replace(/^"(.*)"$/, '$1')];
      }),
  );
}

function tokenEnv() {
  const token = process.env.BUF_TOKEN ?? parseEnvFile(dotenvFile).BUF_TOKEN;
  return token ? { ...process.env, BUF_TOKEN: token } : null;
}

function hint(token) {
  return token.length > 8 ? `${token.slice(0, 2)}${'*'.repeat(token.length - 6)}${token.slice(-4)}` : '****';
}

function git(...a) {
  const r = spawnSync('git', a, { cwd: repo, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : '';
}

function buf(argv, env = process.env) {
  const r = spawnSync('buf', argv, { cwd: repo, encoding: 'utf8', env });
  return { ok: r.status === 0, out: `${r.stdout ?? ''}${r.stderr ?? ''}`.trim() };
}

function loadModules() {
  const list = JSON.parse(fs.readFileSync(modulesFile, 'utf8'));
  for (const m of list) {
    if (!m.name.startsWith(ALLOWED_OWNER)) throw new Error(`${m.dir}: ${m.name} is not under ${ALLOWED_OWNER}`);
    if (!fs.existsSync(path.join(repo, m.dir, 'buf.yaml'))) throw new Error(`${m.dir}/buf.yaml missing`);
  }
  return list;
}

function lastReleaseTag() {
  return git('describe', '--tags', '--abbrev=0', '--match', 'proto/v*') || null;
}

function gate(modules) {
  const tag = lastReleaseTag();
  const rows = [];
  for (const m of modules) {
    const lint = buf(['lint', m.dir]);
    const fmt = buf(['format', m.dir, '--diff', '--exit-code']);
    const brk = tag ? buf(['breaking', m.dir, '--against', `.git#tag=${tag},subdir=${m.dir}`]) : { ok: true, out: 'no previous tag' };
    rows.push({ module: m.dir, lint, fmt, brk });
  }
  for (const r of rows) {
    const mark = (x) => (x.ok ? 'ok  ' : 'FAIL');
    console.log(`${r.module.padEnd(28)} lint ${mark(r.lint)} format ${mark(r.fmt)} breaking ${mark(r.brk)}`);
    for (const x of [r.lint, r.fmt, r.brk]) if (!x.ok) console.log(x.out.split('\n').slice(0, 15).map((l) => `    ${l}`).join('\n'));
  }
  return rows.every((r) => r.lint.ok && r.fmt.ok && r.brk.ok);
}

function label() {
  if (draft) {
    const branch = git('rev-parse', '--abbrev-ref', 'HEAD').replace(/[^A-Za-z0-9._-]/g, '-');
    return `draft-${branch}`;
  }
  const tag = git('tag', '--points-at', 'HEAD').split('\n').find((t) => t.startsWith('proto/v'));
  if (!tag) throw new Error('HEAD has no proto/v* tag; tag the release or use --draft');
  return tag.slice('proto/'.length);
}

function push(modules, env) {
  if (git('status', '--porcelain', '--', 'proto')) throw new Error('proto/ has uncommitted changes');
  const l = label();
  for (const m of modules.filter((x) => x.push !== false)) {
    let attempt = 0;
    for (;;) {
      attempt++;
      const r = buf(['push', m.dir, '--label', l, '--git-metadata'], env);
      if (r.ok) {
        console.log(`pushed ${m.name} with label ${l}`);
        break;
      }
      if (attempt >= 3) throw new Error(`push ${m.name} failed: ${r.out}`);
      spawnSync('sleep', [String(attempt * 4)]);
    }
  }
}

// Dependencies between our own modules must be pinned in buf.lock; a module
// pushed against an unpinned dependency would resolve differently later.
function checkLocks(modules) {
  const problems = [];
  for (const m of modules) {
    const yaml = fs.readFileSync(path.join(repo, m.dir, 'buf.yaml'), 'utf8');
    const hasDeps = /^deps:/m.test(yaml);
    const lock = path.join(repo, m.dir, 'buf.lock');
    if (hasDeps && !fs.existsSync(lock)) problems.push(`${m.dir}: deps declared but buf.lock missing`);
    if (hasDeps && fs.existsSync(lock)) {
      const text = fs.readFileSync(lock, 'utf8');
      const declared = [...yaml.matchAll(/^\s*-\s*(buf\.build\/\S+)/gm)].map((x) => x[1]);
      for (const d of declared) {
        if (!text.includes(d.replace(/:.*$/, ''))) problems.push(`${m.dir}: ${d} not in buf.lock (run buf dep update)`);
      }
    }
  }
  return problems;
}

// Small changelog entry per module from commits touching it since the tag.
function changelog(modules) {
  const tag = lastReleaseTag();
  if (!tag) return;
  const out = [];
  for (const m of modules) {
    const log = git('log', '--oneline', '--no-merges', `${tag}..HEAD`, '--', m.dir);
    if (!log) continue;
    out.push(`## ${m.name}`, ...log.split('\n').map((l) => `- ${l}`), '');
  }
  if (!out.length) return;
  const file = path.join(repo, 'reports', 'bsr-changelog.md');
  fs.mkdirSync(path.join(repo, 'reports'), { recursive: true });
  fs.writeFileSync(file, out.join('\n'));
  console.log(`changelog since ${tag}: ${path.relative(repo, file)}`);
}

function main() {
  const modules = loadModules();
  const lockProblems = checkLocks(modules);
  for (const p of lockProblems) console.log(p);
  if (lockProblems.length) {
    process.exitCode = 1;
    return;
  }
  changelog(modules);
  const passed = gate(modules);
  if (!passed) {
    process.exitCode = 1;
    return;
  }
  if (!wantPush) {
    console.log('gate passed (add --push to publish)');
    return;
  }
  const env = tokenEnv();
  if (!env) throw new Error('BUF_TOKEN missing (environment or .env.buf)');
  console.log(`BUF_TOKEN ${hint(env.BUF_TOKEN)}`);
  push(modules, env);
}

try {
  main();
} catch (e) {
  console.error(`bsr-release: ${e.message}`);
  process.exit(1);
}
