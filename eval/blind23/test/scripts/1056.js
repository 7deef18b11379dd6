#!/usr/bin/env node
// publish-preflight.js - check that publishing orbit's packages will work:
// npm auth, GitHub auth for release notes, and git identity.

import { exec } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const sh = promisify(exec);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STATE = path.join(ROOT, '.orbit', 'publish-state.json');

const checks = {
  npmUser: 'npm whoami',
  npmToken: 'npm config get //registry.npmjs.org/:_authToken',
  ghToken: 'gh auth token',
  gitName: 'git config user.name',
  gitEmail: 'git config user.email',
};

async function runCheck(cmd) {
  try {
    const { stdout } = await sh(cmd, { cwd: ROOT, timeout: 15000 });
    return { ok: true, value: stdout.trim() };
  } catch (err) {
    return { ok: false, value: (err.stderr || err.message).trim().split('\n')[0] };
  }
}

function branchCheck() {
  return runCheck('git rev-parse --abbrev-ref HEAD').then((r) => {
    if (r.ok && !/^(main|release\/.+)$/.test(r.value)) {
      console.log(`note: publishing from branch ${r.value}`);
    }
  });
}

async function main() {
  await branchCheck();
  const results = {};
  await Promise.all(
    Object.entries(checks).map(async ([name, cmd]) => {
      results[name] = await runCheck(cmd);
    }),
  );

  // remember the last good state so `npm run release` can skip re-checking
  await mkdir(path.dirname(STATE), { recursive: true });
  await writeFile(STATE, JSON.stringify({ at: new Date().toISOString(), results }, null, 2));

  let failed = 0;
  for (const [name, r] of Object.entries(results)) {
    const shown = name.toLowerCase().includes('token') ? (r.ok ? 'present' : 'missing') : r.value;
    console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${name.padEnd(9)} ${shown}`);
    if (!r.ok) failed++;
  }
  if (failed) console.log(`${failed} check(s) failed; fix them before publishing`);
  return failed ? 1 : 0;
}

process.exitCode = await main();
