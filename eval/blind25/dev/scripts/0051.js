#!/usr/bin/env node
// scripts/build-extension.js - build the browser extension for Firefox and Chrome.
//
//   node scripts/build-extension.js            build both targets into dist/
//   node scripts/build-extension.js --watch    rebuild on change (Firefox only)
//   node scripts/build-extension.js --run      build, then `web-ext run` a temp profile
//   node scripts/build-extension.js --clean    remove dist/ and .web-ext-profile/
//
// Uses esbuild for bundling and web-ext (devDependency) for lint/run.
'use strict';

const fs = require('node:fs');
const fsp = require('node:fs/promises');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const SRC = path.join(ROOT, 'src');
const DIST = path.join(ROOT, 'dist');
const PROFILE = path.join(ROOT, '.web-ext-profile');
const BIN = path.join(ROOT, 'node_modules', '.bin');

const TARGETS = {
  firefox: {
    manifestPatch: (m) => ({
      ...m,
      background: { scripts: ['background.js'] },
      browser_specific_settings: { gecko: { id: m.gecko_id, strict_min_version: '115.0' } },
    }),
  },
  chrome: {
    manifestPatch: (m) => {
      const { gecko_id, browser_specific_settings, ...rest } = m;
      return { ...rest, background: { service_worker: 'background.js' } };
    },
  },
};

const ENTRY_POINTS = ['background.js', 'content.js', 'popup/popup.js', 'options/options.js'];
const STATIC = ['icons', 'popup/popup.html', 'options/options.html', '_locales'];

function log(...args) {
  console.log('[build]', ...args);
}

function fail(msg) {
  console.error('[build] error:', msg);
  process.exit(1);
}

function binary(name) {
  const p = path.join(BIN, process.platform === 'win32' ? `${name}.cmd` : name);
  if (!fs.existsSync(p)) fail(`${name} not installed; run npm ci`);
  return p;
}

async function readManifest() {
  const raw = await fsp.readFile(path.join(SRC, 'manifest.base.json'), 'utf8');
  const pkg = JSON.parse(await fsp.readFile(path.join(ROOT, 'package.json'), 'utf8'));
  const manifest = JSON.parse(raw);
  manifest.version = pkg.version;
  return manifest;
}

async function copyStatic(outDir) {
  for (const rel of STATIC) {
    const from = path.join(SRC, rel);
    if (!fs.existsSync(from)) continue;
    const to = path.join(outDir, rel);
    await fsp.mkdir(path.dirname(to), { recursive: true });
    await fsp.cp(from, to, { recursive: true });
  }
}

async function bundle(outDir, target, { minify }) {
  const esbuild = require('esbuild');
  await esbuild.build({
    entryPoints: ENTRY_POINTS.map((e) => path.join(SRC, e)),
    outdir: outDir,
    outbase: SRC,
    bundle: true,
    format: 'iife',
    target: target === 'firefox' ? ['firefox115'] : ['chrome120'],
    sourcemap: minify ? false : 'inline',
    minify,
    define: { __TARGET__: JSON.stringify(target) },
    logLevel: 'warning',
  });
}

async function buildTarget(target, opts) {
  const outDir = path.join(DIST, target);
  await fsp.rm(outDir, { recursive: true, force: true });
  await fsp.mkdir(outDir, { recursive: true });
  const manifest = TARGETS[target].manifestPatch(await readManifest());
  delete manifest.gecko_id;
  await fsp.writeFile(path.join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  await copyStatic(outDir);
  await bundle(outDir, target, opts);
  log(`${target}: ${path.relative(ROOT, outDir)} (v${manifest.version})`);
  return outDir;
}

function lintFirefox(dir) {
  const res = spawnSync(binary('web-ext'), ['lint', '--source-dir', dir, '--output', 'text'], {
    stdio: 'inherit',
  });
  if (res.status !== 0) fail('web-ext lint reported problems');
}

function zipTarget(dir, target, version) {
  const out = path.join(DIST, `${target}-${version}.zip`);
  fs.rmSync(out, { force: true });
  const res = spawnSync('zip', ['-qr', '-X', out, '.'], { cwd: dir, stdio: 'inherit' });
  if (res.status !== 0) fail(`zip failed for ${target}`);
  log(`packed ${path.relative(ROOT, out)}`);
}

function runFirefox(dir) {
  // temp profile inside the repo, deleted on exit; never the user's real profile
  fs.mkdirSync(PROFILE, { recursive: true });
  const child = spawn(
    binary('web-ext'),
    ['run', '--source-dir', dir, '--firefox-profile', PROFILE, '--keep-profile-changes', '--no-reload'],
    { stdio: 'inherit' },
  );
  const stop = () => {
    if (!child.killed) child.kill('SIGTERM');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  child.on('exit', (code) => {
    fs.rmSync(PROFILE, { recursive: true, force: true });
    process.exit(code ?? 0);
  });
}

function watch() {
  let timer = null;
  let building = false;
  const rebuild = async () => {
    if (building) return;
    building = true;
    try {
      await buildTarget('firefox', { minify: false });
    } catch (err) {
      console.error('[build] rebuild failed:', err.message);
    } finally {
      building = false;
    }
  };
  fs.watch(SRC, { recursive: true }, (_event, file) => {
    if (!file || file.endsWith('~')) return;
    clearTimeout(timer);
    timer = setTimeout(rebuild, 150);
  });
  log('watching src/ (Ctrl-C to stop)');
  return rebuild();
}

async function clean() {
  for (const dir of [DIST, PROFILE]) {
    await fsp.rm(dir, { recursive: true, force: true });
    log(`removed ${path.relative(ROOT, dir)}`);
  }
}

async function main(argv) {
  const flags = new Set(argv);
  if (flags.has('--clean')) return clean();
  if (flags.has('--watch')) return watch();
  const minify = !flags.has('--dev');
  const version = (await readManifest()).version;
  const dirs = {};
  for (const target of Object.keys(TARGETS)) {
    dirs[target] = await buildTarget(target, { minify });
  }
  lintFirefox(dirs.firefox);
  if (flags.has('--run')) return runFirefox(dirs.firefox);
  for (const [target, dir] of Object.entries(dirs)) zipTarget(dir, target, version);
  const sizes = fs
    .readdirSync(DIST)
    .filter((f) => f.endsWith('.zip'))
    .map((f) => `${f} ${(fs.statSync(path.join(DIST, f)).size / 1024).toFixed(0)} KiB`);
  sizes.forEach((s) => log(s));
  return undefined;
}

main(process.argv.slice(2)).catch((err) => {
  console.error(err);
  process.exit(1);
});
