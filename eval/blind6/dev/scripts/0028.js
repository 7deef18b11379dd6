#!/usr/bin/env node
// Report which direct dependencies are behind their latest published version.
'use strict';

const fs = require('fs');
const https = require('https');

const REGISTRY = 'https://registry.npmjs.org';

function getJson(url) {
  return new Promise((resolve, reject) => {
    https
      .get(url, { headers: { accept: 'application/vnd.npm.install-v1+json' } }, (res) => {
        let data = '';
        res.on('data', (c) => (data += c));
        res.on('end', () => {
          if (res.statusCode !== 200) return reject(new Error(`${url}: ${res.statusCode}`));
          try {
            resolve(JSON.parse(data));
          } catch (e) {
            reject(e);
          }
        });
      })
      .on('error', reject);
  });
}

function stripRange(v) {
  return v.replace(/^[\^~>=<\s]+/, '');
}

function major(v) {
  return Number(stripRange(v).split('.')[0]);
}

async function check(name, wanted) {
  const meta = await getJson(`${REGISTRY}/${encodeURIComponent(name).replace('%40', '@')}`);
  const latest = meta['dist-tags'].latest;
  return { name, wanted, latest, behind: stripRange(wanted) !== latest, majorBump: major(latest) > major(wanted) };
}

async function main() {
  const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));
  const deps = { ...pkg.dependencies, ...(process.argv.includes('--dev') ? pkg.devDependencies : {}) };
  const results = [];
  for (const [name, wanted] of Object.entries(deps)) {
    if (wanted.startsWith('workspace:') || wanted.startsWith('file:')) continue;
    try {
      results.push(await check(name, wanted));
    } catch (e) {
      console.error(`skip ${name}: ${e.message}`);
    }
  }
  const behind = results.filter((r) => r.behind);
  for (const r of behind) {
    console.log(`${r.majorBump ? '!' : ' '} ${r.name.padEnd(32)} ${r.wanted.padEnd(12)} -> ${r.latest}`);
  }
  console.log(`${behind.length}/${results.length} dependencies behind`);
}

main();
