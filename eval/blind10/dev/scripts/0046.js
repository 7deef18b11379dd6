#!/usr/bin/env node
// End-to-end harness for the `stitch` static site generator.
// Each fixture project is copied into a fresh temp dir, built with the local
// CLI, and the output tree is compared with the snapshot. Temp dirs are
// removed unless --keep is given.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFile } = require('node:child_process');
const crypto = require('node:crypto');

const ROOT = path.resolve(__dirname, '..');
const CLI = path.join(ROOT, 'bin', 'stitch.js');
const FIXTURES = path.join(ROOT, 'test', 'e2e', 'fixtures');
const SNAPSHOTS = path.join(ROOT, 'test', 'e2e', 'snapshots');
const keep = process.argv.includes('--keep');
const update = process.argv.includes('--update');

function hashTree(dir, base = dir, acc = {}) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      hashTree(full, base, acc);
    } else {
      const digest = crypto.createHash('sha1').update(fs.readFileSync(full)).digest('hex');
      acc[path.relative(base, full).split(path.sep).join('/')] = digest;
    }
  }
  return acc;
}

function diffTrees(expected, actual) {
  const problems = [];
  for (const [file, hash] of Object.entries(expected)) {
    if (!(file in actual)) problems.push(`missing ${file}`);
    else if (actual[file] !== hash) problems.push(`changed ${file}`);
  }
  for (const file of Object.keys(actual)) {
    if (!(file in expected)) problems.push(`unexpected ${file}`);
  }
  return problems;
}

function runCase(name, done) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `stitch-e2e-${name}-`));
  fs.cpSync(path.join(FIXTURES, name), work, { recursive: true });
  const finish = (err, problems) => {
    if (!keep) fs.rmSync(work, { recursive: true, force: true });
    else console.log(`  kept ${work}`);
    done(err, problems);
  };
  execFile(process.execPath, [CLI, 'build', '--out', '_site'], { cwd: work, timeout: 60000 }, (err, stdout, stderr) => {
    if (err) return finish(new Error(`build failed:\n${stderr || stdout}`));
    const actual = hashTree(path.join(work, '_site'));
    const snapFile = path.join(SNAPSHOTS, `${name}.json`);
    if (update || !fs.existsSync(snapFile)) {
      fs.mkdirSync(SNAPSHOTS, { recursive: true });
      fs.writeFileSync(snapFile, JSON.stringify(actual, null, 2) + '\n');
      return finish(null, []);
    }
    const expected = JSON.parse(fs.readFileSync(snapFile, 'utf8'));
    finish(null, diffTrees(expected, actual));
  });
}

function runAll(names, cb, results = []) {
  if (names.length === 0) return cb(results);
  const [name, ...rest] = names;
  const started = Date.now();
  runCase(name, (err, problems) => {
    results.push({ name, err, problems: problems || [], ms: Date.now() - started });
    runAll(rest, cb, results);
  });
}

const filter = process.argv.slice(2).find((a) => !a.startsWith('--'));
const names = fs
  .readdirSync(FIXTURES)
  .filter((n) => fs.statSync(path.join(FIXTURES, n)).isDirectory())
  .filter((n) => !filter || n.includes(filter));

runAll(names, (results) => {
  let failed = 0;
  for (const r of results) {
    const ok = !r.err && r.problems.length === 0;
    if (!ok) failed += 1;
    console.log(`${ok ? 'PASS' : 'FAIL'} ${r.name} (${r.ms}ms)`);
    if (r.err) console.log(`  ${r.err.message}`);
    r.problems.slice(0, 20).forEach((p) => console.log(`  ${p}`));
  }
  console.log(`\n${results.length - failed}/${results.length} passed`);
  process.exitCode = failed ? 1 : 0;
});
