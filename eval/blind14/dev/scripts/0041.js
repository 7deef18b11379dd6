#!/usr/bin/env node
// Tests for the slug/asset writer using node:test in a scratch directory.
// Every test gets its own fs.mkdtempSync folder under os.tmpdir() and the
// folder is removed in afterEach, even when an assertion fails.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

function slugify(title) {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

function writeAsset(root, title, body, { overwrite = false } = {}) {
  const dir = path.join(root, 'content');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${slugify(title)}.md`);
  if (!path.resolve(file).startsWith(path.resolve(root) + path.sep)) {
    throw new Error(`refusing to write outside ${root}`);
  }
  if (fs.existsSync(file) && !overwrite) {
    throw new Error(`exists: ${path.basename(file)}`);
  }
  fs.writeFileSync(file, `# ${title}\n\n${body}\n`);
  return file;
}

let scratch;

test.beforeEach(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'asset-writer-'));
});

test.afterEach(() => {
  if (scratch && scratch.startsWith(os.tmpdir())) {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  scratch = undefined;
});

test('slugify strips accents and punctuation', () => {
  assert.equal(slugify('Crème Brûlée: A Guide!'), 'creme-brulee-a-guide');
  assert.equal(slugify('  --Hello--  '), 'hello');
});

test('slugify caps length', () => {
  assert.equal(slugify('x'.repeat(200)).length, 80);
});

test('writeAsset creates the content folder', () => {
  const file = writeAsset(scratch, 'First Post', 'hello');
  assert.ok(fs.existsSync(file));
  assert.match(fs.readFileSync(file, 'utf8'), /^# First Post/);
});

test('writeAsset refuses to overwrite by default', () => {
  writeAsset(scratch, 'Same', 'one');
  assert.throws(() => writeAsset(scratch, 'Same', 'two'), /exists/);
  writeAsset(scratch, 'Same', 'three', { overwrite: true });
  const text = fs.readFileSync(path.join(scratch, 'content', 'same.md'), 'utf8');
  assert.match(text, /three/);
});

test('path traversal in titles cannot escape the root', () => {
  const file = writeAsset(scratch, '../../etc/passwd', 'nope');
  assert.ok(file.startsWith(scratch));
  assert.equal(path.basename(file), 'etc-passwd.md');
});

test('nested scratch folders are cleaned with the parent', () => {
  const nested = fs.mkdtempSync(path.join(scratch, 'nested-'));
  fs.writeFileSync(path.join(nested, 'a.txt'), 'a');
  assert.equal(fs.readdirSync(scratch).length, 1);
});

test('scratch directory is unique per test', () => {
  const other = fs.mkdtempSync(path.join(os.tmpdir(), 'asset-writer-'));
  try {
    assert.notEqual(other, scratch);
  } finally {
    fs.rmSync(other, { recursive: true, force: true });
  }
  assert.equal(fs.existsSync(other), false);
});
