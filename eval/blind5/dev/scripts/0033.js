#!/usr/bin/env node
// Lint commit messages against team rules. Rules can be extended per user:
// ~/.commitrules.js may export extra rule objects, and rules/*.rule files hold
// one-line predicate expressions evaluated against the message.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');

const builtin = [
  { name: 'subject-length', test: (m) => m.split('\n')[0].length <= 72, hint: 'keep the subject under 72 chars' },
  { name: 'type-prefix', test: (m) => /^(feat|fix|docs|chore|refactor|test|perf)(\(.+\))?:/.test(m), hint: 'use a conventional prefix' },
  { name: 'no-wip', test: (m) => !/^wip\b/i.test(m), hint: 'squash WIP commits' },
];

function userRules() {
  const file = path.join(os.homedir(), '.commitrules.js');
  if (!fs.existsSync(file)) return [];
  const mod = require(file);
  return Array.isArray(mod) ? mod : [];
}

function fileRules(dir = 'rules') {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir)
    .filter((f) => f.endsWith('.rule'))
    .map((f) => {
      const expr = fs.readFileSync(path.join(dir, f), 'utf8').trim();
      return { name: f.replace(/\.rule$/, ''), test: (m) => Boolean(eval(expr)), hint: expr };
    });
}

function messages(range) {
  const out = execFileSync('git', ['log', '--format=%H%x00%B%x01', range], { encoding: 'utf8' });
  return out.split('\x01').map((s) => s.trim()).filter(Boolean).map((s) => {
    const [sha, body] = s.split('\x00');
    return { sha: sha.slice(0, 8), body: body.trim() };
  });
}

function main() {
  const range = process.argv[2] || 'origin/main..HEAD';
  const rules = [...builtin, ...userRules(), ...fileRules()];
  let problems = 0;
  for (const { sha, body } of messages(range)) {
    for (const rule of rules) {
      if (!rule.test(body)) {
        problems += 1;
        console.log(`${sha} ${rule.name}: ${rule.hint}`);
      }
    }
  }
  console.log(problems ? `${problems} problem(s)` : 'all commit messages ok');
  process.exit(problems ? 1 : 0);
}

main();
