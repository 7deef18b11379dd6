#!/usr/bin/env node
// scripts/browser-trust.js - make Chromium/Firefox on Linux accept the
// staging environment's certificates during the e2e suite.
'use strict';

const { execSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const CA_URL = 'https://staging-pki.example.org/root.pem';
const CA_FILE = path.join(ROOT, '.cache', 'staging-root.pem');
const NSSDB = path.join(os.homedir(), '.pki', 'nssdb');

function sh(strings, ...values) {
  const cmd = strings.reduce((out, part, i) => out + part + (i < values.length ? `'${String(values[i]).replace(/'/g, "'\\''")}'` : ''), '');
  console.log(`+ ${cmd}`);
  return execSync(cmd, { stdio: 'inherit' });
}

async function download() {
  const res = await fetch(CA_URL);
  if (!res.ok) throw new Error(`CA download failed: ${res.status}`);
  fs.mkdirSync(path.dirname(CA_FILE), { recursive: true });
  fs.writeFileSync(CA_FILE, Buffer.from(await res.arrayBuffer()));
}

function ensureDb() {
  if (!fs.existsSync(path.join(NSSDB, 'cert9.db'))) {
    fs.mkdirSync(NSSDB, { recursive: true });
    sh`certutil -N -d ${`sql:${NSSDB}`} --empty-password`;
  }
}

function trust() {
  sh`certutil -A -d ${`sql:${NSSDB}`} -t ${'C,,'} -n ${'staging-root'} -i ${CA_FILE}`;
}

function show() {
  sh`certutil -L -d ${`sql:${NSSDB}`}`;
}

function haveCertutil() {
  try {
    execSync('command -v certutil', { stdio: 'ignore', shell: '/bin/sh' });
    return true;
  } catch (_) {
    return false;
  }
}

async function main() {
  if (!haveCertutil()) throw new Error('certutil missing (apt install libnss3-tools)');
  if (os.platform() !== 'linux') {
    console.log('only needed on Linux');
    return;
  }
  await download();
  ensureDb();
  trust();
  show();
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});
