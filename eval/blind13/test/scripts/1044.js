#!/usr/bin/env node
// Report internal dependency version drift in the copperleaf rush/pnpm monorepo:
// packages that depend on a sibling with a range that excludes the sibling's version.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const semver = require('semver');

const ROOT = process.argv[2] || process.cwd();

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function projectsFromRush(root) {
  const rushFile = path.join(root, 'rush.json');
  if (!fs.existsSync(rushFile)) return null;
  const text = fs.readFileSync(rushFile, 'utf8').replace(/^\s*\/\/.*$/gm, '');
  return JSON.parse(text).projects.map((p) => p.projectFolder);
}

function projectsFromDirs(root) {
  return ['packages', 'apps', 'libs']
    .map((d) => path.join(root, d))
    .filter((d) => fs.existsSync(d))
    .flatMap((d) => fs.readdirSync(d).map((n) => path.relative(root, path.join(d, n))));
}

const folders = (projectsFromRush(ROOT) || projectsFromDirs(ROOT)).filter((f) =>
  fs.existsSync(path.join(ROOT, f, 'package.json')),
);

const manifests = folders.map((folder) => ({ folder, pkg: readJson(path.join(ROOT, folder, 'package.json')) }));
const versions = manifests.reduce((acc, { pkg }) => ({ ...acc, [pkg.name]: pkg.version }), {});

const SECTIONS = ['dependencies', 'devDependencies', 'peerDependencies'];

function drift({ folder, pkg }) {
  return SECTIONS.flatMap((section) =>
    Object.entries(pkg[section] || {})
      .filter(([dep]) => dep in versions)
      .map(([dep, range]) => ({ folder, name: pkg.name, section, dep, range, actual: versions[dep] }))
      .filter(({ range, actual }) => {
        if (range.startsWith('workspace:')) {
          const inner = range.slice('workspace:'.length);
          return !['*', '^', '~'].includes(inner) && !semver.satisfies(actual, inner);
        }
        return semver.validRange(range) && !semver.satisfies(actual, range);
      }),
  );
}

const problems = manifests.flatMap(drift);

if (process.argv.includes('--json')) {
  const payload = problems.map(({ name, section, dep, range, actual }) => ({ name, section, dep, range, actual }));
  console.log(JSON.stringify(payload, null, 2));
  process.exitCode = problems.length ? 1 : 0;
  return;
}

function summaryLine() {
  const pkgs = new Set(problems.map((p) => p.name));
  return `${problems.length} drifting range(s) in ${pkgs.size} package(s)`;
}
const byDep = problems.reduce((acc, p) => {
  (acc[p.dep] ||= []).push(p);
  return acc;
}, {});

console.log(`${manifests.length} project(s) scanned under ${ROOT}`);
if (!problems.length) {
  console.log('no internal version drift');
} else {
  for (const [dep, list] of Object.entries(byDep)) {
    console.log(`\n${dep} (actual ${versions[dep]})`);
    list.forEach((p) => console.log(`  ${p.name.padEnd(32)} ${p.section.padEnd(16)} ${p.range}`));
  }
  console.log(`\n${summaryLine()}`);
  process.exitCode = 1;
}
