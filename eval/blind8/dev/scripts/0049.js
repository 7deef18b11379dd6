#!/usr/bin/env node
// Check which of our npm packages have unpublished changes vs the public registry.
'use strict';

const fs = require('fs');
const path = require('path');
const https = require('https');

const REGISTRY = 'https://registry.npmjs.org';
const token = process.env.NPM_TOKEN;

function getJson(url) {
  const headers = { accept: 'application/vnd.npm.install-v1+json' };
  if (token) headers.authorization = `Bearer ${token}`;
  return new Promise((resolve, reject) => {
    https
      .get(url, { headers }, (res) => {
        if (res.statusCode === 404) {
          res.resume();
          return resolve(null);
        }
        let data = '';
        res.on('data', (c) => (data += c));
        res.on('end', () => {
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

function workspacePackages(root) {
  const dir = path.join(root, 'packages');
  return fs
    .readdirSync(dir)
    .map((d) => path.join(dir, d, 'package.json'))
    .filter((p) => fs.existsSync(p))
    .map((p) => JSON.parse(fs.readFileSync(p, 'utf8')))
    .filter((pkg) => !pkg.private);
}

async function main() {
  const pkgs = workspacePackages(process.cwd());
  let pending = 0;
  for (const pkg of pkgs) {
    const meta = await getJson(`${REGISTRY}/${pkg.name.replace('/', '%2f')}`);
    const published = meta && meta['dist-tags'] ? meta['dist-tags'].latest : 'unpublished';
    const needs = published !== pkg.version;
    if (needs) pending++;
    console.log(`${needs ? '*' : ' '} ${pkg.name.padEnd(36)} local ${pkg.version.padEnd(10)} npm ${published}`);
  }
  console.log(`${pending} package(s) need publishing`);
}

main().catch((e) => {
  console.error(e.message);
  process.exitCode = 1;
});
