#!/usr/bin/env node
// scripts/scan.js - pre-release scan: semgrep (code), gitleaks (secrets),
// trivy (dependencies). Writes a redacted SARIF-ish summary to
// reports/scan-summary.json and a Markdown table to reports/scan-summary.md.
//
// The raw gitleaks report contains secret values. It is written to a private
// temp directory (0700) and deleted in a finally block; secrets are reduced
// to a fingerprint (sha256 prefix) plus the last 4 characters before anything
// is written into the project. Optional: --comment posts the Markdown table
// as a PR comment through the GitHub REST API (GITHUB_TOKEN, api.github.com).

'use strict';

const { spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const REPORTS = path.join(ROOT, 'reports');
const GITHUB_API = 'https://api.github.com';

function tool(cmd, args, okCodes = [0]) {
  const res = spawnSync(cmd, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (res.error && res.error.code === 'ENOENT') {
    console.log(`${cmd} not installed; skipping`);
    return null;
  }
  if (!okCodes.includes(res.status)) {
    throw new Error(`${cmd} exited ${res.status}: ${(res.stderr || '').slice(-400)}`);
  }
  return res.stdout;
}

const fingerprint = (s) => crypto.createHash('sha256').update(s).digest('hex').slice(0, 12);
const last4 = (s) => (s.length > 8 ? `…${s.slice(-4)}` : '****');

function semgrep() {
  const out = tool('semgrep', ['scan', '--config', 'p/default', '--config', '.semgrep', '--json', '--quiet', '--metrics=off'], [0, 1]);
  if (out === null) return [];
  return JSON.parse(out).results.map((r) => ({
    tool: 'semgrep',
    rule: r.check_id,
    severity: r.extra.severity,
    file: r.path,
    line: r.start.line,
    message: r.extra.message.split('\n')[0].slice(0, 200),
  }));
}

function gitleaks() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scan-'));
  fs.chmodSync(dir, 0o700);
  const raw = path.join(dir, 'gitleaks.json');
  try {
    const out = tool('gitleaks', ['detect', '--no-banner', '--report-format', 'json', '--report-path', raw, '--exit-code', '0']);
    if (out === null || !fs.existsSync(raw)) return [];
    const findings = JSON.parse(fs.readFileSync(raw, 'utf8') || '[]');
    return findings.map((f) => ({
      tool: 'gitleaks',
      rule: f.RuleID,
      severity: 'HIGH',
      file: f.File,
      line: f.StartLine,
      message: `secret ${fingerprint(f.Secret)} ${last4(f.Secret)} (commit ${String(f.Commit || '').slice(0, 8) || 'worktree'})`,
    }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function trivy() {
  const out = tool('trivy', ['fs', '--quiet', '--scanners', 'vuln', '--format', 'json', '.']);
  if (out === null) return [];
  const data = JSON.parse(out);
  const rows = [];
  for (const result of data.Results ?? []) {
    for (const v of result.Vulnerabilities ?? []) {
      rows.push({
        tool: 'trivy',
        rule: v.VulnerabilityID,
        severity: v.Severity,
        file: result.Target,
        line: 0,
        message: `${v.PkgName} ${v.InstalledVersion} -> ${v.FixedVersion || 'no fix'}`,
      });
    }
  }
  return rows;
}

// Licence compliance: REUSE for headers, then a quick pass over the SPDX
// identifiers syft finds in dependencies against the allow-list in
// .licenses-allowed (one SPDX id per line).
function licences() {
  const rows = [];
  const lint = spawnSync('reuse', ['lint', '--json'], { cwd: ROOT, encoding: 'utf8' });
  if (!lint.error) {
    try {
      const data = JSON.parse(lint.stdout || '{}');
      const missing = data.files?.filter((f) => !f.licenses?.length) ?? [];
      for (const f of missing.slice(0, 200)) {
        rows.push({ tool: 'reuse', rule: 'missing-license', severity: 'LOW', file: f.path, line: 0, message: 'no SPDX header' });
      }
    } catch {
      /* older reuse without --json */
    }
  }
  const allowFile = path.join(ROOT, '.licenses-allowed');
  if (!fs.existsSync(allowFile)) return rows;
  const allowed = new Set(fs.readFileSync(allowFile, 'utf8').split('\n').map((l) => l.trim()).filter(Boolean));
  const sbom = tool('syft', ['dir:.', '--quiet', '-o', 'json']);
  if (sbom === null) return rows;
  for (const art of JSON.parse(sbom).artifacts ?? []) {
    const ids = (art.licenses ?? []).map((l) => l.spdxExpression || l.value).filter(Boolean);
    const bad = ids.filter((id) => !allowed.has(id));
    if (ids.length && bad.length === ids.length) {
      rows.push({
        tool: 'licence',
        rule: bad[0],
        severity: 'MEDIUM',
        file: art.locations?.[0]?.path || art.name,
        line: 0,
        message: `${art.name}@${art.version} is ${bad.join(' OR ')}`,
      });
    }
  }
  return rows;
}

function writeSarif(rows) {
  // minimal SARIF so GitHub code scanning can show the semgrep/trivy rows
  const runs = {};
  for (const r of rows.filter((x) => x.tool !== 'gitleaks')) {
    runs[r.tool] ??= { tool: { driver: { name: r.tool, rules: [] } }, results: [] };
    runs[r.tool].results.push({
      ruleId: r.rule,
      level: ['CRITICAL', 'HIGH', 'ERROR'].includes(r.severity) ? 'error' : 'warning',
      message: { text: r.message },
      locations: [{ physicalLocation: { artifactLocation: { uri: r.file }, region: { startLine: r.line || 1 } } }],
    });
  }
  const sarif = { version: '2.1.0', runs: Object.values(runs) };
  fs.writeFileSync(path.join(REPORTS, 'scan.sarif'), JSON.stringify(sarif));
}

function markdown(rows) {
  const order = { CRITICAL: 0, HIGH: 1, ERROR: 1, MEDIUM: 2, WARNING: 2, LOW: 3, INFO: 4 };
  rows.sort((a, b) => (order[a.severity] ?? 9) - (order[b.severity] ?? 9));
  const lines = ['| tool | severity | rule | location | detail |', '|---|---|---|---|---|'];
  for (const r of rows.slice(0, 100)) {
    const loc = r.line ? `${r.file}:${r.line}` : r.file;
    lines.push(`| ${r.tool} | ${r.severity} | ${r.rule} | ${loc} | ${r.message.replace(/\|/g, '\\|')} |`);
  }
  if (rows.length > 100) lines.push(`\n_${rows.length - 100} more in scan-summary.json_`);
  return lines.join('\n');
}

async function commentOnPr(body) {
  const token = process.env.GITHUB_TOKEN;
  const repo = process.env.GITHUB_REPOSITORY;
  const pr = process.env.PR_NUMBER;
  if (!token || !repo || !pr) throw new Error('--comment needs GITHUB_TOKEN, GITHUB_REPOSITORY and PR_NUMBER');
  const res = await fetch(`${GITHUB_API}/repos/${repo}/issues/${pr}/comments`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/vnd.github+json',
      'x-github-api-version': '2022-11-28',
    },
    body: JSON.stringify({ body: `### Pre-release scan\n\n${body}` }),
  });
  if (!res.ok) throw new Error(`GitHub API ${res.status}: ${await res.text()}`);
  console.log('posted PR comment');
}

async function main() {
  const comment = process.argv.includes('--comment');
  const rows = [...semgrep(), ...gitleaks(), ...trivy(), ...licences()];
  fs.mkdirSync(REPORTS, { recursive: true });
  fs.writeFileSync(path.join(REPORTS, 'scan-summary.json'), JSON.stringify(rows, null, 2));
  writeSarif(rows);
  const md = markdown(rows);
  fs.writeFileSync(path.join(REPORTS, 'scan-summary.md'), md + '\n');
  const counts = rows.reduce((acc, r) => ((acc[r.tool] = (acc[r.tool] || 0) + 1), acc), {});
  console.log('findings:', JSON.stringify(counts));
  if (comment) await commentOnPr(md);
  const blocking = rows.filter((r) => ['CRITICAL', 'HIGH', 'ERROR'].includes(r.severity));
  process.exitCode = blocking.length ? 1 : 0;
}

main().catch((e) => {
  console.error(`scan: ${e.message}`);
  process.exit(2);
});
