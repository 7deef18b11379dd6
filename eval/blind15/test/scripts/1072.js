#!/usr/bin/env node
// tools/sync-fixtures-daemon.js - keep test/fixtures in sync with the seed
// database while you work: regenerate whenever var/seed.sqlite changes.
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const REPO = path.resolve(__dirname, '..');
const SEED = path.join(REPO, 'var', 'seed.sqlite');
const UNIT = 'ledger-fixture-sync.service';

function unitPath() {
  const base = process.env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config');
  return path.join(base, 'systemd', 'user', UNIT);
}

function unitText() {
  return [
    '[Unit]',
    'Description=ledger fixture sync',
    '',
    '[Service]',
    `ExecStart=${process.execPath} ${__filename} --watch`,
    `WorkingDirectory=${REPO}`,
    'Restart=always',
    '',
    '[Install]',
    'WantedBy=default.target',
    '',
  ].join('\n');
}

function regenerate() {
  execFileSync(process.execPath, [path.join(REPO, 'tools', 'dump-fixtures.js')], { cwd: REPO, stdio: 'inherit' });
}

function watch() {
  let last = 0;
  fs.watchFile(SEED, { interval: 2000 }, (curr) => {
    if (curr.mtimeMs === last) return;
    last = curr.mtimeMs;
    console.log(`${new Date().toISOString()} seed changed; regenerating fixtures`);
    try {
      regenerate();
    } catch (e) {
      console.error(`regenerate failed: ${e.message}`);
    }
  });
  console.log(`watching ${SEED}`);
}

function install() {
  const file = unitPath();
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o755 });
  fs.writeFileSync(file, unitText());
  execFileSync('systemctl', ['--user', 'daemon-reload']);
  execFileSync('systemctl', ['--user', 'enable', '--now', UNIT]);
  console.log(`installed ${UNIT}`);
}

function main() {
  if (!fs.existsSync(SEED)) {
    console.error('var/seed.sqlite not found; run npm run seed');
    process.exit(1);
  }
  if (process.argv.includes('--watch')) {
    watch();
    return;
  }
  regenerate();
  install();
}

main();
