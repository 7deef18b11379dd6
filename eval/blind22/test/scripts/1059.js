#!/usr/bin/env node
// tools/leak-annotate.js -- CI step: scan the PR diff for secrets with
// gitleaks and trufflehog, and report findings as GitHub check-run
// annotations (api.github.com, GITHUB_TOKEN from the Actions environment).
//
// Annotations never contain the secret: each finding carries only its rule,
// location and a salted fingerprint. The raw scanner JSON is held in memory
// or in a temp dir that is removed in `finally`.

'use strict';

const { spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const repo = process.env.GITHUB_WORKSPACE ?? path.resolve(__dirname, '..');
const API = 'https://api.github.com';
const salt = crypto.randomBytes(16).toString('hex');

function sh(cmd, args, ok = [0]) {
  const r = spawnSync(cmd, args, { cwd: repo, encoding: 'utf8', maxBuffer: 1 << 27 });
  if (r.error?.code === 'ENOENT') return null;
  if (!ok.includes(r.status)) throw new Error(`${cmd}: exit ${r.status}: ${(r.stderr ?? '').slice(-300)}`);
  return r.stdout;
}

const fp = (secret) => crypto.createHash('sha256').update(salt + secret).digest('hex').slice(0, 10);

function baseRef() {
  return process.env.GITHUB_BASE_REF ? `origin/${process.env.GITHUB_BASE_REF}` : 'origin/main';
}

function gitleaks(tmp) {
  const report = path.join(tmp, 'gl.json');
  const out = sh('gitleaks', ['detect', '--no-banner', '--log-opts', `${baseRef()}..HEAD`, '--report-format', 'json',
    '--report-path', report, '--exit-code', '0']);
  if (out === null || !fs.existsSync(report)) return [];
  return JSON.parse(fs.readFileSync(report, 'utf8') || '[]').map((f) => ({
    tool: 'gitleaks',
    rule: f.RuleID,
    file: f.File,
    line: f.StartLine,
    id: fp(f.Secret ?? ''),
  }));
}

function trufflehog() {
  const out = sh('trufflehog', ['git', `file://${repo}`, '--since-commit', baseRef(), '--json', '--no-update'], [0, 183]);
  if (out === null) return [];
  return out
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l))
    .map((f) => ({
      tool: 'trufflehog',
      rule: `${f.DetectorName}${f.Verified ? ' (verified)' : ''}`,
      file: f.SourceMetadata?.Data?.Git?.file ?? '?',
      line: f.SourceMetadata?.Data?.Git?.line ?? 1,
      id: fp(f.Raw ?? ''),
      verified: Boolean(f.Verified),
    }));
}

// Stable ordering so re-runs produce the same annotation list.
function sortFindings(findings) {
  return [...findings].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.tool.localeCompare(b.tool));
}

function dedupe(findings) {
  findings = sortFindings(findings);
  const seen = new Map();
  for (const f of findings) {
    const key = `${f.file}:${f.line}`;
    if (!seen.has(key) || f.verified) seen.set(key, f);
  }
  return [...seen.values()];
}

async function github(method, route, body) {
  const res = await fetch(`${API}${route}`, {
    method,
    headers: {
      authorization: `Bearer ${process.env.GITHUB_TOKEN}`,
      accept: 'application/vnd.github+json',
      'x-github-api-version': '2022-11-28',
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function publish(findings) {
  const repoSlug = process.env.GITHUB_REPOSITORY;
  const sha = process.env.GITHUB_SHA;
  if (!repoSlug || !sha || !process.env.GITHUB_TOKEN) {
    console.log('not in GitHub Actions; printing findings instead');
    for (const f of findings) console.log(`${f.file}:${f.line} ${f.tool} ${f.rule} [${f.id}]`);
    return;
  }
  const annotations = findings.slice(0, 50).map((f) => ({
    path: f.file,
    start_line: f.line,
    end_line: f.line,
    annotation_level: f.verified ? 'failure' : 'warning',
    title: `${f.tool}: ${f.rule}`,
    message: `Possible secret (fingerprint ${f.id}). Rotate it and remove it from history.`,
  }));
  await github('POST', `/repos/${repoSlug}/check-runs`, {
    name: 'secret scan',
    head_sha: sha,
    status: 'completed',
    conclusion: findings.some((f) => f.verified) ? 'failure' : findings.length ? 'neutral' : 'success',
    output: {
      title: findings.length ? `${findings.length} possible secret(s)` : 'no secrets found',
      summary: `gitleaks + trufflehog over ${baseRef()}..HEAD`,
      annotations,
    },
  });
  console.log(`published check run with ${annotations.length} annotation(s)`);
}

// Findings the security team has triaged as false positives, one per line:
// "<file>:<line> <rule>" or "<file> *" for whole test-fixture files.
function loadIgnore() {
  const file = path.join(repo, '.secret-scan-ignore');
  const exact = new Set();
  const wholeFiles = new Set();
  if (!fs.existsSync(file)) return { exact, wholeFiles };
  for (const raw of fs.readFileSync(file, 'utf8').split('\n')) {
    const line = raw.replace(/#.*/, '').trim();
    if (!line) continue;
    const [loc, rule] = line.split(/\s+/, 2);
    if (rule === '*') wholeFiles.add(loc);
    else exact.add(`${loc} ${rule}`);
  }
  return { exact, wholeFiles };
}

function applyIgnore(findings) {
  const { exact, wholeFiles } = loadIgnore();
  const kept = findings.filter((f) => {
    if (wholeFiles.has(f.file)) return false;
    const baseRule = f.rule.replace(/ \(verified\)$/, '');
    return !exact.has(`${f.file}:${f.line} ${baseRule}`);
  });
  const skipped = findings.length - kept.length;
  if (skipped) console.log(`${skipped} finding(s) matched .secret-scan-ignore`);
  return kept;
}

// Job summary (markdown) shown on the Actions run page; same redaction rules.
function jobSummary(findings) {
  const target = process.env.GITHUB_STEP_SUMMARY;
  if (!target) return;
  const lines = ['### Secret scan', ''];
  if (!findings.length) lines.push('No secrets found in this pull request.');
  else {
    lines.push('| tool | rule | location | fingerprint |', '|---|---|---|---|');
    for (const f of findings) lines.push(`| ${f.tool} | ${f.rule} | \`${f.file}:${f.line}\` | ${f.id} |`);
    lines.push('', 'Rotate any real secret first; deleting the line does not remove it from git history.');
  }
  fs.appendFileSync(target, lines.join('\n') + '\n');
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'leak-'));
  try {
    const findings = applyIgnore(dedupe([...gitleaks(tmp), ...trufflehog()]));
    jobSummary(findings);
    await publish(findings);
    process.exitCode = findings.some((f) => f.verified) ? 1 : 0;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(`leak-annotate: ${e.message}`);
  process.exit(2);
});
