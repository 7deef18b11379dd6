#!/usr/bin/env node
// CLI snapshot tests for `orbit init`: each case runs the CLI in a fresh
// temp directory and compares the generated file list and package.json with
// the snapshot in tests/init-cases/<case>.json. Temp dirs are always removed.
'use strict';

const fsp = require('node:fs/promises');
const os = require('node:os');
const path = require('node:path');
const { execFile } = require('node:child_process');
const { promisify } = require('node:util');

const execFileP = promisify(execFile);
const REPO = path.join(__dirname, '..');
const CLI = path.join(REPO, 'packages', 'orbit-cli', 'bin', 'orbit.js');
const CASES = path.join(REPO, 'tests', 'init-cases');

async function listFiles(dir, base = dir) {
  const out = [];
  for (const entry of await fsp.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(full, base)));
    else out.push(path.relative(base, full).split(path.sep).join('/'));
  }
  return out.sort();
}

function runCase(name, spec, update) {
  let dir;
  return fsp
    .mkdtemp(path.join(os.tmpdir(), `orbit-init-${name}-`))
    .then((d) => {
      dir = d;
      return execFileP(process.execPath, [CLI, 'init', ...spec.args, '--no-install', '--yes'], {
        cwd: dir,
        env: { ...process.env, ORBIT_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
        timeout: 20000,
      });
    })
    .then(() => Promise.all([listFiles(dir), fsp.readFile(path.join(dir, 'package.json'), 'utf8')]))
    .then(([files, pkgText]) => {
      const actual = { files, scripts: JSON.parse(pkgText).scripts || {} };
      if (update) return { name, ok: true, updated: actual };
      const same = JSON.stringify(actual) === JSON.stringify(spec.expected);
      return { name, ok: same, actual };
    })
    .catch((err) => ({ name, ok: false, error: err.stderr || err.message }))
    .finally(() => (dir ? fsp.rm(dir, { recursive: true, force: true }) : undefined));
}

async function main() {
  const update = process.argv.includes('--update');
  const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const files = (await fsp.readdir(CASES)).filter((f) => f.endsWith('.json'));
  const results = [];
  for (const file of files.sort()) {
    const name = path.basename(file, '.json');
    if (only.length && !only.includes(name)) continue;
    const spec = JSON.parse(await fsp.readFile(path.join(CASES, file), 'utf8'));
    const result = await runCase(name, spec, update);
    if (result.updated) {
      spec.expected = result.updated;
      await fsp.writeFile(path.join(CASES, file), JSON.stringify(spec, null, 2) + '\n');
    }
    results.push(result);
  }
  let failed = 0;
  for (const r of results) {
    if (r.ok) {
      console.log(`  pass ${r.name}${r.updated ? ' (updated)' : ''}`);
    } else {
      failed += 1;
      console.log(`  FAIL ${r.name}`);
      console.log(`       ${r.error ? String(r.error).trim() : JSON.stringify(r.actual)}`);
    }
  }
  console.log(`${results.length - failed}/${results.length} init cases passed`);
  process.exitCode = failed ? 1 : 0;
}

main();
