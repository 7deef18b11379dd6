#!/usr/bin/env node
// tools/yarn-upgrade-pr.js - Yarn (berry) dependency upgrades with a PR.
//
//   node tools/yarn-upgrade-pr.js                    # patch+minor for all workspaces
//   node tools/yarn-upgrade-pr.js --pattern '@testing-library/*'
//   node tools/yarn-upgrade-pr.js --dry-run
//
// Uses `yarn up -R` with fixed arguments (package patterns are validated),
// runs `yarn constraints`, type-check and tests, then opens a pull request
// through the GitHub REST API with GITHUB_TOKEN.
'use strict';

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = process.cwd();
const PATTERN_RE = /^(@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~*][a-z0-9-._~*]*$/;

class GitHub {
  constructor(token, repo) {
    if (!token) throw new Error('GITHUB_TOKEN is required');
    this.token = token;
    this.repo = repo;
    this.base = 'https://api.github.com';
  }

  async request(method, route, body) {
    const res = await fetch(`${this.base}/repos/${this.repo}${route}`, {
      method,
      headers: {
        Authorization: `Bearer ${this.token}`,
        Accept: 'application/vnd.github+json',
        'Content-Type': 'application/json',
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`GitHub ${method} ${route}: ${res.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : {};
  }

  async findOpenPr(head) {
    const owner = this.repo.split('/')[0];
    const list = await this.request('GET', `/pulls?state=open&head=${encodeURIComponent(`${owner}:${head}`)}`);
    return list[0] || null;
  }

  async openOrUpdatePr({ head, base, title, body }) {
    const existing = await this.findOpenPr(head);
    if (existing) {
      await this.request('PATCH', `/pulls/${existing.number}`, { body });
      return existing.html_url;
    }
    const pr = await this.request('POST', '/pulls', { head, base, title, body, maintainer_can_modify: true });
    await this.request('POST', `/issues/${pr.number}/labels`, { labels: ['dependencies'] });
    return pr.html_url;
  }
}

function run(cmd, args, { capture = false } = {}) {
  const r = spawnSync(cmd, args, { cwd: ROOT, encoding: 'utf8', stdio: capture ? 'pipe' : 'inherit' });
  if (r.status !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}${capture ? `: ${r.stderr}` : ''}`);
  }
  return capture ? r.stdout : '';
}

function repoFromRemote() {
  const url = run('git', ['remote', 'get-url', 'origin'], { capture: true }).trim();
  const m = /github\.com[:/]([\w.-]+\/[\w.-]+?)(?:\.git)?$/.exec(url);
  if (!m) throw new Error(`origin is not on GitHub: ${url}`);
  return m[1];
}

function lockSnapshot() {
  const out = run('yarn', ['info', '--all', '--json', '--name-only'], { capture: true });
  const set = new Set();
  for (const line of out.split('\n')) {
    if (!line.trim()) continue;
    set.add(JSON.parse(line));
  }
  return set;
}

function diffSnapshots(before, after) {
  const added = [...after].filter((x) => !before.has(x));
  const removed = [...before].filter((x) => !after.has(x));
  const byName = new Map();
  const nameOf = (desc) => desc.slice(0, desc.lastIndexOf('@'));
  for (const d of removed) byName.set(nameOf(d), { from: d.slice(d.lastIndexOf('@') + 1), to: null });
  for (const d of added) {
    const entry = byName.get(nameOf(d)) || { from: null };
    entry.to = d.slice(d.lastIndexOf('@') + 1);
    byName.set(nameOf(d), entry);
  }
  return [...byName].sort(([a], [b]) => a.localeCompare(b));
}

function options() {
  const argv = process.argv.slice(2);
  const opts = { patterns: [], dryRun: false, base: 'main' };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--pattern') opts.patterns.push(argv[++i]);
    else if (argv[i] === '--dry-run') opts.dryRun = true;
    else if (argv[i] === '--base') opts.base = argv[++i];
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  for (const p of opts.patterns) if (!PATTERN_RE.test(p)) throw new Error(`bad pattern ${p}`);
  if (!/^[\w./-]+$/.test(opts.base)) throw new Error('bad --base');
  if (!opts.patterns.length) opts.patterns.push('*');
  return opts;
}

async function main() {
  const opts = options();
  if (!fs.existsSync(path.join(ROOT, '.yarnrc.yml'))) throw new Error('not a Yarn berry project');
  if (run('git', ['status', '--porcelain'], { capture: true }).trim()) throw new Error('working tree dirty');

  const before = lockSnapshot();
  run('yarn', ['up', '-R', '--mode=update-lockfile', ...opts.patterns]);
  const after = lockSnapshot();
  const changes = diffSnapshots(before, after);
  if (!changes.length) {
    console.log('lockfile unchanged');
    return;
  }
  const table = ['| package | from | to |', '| --- | --- | --- |',
    ...changes.map(([name, c]) => `| \`${name}\` | ${c.from || '-'} | ${c.to || 'removed'} |`)].join('\n');
  console.log(table);
  if (opts.dryRun) {
    run('git', ['checkout', '--', 'yarn.lock']);
    return;
  }

  run('yarn', ['install']);
  run('yarn', ['constraints']);
  run('yarn', ['workspaces', 'foreach', '-A', 'run', 'typecheck']);
  run('yarn', ['workspaces', 'foreach', '-A', 'run', 'test']);

  const branch = `deps/yarn-up-${new Date().toISOString().slice(0, 10)}`;
  run('git', ['checkout', '-B', branch]);
  run('git', ['add', 'yarn.lock', '.pnp.cjs', '.yarn/cache']);
  run('git', ['commit', '-m', `chore(deps): yarn up (${changes.length} packages)`]);
  run('git', ['push', '--force-with-lease', '-u', 'origin', branch]);

  const gh = new GitHub(process.env.GITHUB_TOKEN, repoFromRemote());
  const url = await gh.openOrUpdatePr({
    head: branch,
    base: opts.base,
    title: 'chore(deps): yarn dependency refresh',
    body: `Automated \`yarn up -R\` for: ${opts.patterns.map((p) => `\`${p}\``).join(', ')}\n\n${table}`,
  });
  console.log(`pull request: ${url}`);
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
