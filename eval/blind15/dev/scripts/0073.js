#!/usr/bin/env node
// scripts/security-report.js - run osv-scanner, npm audit and semgrep, merge
// the results into SARIF for the code-scanning upload step in CI and a short
// text summary for humans.
//
//   node scripts/security-report.js                # all scanners
//   node scripts/security-report.js --only osv,npm
//   node scripts/security-report.js --fail-on high
//
// Scratch files go to ./build/security (deleted at the end unless --keep).
'use strict';

const { execFile, exec } = require('node:child_process');
const { promisify } = require('node:util');
const fs = require('node:fs');
const path = require('node:path');

const execFileP = promisify(execFile);
const execP = promisify(exec);

const ROOT = process.cwd();
const SCRATCH = path.join(ROOT, 'build', 'security');
const OUT = path.join(ROOT, 'reports');
const LEVELS = ['low', 'moderate', 'high', 'critical'];

function args() {
  const a = process.argv.slice(2);
  const val = (f, d) => (a.includes(f) ? a[a.indexOf(f) + 1] : d);
  const only = val('--only', 'osv,npm,semgrep').split(',');
  const failOn = val('--fail-on', 'high');
  if (!LEVELS.includes(failOn)) throw new Error(`--fail-on must be one of ${LEVELS.join(', ')}`);
  return { only, failOn, keep: a.includes('--keep') };
}

async function tryExecFile(cmd, argv, opts = {}) {
  try {
    const { stdout } = await execFileP(cmd, argv, { cwd: ROOT, maxBuffer: 128 << 20, ...opts });
    return stdout;
  } catch (e) {
    // scanners exit non-zero when they find something; keep their stdout
    if (e.stdout) return e.stdout;
    if (e.code === 'ENOENT') return null;
    throw e;
  }
}

async function osv() {
  const out = await tryExecFile('osv-scanner', ['--format', 'json', '--recursive', '.']);
  if (out === null) return { skipped: 'osv-scanner not installed' };
  fs.writeFileSync(path.join(SCRATCH, 'osv.json'), out);
  const data = JSON.parse(out || '{}');
  const findings = [];
  for (const r of data.results || []) {
    for (const p of r.packages || []) {
      for (const v of p.vulnerabilities || []) {
        const score = Number(p.groups?.find((g) => g.ids.includes(v.id))?.max_severity || 5);
        findings.push({
          tool: 'osv-scanner', id: v.id, level: score >= 9 ? 'critical' : score >= 7 ? 'high' : 'moderate',
          message: `${p.package.name}@${p.package.version}: ${v.summary || v.id}`, file: r.source.path,
        });
      }
    }
  }
  return { findings };
}

async function npm() {
  if (!fs.existsSync(path.join(ROOT, 'package-lock.json'))) return { skipped: 'no package-lock.json' };
  // constant command line, no user input involved
  const { stdout } = await execP('npm audit --json --omit=dev || true', { cwd: ROOT, maxBuffer: 64 << 20 });
  fs.writeFileSync(path.join(SCRATCH, 'npm.json'), stdout);
  const data = JSON.parse(stdout || '{}');
  const findings = Object.entries(data.vulnerabilities || {}).map(([name, v]) => ({
    tool: 'npm-audit', id: name, level: v.severity === 'info' ? 'low' : v.severity,
    message: `${name} ${v.range}`, file: 'package-lock.json',
  }));
  return { findings };
}

async function semgrep() {
  const out = await tryExecFile('semgrep', ['scan', '--config', 'p/javascript', '--json', '--metrics=off', '--quiet', 'src']);
  if (out === null) return { skipped: 'semgrep not installed' };
  fs.writeFileSync(path.join(SCRATCH, 'semgrep.json'), out);
  const data = JSON.parse(out || '{}');
  const map = { ERROR: 'high', WARNING: 'moderate', INFO: 'low' };
  const findings = (data.results || []).map((r) => ({
    tool: 'semgrep', id: r.check_id, level: map[r.extra.severity] || 'low',
    message: r.extra.message.slice(0, 300), file: r.path, line: r.start.line,
  }));
  return { findings };
}

const SCANNERS = { osv, npm, semgrep };

function dedupe(findings) {
  const seen = new Set();
  return findings.filter((f) => {
    const key = `${f.tool}|${f.id}|${f.file}|${f.line || 0}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function toSarif(findings) {
  const byTool = new Map();
  for (const f of findings) {
    if (!byTool.has(f.tool)) byTool.set(f.tool, []);
    byTool.get(f.tool).push(f);
  }
  const sarifLevel = { critical: 'error', high: 'error', moderate: 'warning', low: 'note' };
  return {
    version: '2.1.0',
    runs: [...byTool].map(([tool, list]) => ({
      tool: { driver: { name: tool, rules: [...new Set(list.map((f) => f.id))].map((id) => ({ id })) } },
      results: list.map((f) => ({
        ruleId: f.id,
        level: sarifLevel[f.level] || 'note',
        message: { text: f.message },
        locations: [{ physicalLocation: { artifactLocation: { uri: f.file }, region: { startLine: f.line || 1 } } }],
      })),
    })),
  };
}

async function main() {
  const opts = args();
  fs.mkdirSync(SCRATCH, { recursive: true });
  fs.mkdirSync(OUT, { recursive: true });
  const findings = [];
  try {
    for (const name of opts.only) {
      const fn = SCANNERS[name];
      if (!fn) throw new Error(`unknown scanner ${name}`);
      const res = await fn();
      if (res.skipped) console.log(`${name}: skipped (${res.skipped})`);
      else {
        console.log(`${name}: ${res.findings.length} finding(s)`);
        findings.push(...dedupe(res.findings));
      }
    }
  } finally {
    if (!opts.keep) fs.rmSync(SCRATCH, { recursive: true, force: true });
  }
  fs.writeFileSync(path.join(OUT, 'security.sarif'), JSON.stringify(toSarif(findings), null, 2));
  const threshold = LEVELS.indexOf(opts.failOn);
  const blocking = findings.filter((f) => LEVELS.indexOf(f.level) >= threshold);
  for (const f of blocking.slice(0, 20)) console.log(`  [${f.level}] ${f.tool} ${f.id}: ${f.message}`);
  console.log(`${findings.length} total, ${blocking.length} at or above ${opts.failOn}; SARIF in reports/security.sarif`);
  if (blocking.length) process.exitCode = 1;
}

main().catch((e) => {
  console.error(e.message);
  process.exit(2);
});
