#!/usr/bin/env -S npx tsx
// native.ts - CMake preset orchestration for the C++ engine used by the app.
//
//   npx tsx tools/native.ts build --preset release
//   npx tsx tools/native.ts test --preset asan            # sanitizer build + ctest
//   npx tsx tools/native.ts install --preset release      # cmake --install into ./native-dist
//   npx tsx tools/native.ts inspect                       # ldd/readelf/nm of the staged libs
//   npx tsx tools/native.ts clean                         # remove build/native-*
//
// Presets are read from CMakePresets.json; every build dir and the install
// prefix are inside the repository.  `sudo` and system prefixes are never used.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface ConfigurePreset {
  name: string;
  binaryDir?: string;
  cacheVariables?: Record<string, string | { value: string }>;
}

interface Presets {
  configurePresets: ConfigurePreset[];
}

type Command = 'build' | 'test' | 'install' | 'inspect' | 'clean';

const ROOT = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const PRESETS_FILE = path.join(ROOT, 'native', 'CMakePresets.json');
const PREFIX = path.join(ROOT, 'native-dist');

function fail(msg: string): never {
  console.error(`native: ${msg}`);
  process.exit(1);
}

function run(cmd: string, args: string[], env?: NodeJS.ProcessEnv): void {
  console.log(`\n$ ${cmd} ${args.join(' ')}`);
  const res = spawnSync(cmd, args, { cwd: path.join(ROOT, 'native'), stdio: 'inherit', env: env ?? process.env });
  if (res.error) fail(`${cmd}: ${res.error.message}`);
  if (res.status !== 0) fail(`${cmd} exited with ${res.status}`);
}

function capture(cmd: string, args: string[]): string {
  const res = spawnSync(cmd, args, { encoding: 'utf8' });
  return res.status === 0 ? res.stdout : '';
}

function loadPresets(): Presets {
  if (!fs.existsSync(PRESETS_FILE)) fail('native/CMakePresets.json not found');
  return JSON.parse(fs.readFileSync(PRESETS_FILE, 'utf8')) as Presets;
}

function preset(name: string): ConfigurePreset {
  const p = loadPresets().configurePresets.find((c) => c.name === name);
  if (!p) fail(`unknown preset ${name}`);
  return p;
}

function binaryDir(p: ConfigurePreset): string {
  const raw = (p.binaryDir ?? '${sourceDir}/../build/native-${presetName}')
    .replace('${sourceDir}', path.join(ROOT, 'native'))
    .replace('${presetName}', p.name);
  const abs = path.resolve(raw);
  const rel = path.relative(ROOT, abs);
  if (rel.startsWith('..') || path.isAbsolute(rel)) fail(`preset ${p.name} builds outside the repository: ${abs}`);
  return abs;
}

function isSanitized(p: ConfigurePreset): string | null {
  const flags = p.cacheVariables?.CMAKE_CXX_FLAGS;
  const text = typeof flags === 'string' ? flags : flags?.value ?? '';
  const m = /-fsanitize=([\w,]+)/.exec(text);
  return m ? m[1] : null;
}

function build(name: string): string {
  const p = preset(name);
  const env = { ...process.env };
  if (capture('sh', ['-c', 'command -v ccache'])) {
    env.CMAKE_CXX_COMPILER_LAUNCHER = 'ccache';
    env.CMAKE_C_COMPILER_LAUNCHER = 'ccache';
  }
  run('cmake', ['--preset', name], env);
  run('cmake', ['--build', '--preset', name, '--parallel', String(os.cpus().length)], env);
  return binaryDir(p);
}

function test(name: string): void {
  const p = preset(name);
  const dir = build(name);
  const env = { ...process.env };
  const san = isSanitized(p);
  if (san?.includes('address')) env.ASAN_OPTIONS = 'detect_leaks=1:halt_on_error=1:symbolize=1';
  if (san?.includes('undefined')) env.UBSAN_OPTIONS = 'print_stacktrace=1:halt_on_error=1';
  if (san?.includes('thread')) env.TSAN_OPTIONS = 'halt_on_error=1';
  run('ctest', ['--test-dir', dir, '--output-on-failure', '-j', String(os.cpus().length)], env);
}

function install(name: string): void {
  const dir = build(name);
  fs.rmSync(PREFIX, { recursive: true, force: true });
  run('cmake', ['--install', dir, '--prefix', PREFIX, '--strip']);
  if (process.platform === 'linux') {
    for (const f of fs.readdirSync(path.join(PREFIX, 'lib')).filter((n) => /\.so(\.\d+)*$/.test(n))) {
      const lib = path.join(PREFIX, 'lib', f);
      if (fs.lstatSync(lib).isSymbolicLink()) continue;
      run('patchelf', ['--set-rpath', '$ORIGIN', lib]);
    }
  }
  console.log(`\ninstalled into ${path.relative(ROOT, PREFIX)}/`);
}

function inspect(): void {
  const libDir = path.join(PREFIX, 'lib');
  if (!fs.existsSync(libDir)) fail('nothing installed; run `install` first');
  for (const f of fs.readdirSync(libDir)) {
    const lib = path.join(libDir, f);
    if (fs.lstatSync(lib).isSymbolicLink()) continue;
    console.log(`\n== ${f}`);
    const dyn = capture('readelf', ['-d', lib])
      .split('\n')
      .filter((l) => /NEEDED|RUNPATH|RPATH|SONAME/.test(l));
    for (const l of dyn) console.log(`  ${l.trim()}`);
    const unresolved = capture('ldd', [lib])
      .split('\n')
      .filter((l) => l.includes('not found'));
    if (unresolved.length) console.log(`  UNRESOLVED:\n    ${unresolved.join('\n    ')}`);
    const exported = capture('nm', ['-D', '-C', '--defined-only', lib])
      .split('\n')
      .filter((l) => / T /.test(l));
    console.log(`  ${exported.length} exported functions; first: ${exported.slice(0, 3).map((l) => l.split(' T ')[1]).join(', ')}`);
  }
}

// compile_commands.json at the repo root keeps clangd and clang-tidy happy.
function linkCompileCommands(dir: string): void {
  const src = path.join(dir, 'compile_commands.json');
  const dest = path.join(ROOT, 'compile_commands.json');
  if (!fs.existsSync(src)) return;
  try {
    if (fs.lstatSync(dest).isSymbolicLink()) fs.unlinkSync(dest);
    else return; // a real file is there; do not overwrite it
  } catch {
    /* dest does not exist */
  }
  fs.symlinkSync(path.relative(ROOT, src), dest);
  console.log('linked compile_commands.json');
}

function clean(): void {
  const buildRoot = path.join(ROOT, 'build');
  if (!fs.existsSync(buildRoot)) return;
  for (const d of fs.readdirSync(buildRoot).filter((n) => n.startsWith('native-'))) {
    fs.rmSync(path.join(buildRoot, d), { recursive: true, force: true });
    console.log(`removed build/${d}`);
  }
  fs.rmSync(PREFIX, { recursive: true, force: true });
}

function main(): void {
  const [cmd, ...rest] = process.argv.slice(2) as [Command, ...string[]];
  const idx = rest.indexOf('--preset');
  const name = idx >= 0 ? rest[idx + 1] : 'release';
  switch (cmd) {
    case 'build': {
      const dir = build(name);
      linkCompileCommands(dir);
      console.log(`built into ${path.relative(ROOT, dir)}`);
      break;
    }
    case 'test':
      test(name);
      break;
    case 'install':
      install(name);
      break;
    case 'inspect':
      inspect();
      break;
    case 'clean':
      clean();
      break;
    default:
      fail('usage: native.ts build|test|install|inspect|clean [--preset NAME]');
  }
}

main();
