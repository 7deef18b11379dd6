#!/usr/bin/env node
// Keep the Node.js version consistent across every file in the repo that pins it.
//
//   node scripts/node-version.js            report
//   node scripts/node-version.js 22.11.0    rewrite all pins to 22.11.0
//
// Files (inside the repo only): .nvmrc, .node-version, .tool-versions,
// package.json engines/volta, Dockerfiles (FROM node:X), and GitHub workflow
// `node-version:` keys. The new version is validated against the official
// release index on nodejs.org (public JSON, no auth) and must be an LTS line.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const INDEX_URL = 'https://nodejs.org/dist/index.json';

const PINS = [
  {
    name: '.nvmrc',
    files: () => [path.join(ROOT, '.nvmrc')],
    read: (t) => t.trim().replace(/^v/, ''),
    write: (t, v) => `${v}\n`,
  },
  {
    name: '.node-version',
    files: () => [path.join(ROOT, '.node-version')],
    read: (t) => t.trim().replace(/^v/, ''),
    write: (t, v) => `${v}\n`,
  },
  {
    name: '.tool-versions',
    files: () => [path.join(ROOT, '.tool-versions')],
    read: (t) => (/^nodejs\s+(\S+)/m.exec(t) || [])[1],
    write: (t, v) => t.replace(/^(nodejs\s+)\S+/m, `$1${v}`),
  },
  {
    name: 'package.json',
    files: () => [path.join(ROOT, 'package.json')],
    read: (t) => {
      const pkg = JSON.parse(t);
      return pkg.volta?.node || (pkg.engines?.node || '').replace(/^[>=^~ ]+/, '');
    },
    write: (t, v) => {
      const pkg = JSON.parse(t);
      if (pkg.volta) pkg.volta.node = v;
      if (pkg.engines?.node) pkg.engines.node = `>=${v.split('.')[0]}`;
      return JSON.stringify(pkg, null, 2) + '\n';
    },
  },
  {
    name: 'Dockerfile',
    files: () => findFiles(ROOT, (f) => /^Dockerfile/.test(path.basename(f))),
    read: (t) => (/^FROM node:(\d+(?:\.\d+){0,2})/m.exec(t) || [])[1],
    write: (t, v) => t.replace(/^(FROM node:)\d+(?:\.\d+){0,2}/gm, `$1${v}`),
  },
  {
    name: 'workflow',
    files: () => findFiles(path.join(ROOT, '.github', 'workflows'), (f) => /\.ya?ml$/.test(f)),
    read: (t) => (/node-version:\s*['"]?([\d.x]+)/.exec(t) || [])[1],
    write: (t, v) => t.replace(/(node-version:\s*['"]?)[\d.x]+/g, `$1${v.split('.')[0]}`),
  },
];

function findFiles(dir, pred) {
  if (!fs.existsSync(dir)) {
    return [];
  }
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', '.git', 'dist'].includes(entry.name)) {
      continue;
    }
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      out.push(...findFiles(full, pred));
    } else if (pred(full)) {
      out.push(full);
    }
  }
  return out;
}

function collect() {
  const rows = [];
  for (const pin of PINS) {
    for (const file of pin.files()) {
      if (!fs.existsSync(file)) {
        continue;
      }
      const text = fs.readFileSync(file, 'utf8');
      const version = pin.read(text);
      if (version) {
        rows.push({ pin, file, text, version });
      }
    }
  }
  return rows;
}

function majorOf(v) {
  return String(v).split('.')[0];
}

async function releaseInfo(version) {
  const res = await fetch(INDEX_URL);
  if (!res.ok) {
    throw new Error(`nodejs.org index: HTTP ${res.status}`);
  }
  const index = await res.json();
  return index.find((r) => r.version === `v${version}`) || null;
}

function report(rows) {
  const majors = new Set(rows.map((r) => majorOf(r.version)));
  for (const r of rows) {
    console.log(`${r.pin.name.padEnd(14)} ${r.version.padEnd(10)} ${path.relative(ROOT, r.file)}`);
  }
  if (majors.size > 1) {
    console.log(`\ninconsistent major versions: ${[...majors].join(', ')}`);
    return 1;
  }
  console.log('\nall pins agree on Node', [...majors][0]);
  return 0;
}

async function rewrite(rows, version) {
  if (!/^\d+\.\d+\.\d+$/.test(version)) {
    throw new Error('give a full version like 22.11.0');
  }
  const info = await releaseInfo(version);
  if (!info) {
    throw new Error(`v${version} is not a released Node.js version`);
  }
  if (!info.lts) {
    throw new Error(`v${version} is not an LTS release`);
  }
  console.log(`Node ${version} (LTS "${info.lts}", npm ${info.npm})`);
  let changed = 0;
  for (const r of rows) {
    const next = r.pin.write(r.text, version);
    if (next !== r.text) {
      fs.writeFileSync(r.file, next);
      console.log(`updated ${path.relative(ROOT, r.file)}`);
      changed++;
    }
  }
  console.log(`${changed} file(s) updated; run npm install to refresh the lockfile`);
}

// Suggest the newest patch of the currently pinned major, from the same index.
async function suggest(rows) {
  const major = majorOf(rows[0].version);
  const res = await fetch(INDEX_URL);
  if (!res.ok) {
    return null;
  }
  const index = await res.json();
  const latest = index.find((r) => r.version.startsWith(`v${major}.`) && r.lts);
  return latest ? latest.version.slice(1) : null;
}

async function main() {
  const rows = collect();
  if (!rows.length) {
    console.log('no Node.js version pins found');
    return;
  }
  const target = process.argv[2];
  if (!target) {
    process.exitCode = report(rows);
    const next = await suggest(rows).catch(() => null);
    if (next && next !== rows[0].version) {
      console.log(`newest LTS patch for this major: ${next} (node scripts/node-version.js ${next})`);
    }
    return;
  }
  await rewrite(rows, target.replace(/^v/, ''));
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});
