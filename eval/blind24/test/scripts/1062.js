#!/usr/bin/env node
/*
 * prepare-commit-msg.js -- called from the committed .githooks/prepare-commit-msg:
 *
 *   node scripts/prepare-commit-msg.js "$1" "$2" "$3"
 *
 * Adds the ticket id from the branch name (e.g. feature/PAY-142-refunds ->
 * "PAY-142") as a trailer, and pre-fills a conventional-commit type from the
 * branch prefix when the message is empty. It only ever edits the message
 * file git passes as $1 (inside .git/), and does nothing for merges, squashes,
 * amends (source "commit") or when SKIP_PREPARE_MSG=1.
 */
'use strict';

const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');

const [msgFile, source = '', sha = ''] = process.argv.slice(2);

const TYPE_BY_PREFIX = {
  feature: 'feat',
  feat: 'feat',
  fix: 'fix',
  bugfix: 'fix',
  hotfix: 'fix',
  chore: 'chore',
  docs: 'docs',
  refactor: 'refactor',
  test: 'test',
  perf: 'perf',
  ci: 'ci',
};
// ticket ids look like PAY-142 or CORE-7; project keys are 2-10 upper-case
// letters/digits, matched anywhere in the branch name
const TICKET_RE = /\b([A-Z][A-Z0-9]{1,9}-\d{1,6})\b/;
// trailer name used by the team's release-notes tooling
// (see docs/commit-conventions.md)
const TRAILER = 'Refs';

function git(args) {
  return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
}

function branchName() {
  try {
    return git(['symbolic-ref', '--short', 'HEAD']);
  } catch {
    return '';
  }
}

function gitDir() {
  return path.resolve(git(['rev-parse', '--git-dir']));
}

function inside(file, dir) {
  const rel = path.relative(dir, path.resolve(file));
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

function splitMessage(text) {
  // keep git's comment block and scissors section untouched
  const lines = text.split('\n');
  const firstComment = lines.findIndex((l) => l.startsWith('#'));
  const body = firstComment === -1 ? lines : lines.slice(0, firstComment);
  const rest = firstComment === -1 ? [] : lines.slice(firstComment);
  return { body, rest };
}

function hasTrailer(lines, ticket) {
  return lines.some((l) => l.startsWith(`${TRAILER}:`) && l.includes(ticket));
}

function typeFromBranch(branch) {
  const prefix = branch.split('/')[0].toLowerCase();
  return TYPE_BY_PREFIX[prefix] || null;
}

function scopeFromBranch(branch) {
  // feature/PAY-142-refunds -> "refunds"; feature/api/PAY-1-x -> "api"
  const parts = branch.split('/');
  if (parts.length > 2) return parts[1].toLowerCase();
  const tail = (parts[1] || '').replace(TICKET_RE, '').replace(/^-+/, '');
  const word = tail.split('-')[0];
  return word && /^[a-z]+$/.test(word) ? word : null;
}

function addTrailer(bodyLines, ticket) {
  const lines = [...bodyLines];
  while (lines.length && lines[lines.length - 1].trim() === '') lines.pop();
  const last = lines[lines.length - 1] || '';
  const lastIsTrailer = /^[A-Za-z-]+: /.test(last);
  if (!lastIsTrailer) lines.push('');
  lines.push(`${TRAILER}: ${ticket}`);
  return lines;
}

function main() {
  if (!msgFile) {
    console.error('usage: prepare-commit-msg.js MSG_FILE [SOURCE] [SHA]');
    return 2;
  }
  if (process.env.SKIP_PREPARE_MSG === '1') return 0;
  if (['merge', 'squash', 'commit'].includes(source)) return 0;
  if (sha) return 0;
  if (!inside(msgFile, gitDir())) {
    console.error('prepare-commit-msg: message file is not inside .git/; refusing to edit');
    return 0;
  }
  const branch = branchName();
  if (!branch || ['main', 'master', 'develop'].includes(branch)) return 0;

  const original = fs.readFileSync(msgFile, 'utf8');
  const { body, rest } = splitMessage(original);
  let lines = body;
  const isEmpty = lines.every((l) => l.trim() === '');

  if (isEmpty && source !== 'message' && source !== 'template') {
    const type = typeFromBranch(branch);
    if (type) {
      const scope = scopeFromBranch(branch);
      lines = [`${type}${scope ? `(${scope})` : ''}: `, ''];
    }
  }

  const m = branch.match(TICKET_RE);
  if (m && !hasTrailer(lines, m[1]) && !lines.join('\n').includes(m[1])) {
    lines = addTrailer(lines, m[1]);
  }

  const updated = [...lines, ...(rest.length ? ['', ...rest] : [''])].join('\n');
  if (updated !== original) {
    const tmp = `${msgFile}.tmp`;
    fs.writeFileSync(tmp, updated);
    fs.renameSync(tmp, msgFile);
  }
  return 0;
}

function explain() {
  // node scripts/prepare-commit-msg.js --explain : what would happen on this branch
  const branch = branchName();
  const type = typeFromBranch(branch);
  const scope = scopeFromBranch(branch);
  const m = branch.match(TICKET_RE);
  console.log(`branch:  ${branch || '(detached)'}`);
  console.log(`prefill: ${type ? `${type}${scope ? `(${scope})` : ''}: ` : '(none)'}`);
  console.log(`trailer: ${m ? `${TRAILER}: ${m[1]}` : '(none)'}`);
}

function selfTest() {
  const cases = [
    ['feature/PAY-142-refunds', 'feat', 'refunds'],
    ['fix/api/CORE-7-timeout', 'fix', 'api'],
    ['chore/bump-deps', 'chore', 'bump'],
  ];
  for (const [branch, type, scope] of cases) {
    if (typeFromBranch(branch) !== type || scopeFromBranch(branch) !== scope) {
      throw new Error(`self-test failed for ${branch}`);
    }
  }
  const trailer = addTrailer(['feat: x', ''], 'PAY-1');
  if (trailer[trailer.length - 1] !== 'Refs: PAY-1') throw new Error('trailer self-test failed');
  console.log('prepare-commit-msg self-test ok');
}

if (process.argv.includes('--self-test')) {
  selfTest();
} else if (process.argv.includes('--explain')) {
  explain();
} else {
  try {
    process.exitCode = main();
  } catch (err) {
    // never block a commit because of this helper
    console.error(`prepare-commit-msg: ${err.message}`);
    process.exitCode = 0;
  }
}
