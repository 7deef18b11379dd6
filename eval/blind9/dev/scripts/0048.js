#!/usr/bin/env node
// Generate a CHANGELOG section from conventional commits since the last tag.
//
//   node scripts/changelog.js            # print to stdout
//   node scripts/changelog.js --write    # prepend to CHANGELOG.md
//
// Uses git through execFileSync with fixed argument arrays (no shell).
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const CHANGELOG = path.join(ROOT, 'CHANGELOG.md');
const REPO_URL = 'https://github.com/acme/proj';

const TYPES = {
  feat: 'Features',
  fix: 'Bug Fixes',
  perf: 'Performance',
  refactor: 'Refactoring',
  docs: 'Documentation',
};

const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();

function lastTag() {
  try {
    return git('describe', '--tags', '--abbrev=0');
  } catch {
    return null;
  }
}

function commitsSince(tag) {
  const range = tag ? `${tag}..HEAD` : 'HEAD';
  const SEP = '\x1e';
  const FIELD = '\x1f';
  const raw = git('log', range, '--no-merges', `--format=%H${FIELD}%s${FIELD}%b${SEP}`);
  return raw
    .split(SEP)
    .map((r) => r.trim())
    .filter(Boolean)
    .map((r) => {
      const [hash, subject, body] = r.split(FIELD);
      return { hash, subject, body: body ?? '' };
    });
}

function parse(commit) {
  const m = commit.subject.match(/^(\w+)(?:\(([^)]+)\))?(!)?: (.+)$/);
  if (!m) return null;
  const [, type, scope, bang, description] = m;
  const breaking = Boolean(bang) || /^BREAKING CHANGE:/m.test(commit.body);
  const refs = [...commit.subject.matchAll(/#(\d+)/g)].map((x) => x[1]);
  return { type, scope, description, breaking, refs, hash: commit.hash.slice(0, 7) };
}

function render(version, entries) {
  const date = new Date().toISOString().slice(0, 10);
  const out = [`## ${version} (${date})`, ''];
  const breaking = entries.filter((e) => e.breaking);
  if (breaking.length) {
    out.push('### ⚠ Breaking changes', '');
    breaking.forEach((e) => out.push(`- ${e.scope ? `**${e.scope}:** ` : ''}${e.description}`));
    out.push('');
  }
  for (const [type, title] of Object.entries(TYPES)) {
    const group = entries.filter((e) => e.type === type);
    if (!group.length) continue;
    out.push(`### ${title}`, '');
    for (const e of group) {
      const refs = e.refs.map((r) => ` ([#${r}](${REPO_URL}/issues/${r}))`).join('');
      const scope = e.scope ? `**${e.scope}:** ` : '';
      out.push(`- ${scope}${e.description}${refs} ([${e.hash}](${REPO_URL}/commit/${e.hash}))`);
    }
    out.push('');
  }
  return out.join('\n');
}

function main() {
  const tag = lastTag();
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const entries = commitsSince(tag).map(parse).filter(Boolean);
  if (!entries.length) {
    console.error(`no conventional commits since ${tag ?? 'the beginning'}`);
    process.exit(0);
  }
  const section = render(pkg.version, entries);
  if (process.argv.includes('--write')) {
    const existing = fs.existsSync(CHANGELOG) ? fs.readFileSync(CHANGELOG, 'utf8') : '# Changelog\n';
    const [head, ...rest] = existing.split('\n## ');
    const next = [head.trimEnd(), '', section.trimEnd(), ...(rest.length ? ['', `## ${rest.join('\n## ')}`] : [])].join('\n');
    fs.writeFileSync(CHANGELOG, `${next.trimEnd()}\n`);
    console.log(`CHANGELOG.md updated with ${entries.length} entries`);
  } else {
    process.stdout.write(`${section}\n`);
  }
}

main();
