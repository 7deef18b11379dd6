#!/usr/bin/env node
// compose-components.js - compose the HTTP handler component with its
// dependencies (router, kv adapter, auth) using `wac plug`, validate the
// result, and record sizes.
//
//   node tools/compose-components.js            # release build + compose
//   node tools/compose-components.js --debug
//   node tools/compose-components.js --check    # only verify the composed world
//
// Inputs come from components/*/ (cargo component builds), outputs go to
// dist/composed/.  Subprocesses are started with argument arrays; nothing is
// run through a shell.

'use strict';

const { execFileSync, spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const REPO = path.resolve(__dirname, '..');
const TARGET = 'wasm32-wasip2';
const DIST = path.join(REPO, 'dist', 'composed');
const PLAN = JSON.parse(fs.readFileSync(path.join(REPO, 'components', 'compose.json'), 'utf8'));

function tool(name) {
  const res = spawnSync(name, ['--version'], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`${name} not found (cargo install ${name})`);
  return res.stdout.trim();
}

function run(cmd, args, opts = {}) {
  console.log(`$ ${cmd} ${args.join(' ')}`);
  const res = spawnSync(cmd, args, { cwd: REPO, stdio: opts.capture ? 'pipe' : 'inherit', encoding: 'utf8' });
  if (res.status !== 0) {
    throw new Error(`${cmd} exited ${res.status}${opts.capture ? `: ${res.stderr}` : ''}`);
  }
  return res.stdout;
}

function build(profile) {
  for (const name of [PLAN.root, ...PLAN.plugs]) {
    const args = ['component', 'build', '--manifest-path', path.join('components', name, 'Cargo.toml'), '--target', TARGET];
    if (profile === 'release') args.push('--release');
    run('cargo', args);
  }
}

function artefact(name, profile) {
  const crate = name.replace(/-/g, '_');
  const file = path.join(REPO, 'target', TARGET, profile, `${crate}.wasm`);
  if (!fs.existsSync(file)) throw new Error(`missing build output ${path.relative(REPO, file)}`);
  return file;
}

function compose(profile) {
  fs.mkdirSync(DIST, { recursive: true });
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'compose-'));
  try {
    const out = path.join(scratch, 'composed.wasm');
    const args = ['plug', artefact(PLAN.root, profile)];
    for (const plug of PLAN.plugs) args.push('--plug', artefact(plug, profile));
    args.push('-o', out);
    run('wac', args);
    run('wasm-tools', ['validate', '--features', 'component-model', out]);
    const final = path.join(DIST, `${PLAN.name}.wasm`);
    fs.copyFileSync(out, final);
    return final;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

function world(file) {
  return execFileSync('wasm-tools', ['component', 'wit', file], { encoding: 'utf8' });
}

function checkWorld(file) {
  const wit = world(file);
  const imports = [...wit.matchAll(/^\s*import ([\w:/.-]+)/gm)].map((m) => m[1].split('@')[0]);
  const exports = [...wit.matchAll(/^\s*export ([\w:/.-]+)/gm)].map((m) => m[1].split('@')[0]);
  const problems = [];
  for (const imp of imports) {
    if (!PLAN.allowedImports.some((a) => imp === a || (a.endsWith('/*') && imp.startsWith(a.slice(0, -1))))) {
      problems.push(`unexpected import ${imp} (a plug did not satisfy it?)`);
    }
  }
  for (const exp of PLAN.requiredExports) {
    if (!exports.includes(exp)) problems.push(`missing export ${exp}`);
  }
  return { imports, exports, problems };
}

function sizes(file) {
  const buf = fs.readFileSync(file);
  const zlib = require('node:zlib');
  return {
    bytes: buf.length,
    gzip: zlib.gzipSync(buf, { level: 9 }).length,
    sha256: crypto.createHash('sha256').update(buf).digest('hex'),
  };
}

function writeManifest(file, info, versions) {
  const manifest = {
    name: PLAN.name,
    file: path.relative(REPO, file),
    ...info,
    plugs: PLAN.plugs,
    tools: versions,
    git: execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO, encoding: 'utf8' }).trim(),
    builtAt: new Date().toISOString(),
  };
  fs.writeFileSync(path.join(DIST, `${PLAN.name}.manifest.json`), JSON.stringify(manifest, null, 2));
  return manifest;
}

const HELP_TEXT = `compose-components.js [--debug] [--check]

components/compose.json
  name              output name, e.g. "edge-api"
  root              component whose imports get plugged, e.g. "http-handler"
  plugs             components that satisfy the root's imports, in order
  allowedImports    imports that may remain after plugging (wasi:* the host
                    provides); "pkg:iface/*" allows a whole package
  requiredExports   exports the composed component must still have

Steps
  1. cargo component build for root and every plug (target ${TARGET})
  2. wac plug root --plug ... into a temporary directory
  3. wasm-tools validate with the component model enabled
  4. copy to dist/composed/<name>.wasm and write <name>.manifest.json
     with sizes, sha256, imports/exports, tool versions and git revision

--check skips the build and only re-verifies the composed file's world.`;

/** Compare with the manifest of the previous composition, if there is one. */
function previousManifest() {
  const file = path.join(DIST, `${PLAN.name}.manifest.json`);
  if (!fs.existsSync(file)) return null;
  try {
    return JSON.parse(fs.readFileSync(file, { encoding: 'utf8' }));
  } catch {
    return null;
  }
}

function main() {
  if (process.argv.includes('--help')) {
    console.log(HELP_TEXT);
    return;
  }
  const before = previousManifest();
  const profile = process.argv.includes('--debug') ? 'debug' : 'release';
  const checkOnly = process.argv.includes('--check');
  const versions = { wac: tool('wac'), wasmTools: tool('wasm-tools') };

  let file = path.join(DIST, `${PLAN.name}.wasm`);
  if (!checkOnly) {
    build(profile);
    file = compose(profile);
  } else if (!fs.existsSync(file)) {
    throw new Error('nothing composed yet; run without --check');
  }
  const w = checkWorld(file);
  const info = sizes(file);
  const manifest = writeManifest(file, { ...info, imports: w.imports, exports: w.exports }, versions);
  console.log(`\n${manifest.file}: ${info.bytes} bytes (${info.gzip} gzip), sha256 ${info.sha256.slice(0, 16)}…`);
  console.log(`imports: ${w.imports.join(', ') || 'none'}`);
  console.log(`exports: ${w.exports.join(', ')}`);
  if (before && before.bytes) {
    const delta = info.bytes - before.bytes;
    console.log(`size change vs previous: ${delta >= 0 ? '+' : ''}${delta} bytes`);
    const newImports = w.imports.filter((i) => !(before.imports ?? []).includes(i));
    if (newImports.length) console.log(`new imports: ${newImports.join(', ')}`);
  }
  for (const p of w.problems) console.error(`problem: ${p}`);
  process.exitCode = w.problems.length ? 1 : 0;
}

try {
  main();
} catch (err) {
  console.error(`compose: ${err.message}`);
  process.exitCode = 1;
}
