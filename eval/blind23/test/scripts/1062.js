#!/usr/bin/env node
// scope-setup.js - prepare the repository for the internal @orbit packages:
// writes the project .npmrc scope mapping, then installs the scoped packages
// listed in package.json "orbitInternal".

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NPMRC = path.join(ROOT, '.npmrc');

const REGISTRY_HOST = 'npm.orbit-pkgs.example.com';
const registryFor = (scope) => String.raw`https://${REGISTRY_HOST}/${scope.slice(1)}/`;

function wantedLines(scopes) {
  const lines = [];
  for (const scope of scopes) {
    lines.push(`${scope}:registry=${registryFor(scope)}`);
  }
  lines.push('always-auth=false');
  lines.push('audit=false');
  return lines;
}

function mergeNpmrc(lines) {
  const existing = fs.existsSync(NPMRC) ? fs.readFileSync(NPMRC, 'utf8').split('\n') : [];
  const keys = new Set(lines.map((l) => l.split('=')[0]));
  const kept = existing.filter((l) => l.trim() && !keys.has(l.split('=')[0]));
  fs.writeFileSync(NPMRC, [...kept, ...lines].join('\n') + '\n');
}

function scopesFromPackageJson() {
  const pkg = JSON.parse(fs.readFileSync(`${ROOT}/package.json`, 'utf8'));
  const internal = pkg.orbitInternal ?? [];
  const scopes = new Set(internal.map((name) => name.split('/')[0]).filter((s) => s.startsWith('@')));
  // dependencies already under @orbit also need the mapping
  for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })) {
    if (dep.startsWith('@orbit/')) scopes.add('@orbit');
  }
  return { scopes: [...scopes], internal };
}

function main() {
  const { scopes, internal } = scopesFromPackageJson();
  if (!scopes.length) {
    console.log('no internal scopes configured');
    return;
  }
  mergeNpmrc(wantedLines(scopes));
  console.log(`.npmrc now maps ${scopes.join(', ')}`);
  if (internal.length) {
    execFileSync('npm', ['install', '--no-fund', ...internal], { cwd: ROOT, stdio: 'inherit' });
  } else {
    execFileSync('npm', ['install', '--no-fund'], { cwd: ROOT, stdio: 'inherit' });
  }
  console.log('internal packages installed');
}

main();
