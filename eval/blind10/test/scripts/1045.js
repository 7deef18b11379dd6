#!/usr/bin/env node
// Database test runner: for every test file, create a fresh SQLite database
// in a temp directory, apply the project migrations, run the file with
// `node --test`, and delete the temp directory afterwards.
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const PROJECT = path.resolve(__dirname, '..');
const MIGRATIONS = path.join(PROJECT, 'db', 'migrations');
const TEST_DIR = path.join(PROJECT, 'test', 'db');
const CONCURRENCY = Number(process.env.DB_TEST_JOBS || os.availableParallelism?.() || 2);

function migrate(dbFile) {
  const Database = require(path.join(PROJECT, 'node_modules', 'better-sqlite3'));
  const db = new Database(dbFile);
  try {
    for (const file of fs.readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql')).sort()) {
      db.exec(fs.readFileSync(path.join(MIGRATIONS, file), 'utf8'));
    }
  } finally {
    db.close();
  }
}

function runFile(testFile) {
  return new Promise((resolve) => {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'dbtest-'));
    const dbFile = path.join(scratch, 'test.sqlite3');
    const started = Date.now();
    const finish = (code, output) => {
      fs.rmSync(scratch, { recursive: true, force: true });
      resolve({ testFile, code, output, ms: Date.now() - started });
    };
    try {
      migrate(dbFile);
    } catch (err) {
      finish(1, `migration failed: ${err.message}`);
      return;
    }
    const child = spawn(process.execPath, ['--test', testFile], {
      cwd: PROJECT,
      env: { ...process.env, DATABASE_FILE: dbFile, NODE_ENV: 'test' },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => finish(code, output));
  });
}

async function pool(items, size, worker) {
  const results = [];
  let next = 0;
  const lanes = Array.from({ length: Math.min(size, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++];
      results.push(await worker(item));
    }
  });
  await Promise.all(lanes);
  return results;
}

async function main() {
  const filter = process.argv[2];
  const files = fs
    .readdirSync(TEST_DIR)
    .filter((f) => f.endsWith('.test.js') && (!filter || f.includes(filter)))
    .map((f) => path.join(TEST_DIR, f));
  if (files.length === 0) {
    console.log('no db tests matched');
    return;
  }
  const results = await pool(files, CONCURRENCY, runFile);
  let failed = 0;
  for (const r of results.sort((a, b) => a.testFile.localeCompare(b.testFile))) {
    const name = path.relative(PROJECT, r.testFile);
    if (r.code === 0) {
      console.log(`✔ ${name} (${r.ms}ms)`);
    } else {
      failed += 1;
      console.log(`✘ ${name} (${r.ms}ms)\n${r.output.trim().split('\n').slice(-30).join('\n')}`);
    }
  }
  console.log(`\n${results.length - failed} passed, ${failed} failed`);
  process.exitCode = failed ? 1 : 0;
}

main();
