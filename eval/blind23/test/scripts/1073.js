#!/usr/bin/env node
// native-prebuild.js - build orbit's image addon (node-gyp) for the current
// platform and stage it as a prebuild, with linkage checks.
//
//   node tools/native-prebuild.js                  # release build + checks
//   node tools/native-prebuild.js --debug --asan   # debug + AddressSanitizer
//   node tools/native-prebuild.js --clean          # node-gyp clean first
//
// Steps: node-gyp configure/build -> copy build/Release/orbit_image.node and the
// bundled libvips shim into prebuilds/<platform>-<arch>/ -> set an $ORIGIN
// RUNPATH with patchelf (Linux) -> `ldd` must not report missing libraries or
// paths inside build/ -> `nm -D` must show napi_register_module_v1 -> load the
// staged addon in a child node process.  Nothing is installed system-wide.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NODE_GYP = path.join(ROOT, 'node_modules', '.bin', 'node-gyp');
const NAME = 'orbit_image';
const STAGE = path.join(ROOT, 'prebuilds', `${process.platform}-${process.arch}`);

function flags(argv) {
  const s = new Set(argv);
  for (const a of s) if (!['--debug', '--asan', '--clean', '--skip-load'].includes(a)) throw new Error(`unknown flag ${a}`);
  return { debug: s.has('--debug'), asan: s.has('--asan'), clean: s.has('--clean'), load: !s.has('--skip-load') };
}

function sh(cmd, args, extra = {}) {
  console.log(`+ ${cmd} ${args.join(' ')}`);
  const res = spawnSync(cmd, args, { cwd: ROOT, encoding: 'utf8', ...extra });
  if (res.error) throw new Error(`cannot run ${cmd}: ${res.error.message}`);
  if (res.status !== 0) {
    process.stderr.write((res.stderr || '').slice(-4000));
    throw new Error(`${cmd} failed (${res.status})`);
  }
  return res.stdout ?? '';
}

const available = (tool) => spawnSync('sh', ['-c', 'command -v "$1" >/dev/null', 'sh', tool]).status === 0;

function build(o) {
  if (!fs.existsSync(NODE_GYP)) throw new Error('node-gyp missing; npm ci');
  if (o.clean) sh(NODE_GYP, ['clean']);
  const env = { ...process.env };
  if (o.asan) {
    env.CFLAGS = '-fsanitize=address -fno-omit-frame-pointer';
    env.CXXFLAGS = env.CFLAGS;
    env.LDFLAGS = '-fsanitize=address';
  }
  if (available('ccache')) {
    env.CC = `ccache ${env.CC ?? 'cc'}`;
    env.CXX = `ccache ${env.CXX ?? 'c++'}`;
  }
  sh(NODE_GYP, ['rebuild', ...(o.debug ? ['--debug'] : []), `--jobs=${Math.max(1, (process.env.JOBS ?? 4) | 0)}`], { env, stdio: ['ignore', 'inherit', 'pipe'] });
  const out = path.join(ROOT, 'build', o.debug ? 'Debug' : 'Release', `${NAME}.node`);
  if (!fs.existsSync(out)) throw new Error(`build did not produce ${path.relative(ROOT, out)}`);
  return out;
}

function stage(built) {
  fs.rmSync(STAGE, { recursive: true, force: true });
  fs.mkdirSync(STAGE, { recursive: true });
  const dest = path.join(STAGE, path.basename(built));
  fs.copyFileSync(built, dest);
  for (const f of fs.readdirSync(path.dirname(built))) {
    if (/^libvips-shim\.so(\.\d+)*$/.test(f)) fs.copyFileSync(path.join(path.dirname(built), f), path.join(STAGE, f));
  }
  return dest;
}

function linkage(staged) {
  if (process.platform !== 'linux') return;
  if (!available('patchelf')) throw new Error('patchelf required on Linux');
  sh('patchelf', ['--set-rpath', '$ORIGIN', staged]);
  const ldd = sh('ldd', [staged]);
  const bad = ldd.split('\n').filter((l) => /not found/.test(l) || l.includes(`${path.join(ROOT, 'build')}/`));
  if (bad.length) throw new Error(`bad linkage:\n${bad.join('\n')}`);
  const dyn = sh('readelf', ['-d', staged]);
  console.log(`  ${(/\(RUNPATH\).*\[(.*)\]/.exec(dyn) ?? [, 'no RUNPATH'])[1]}`);
  const syms = sh('nm', ['-D', '--defined-only', staged]);
  if (!syms.includes('napi_register_module_v1')) throw new Error('napi_register_module_v1 not exported');
  const undefinedSyms = sh('nm', ['-D', '--undefined-only', staged]).split('\n').filter((l) => /vips_/.test(l));
  console.log(`  ${undefinedSyms.length} libvips symbol(s) resolved at load time`);
}

function loadTest(staged, asan) {
  const env = { ...process.env };
  if (asan) {
    env.LD_PRELOAD = sh('sh', ['-c', 'cc -print-file-name=libasan.so']).trim();
    env.ASAN_OPTIONS = 'detect_leaks=0';
  }
  const code = `const m = require(${JSON.stringify(staged)}); if (typeof m.resize !== 'function') process.exit(3); console.log('exports:', Object.keys(m).join(', '));`;
  const res = spawnSync(process.execPath, ['-e', code], { env, encoding: 'utf8', timeout: 30000 });
  if (res.status !== 0) throw new Error(`load test failed (${res.status}): ${res.stderr}`);
  process.stdout.write(`  ${res.stdout}`);
}

// Keep a detached debug-info copy for release builds so crash reports from the
// packaged app can be symbolized later (build/ is git-ignored).
function splitDebug(built, o) {
  if (o.debug || process.platform !== 'linux' || !available('objcopy')) return null;
  const dbgDir = path.join(ROOT, 'build', 'debug-info');
  fs.mkdirSync(dbgDir, { recursive: true });
  const dbg = path.join(dbgDir, `${NAME}-${process.platform}-${process.arch}.debug`);
  sh('objcopy', ['--only-keep-debug', built, dbg]);
  const id = /Build ID: ([0-9a-f]+)/.exec(sh('readelf', ['-n', built]))?.[1] ?? 'unknown';
  return { dbg, id };
}

function manifest(staged, o) {
  const info = {
    name: NAME,
    node: process.versions.node,
    napi: process.versions.napi,
    platform: `${process.platform}-${process.arch}`,
    config: o.debug ? 'Debug' : 'Release',
    asan: o.asan,
    bytes: fs.statSync(staged).size,
    commit: spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim(),
  };
  fs.writeFileSync(path.join(STAGE, 'prebuild.json'), JSON.stringify(info, null, 2) + '\n');
  return info;
}

// Toolchain report: node-gyp needs python3, make and a C++ compiler; printing
// the versions up front saves a round of "works on my machine".
function toolchain() {
  const probe = (cmd, args) => {
    const r = spawnSync(cmd, args, { encoding: 'utf8' });
    return r.status === 0 ? (r.stdout || r.stderr).split('\n')[0].trim() : 'missing';
  };
  const rows = {
    node: process.version,
    'node-gyp': fs.existsSync(NODE_GYP) ? probe(NODE_GYP, ['--version']) : 'missing',
    python3: probe('python3', ['--version']),
    make: probe('make', ['--version']),
    'c++': probe('c++', ['--version']),
  };
  for (const [k, v] of Object.entries(rows)) console.log(`${k.padEnd(9)} ${v}`);
  const missing = Object.entries(rows).filter(([, v]) => v === 'missing').map(([k]) => k);
  if (missing.length) throw new Error(`missing build tools: ${missing.join(', ')}`);
}

// Headers of the node version we build against live in the node-gyp cache; if
// they are from another patch release the addon still works (ABI-stable N-API),
// but we say so for clarity.
function headersNote() {
  const res = spawnSync(NODE_GYP, ['list'], { encoding: 'utf8' });
  const versions = (res.stdout || '').split('\n').map((l) => l.trim()).filter(Boolean);
  if (versions.length && !versions.includes(process.versions.node)) {
    console.log(`node-gyp has headers for ${versions.join(', ')}; building against ${process.versions.node} will fetch them`);
  }
}

// Size budget: a sudden jump usually means debug info or a static dependency
// slipped into the release build.
function sizeBudget(staged, o) {
  const kib = fs.statSync(staged).size / 1024;
  const limit = o.debug ? Infinity : Number(process.env.ADDON_MAX_KIB ?? 4096);
  if (kib > limit) throw new Error(`${path.basename(staged)} is ${kib.toFixed(0)} KiB, over the ${limit} KiB budget`);
}

function main() {
  const o = flags(process.argv.slice(2));
  toolchain();
  headersNote();
  const built = build(o);
  const staged = stage(built);
  console.log(`prebuild staged at ${path.relative(ROOT, staged)}`);
  const debugInfo = splitDebug(built, o);
  if (debugInfo) console.log(`debug info: ${path.relative(ROOT, debugInfo.dbg)} (build-id ${debugInfo.id})`);
  linkage(staged);
  sizeBudget(staged, o);
  if (o.load) loadTest(staged, o.asan);
  const info = manifest(staged, o);
  console.log(`prebuild ok: ${info.platform} ${info.config} (${(info.bytes / 1024).toFixed(0)} KiB)`);
}

try {
  main();
} catch (err) {
  console.error(`native-prebuild: ${err.message}`);
  process.exitCode = 1;
}
