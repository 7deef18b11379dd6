#!/usr/bin/env node
/*
 * lakefs-local.js - keep local working copies of lakeFS paths in sync.
 *
 * Wraps `lakectl local` (lakeFS >= 1.0) for the datasets listed in
 * data/lakefs-paths.json:
 *
 *   [{ "dir": "data/tiles", "uri": "lakefs://geo-dev/main/tiles/" }, ...]
 *
 * Subcommands:
 *   status   `lakectl local status` for every dir, summarised
 *   pull     clone missing dirs, `lakectl local pull` the others
 *   commit   commit local changes of one dir to its *own branch* (never main)
 *   prune    remove local dirs that are no longer listed (inside data/ only)
 *
 * Repositories must be in ALLOWED_REPOS; branches named main/master are
 * read-only for commit.
 */
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const DATA = path.join(ROOT, 'data');
const MANIFEST = path.join(DATA, 'lakefs-paths.json');
const ALLOWED_REPOS = new Set(['geo-dev', 'geo-sandbox']);
const PROTECTED_BRANCHES = new Set(['main', 'master', 'production']);
// lakectl must be configured (~/.lakectl.yaml or LAKECTL_* env) for the dev server

function run(args, { cwd = ROOT, capture = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn('lakectl', args, { cwd, stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let out = '';
    let err = '';
    if (capture) {
      child.stdout.on('data', (d) => {
        out += d;
      });
      child.stderr.on('data', (d) => {
        err += d;
      });
    }
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(out);
      else reject(new Error(`lakectl ${args.join(' ')} exited ${code}${err ? `: ${err.trim().slice(0, 300)}` : ''}`));
    });
  });
}

function parseUri(uri) {
  const m = /^lakefs:\/\/([^/]+)\/([^/]+)\/(.*)$/.exec(uri);
  if (!m) throw new Error(`invalid lakeFS URI ${uri}`);
  return { repo: m[1], ref: m[2], prefix: m[3] };
}

function loadManifest() {
  const entries = JSON.parse(fs.readFileSync(MANIFEST, 'utf8'));
  return entries.map((e) => {
    const dir = path.resolve(ROOT, e.dir);
    if (!dir.startsWith(DATA + path.sep)) throw new Error(`${e.dir} must be inside data/`);
    const parsed = parseUri(e.uri);
    if (!ALLOWED_REPOS.has(parsed.repo)) throw new Error(`${e.uri}: repository ${parsed.repo} is not allowed`);
    return { ...e, dir, ...parsed };
  });
}

function summariseStatus(text) {
  const counts = { added: 0, modified: 0, removed: 0 };
  for (const line of text.split('\n')) {
    const m = /^\s*║?\s*(local|remote)?\s*║?\s*(added|modified|removed)\b/i.exec(line);
    if (m) counts[m[2].toLowerCase()] += 1;
  }
  return counts;
}

async function cmdStatus(entries) {
  for (const e of entries) {
    const rel = path.relative(ROOT, e.dir);
    if (!fs.existsSync(path.join(e.dir, '.lakefs_ref.yaml'))) {
      console.log(`${rel.padEnd(30)} not cloned (${e.uri})`);
      continue;
    }
    const out = await run(['local', 'status', e.dir], { capture: true }).catch((err) => err.message);
    const c = summariseStatus(out);
    const dirty = c.added + c.modified + c.removed;
    console.log(`${rel.padEnd(30)} ${dirty ? `+${c.added} ~${c.modified} -${c.removed}` : 'clean'}  ${e.uri}`);
  }
}

async function cmdPull(entries) {
  for (const e of entries) {
    const rel = path.relative(ROOT, e.dir);
    if (fs.existsSync(path.join(e.dir, '.lakefs_ref.yaml'))) {
      console.log(`pull ${rel}`);
      await run(['local', 'pull', e.dir]);
    } else {
      console.log(`clone ${e.uri} -> ${rel}`);
      fs.mkdirSync(path.dirname(e.dir), { recursive: true });
      await run(['local', 'clone', e.uri, e.dir]);
    }
  }
}

async function cmdCommit(entries, dirArg, message) {
  if (!dirArg || !message) throw new Error('usage: commit <dir> -m "message"');
  const target = path.resolve(ROOT, dirArg);
  const entry = entries.find((e) => e.dir === target);
  if (!entry) throw new Error(`${dirArg} is not listed in data/lakefs-paths.json`);
  if (PROTECTED_BRANCHES.has(entry.ref)) {
    throw new Error(`${entry.uri} tracks protected branch ${entry.ref}; switch the entry to a feature branch first`);
  }
  const sha = (await new Promise((resolve) => {
    const g = spawn('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT });
    let out = '';
    g.stdout.on('data', (d) => {
      out += d;
    });
    g.on('close', () => resolve(out.trim()));
  })) || 'unknown';
  await run(['local', 'commit', entry.dir, '-m', message, '--meta', `git_sha=${sha}`]);
}

async function cmdPrune(entries, yes) {
  const listed = new Set(entries.map((e) => e.dir));
  const stale = [];
  const walk = (dir, depth) => {
    if (depth > 3) return;
    for (const d of fs.readdirSync(dir, { withFileTypes: true })) {
      if (!d.isDirectory()) continue;
      const full = path.join(dir, d.name);
      if (fs.existsSync(path.join(full, '.lakefs_ref.yaml'))) {
        if (!listed.has(full)) stale.push(full);
      } else {
        walk(full, depth + 1);
      }
    }
  };
  walk(DATA, 0);
  if (!stale.length) {
    console.log('no stale lakeFS working copies');
    return;
  }
  for (const dir of stale) {
    if (!dir.startsWith(DATA + path.sep)) continue;
    if (!yes) {
      console.log(`would remove ${path.relative(ROOT, dir)} (pass --yes)`);
      continue;
    }
    fs.rmSync(dir, { recursive: true, force: true });
    console.log(`removed ${path.relative(ROOT, dir)}`);
  }
}

async function main() {
  const [cmd, ...rest] = process.argv.slice(2); // subcommand, then its arguments
  const entries = loadManifest();
  switch (cmd) {
    case 'status':
    case undefined:
      return cmdStatus(entries);
    case 'pull':
      return cmdPull(entries);
    case 'commit': {
      const mIdx = rest.indexOf('-m');
      return cmdCommit(entries, rest[0], mIdx >= 0 ? rest[mIdx + 1] : undefined);
    }
    case 'prune':
      return cmdPrune(entries, rest.includes('--yes'));
    default:
      throw new Error(`unknown command ${cmd}`);
  }
}

main().catch((err) => {
  console.error(`lakefs-local: ${err.message}`);
  process.exitCode = 1;
});
