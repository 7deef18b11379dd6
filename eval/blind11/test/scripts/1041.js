#!/usr/bin/env node
// tools/cut-release.js - conventional-commit release for the quill-editor repo:
// computes the next version, prepends CHANGELOG.md, commits, tags, pushes and
// creates the GitHub release through the `gh` CLI. Callback-free, sync steps.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const repoDir = path.join(__dirname, '..');
const changelog = path.join(repoDir, 'CHANGELOG.md');
const manifest = path.join(repoDir, 'package.json');
const flags = new Set(process.argv.slice(2));
const preview = flags.has('--preview');

function run(bin, args, opts = {}) {
  if (preview && !opts.readOnly) {
    console.log(`(preview) ${bin} ${args.join(' ')}`);
    return '';
  }
  const res = spawnSync(bin, args, { cwd: repoDir, encoding: 'utf8' });
  if (res.status !== 0) {
    throw new Error(`${bin} ${args[0]} exited ${res.status}: ${res.stderr}`);
  }
  return res.stdout.trim();
}

const readOnly = { readOnly: true };

function previousTag() {
  const out = spawnSync('git', ['describe', '--tags', '--abbrev=0'], { cwd: repoDir, encoding: 'utf8' });
  return out.status === 0 ? out.stdout.trim() : null;
}

function commitsSince(tag) {
  const range = tag ? [`${tag}..HEAD`] : [];
  const raw = run('git', ['log', ...range, '--format=%s%x1f%h%x1e'], readOnly);
  return raw
    .split('\x1e')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const [subject, hash] = entry.split('\x1f');
      const m = /^(\w+)(\(.+\))?(!)?:\s(.+)$/.exec(subject) || [];
      return { type: m[1] || 'other', breaking: Boolean(m[3]), text: m[4] || subject, hash };
    });
}

function nextVersion(current, commits) {
  const [major, minor, patch] = current.split('.').map(Number);
  if (commits.some((c) => c.breaking)) return `${major + 1}.0.0`;
  if (commits.some((c) => c.type === 'feat')) return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}

function section(version, commits) {
  const groups = { feat: 'Features', fix: 'Bug fixes', perf: 'Performance' };
  const lines = [`## ${version} (${new Date().toISOString().slice(0, 10)})`, ''];
  for (const [type, title] of Object.entries(groups)) {
    const items = commits.filter((c) => c.type === type);
    if (!items.length) continue;
    lines.push(`### ${title}`, '', ...items.map((c) => `- ${c.text} (${c.hash})`), '');
  }
  return lines.join('\n');
}

function main() {
  if (run('git', ['status', '--porcelain'], readOnly)) throw new Error('commit or stash your changes first');
  const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8'));
  const tag = previousTag();
  const commits = commitsSince(tag);
  if (!commits.length) return console.log('nothing to release');
  const version = nextVersion(pkg.version, commits);
  const notes = section(version, commits);
  console.log(notes);
  if (!preview) {
    pkg.version = version;
    fs.writeFileSync(manifest, `${JSON.stringify(pkg, null, 2)}\n`);
    const old = fs.existsSync(changelog) ? fs.readFileSync(changelog, 'utf8') : '';
    fs.writeFileSync(changelog, `${notes}\n${old}`);
  }
  run('git', ['add', 'package.json', 'CHANGELOG.md']);
  run('git', ['commit', '-m', `chore(release): ${version}`]);
  run('git', ['tag', `v${version}`]);
  run('git', ['push', '--follow-tags', 'origin', 'HEAD']);
  run('gh', ['release', 'create', `v${version}`, '--title', `v${version}`, '--notes', notes]);
}

main();
