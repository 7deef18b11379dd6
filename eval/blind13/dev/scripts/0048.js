#!/usr/bin/env node
// tw-fixtures: CLI (yargs) to create, list and prune JSON fixtures under test/fixtures.
// Every path is resolved and checked to stay inside the fixtures directory.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const yargs = require('yargs/yargs');
const { hideBin } = require('yargs/helpers');

const FIXTURE_ROOT = path.resolve('test/fixtures');

function inside(p) {
  const resolved = path.resolve(FIXTURE_ROOT, p);
  if (!resolved.startsWith(FIXTURE_ROOT + path.sep)) {
    throw new Error(`${p} escapes ${FIXTURE_ROOT}`);
  }
  return resolved;
}

const templates = {
  user: (i) => ({ id: i, email: `user${i}@example.com`, role: i === 1 ? 'admin' : 'member' }),
  order: (i) => ({ id: `ord_${i}`, total: i * 1250, currency: 'EUR', lines: i % 3 + 1 }),
  event: (i) => ({ id: i, type: ['created', 'updated', 'deleted'][i % 3], at: new Date(2024, 0, i).toISOString() }),
};

function listFixtures() {
  if (!fs.existsSync(FIXTURE_ROOT)) return [];
  return fs
    .readdirSync(FIXTURE_ROOT, { recursive: true })
    .filter((f) => f.endsWith('.json'))
    .map((f) => {
      const full = path.join(FIXTURE_ROOT, f);
      const stat = fs.statSync(full);
      return { file: f, bytes: stat.size, mtime: stat.mtime };
    });
}

yargs(hideBin(process.argv))
  .scriptName('tw-fixtures')
  .command(
    'make <kind> <name>',
    'create a fixture file',
    (y) =>
      y
        .positional('kind', { choices: Object.keys(templates) })
        .positional('name', { type: 'string' })
        .option('count', { alias: 'n', type: 'number', default: 5 })
        .option('force', { type: 'boolean', default: false }),
    (argv) => {
      const target = inside(`${argv.name}.json`);
      if (fs.existsSync(target) && !argv.force) {
        throw new Error(`${argv.name}.json exists; pass --force to overwrite`);
      }
      const rows = Array.from({ length: argv.count }, (_, i) => templates[argv.kind](i + 1));
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, JSON.stringify(rows, null, 2) + '\n');
      console.log(`wrote ${rows.length} ${argv.kind}(s) to ${path.relative(process.cwd(), target)}`);
    },
  )
  .command('ls', 'list fixtures', {}, () => {
    const rows = listFixtures();
    rows.forEach((r) => console.log(`${String(r.bytes).padStart(8)}  ${r.mtime.toISOString().slice(0, 10)}  ${r.file}`));
    console.log(`${rows.length} fixture(s)`);
  })
  .command(
    'prune',
    'delete fixtures not referenced by any test file',
    (y) => y.option('yes', { type: 'boolean', default: false }),
    (argv) => {
      const testSources = fs
        .readdirSync('test', { recursive: true })
        .filter((f) => /\.(js|ts)$/.test(f))
        .map((f) => fs.readFileSync(path.join('test', f), 'utf8'))
        .join('\n');
      const unused = listFixtures().filter((r) => !testSources.includes(path.basename(r.file, '.json')));
      unused.forEach((r) => {
        console.log(`${argv.yes ? 'deleting' : 'unused'} ${r.file}`);
        if (argv.yes) fs.unlinkSync(inside(r.file));
      });
      if (!argv.yes && unused.length) console.log('re-run with --yes to delete');
    },
  )
  .demandCommand(1)
  .strict()
  .help()
  .parse();
