#!/usr/bin/env node
// build-addon.js - build the native addon with cmake-js and stage a prebuild.
//
// Steps: cmake-js configure/build (Release or Debug, optional sanitizer) ->
// check exported symbols with `nm` -> set an $ORIGIN RUNPATH on the .node file
// with patchelf so the bundled libcodec.so next to it is found -> verify with
// ldd/readelf -> copy into prebuilds/<platform>-<arch>/ -> smoke-load it in a
// child node process.
//
//   node tools/build-addon.js
//   node tools/build-addon.js --debug --asan
//   node tools/build-addon.js --clean
'use strict';

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const BUILD = path.join(ROOT, 'build');
const CMAKE_JS = path.join(ROOT, 'node_modules', '.bin', 'cmake-js');
const ADDON_NAME = 'relay_native';
const REQUIRED_EXPORTS = ['napi_register_module_v1'];

function parseArgs(argv) {
  const set = new Set(argv);
  for (const a of set) {
    if (!['--debug', '--asan', '--clean', '--no-smoke'].includes(a)) throw new Error(`unknown option ${a}`);
  }
  return { debug: set.has('--debug'), asan: set.has('--asan'), clean: set.has('--clean'), smoke: !set.has('--no-smoke') };
}

function run(cmd, args, opts = {}) {
  console.log(`$ ${cmd} ${args.join(' ')}`);
  const res = spawnSync(cmd, args, { cwd: ROOT, encoding: 'utf8', ...opts });
  if (res.error) throw new Error(`${cmd}: ${res.error.message}`);
  if (res.status !== 0) {
    if (res.stdout) process.stdout.write(res.stdout.split('\n').slice(-40).join('\n'));
    if (res.stderr) process.stderr.write(res.stderr.split('\n').slice(-40).join('\n'));
    throw new Error(`${cmd} exited with ${res.status}`);
  }
  return res.stdout || '';
}

function have(tool) {
  return spawnSync('sh', ['-c', 'command -v "$1"', 'sh', tool]).status === 0;
}

function cmakeBuild(opts) {
  if (!fs.existsSync(CMAKE_JS)) throw new Error('cmake-js missing; run npm ci');
  const args = ['build', '--out', BUILD];
  if (opts.debug) args.push('--debug');
  const cxxFlags = [];
  if (opts.asan) cxxFlags.push('-fsanitize=address', '-fno-omit-frame-pointer');
  if (cxxFlags.length) args.push(`--CDCMAKE_CXX_FLAGS=${cxxFlags.join(' ')}`);
  if (have('ccache')) args.push('--CDCMAKE_CXX_COMPILER_LAUNCHER=ccache');
  run(CMAKE_JS, args, { stdio: 'inherit' });
  const config = opts.debug ? 'Debug' : 'Release';
  const addon = path.join(BUILD, config, `${ADDON_NAME}.node`);
  if (!fs.existsSync(addon)) throw new Error(`expected ${path.relative(ROOT, addon)} after build`);
  return addon;
}

function checkExports(addon) {
  const syms = run('nm', ['-D', '--defined-only', addon]);
  const missing = REQUIRED_EXPORTS.filter((s) => !syms.includes(s));
  if (missing.length) throw new Error(`addon does not export: ${missing.join(', ')}`);
  const count = syms.split('\n').filter(Boolean).length;
  console.log(`  ${count} exported dynamic symbols`);
}

function stage(addon) {
  const dir = path.join(ROOT, 'prebuilds', `${process.platform}-${process.arch}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const dest = path.join(dir, path.basename(addon));
  fs.copyFileSync(addon, dest);
  const lib = path.join(path.dirname(addon), 'libcodec.so');
  if (fs.existsSync(lib)) fs.copyFileSync(lib, path.join(dir, 'libcodec.so'));
  return dest;
}

function fixRunpath(staged) {
  if (process.platform !== 'linux') return;
  if (!have('patchelf')) throw new Error('patchelf is required on Linux');
  run('patchelf', ['--set-rpath', '$ORIGIN', staged]);
  const dyn = run('readelf', ['-d', staged]);
  const runpath = /RUNPATH.*\[(.*)\]/.exec(dyn);
  console.log(`  RUNPATH: ${runpath ? runpath[1] : '(none)'}`);
}

function verify(staged) {
  if (process.platform !== 'linux') return;
  const out = run('ldd', [staged]);
  const bad = out.split('\n').filter((l) => l.includes('not found') || l.includes(`${BUILD}/`));
  if (bad.length) throw new Error(`unresolved or build-tree libraries:\n${bad.join('\n')}`);
  console.log('  ldd: all dependencies resolve outside build/');
}

function smokeLoad(staged, asan) {
  const env = { ...process.env };
  if (asan) {
    // the ASan runtime must be loaded first when node itself is not instrumented
    const lib = run('sh', ['-c', 'c++ -print-file-name=libasan.so']).trim();
    env.LD_PRELOAD = lib;
    env.ASAN_OPTIONS = 'detect_leaks=0';
  }
  const code = `const m = require(${JSON.stringify(staged)}); console.log(Object.keys(m).join(','));`;
  const res = spawnSync(process.execPath, ['-e', code], { env, encoding: 'utf8', timeout: 20_000 });
  if (res.status !== 0) throw new Error(`smoke load failed:\n${res.stderr}`);
  console.log(`  exports: ${res.stdout.trim()}`);
}

// Node-API version the addon was compiled against must not exceed what the
// oldest supported node (package.json engines) provides.
function checkNapiVersion() {
  const pkg = JSON.parse(fs.readFileSync(path.resolve(ROOT, 'package.json'), 'utf8'));
  const wanted = Number(pkg.binary?.napi_versions?.slice(-1)[0] || pkg.napiVersion || 0);
  const have = Number(process.versions.napi);
  if (wanted && have < wanted) {
    throw new Error(`this node provides N-API ${have}, the addon targets ${wanted}`);
  }
  const engines = pkg.engines?.node || '(unspecified)';
  console.log(`N-API ${have} (target ${wanted || 'default'}), engines.node ${engines}`);
}

// Write a small manifest next to the prebuild so the loader can sanity-check it.
function writeManifest(staged, opts) {
  const manifest = {
    name: ADDON_NAME,
    platform: process.platform,
    arch: process.arch,
    napi: Number(process.versions.napi),
    config: opts.debug ? 'Debug' : 'Release',
    sanitizer: opts.asan ? 'address' : null,
    builtAt: new Date().toISOString(),
    commit: spawnSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim(),
    size: fs.statSync(staged).size,
  };
  const file = path.join(path.dirname(staged), 'manifest.json');
  fs.writeFileSync(file, JSON.stringify(manifest, null, 2) + '\n');
  return file;
}

function describeToolchain() {
  const lines = [];
  for (const [tool, args] of [['cmake', ['--version']], ['c++', ['--version']], ['ninja', ['--version']]]) {
    const res = spawnSync(tool, args, { encoding: 'utf8' });
    lines.push(`${tool}: ${res.status === 0 ? res.stdout.split('\n')[0] : 'not found'}`);
  }
  return lines;
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  for (const line of describeToolchain()) console.log(line);
  checkNapiVersion();
  if (opts.clean) {
    for (const dir of [BUILD, path.join(ROOT, 'prebuilds')]) {
      fs.rmSync(dir, { force: true, recursive: true });
      console.log(`removed ${path.relative(ROOT, dir)}/`);
    }
  }
  const addon = cmakeBuild(opts);
  console.log('checking exports');
  checkExports(addon);
  const staged = stage(addon);
  console.log(`staged ${path.relative(ROOT, staged)}`);
  fixRunpath(staged);
  verify(staged);
  if (opts.smoke) smokeLoad(staged, opts.asan);
  const manifest = writeManifest(staged, opts);
  console.log(`manifest: ${path.relative(ROOT, manifest)}`);
  if (have('ccache')) {
    const stats = spawnSync('ccache', ['-s'], { encoding: 'utf8' }).stdout || '';
    const hits = stats.split('\n').find((l) => /hits/i.test(l));
    if (hits) console.log(`ccache: ${hits.trim()}`);
  }
  console.log('done');
}

try {
  main();
} catch (err) {
  console.error(`build-addon: ${err.message}`);
  process.exitCode = 1;
}
