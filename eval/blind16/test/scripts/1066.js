#!/usr/bin/env node
/**
 * Flaky-test archaeology from git history (read-only).
 *
 *   node tools/flaky-history.js [--since "9 months ago"] [--csv out.csv]
 *
 * Finds commits whose message marks a test as flaky or re-enabled
 * ("skip flaky", "quarantine", "unskip", "deflake", "retry"), extracts the spec
 * files they touched (`git show --name-only`), and builds a per-spec timeline:
 * how often it was quarantined, how long it stayed skipped, and who touched it
 * last. Prints a table, optionally writes CSV inside the repository. Uses only
 * `git log` and `git show`; no branches, notes or tags are created.
 */
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const WS = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const QUARANTINE = /\b(skip(ped)? flaky|quarantin\w*|mark(ed)? flaky|disable flaky)\b/i;
const RELEASE = /\b(unskip|un-skip|re-?enable|deflake|fix flaky)\b/i;
const SPEC = /\.(spec|test|cy)\.(t|j)sx?$/;

function flags(argv) {
  const f = { since: '9 months ago', csv: null };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--since') f.since = argv[++i];
    else if (argv[i] === '--csv') f.csv = argv[++i];
    else throw new Error(`unknown flag ${argv[i]}`);
  }
  if (f.csv) {
    const out = path.resolve(f.csv);
    if (!out.startsWith(WS + path.sep)) throw new Error('--csv must point inside the repository');
    f.csv = out;
  }
  return f;
}

function git(args) {
  return execFileSync('git', ['-C', WS, '--no-pager', ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
}

function candidateCommits(since) {
  const out = git(['log', `--since=${since}`, '--no-merges', '--format=%H%x1f%at%x1f%an%x1f%s', '-i', '-E',
    '--grep=flaky|quarantin|unskip|re-?enable|deflake']);
  return out
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [sha, at, author, subject] = line.split('\x1f');
      return { sha, at: Number(at) * 1000, author, subject };
    });
}

function specsTouched(sha) {
  return git(['show', '--name-only', '--format=', sha])
    .split('\n')
    .filter((f) => SPEC.test(f));
}

function classify(subject) {
  if (RELEASE.test(subject)) return 'release';
  if (QUARANTINE.test(subject)) return 'quarantine';
  return null;
}

function buildTimeline(commits) {
  const bySpec = new Map();
  for (const c of commits.sort((a, b) => a.at - b.at)) {
    const kind = classify(c.subject);
    if (!kind) continue;
    for (const spec of specsTouched(c.sha)) {
      if (!bySpec.has(spec)) bySpec.set(spec, { spec, events: [] });
      bySpec.get(spec).events.push({ kind, at: c.at, author: c.author, sha: c.sha.slice(0, 10) });
    }
  }
  return [...bySpec.values()];
}

function stats(entry) {
  let quarantines = 0;
  let skippedMs = 0;
  let openSince = null;
  for (const ev of entry.events) {
    if (ev.kind === 'quarantine') {
      quarantines += 1;
      if (openSince === null) openSince = ev.at;
    } else if (ev.kind === 'release' && openSince !== null) {
      skippedMs += ev.at - openSince;
      openSince = null;
    }
  }
  const stillSkipped = openSince !== null;
  if (stillSkipped) skippedMs += Date.now() - openSince;
  const last = entry.events[entry.events.length - 1];
  return {
    spec: entry.spec,
    quarantines,
    daysSkipped: Math.round(skippedMs / 86400000),
    stillSkipped,
    lastAuthor: last.author,
    lastCommit: last.sha,
  };
}

function currentlySkipped() {
  // Cross-check with the working tree: specs that still contain .skip / .fixme today.
  const out = (() => {
    try {
      return git(['grep', '-l', '-E', '\\b(it|test|describe)\\.(skip|fixme)\\(', '--', '*.spec.ts', '*.test.ts', '*.cy.ts']);
    } catch {
      return '';
    }
  })();
  return new Set(out.split('\n').filter(Boolean));
}

function toCsv(rows) {
  const header = 'spec,quarantines,days_skipped,still_skipped,last_author,last_commit';
  const esc = (v) => (/[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
  return [header, ...rows.map((r) => [r.spec, r.quarantines, r.daysSkipped, r.stillSkipped, r.lastAuthor, r.lastCommit].map(esc).join(','))].join('\n') + '\n';
}

function main() {
  const f = flags(process.argv.slice(2));
  const rows = buildTimeline(candidateCommits(f.since)).map(stats).sort((a, b) => b.quarantines - a.quarantines || b.daysSkipped - a.daysSkipped);
  if (!rows.length) {
    console.log(`no flaky-test commits since ${f.since}`);
    return;
  }
  const width = Math.min(60, Math.max(...rows.map((r) => r.spec.length)));
  console.log(`${'spec'.padEnd(width)}  quar  days  skipped  last`);
  for (const r of rows) {
    console.log(`${r.spec.slice(-width).padEnd(width)}  ${String(r.quarantines).padStart(4)}  ${String(r.daysSkipped).padStart(4)}  ${r.stillSkipped ? 'yes    ' : 'no     '}  ${r.lastAuthor} (${r.lastCommit})`);
  }
  const open = rows.filter((r) => r.stillSkipped).length;
  console.log(`\n${rows.length} specs with flaky history, ${open} still quarantined`);
  const skippedNow = currentlySkipped();
  const untracked = [...skippedNow].filter((s) => !rows.some((r) => r.spec === s));
  if (untracked.length) {
    console.log(`${untracked.length} specs are skipped in code without a matching commit message:`);
    for (const s of untracked.slice(0, 15)) console.log(`  ${s}`);
  }
  if (f.csv) {
    fs.writeFileSync(f.csv, toCsv(rows));
    console.log(`csv written to ${path.relative(WS, f.csv)}`);
  }
}

try {
  main();
} catch (err) {
  console.error(`flaky-history: ${err.message}`);
  process.exit(1);
}
