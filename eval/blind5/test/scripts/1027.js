#!/usr/bin/env node
// Build an on-disk fixture tree for the file-watcher tests and run them.
// The tree is created under os.tmpdir() and removed afterwards, even on failure.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const LAYOUT = {
  'src/index.ts': "export * from './lib';\n",
  'src/lib.ts': 'export const answer = 42;\n',
  'src/nested/deep/file.ts': 'export {};\n',
  'node_modules/pkg/index.js': 'module.exports = {};\n',
  '.gitignore': 'node_modules\ndist\n',
  'dist/out.js': '// built\n',
  'README.md': '# fixture\n',
};

const SYMLINKS = [['src/lib.ts', 'src/alias.ts']];

function build(root) {
  for (const [rel, content] of Object.entries(LAYOUT)) {
    const p = path.join(root, rel);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, content);
  }
  for (const [target, link] of SYMLINKS) {
    fs.symlinkSync(path.relative(path.dirname(path.join(root, link)), path.join(root, target)), path.join(root, link));
  }
  const old = new Date(Date.now() - 3600_000);
  fs.utimesSync(path.join(root, 'dist/out.js'), old, old);
}

function runTests(root) {
  const res = spawnSync('npx', ['vitest', 'run', 'test/watcher'], {
    stdio: 'inherit',
    env: { ...process.env, WATCHER_FIXTURE_ROOT: root },
  });
  return res.status ?? 1;
}

function main() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'watcher-fixture-'));
  let code = 1;
  try {
    build(root);
    console.log(`fixture at ${root} (${Object.keys(LAYOUT).length} files)`);
    code = runTests(root);
  } finally {
    if (!process.env.KEEP_FIXTURE) fs.rmSync(root, { recursive: true, force: true });
    else console.log(`kept ${root}`);
  }
  process.exit(code);
}

main();
