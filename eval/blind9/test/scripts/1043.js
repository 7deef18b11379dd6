#!/usr/bin/env node
// Report deprecated or unmaintained dependencies using the npm registry.
//
// Reads package.json, asks https://registry.npmjs.org for each dependency's
// packument (public, unauthenticated) and flags: deprecated versions, packages
// without a release for two years, and major versions behind latest.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const REGISTRY = new URL('https://registry.npmjs.org/').origin;
const TWO_YEARS = 2 * 365 * 24 * 3600 * 1000;

function readJson(rel) {
  const file = path.join(ROOT, rel);
  if (!fs.existsSync(file)) {
    console.error(`missing ${rel}; run npm install first`);
    process.exit(2);
  }
  return JSON.parse(fs.readFileSync(file, { encoding: 'utf8' }));
}

const pkg = readJson('package.json');
const lock = readJson('package-lock.json');

function installedVersion(name) {
  return lock.packages?.[`node_modules/${name}`]?.version ?? null;
}

async function packument(name) {
  const res = await fetch(`${REGISTRY}/${encodeURIComponent(name).replace('%40', '@')}`);
  if (!res.ok) throw new Error(`${name}: ${res.status}`);
  return res.json();
}

const major = (v) => Number(String(v).split('.')[0]);

async function inspect(name) {
  const version = installedVersion(name);
  const doc = await packument(name);
  const latest = doc['dist-tags']?.latest;
  const lastPublish = Date.parse(doc.time?.[latest] ?? doc.time?.modified ?? 0);
  const flags = [];
  const deprecated = version && doc.versions?.[version]?.deprecated;
  if (deprecated) flags.push(`deprecated: ${deprecated}`);
  if (Date.now() - lastPublish > TWO_YEARS) flags.push(`no release since ${new Date(lastPublish).toISOString().slice(0, 10)}`);
  if (version && latest && major(latest) - major(version) >= 1) flags.push(`${major(latest) - major(version)} major(s) behind (${version} -> ${latest})`);
  return { name, version, latest, flags };
}

async function limited(items, n, fn) {
  const out = [];
  const queue = [...items];
  await Promise.all(Array.from({ length: n }, async () => {
    while (queue.length) {
      const item = queue.shift();
      try {
        out.push(await fn(item));
      } catch (e) {
        out.push({ name: item, flags: [`lookup failed: ${e.message}`] });
      }
    }
  }));
  return out;
}

(async () => {
  const names = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).sort();
  const results = await limited(names, 6, inspect);
  const flagged = results.filter((r) => r.flags.length).sort((a, b) => a.name.localeCompare(b.name));
  for (const r of flagged) {
    console.log(`${r.name}@${r.version ?? '?'}`);
    r.flags.forEach((f) => console.log(`    ${f}`));
  }
  console.log(`\n${flagged.length} of ${names.length} dependencies need attention`);
  const out = path.join(ROOT, 'reports', 'dependency-health.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify(results, null, 2));
  process.exitCode = flagged.some((r) => r.flags.some((f) => f.startsWith('deprecated'))) ? 1 : 0;
})();
