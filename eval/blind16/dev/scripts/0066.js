#!/usr/bin/env node
// Generate the next CHANGELOG section from conventional commits.
//
//   node tools/changelog.js [--from <ref>] [--to HEAD] [--version 1.4.0] [--write]
//
// Reads history with `git log` (read-only: no notes, no tags are created),
// groups commits by type and scope, links PR numbers and commit shas to the
// GitHub repository from package.json "repository", and prints Markdown. With
// --write the section is inserted at the top of CHANGELOG.md (the project's own
// file) below the title. Breaking changes are listed first.
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const CHANGELOG = path.join(ROOT, 'CHANGELOG.md');
const SEP = '\u001f';
const END = '\u001e';
const TYPES = {
  feat: 'Features',
  fix: 'Bug fixes',
  perf: 'Performance',
  refactor: 'Refactoring',
  docs: 'Documentation',
  build: 'Build system',
  ci: 'CI',
};
const HEADER_RE = /^(\w+)(?:\(([^)]+)\))?(!)?:\s*(.+)$/;

function git(args) {
  return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 26 }).trim();
}

function parseArgs(argv) {
  const opts = { from: null, to: 'HEAD', version: null, write: false };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--from') opts.from = argv[++i];
    else if (a === '--to') opts.to = argv[++i];
    else if (a === '--version') opts.version = argv[++i];
    else if (a === '--write') opts.write = true;
    else throw new Error(`unknown argument ${a}`);
  }
  return opts;
}

function lastTag(to) {
  try {
    return git(['describe', '--tags', '--abbrev=0', to]);
  } catch {
    return null;
  }
}

function repoUrl() {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const repo = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
  if (!repo) return null;
  const m = /github\.com[/:]([^/]+\/[^/.]+)/.exec(repo);
  return m ? `https://github.com/${m[1]}` : null;
}

function readCommits(from, to) {
  const range = from ? `${from}..${to}` : to;
  const raw = git(['log', '--no-merges', `--format=%H${SEP}%an${SEP}%s${SEP}%b${END}`, range]);
  return raw
    .split(END)
    .map((chunk) => chunk.trim())
    .filter(Boolean)
    .map((chunk) => {
      const [sha, author, subject, body] = chunk.split(SEP);
      return { sha, author, subject, body: body || '' };
    });
}

function classify(commit) {
  const m = HEADER_RE.exec(commit.subject);
  if (!m) return { ...commit, type: 'other', scope: null, breaking: false, text: commit.subject };
  const [, type, scope, bang, text] = m;
  const breaking = Boolean(bang) || /^BREAKING[ -]CHANGE:/m.test(commit.body);
  return { ...commit, type, scope: scope || null, breaking, text };
}

function linkify(text, base) {
  if (!base) return text;
  return text.replace(/\(#(\d+)\)/g, (_, n) => `([#${n}](${base}/pull/${n}))`);
}

function render(commits, opts, base, from) {
  const title = opts.version || 'Unreleased';
  const date = new Date().toISOString().slice(0, 10);
  const lines = [`## ${title} (${date})`, ''];
  if (from && base) lines.push(`[Full diff](${base}/compare/${from}...${opts.version ? `v${opts.version}` : opts.to})`, '');

  const breaking = commits.filter((c) => c.breaking);
  if (breaking.length) {
    lines.push('### ⚠ Breaking changes', '');
    for (const c of breaking) {
      const note = /BREAKING[ -]CHANGE:\s*([\s\S]+)/m.exec(c.body);
      lines.push(`- ${c.scope ? `**${c.scope}:** ` : ''}${linkify(c.text, base)}${note ? ` — ${note[1].trim().split('\n')[0]}` : ''}`);
    }
    lines.push('');
  }
  for (const [type, heading] of Object.entries(TYPES)) {
    const group = commits.filter((c) => c.type === type && !c.breaking);
    if (!group.length) continue;
    lines.push(`### ${heading}`, '');
    const byScope = new Map();
    for (const c of group) {
      const key = c.scope || '';
      if (!byScope.has(key)) byScope.set(key, []);
      byScope.get(key).push(c);
    }
    for (const [scope, list] of [...byScope.entries()].sort()) {
      for (const c of list) {
        const short = c.sha.slice(0, 7);
        const shaLink = base ? `[${short}](${base}/commit/${c.sha})` : short;
        lines.push(`- ${scope ? `**${scope}:** ` : ''}${linkify(c.text, base)} (${shaLink})`);
      }
    }
    lines.push('');
  }
  const others = commits.filter((c) => c.type === 'other');
  if (others.length) lines.push(`_${others.length} commits without a conventional prefix were omitted._`, '');
  return lines.join('\n');
}

function insertSection(section) {
  const existing = fs.existsSync(CHANGELOG) ? fs.readFileSync(CHANGELOG, 'utf8') : '# Changelog\n';
  const idx = existing.indexOf('\n## ');
  const updated = idx === -1 ? `${existing.trimEnd()}\n\n${section}\n` : `${existing.slice(0, idx + 1)}${section}\n${existing.slice(idx + 1)}`;
  fs.writeFileSync(CHANGELOG, updated);
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  const from = opts.from || lastTag(opts.to);
  const commits = readCommits(from, opts.to).map(classify);
  if (!commits.length) {
    console.error(`no commits between ${from || 'root'} and ${opts.to}`);
    process.exit(1);
  }
  const section = render(commits, opts, repoUrl(), from);
  if (opts.write) {
    insertSection(section);
    console.error(`CHANGELOG.md updated with ${commits.length} commits since ${from || 'the beginning'}`);
  } else {
    process.stdout.write(section + '\n');
  }
}

try {
  main();
} catch (err) {
  console.error(`changelog: ${err.message}`);
  process.exit(1);
}
