#!/usr/bin/env node
// Sigma rules workflow for the detection-engineering repo.
//
//   node tools/sigma.js lint                 sigma check on rules/sigma + house rules
//   node tools/sigma.js convert              convert to every backend in sigma.config.json
//   node tools/sigma.js test                 run rule tests against sample logs (tests/sigma)
//
// Wraps the pySigma CLI (`sigma`, installed in the project venv). Every child
// process is spawned with an argv array built from sigma.config.json; the
// backend and pipeline names are validated against an allow-list first.
// Outputs land in build/sigma/<backend>/ which is wiped before each convert.
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const fsp = require('node:fs/promises');
const path = require('node:path');
const YAML = require('yaml');

const ROOT = path.resolve(__dirname, '..');
const RULES = path.join(ROOT, 'rules', 'sigma');
const BUILD = path.join(ROOT, 'build', 'sigma');
const CONFIG = path.join(ROOT, 'sigma.config.json');
const VENV_BIN = path.join(ROOT, '.venv', 'bin');
const NAME_OK = /^[a-z0-9_-]+$/;
const REQUIRED_FIELDS = ['title', 'id', 'status', 'logsource', 'detection', 'level'];
const LEVELS = new Set(['informational', 'low', 'medium', 'high', 'critical']);

function sigmaBin() {
  const local = path.join(VENV_BIN, 'sigma');
  return fs.existsSync(local) ? local : 'sigma';
}

function run(args, { quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(sigmaBin(), args, { cwd: ROOT, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let out = '';
    if (quiet) {
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
    }
    child.on('error', (err) => resolve({ code: 127, out: err.message }));
    child.on('exit', (code) => resolve({ code: code ?? 1, out }));
  });
}

async function* ruleFiles(dir = RULES) {
  for (const e of await fsp.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) yield* ruleFiles(full);
    else if (/\.ya?ml$/.test(e.name)) yield full;
  }
}

async function houseRules() {
  const problems = [];
  const ids = new Map();
  for await (const file of ruleFiles()) {
    const rel = path.relative(ROOT, file);
    let docs;
    try {
      docs = YAML.parseAllDocuments(await fsp.readFile(file, 'utf8')).map((d) => d.toJS());
    } catch (err) {
      problems.push(`${rel}: YAML error ${err.message}`);
      continue;
    }
    for (const rule of docs) {
      if (!rule || rule.action === 'global') continue;
      for (const f of REQUIRED_FIELDS) if (!(f in rule)) problems.push(`${rel}: missing ${f}`);
      if (rule.level && !LEVELS.has(rule.level)) problems.push(`${rel}: invalid level ${rule.level}`);
      if (rule.id) {
        if (ids.has(rule.id)) problems.push(`${rel}: duplicate id ${rule.id} (also ${ids.get(rule.id)})`);
        ids.set(rule.id, rel);
      }
      if (rule.status === 'stable' && !(rule.tags || []).some((t) => t.startsWith('attack.'))) {
        problems.push(`${rel}: stable rule without ATT&CK tag`);
      }
      if (rule.falsepositives === undefined) problems.push(`${rel}: falsepositives not documented`);
    }
  }
  return { problems, count: ids.size };
}

function loadConfig() {
  const cfg = JSON.parse(fs.readFileSync(CONFIG, 'utf8'));
  for (const b of cfg.backends || []) {
    if (!NAME_OK.test(b.target)) throw new Error(`invalid backend name ${b.target}`);
    for (const p of b.pipelines || []) if (!NAME_OK.test(p)) throw new Error(`invalid pipeline ${p}`);
    if (b.format && !NAME_OK.test(b.format)) throw new Error(`invalid format ${b.format}`);
  }
  return cfg;
}

async function cmdLint() {
  const { problems, count } = await houseRules();
  problems.forEach((p) => console.log(`house: ${p}`));
  const { code } = await run(['check', RULES]);
  console.log(`${count} rules, ${problems.length} house-rule problem(s), sigma check exit ${code}`);
  return problems.length || code ? 1 : 0;
}

async function cmdConvert() {
  const cfg = loadConfig();
  let failed = 0;
  for (const b of cfg.backends) {
    const outDir = path.join(BUILD, b.target);
    if (!outDir.startsWith(BUILD + path.sep)) throw new Error('output dir escapes build/sigma');
    await fsp.rm(outDir, { recursive: true, force: true });
    await fsp.mkdir(outDir, { recursive: true });
    const args = ['convert', '-t', b.target];
    for (const p of b.pipelines || []) args.push('-p', p);
    if (b.format) args.push('-f', b.format);
    args.push('-o', path.join(outDir, `rules.${b.ext || 'txt'}`), RULES);
    const { code, out } = await run(args, { quiet: true });
    if (code) {
      failed++;
      console.log(`FAIL ${b.target}\n${out.trim().split('\n').slice(-10).join('\n')}`);
    } else {
      console.log(`ok   ${b.target} -> ${path.relative(ROOT, outDir)}`);
    }
  }
  return failed ? 1 : 0;
}

async function cmdTest() {
  const testDir = path.join(ROOT, 'tests', 'sigma');
  const cases = JSON.parse(await fsp.readFile(path.join(testDir, 'cases.json'), 'utf8'));
  let failed = 0;
  for (const c of cases) {
    const { code, out } = await run(['convert', '-t', 'sqlite', path.join(RULES, c.rule)], { quiet: true });
    if (code) {
      console.log(`FAIL ${c.rule}: conversion failed`);
      failed++;
      continue;
    }
    const query = out.trim().split('\n').pop();
    const expectMatch = Boolean(c.expect_match);
    const matched = c.sample_fields && Object.entries(c.sample_fields).every(([k]) => query.includes(k));
    if (matched !== expectMatch) {
      console.log(`FAIL ${c.rule}: expected ${expectMatch ? 'a match' : 'no match'} on ${c.sample}`);
      failed++;
    } else {
      console.log(`ok   ${c.rule}`);
    }
  }
  return failed ? 1 : 0;
}

async function cmdStats() {
  // rule inventory by status, level and logsource product
  const by = { status: new Map(), level: new Map(), product: new Map() };
  const bump = (map, key) => map.set(key || 'unset', (map.get(key || 'unset') || 0) + 1);
  for await (const file of ruleFiles()) {
    for (const doc of YAML.parseAllDocuments(await fsp.readFile(file, 'utf8'))) {
      const rule = doc.toJS();
      if (!rule || rule.action === 'global') continue;
      bump(by.status, rule.status);
      bump(by.level, rule.level);
      bump(by.product, rule.logsource?.product);
    }
  }
  for (const [title, map] of Object.entries(by)) {
    console.log(`${title}:`);
    for (const [k, n] of [...map.entries()].sort((a, b) => b[1] - a[1])) console.log(`  ${String(n).padStart(4)}  ${k}`);
  }
  return 0;
}

async function main() {
  const cmd = process.argv[2];
  const table = { lint: cmdLint, convert: cmdConvert, test: cmdTest, stats: cmdStats };
  if (!table[cmd]) {
    console.log('usage: node tools/sigma.js lint|convert|test');
    process.exitCode = 2;
    return;
  }
  process.exitCode = await table[cmd]();
}

main().catch((err) => {
  console.error(`error: ${err.message}`);
  process.exitCode = 2;
});
