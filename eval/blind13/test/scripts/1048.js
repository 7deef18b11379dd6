#!/usr/bin/env node
// envtool: commander CLI to compare and sync .env files inside this repository.
// It reads and writes only .env* files in the project root and never prints values
// unless --show-values is given for keys not matching the secret pattern.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { Command } = require('commander');

const ROOT = process.cwd();
const SECRET_KEY = /(SECRET|TOKEN|PASSWORD|PRIVATE|_KEY)$/i;

function envPath(name) {
  if (!/^\.env(\.[\w-]+)?$/.test(name)) throw new Error(`${name} is not a .env file name`);
  return path.join(ROOT, name);
}

function parse(file) {
  if (!fs.existsSync(file)) return new Map();
  const entries = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#') && l.includes('='))
    .map((l) => {
      const i = l.indexOf('=');
      return [l.slice(0, i).trim(), l.slice(i + 1).trim()];
    });
  return new Map(entries);
}

function serialize(map) {
  return [...map.entries()].map(([k, v]) => `${k}=${v}`).join('\n') + '\n';
}

const program = new Command().name('envtool').description('compare and sync .env files');

program
  .command('diff')
  .argument('[a]', 'reference file', '.env.example')
  .argument('[b]', 'local file', '.env')
  .option('--show-values', 'print non-secret values')
  .action((a, b, opts) => {
    const left = parse(envPath(a));
    const right = parse(envPath(b));
    const missing = [...left.keys()].filter((k) => !right.has(k));
    const extra = [...right.keys()].filter((k) => !left.has(k));
    missing.forEach((k) => console.log(`- ${k}${opts.showValues && !SECRET_KEY.test(k) ? `=${left.get(k)}` : ''}`));
    extra.forEach((k) => console.log(`+ ${k}`));
    console.log(`${missing.length} missing in ${b}, ${extra.length} only in ${b}`);
    if (missing.length) process.exitCode = 1;
  });

program
  .command('sync')
  .description('add keys missing from the local file, with the example values')
  .argument('[a]', 'reference file', '.env.example')
  .argument('[b]', 'local file', '.env')
  .option('-n, --dry-run', 'do not write')
  .action((a, b, opts) => {
    const reference = parse(envPath(a));
    const target = parse(envPath(b));
    const added = [];
    for (const [k, v] of reference) {
      if (!target.has(k)) {
        target.set(k, v);
        added.push(k);
      }
    }
    if (!added.length) return console.log('nothing to add');
    if (!opts.dryRun) fs.writeFileSync(envPath(b), serialize(target), { mode: 0o600 });
    console.log(`${opts.dryRun ? 'would add' : 'added'}: ${added.join(', ')}`);
  });

program
  .command('keys')
  .argument('[file]', 'env file', '.env')
  .action((file) => {
    const map = parse(envPath(file));
    [...map.keys()].sort().forEach((k) => console.log(`${k}${SECRET_KEY.test(k) ? '  (secret)' : ''}`));
  });

program.parseAsync(process.argv).catch((err) => {
  console.error(err.message);
  process.exitCode = 2;
});
