// Smoke test for the markdown renderer: render fixtures into a temp dir and compare.
'use strict';

const assert = require('assert/strict');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { renderFile } = require('./src/render');

const FIXTURES = path.join(__dirname, 'test', 'fixtures', 'md');
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'render-smoke-'));

let failures = 0;
try {
  for (const name of fs.readdirSync(FIXTURES).filter((n) => n.endsWith('.md'))) {
    const src = path.join(FIXTURES, name);
    const expected = path.join(FIXTURES, name.replace(/\.md$/, '.html'));
    const dest = path.join(out, name.replace(/\.md$/, '.html'));
    renderFile(src, dest);
    try {
      assert.equal(fs.readFileSync(dest, 'utf8').trim(), fs.readFileSync(expected, 'utf8').trim());
      console.log(`ok   ${name}`);
    } catch (err) {
      failures += 1;
      console.log(`FAIL ${name}`);
      console.log(err.message.split('\n').slice(0, 8).join('\n'));
    }
  }
} finally {
  fs.rmSync(out, { recursive: true, force: true });
}

console.log(failures ? `${failures} failure(s)` : 'all fixtures match');
process.exitCode = failures ? 1 : 0;
