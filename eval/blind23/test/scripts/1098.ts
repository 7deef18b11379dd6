#!/usr/bin/env -S npx tsx
// rebuild-natives.ts - rebuild lumen's native node modules for the Electron ABI
// and verify their linkage before packaging.
//
//   npx tsx tools/rebuild-natives.ts                 # rebuild all native deps
//   npx tsx tools/rebuild-natives.ts --only sharp    # one module
//   npx tsx tools/rebuild-natives.ts --check         # verify only, no rebuild
//
// Uses @electron/rebuild (devDependency) with the Electron version from
// package.json.  After rebuilding, every *.node file under node_modules of the
// rebuilt modules is inspected:
//   * ELF/Mach-O architecture matches the host,
//   * `ldd` / `otool -L` shows no missing libraries and no absolute paths into
//     someone's home directory or /tmp build folders,
//   * the module exports napi_register_module_v1 or node_register_module_v<abi>.
// Nothing is installed outside node_modules of this repository.

import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NM = path.join(ROOT, 'node_modules');

interface Issue {
  file: string;
  problem: string;
}

function flags(argv: string[]): { only: string[]; check: boolean } {
  const only: string[] = [];
  let check = false;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--only') only.push(...(argv[++i] ?? '').split(',').filter(Boolean));
    else if (argv[i] === '--check') check = true;
    else throw new Error(`rebuild-natives: unknown option ${argv[i]}`);
  }
  return { only, check };
}

function electronVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { devDependencies?: Record<string, string> };
  const v = pkg.devDependencies?.electron?.replace(/^[^\d]*/, '');
  if (!v) throw new Error('electron devDependency not found');
  return v;
}

function nativeModules(): string[] {
  const out: string[] = [];
  const visit = (dir: string, scope = '') => {
    for (const ent of fs.readdirSync(dir, { withFileTypes: true })) {
      if (!ent.isDirectory() || ent.name.startsWith('.')) continue;
      if (ent.name.startsWith('@') && !scope) {
        visit(path.join(dir, ent.name), ent.name);
        continue;
      }
      const pkgDir = path.join(dir, ent.name);
      if (fs.existsSync(path.join(pkgDir, 'binding.gyp'))) out.push(scope ? `${scope}/${ent.name}` : ent.name);
    }
  };
  visit(NM);
  return out.sort();
}

function rebuild(modules: string[]): void {
  const bin = path.join(NM, '.bin', 'electron-rebuild');
  if (!fs.existsSync(bin)) throw new Error('@electron/rebuild is not installed (npm i -D @electron/rebuild)');
  const args = ['--version', electronVersion(), '--force', '--module-dir', ROOT];
  if (modules.length) args.push('--only', modules.join(','));
  console.log(`electron-rebuild for Electron ${electronVersion()}: ${modules.join(', ') || 'all'}`);
  const res = spawnSync(bin, args, { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) throw new Error('electron-rebuild failed');
}

function* nodeFiles(dir: string): Generator<string> {
  for (const ent of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, ent.name);
    if (ent.isDirectory() && ent.name !== 'node_modules') yield* nodeFiles(p);
    else if (ent.isFile() && ent.name.endsWith('.node')) yield p;
  }
}

function archOk(file: string): string | null {
  const out = spawnSync('file', ['-b', file], { encoding: 'utf8' }).stdout ?? '';
  const want = os.arch() === 'arm64' ? /(aarch64|arm64)/ : /(x86-64|x86_64)/;
  return want.test(out) ? null : `architecture mismatch: ${out.trim()}`;
}

function linkageIssues(file: string): string[] {
  const issues: string[] = [];
  if (process.platform === 'linux') {
    const out = spawnSync('ldd', [file], { encoding: 'utf8' }).stdout ?? '';
    for (const line of out.split('\n')) {
      if (line.includes('not found')) issues.push(line.trim());
      if (/=> (\/home\/|\/tmp\/)/.test(line)) issues.push(`absolute build path: ${line.trim()}`);
    }
  } else if (process.platform === 'darwin') {
    const out = spawnSync('otool', ['-L', file], { encoding: 'utf8' }).stdout ?? '';
    for (const line of out.split('\n').slice(1)) {
      if (/^\s*\/(Users|tmp|private\/tmp)\//.test(line)) issues.push(`absolute build path: ${line.trim()}`);
    }
  }
  return issues;
}

function exportsOk(file: string): string | null {
  if (process.platform !== 'linux') return null;
  const syms = spawnSync('nm', ['-D', '--defined-only', file], { encoding: 'utf8' }).stdout ?? '';
  return /napi_register_module_v1|node_register_module_v\d+/.test(syms) ? null : 'no module registration symbol exported';
}

function verify(modules: string[]): Issue[] {
  const issues: Issue[] = [];
  for (const m of modules) {
    const dir = path.join(NM, m);
    for (const f of nodeFiles(dir)) {
      const rel = path.relative(ROOT, f);
      const a = archOk(f);
      if (a) issues.push({ file: rel, problem: a });
      for (const l of linkageIssues(f)) issues.push({ file: rel, problem: l });
      const e = exportsOk(f);
      if (e) issues.push({ file: rel, problem: e });
    }
  }
  return issues;
}

// node-gyp needs python3, make and a compiler; check up front for a clear error.
function toolchainCheck(): void {
  const missing: string[] = [];
  for (const [cmd, arg] of [['python3', '--version'], ['make', '--version'], ['c++', '--version']] as const) {
    if (spawnSync(cmd, [arg], { stdio: 'ignore' }).status !== 0) missing.push(cmd);
  }
  if (missing.length) throw new Error(`missing build tools: ${missing.join(', ')}`);
}

// Prebuilt binaries that ship with a module (prebuilds/ or build/Release) may
// target plain Node's ABI; report modules whose .node files predate the rebuild.
function staleBinaries(modules: string[], since: number): string[] {
  const stale: string[] = [];
  for (const m of modules) {
    for (const f of nodeFiles(path.join(NM, m))) {
      if (fs.statSync(f).mtimeMs < since) stale.push(path.relative(ROOT, f));
    }
  }
  return stale;
}

function main(): number {
  const o = flags(process.argv.slice(2));
  const started = Date.now();
  if (!o.check) toolchainCheck();
  const all = nativeModules();
  const modules = o.only.length ? o.only : all;
  const unknown = modules.filter((m) => !all.includes(m));
  if (unknown.length) throw new Error(`not native modules here: ${unknown.join(', ')}`);
  console.log(`native modules: ${all.join(', ') || 'none'}`);
  if (!modules.length) return 0;
  if (!o.check) {
    rebuild(o.only);
    for (const s of staleBinaries(modules, started)) console.log(`  not rebuilt (prebuilt?): ${s}`);
  }
  const issues = verify(modules);
  for (const i of issues) console.log(`  ${i.file}: ${i.problem}`);
  console.log(issues.length ? `${issues.length} linkage issue(s)` : 'all native modules look good');
  const report = path.join(ROOT, 'out', 'natives-report.json');
  fs.mkdirSync(path.dirname(report), { recursive: true });
  fs.writeFileSync(report, JSON.stringify({ electron: electronVersion(), modules, issues }, null, 2));
  try {
    execFileSync('git', ['check-ignore', '-q', 'out'], { cwd: ROOT });
  } catch {
    console.warn('note: out/ is not git-ignored');
  }
  return issues.length ? 1 : 0;
}

try {
  process.exitCode = main();
} catch (err) {
  console.error(`rebuild-natives: ${(err as Error).message}`);
  process.exitCode = 2;
}
