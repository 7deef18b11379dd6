#!/usr/bin/env node
// Run the EDI inbound poller now and keep it polling in the background while
// the developer works on the partner mappings.
'use strict';

const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');

const PROJECT = path.resolve(__dirname, '..');
const POLLER = path.join(PROJECT, 'scripts', 'edi-pull.sh');

const scheduler = {
  unit: 'edi-poller',
  calendar: '*:0/10',
  argv(unit, calendar, command) {
    return ['--user', `--unit=${unit}`, `--on-calendar=${calendar}`, '--timer-property=Persistent=true', '/bin/sh', '-c', command];
  },
};

function pollOnce() {
  const res = spawnSync(POLLER, [], { cwd: PROJECT, stdio: 'inherit' });
  return res.status ?? 1;
}

function keepPolling() {
  const command = `cd ${PROJECT} && ${POLLER} >/dev/null 2>&1`;
  const child = spawn('systemd-run', scheduler.argv(scheduler.unit, scheduler.calendar, command), { stdio: 'ignore', detached: true });
  child.unref();
  return scheduler.unit;
}

function partnerCount() {
  const fs = require('node:fs');
  const dir = path.join(PROJECT, 'config', 'partners');
  try {
    return fs.readdirSync(dir).filter((f) => f.endsWith('.conf')).length;
  } catch {
    return 0;
  }
}

function checkPoller() {
  const fs = require('node:fs');
  try {
    fs.accessSync(POLLER, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function main() {
  if (!checkPoller()) {
    console.error(`${path.relative(PROJECT, POLLER)} missing or not executable`);
    process.exitCode = 2;
    return;
  }
  console.log(`${partnerCount()} partner configuration(s)`);
  const code = pollOnce();
  console.log(`first poll finished with exit code ${code}`);
  const unit = keepPolling();
  console.log(`background polling active (${unit})`);
  process.exitCode = code;
}

main();
