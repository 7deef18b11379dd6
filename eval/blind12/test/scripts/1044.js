#!/usr/bin/env node
// Build the @orbit/ui library: wipe lib/ and types/, run tsc for types,
// rollup for ESM/CJS bundles, then verify the package exports resolve.
'use strict';

const fs = require('node:fs/promises');
const path = require('node:path');
const { spawn } = require('node:child_process');

const PKG_DIR = path.join(__dirname, '..', 'packages', 'orbit-ui');
const OUTPUTS = ['lib', 'types'];

function run(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(cmd, args, { cwd: PKG_DIR, stdio: 'inherit', ...opts });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(Date.now() - started);
      else reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}`));
    });
  });
}

async function readPackage() {
  const pkg = JSON.parse(await fs.readFile(path.join(PKG_DIR, 'package.json'), 'utf8'));
  if (pkg.name !== '@orbit/ui') throw new Error(`expected @orbit/ui in ${PKG_DIR}, found ${pkg.name}`);
  return pkg;
}

async function wipeOutputs() {
  for (const dir of OUTPUTS) {
    const target = path.join(PKG_DIR, dir);
    const rel = path.relative(PKG_DIR, target);
    if (rel !== dir) throw new Error(`refusing to remove ${target}`);
    await fs.rm(target, { recursive: true, force: true });
  }
}

function exportTargets(exportsField, acc = []) {
  if (typeof exportsField === 'string') acc.push(exportsField);
  else if (exportsField && typeof exportsField === 'object') {
    for (const value of Object.values(exportsField)) exportTargets(value, acc);
  }
  return acc;
}

async function verifyExports(pkg) {
  const targets = [...new Set([pkg.main, pkg.module, pkg.types, ...exportTargets(pkg.exports)].filter(Boolean))];
  const missing = [];
  for (const t of targets) {
    try {
      await fs.access(path.join(PKG_DIR, t));
    } catch {
      missing.push(t);
    }
  }
  if (missing.length) throw new Error(`package exports point to missing files: ${missing.join(', ')}`);
  return targets.length;
}

async function main() {
  const watch = process.argv.includes('--watch');
  const pkg = await readPackage();
  await wipeOutputs();
  const bin = (name) => path.join(PKG_DIR, 'node_modules', '.bin', name);
  const tscMs = await run(bin('tsc'), ['-p', 'tsconfig.build.json', '--emitDeclarationOnly', '--outDir', 'types']);
  console.log(`types emitted in ${tscMs} ms`);
  const rollupArgs = ['-c', 'rollup.config.mjs'];
  if (watch) rollupArgs.push('--watch');
  const rollupMs = await run(bin('rollup'), rollupArgs, { env: { ...process.env, NODE_ENV: 'production' } });
  console.log(`bundles built in ${rollupMs} ms`);
  const checked = await verifyExports(pkg);
  console.log(`${pkg.name}@${pkg.version}: ${checked} export target(s) verified`);
}

main().catch((err) => {
  console.error(`orbit-ui build failed: ${err.message}`);
  process.exitCode = 1;
});
