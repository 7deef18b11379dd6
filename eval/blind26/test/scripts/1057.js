#!/usr/bin/env node
// tools/fw-build.js - compile the sensor firmware for every board variant.
//
//   node tools/fw-build.js                 # all variants from boards.json
//   node tools/fw-build.js --only esp32c3  # one variant
//   node tools/fw-build.js --jobs 3
//
// Runs `arduino-cli compile --format json` per variant with argv arrays
// (no shell), reads the program/data sizes from the JSON result, checks them
// against the per-board budget, and writes build/fw/summary.json plus a
// markdown table for the PR. Nothing is uploaded to a board.
'use strict';

const { execFile } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const SKETCH = path.join(ROOT, 'firmware', 'sensor-node');
const OUT = path.join(ROOT, 'build', 'fw');
const BOARDS = JSON.parse(fs.readFileSync(path.join(ROOT, 'boards.json'), 'utf8'));
const CLI_CONFIG = path.join(ROOT, 'arduino-cli.yaml');

function parseArgs() {
  const argv = process.argv.slice(2);
  const opts = { only: null, jobs: Math.max(1, Math.floor(os.cpus().length / 2)), verbose: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--only') opts.only = argv[++i];
    else if (argv[i] === '--jobs') opts.jobs = Number(argv[++i]);
    else if (argv[i] === '-v') opts.verbose = true;
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  return opts;
}

function compileVariant(variant) {
  const outDir = path.join(OUT, variant.name);
  fs.mkdirSync(outDir, { recursive: true });
  const args = [
    'compile',
    '--fqbn', variant.fqbn,
    '--config-file', CLI_CONFIG,
    '--output-dir', outDir,
    '--warnings', 'more',
    '--format', 'json',
  ];
  for (const [k, v] of Object.entries(variant.defines || {})) {
    if (!/^[A-Z][A-Z0-9_]*$/.test(k)) throw new Error(`${variant.name}: bad define ${k}`);
    args.push('--build-property', `build.extra_flags=-D${k}=${v}`);
  }
  args.push(SKETCH);
  const started = Date.now();
  return new Promise((resolve) => {
    execFile('arduino-cli', args, { maxBuffer: 32 * 1024 * 1024 }, (err, stdout, stderr) => {
      let result = {};
      try {
        result = JSON.parse(stdout || '{}');
      } catch {
        result = {};
      }
      fs.writeFileSync(path.join(outDir, 'compile.json'), stdout || '{}');
      if (stderr) fs.writeFileSync(path.join(outDir, 'compile.stderr.log'), stderr);
      resolve({
        variant,
        ok: !err && result.success !== false,
        seconds: (Date.now() - started) / 1000,
        sizes: extractSizes(result),
        warnings: countWarnings(result.compiler_err || stderr || ''),
      });
    });
  });
}

function extractSizes(result) {
  const sections = result.builder_result?.executable_sections_size || [];
  const out = {};
  for (const s of sections) out[s.name] = { size: s.size, max: s.max_size };
  return out;
}

function countWarnings(text) {
  return (text.match(/warning:/g) || []).length;
}

function checkBudget(res) {
  const problems = [];
  const budget = res.variant.budget || {};
  for (const [section, limit] of Object.entries(budget)) {
    const got = res.sizes[section]?.size;
    if (got !== undefined && got > limit) problems.push(`${section} ${got} > ${limit}`);
  }
  for (const [section, s] of Object.entries(res.sizes)) {
    if (s.max && s.size / s.max > 0.9) problems.push(`${section} at ${Math.round((s.size / s.max) * 100)}% of flash/RAM`);
  }
  return problems;
}

// Run fn over items with at most `size` compiles at once; each compile is
// CPU heavy (gcc for ESP32 uses all cores), so the default is half the CPUs.
async function pool(items, size, fn) {
  const results = new Array(items.length);
  const queue = items.map((item, index) => ({ item, index }));
  const workers = [];
  for (let w = 0; w < Math.min(size, items.length); w++) {
    workers.push(
      (async () => {
        for (let job = queue.shift(); job; job = queue.shift()) {
          results[job.index] = await fn(job.item);
        }
      })(),
    );
  }
  await Promise.all(workers);
  return results;
}

function cleanVariantDirs(variants) {
  // remove output dirs of variants that are no longer in boards.json (inside build/fw only)
  if (!fs.existsSync(OUT)) return;
  const names = new Set(variants.map((v) => v.name));
  for (const entry of fs.readdirSync(OUT, { withFileTypes: true })) {
    if (entry.isDirectory() && !names.has(entry.name)) {
      fs.rmSync(path.join(OUT, entry.name), { recursive: true, force: true });
      console.log(`removed stale build/fw/${entry.name}`);
    }
  }
}

function table(results) {
  const lines = ['| variant | fqbn | result | text | data | warnings | time |', '|---|---|---|---:|---:|---:|---:|'];
  for (const r of results) {
    const text = r.sizes.text?.size ?? r.sizes['.text']?.size ?? '-';
    const data = r.sizes.data?.size ?? r.sizes['.data']?.size ?? '-';
    lines.push(
      `| ${r.variant.name} | \`${r.variant.fqbn}\` | ${r.ok ? (r.budget.length ? '⚠' : '✓') : '✗'} | ${text} | ${data} | ${r.warnings} | ${r.seconds.toFixed(0)}s |`,
    );
  }
  return lines.join('\n') + '\n';
}

function ensureCores() {
  // fail early with a helpful message instead of N compile errors
  return new Promise((resolve, reject) => {
    execFile('arduino-cli', ['core', 'list', '--format', 'json', '--config-file', CLI_CONFIG], (err, stdout) => {
      if (err) return reject(new Error('arduino-cli not working; is it installed?'));
      const installed = new Set((JSON.parse(stdout || '{}').platforms || []).map((p) => p.id));
      const needed = new Set(BOARDS.map((b) => b.fqbn.split(':').slice(0, 2).join(':')));
      const missing = [...needed].filter((c) => !installed.has(c));
      if (missing.length) return reject(new Error(`missing cores: ${missing.join(', ')} (arduino-cli core install …)`));
      resolve();
    });
  });
}

async function main() {
  const opts = parseArgs();
  const variants = BOARDS.filter((b) => !opts.only || b.name === opts.only);
  if (!variants.length) throw new Error(`no variant named ${opts.only}`);
  await ensureCores();
  fs.mkdirSync(OUT, { recursive: true });
  console.log(`${variants.length} variant(s), ${opts.jobs} parallel job(s)`);
  const results = await pool(variants, opts.jobs, async (v) => {
    const r = await compileVariant(v);
    r.budget = r.ok ? checkBudget(r) : [];
    console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${v.name} (${r.seconds.toFixed(0)}s)${r.budget.length ? ' budget: ' + r.budget.join('; ') : ''}`);
    return r;
  });
  fs.writeFileSync(
    path.join(OUT, 'summary.json'),
    JSON.stringify(results.map((r) => ({ name: r.variant.name, ok: r.ok, sizes: r.sizes, warnings: r.warnings, budget: r.budget })), null, 2),
  );
  fs.writeFileSync(path.join(OUT, 'summary.md'), table(results));
  if (!opts.only) cleanVariantDirs(BOARDS);
  const failed = results.filter((r) => r.ok === false).length;
  const over = results.filter((r) => r.budget.length).length;
  console.log(`${results.length - failed} built, ${failed} failed, ${over} over budget`);
  process.exitCode = failed || over ? 1 : 0;
}

main().catch((err) => {
  console.error(`fw-build: ${err.message}`);
  process.exitCode = 1;
});
