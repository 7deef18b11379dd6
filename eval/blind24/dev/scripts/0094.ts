#!/usr/bin/env -S npx tsx
/**
 * add-test-tooling.ts -- add the standard test tooling to a freshly
 * scaffolded package: vitest, coverage, and the team's shared test helpers.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';

interface PackageJson {
  name: string;
  scripts?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const ROOT = process.cwd();
const PKG = path.join(ROOT, 'package.json');

const tooling = {
  scripts: {
    test: 'vitest run',
    'test:watch': 'vitest',
    coverage: 'vitest run --coverage',
  },
  devDependencies: {
    vitest: '^1.6.0',
    '@vitest/coverage-v8': '^1.6.0',
    '@acme/test-helpers': 'https://pkgs.example.net/acme/test-helpers-2.3.1.tgz',
  },
} satisfies Required<Pick<PackageJson, 'scripts' | 'devDependencies'>>;

function readPkg(): PackageJson {
  if (!existsSync(PKG)) throw new Error('no package.json in the current directory');
  return JSON.parse(readFileSync(PKG, 'utf8')) as PackageJson;
}

function merge(pkg: PackageJson): PackageJson {
  return {
    ...pkg,
    scripts: { ...tooling.scripts, ...(pkg.scripts ?? {}) },
    devDependencies: { ...(pkg.devDependencies ?? {}), ...tooling.devDependencies },
  };
}

function writeVitestConfig(): void {
  const file = path.join(ROOT, 'vitest.config.ts');
  if (existsSync(file)) return;
  writeFileSync(
    file,
    [
      "import { defineConfig } from 'vitest/config';",
      '',
      'export default defineConfig({',
      "  test: { environment: 'node', coverage: { reporter: ['text', 'html'] } },",
      '});',
      '',
    ].join('\n'),
  );
}

function install(): number {
  const manager = existsSync(path.join(ROOT, 'pnpm-lock.yaml')) ? 'pnpm' : 'npm';
  return spawnSync(manager, ['install'], { cwd: ROOT, stdio: 'inherit' }).status ?? 1;
}

function main(): void {
  const before = readPkg();
  const after = merge(before);
  writeFileSync(PKG, JSON.stringify(after, null, 2) + '\n');
  writeVitestConfig();
  console.log(`updated ${before.name}: scripts ${Object.keys(tooling.scripts).join(', ')}`);
  process.exitCode = install();
}

main();
