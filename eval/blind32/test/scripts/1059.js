#!/usr/bin/env node
/*
 * clamscan-sarif.js - run clamscan over the release bundle and emit SARIF so
 * findings show up in the code-scanning UI of our forge.
 *
 *   node tools/clamscan-sarif.js [dir ...]      default: dist/ release/
 *
 * clamscan is spawned with an argument array; its --stdout output is parsed
 * line by line.  The SARIF file goes to build/reports/clamav.sarif.  When the
 * signature database is older than MAX_DB_AGE_DAYS the run still proceeds but
 * the SARIF run is annotated with a warning notification.
 */
'use strict';

const { spawn, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');

const ROOT = path.resolve(__dirname, '..');
const DEFAULT_TARGETS = ['dist', 'release'];
const OUT = path.join(ROOT, 'build', 'reports', 'clamav.sarif');
const MAX_DB_AGE_DAYS = 3;

function engineInfo() {
  try {
    const out = execFileSync('clamscan', ['--version'], { encoding: 'utf8' }).trim();
    // "ClamAV 1.3.1/27290/Tue May 28 08:24:23 2024"
    const [engine, dbVersion, dbDate] = out.split('/');
    return { engine: engine.replace('ClamAV ', ''), dbVersion, dbDate: dbDate ? new Date(dbDate) : null };
  } catch (err) {
    throw new Error(`clamscan not available: ${err.message}`);
  }
}

function targets(args) {
  const list = (args.length ? args : DEFAULT_TARGETS).map((t) => path.resolve(ROOT, t));
  for (const t of list) {
    if (!t.startsWith(ROOT + path.sep)) throw new Error(`${t} is outside the repository`);
  }
  return list.filter((t) => fs.existsSync(t));
}

function scan(dirs) {
  return new Promise((resolve, reject) => {
    const args = ['--recursive', '--infected', '--stdout', '--no-summary', '--scan-archive=yes',
      '--alert-broken-media=yes', '--max-filesize=250M', ...dirs];
    const child = spawn('clamscan', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const findings = [];
    const errors = [];
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      const m = line.match(/^(.*): (.+) FOUND$/);
      if (m) findings.push({ file: m[1], signature: m[2] });
    });
    readline.createInterface({ input: child.stderr }).on('line', (line) => {
      if (line.trim()) errors.push(line.trim());
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 2) reject(new Error(`clamscan failed: ${errors.slice(0, 3).join('; ')}`));
      else resolve({ findings, errors, code });
    });
  });
}

function ruleFor(signature) {
  const family = signature.split('.').slice(0, 2).join('.');
  return { id: signature, name: family, shortDescription: { text: `ClamAV signature ${signature}` } };
}

function sarif(info, result, warnings) {
  const rules = new Map();
  const results = result.findings.map((f) => {
    if (!rules.has(f.signature)) rules.set(f.signature, ruleFor(f.signature));
    return {
      ruleId: f.signature,
      level: 'error',
      message: { text: `ClamAV detected ${f.signature}` },
      locations: [{
        physicalLocation: { artifactLocation: { uri: path.relative(ROOT, f.file).split(path.sep).join('/') } },
      }],
    };
  });
  return {
    version: '2.1.0',
    runs: [{
      tool: {
        driver: {
          name: 'ClamAV',
          version: info.engine,
          rules: [...rules.values()],
        },
      },
      invocations: [{
        executionSuccessful: result.code !== 2,
        toolExecutionNotifications: warnings.map((w) => ({ level: 'warning', message: { text: w } })),
      }],
      properties: { signatureDatabase: info.dbVersion, databaseDate: info.dbDate && info.dbDate.toISOString() },
      results,
    }],
  };
}

function dbWarnings(info) {
  const warnings = [];
  if (!info.dbDate) {
    warnings.push('could not determine the signature database date');
  } else {
    const days = (Date.now() - info.dbDate.getTime()) / 86400000;
    if (days > MAX_DB_AGE_DAYS) warnings.push(`signature database is ${Math.floor(days)} days old`);
  }
  return warnings;
}

// Known false positives (documented in docs/security/clamav.md) are moved to
// "note" level instead of being dropped, so they stay visible.
function loadSuppressions() {
  const file = path.join(ROOT, 'security', 'clamav-suppressions.json');
  if (!fs.existsSync(file)) return [];
  const list = JSON.parse(fs.readFileSync(file, 'utf8'));
  return list.map((s) => ({ signature: s.signature, pathPrefix: s.pathPrefix || '', reason: s.reason || '' }));
}

function applySuppressions(doc, suppressions) {
  let suppressed = 0;
  for (const r of doc.runs[0].results) {
    const uri = r.locations[0].physicalLocation.artifactLocation.uri;
    const hit = suppressions.find((s) => s.signature === r.ruleId && uri.startsWith(s.pathPrefix));
    if (hit) {
      r.level = 'note';
      r.suppressions = [{ kind: 'external', justification: hit.reason }];
      suppressed++;
    }
  }
  return suppressed;
}

function writeSummary(result, suppressed) {
  const file = path.join(ROOT, 'build', 'reports', 'clamav-summary.txt');
  const lines = [
    `findings: ${result.findings.length}`,
    `suppressed: ${suppressed}`,
    `scanner errors: ${result.errors.length}`,
  ];
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
}

function countFiles(dirs) {
  let n = 0;
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(path.join(d, e.name));
      else n++;
    }
  };
  dirs.forEach(walk);
  return n;
}

async function main() {
  const info = engineInfo();
  const dirs = targets(process.argv.slice(2));
  if (!dirs.length) {
    console.log('nothing to scan');
    return;
  }
  const warnings = dbWarnings(info);
  for (const w of warnings) console.warn(`warning: ${w}`);
  console.log(`scanning ${countFiles(dirs)} files in ${dirs.map((d) => path.relative(ROOT, d)).join(', ')} (ClamAV ${info.engine}, db ${info.dbVersion})`);
  const result = await scan(dirs);
  const doc = sarif(info, result, warnings.concat(result.errors.slice(0, 20)));
  const suppressed = applySuppressions(doc, loadSuppressions());
  fs.mkdirSync(path.dirname(OUT), { recursive: true, mode: 0o755 });
  fs.writeFileSync(OUT, JSON.stringify(doc, null, 2));
  writeSummary(result, suppressed);
  for (const f of result.findings) console.log(`FOUND ${path.relative(ROOT, f.file)}: ${f.signature}`);
  console.log(`${result.findings.length} finding(s), ${suppressed} suppressed; SARIF at ${path.relative(ROOT, OUT)}`);
  if (result.findings.length > suppressed) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 2;
});
