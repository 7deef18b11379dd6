#!/usr/bin/env node
// tools/notebooks.js - execute and check the tutorial notebooks in docs/notebooks.
//
//   node tools/notebooks.js run [name...]   execute with `jupyter nbconvert --execute` into build/notebooks
//   node tools/notebooks.js check           fail if committed notebooks contain outputs or big blobs
//   node tools/notebooks.js strip           remove outputs/metadata from committed notebooks (in place)
//
// The notebooks are ours; execution happens on copies in a temporary folder
// with a per-cell timeout, using the kernel from the project's venv.
'use strict';

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const NB_DIR = path.join(ROOT, 'docs', 'notebooks');
const OUT_DIR = path.join(ROOT, 'build', 'notebooks');
const VENV_PY = path.join(ROOT, '.venv', 'bin', 'python');
const CELL_TIMEOUT = Number(process.env.NB_CELL_TIMEOUT || 300);
const MAX_OUTPUT_BYTES = 200 * 1024;

function notebooks(names) {
  const all = fs
    .readdirSync(NB_DIR)
    .filter((f) => f.endsWith('.ipynb'))
    .sort();
  if (!names.length) return all;
  const picked = all.filter((f) => names.some((n) => f.startsWith(n)));
  if (picked.length === 0) throw new Error(`no notebook matches ${names.join(', ')}`);
  return picked;
}

function python() {
  if (!fs.existsSync(VENV_PY)) throw new Error('.venv missing (python -m venv .venv && pip install -r docs/requirements.txt)');
  return VENV_PY;
}

function execute(file, workdir) {
  const src = path.join(NB_DIR, file);
  const copy = path.join(workdir, file);
  fs.copyFileSync(src, copy);
  const started = Date.now();
  const r = spawnSync(
    python(),
    [
      '-m', 'jupyter', 'nbconvert',
      '--to', 'notebook',
      '--execute',
      `--ExecutePreprocessor.timeout=${CELL_TIMEOUT}`,
      '--ExecutePreprocessor.kernel_name=python3',
      '--output-dir', OUT_DIR,
      copy,
    ],
    { cwd: NB_DIR, encoding: 'utf8', env: { ...process.env, MPLBACKEND: 'Agg' } },
  );
  return {
    file,
    ok: r.status === 0,
    seconds: Math.round((Date.now() - started) / 1000),
    error: r.status === 0 ? null : (r.stderr || '').trim().split('\n').slice(-6).join('\n'),
  };
}

function toHtml(file) {
  const executed = path.join(OUT_DIR, file);
  spawnSync(python(), ['-m', 'jupyter', 'nbconvert', '--to', 'html', executed, '--output-dir', OUT_DIR], {
    encoding: 'utf8',
  });
}

function run(names) {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const workdir = fs.mkdtempSync(path.join(os.tmpdir(), 'nb-run-'));
  const results = [];
  try {
    for (const file of notebooks(names)) {
      const r = execute(file, workdir);
      results.push(r);
      console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${file} (${r.seconds}s)`);
      if (r.ok) toHtml(file);
      else console.log(r.error.replace(/^/gm, '     '));
    }
  } finally {
    fs.rmSync(workdir, { recursive: true, force: true });
  }
  fs.writeFileSync(path.join(OUT_DIR, 'results.json'), JSON.stringify(results, null, 2));
  return results.every((r) => r.ok) ? 0 : 1;
}

function load(file) {
  return JSON.parse(fs.readFileSync(path.join(NB_DIR, file), 'utf8'));
}

function outputBytes(nb) {
  let total = 0;
  for (const cell of nb.cells) {
    for (const out of cell.outputs || []) total += JSON.stringify(out).length;
  }
  return total;
}

function check() {
  let bad = 0;
  for (const file of notebooks([])) {
    const nb = load(file);
    const withOutputs = nb.cells.filter((c) => (c.outputs || []).length > 0).length;
    const bytes = outputBytes(nb);
    const problems = [];
    if (withOutputs) problems.push(`${withOutputs} cell(s) with outputs`);
    if (bytes > MAX_OUTPUT_BYTES) problems.push(`${Math.round(bytes / 1024)} KiB of outputs`);
    if (nb.metadata && nb.metadata.widgets) problems.push('widget state saved');
    if (problems.length) {
      bad++;
      console.log(`${file}: ${problems.join(', ')}`);
    }
  }
  if (bad) console.log(`\n${bad} notebook(s) need \`node tools/notebooks.js strip\``);
  return bad ? 1 : 0;
}

function strip() {
  for (const file of notebooks([])) {
    const nb = load(file);
    for (const cell of nb.cells) {
      if (cell.cell_type === 'code') {
        cell.outputs = [];
        cell.execution_count = null;
      }
      if (cell.metadata) {
        delete cell.metadata.execution;
        delete cell.metadata.collapsed;
      }
    }
    if (nb.metadata) delete nb.metadata.widgets;
    fs.writeFileSync(path.join(NB_DIR, file), JSON.stringify(nb, null, 1) + '\n');
    console.log(`stripped ${file}`);
  }
  return 0;
}

function kernelInstalled() {
  const r = spawnSync(python(), ['-m', 'jupyter', 'kernelspec', 'list', '--json'], { encoding: 'utf8' });
  if (r.status !== 0) return false;
  try {
    return 'python3' in JSON.parse(r.stdout).kernelspecs;
  } catch {
    return false;
  }
}

function imports() {
  // modules imported by the notebooks must be pinned in docs/requirements.txt
  const reqs = fs
    .readFileSync(path.join(ROOT, 'docs', 'requirements.txt'), 'utf8')
    .split('\n')
    .map((l) => l.split(/[<>=\[ ]/)[0].trim().toLowerCase().replace(/-/g, '_'))
    .filter(Boolean);
  const missing = new Set();
  const stdlib = new Set(['os', 'sys', 'json', 'math', 'pathlib', 'datetime', 'itertools', 'collections', 'random']);
  for (const file of notebooks([])) {
    for (const cell of load(file).cells) {
      if (cell.cell_type !== 'code') continue;
      const src = Array.isArray(cell.source) ? cell.source.join('') : cell.source;
      for (const m of src.matchAll(/^\s*(?:from|import)\s+([a-zA-Z_]\w*)/gm)) {
        const mod = m[1].toLowerCase();
        if (!stdlib.has(mod) && !reqs.includes(mod)) missing.add(`${mod} (${file})`);
      }
    }
  }
  return [...missing];
}

function main() {
  const [cmd = 'check', ...rest] = process.argv.slice(2);
  if (cmd === 'run') {
    if (!kernelInstalled()) throw new Error('python3 kernel missing in the venv (pip install ipykernel)');
    return run(rest);
  }
  if (cmd === 'imports') {
    const missing = imports();
    missing.forEach((m) => console.log(`not in docs/requirements.txt: ${m}`));
    return missing.length ? 1 : 0;
  }
  if (cmd === 'check') return check();
  if (cmd === 'strip') return strip();
  console.log('usage: notebooks.js run [name...] | check | strip');
  return 2;
}

try {
  process.exitCode = main();
} catch (err) {
  console.error(`notebooks: ${err.message}`);
  process.exitCode = 1;
}
