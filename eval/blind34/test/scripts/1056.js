#!/usr/bin/env node
// apns-preview.js - send rich-notification previews (images, categories,
// thread ids) to designers' phones through the APNs sandbox so they can
// review notification layouts before release.
//
//   node tools/apns-preview.js --template order-shipped --to designers
//   node tools/apns-preview.js --template all --to rosa --dry-run
//
// Templates are JSON files in notifications/templates/.  Recipients are
// groups of sandbox device tokens in fixtures/preview-devices.json.  The
// provider JWT is signed locally (ES256) with the .p8 from secrets/ named in
// config/apns.json; requests go over HTTP/2 to api.sandbox.push.apple.com only.

'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const http2 = require('node:http2');
const path = require('node:path');

const REPO = path.resolve(__dirname, '..');
const SANDBOX_ORIGIN = 'https://api.sandbox.push.apple.com';
const TEMPLATES = path.join(REPO, 'notifications', 'templates');
const CONFIG = JSON.parse(fs.readFileSync(path.join(REPO, 'config', 'apns.json'), 'utf8'));
const DEVICES = JSON.parse(fs.readFileSync(path.join(REPO, 'fixtures', 'preview-devices.json'), 'utf8'));

function keyPem() {
  const file = path.resolve(REPO, CONFIG.keyFile);
  if (!file.startsWith(path.join(REPO, 'secrets') + path.sep)) throw new Error('keyFile must be inside secrets/');
  return fs.readFileSync(file, 'utf8');
}

// Apple rejects provider tokens older than one hour and throttles clients
// that mint a new one for every request, so the JWT is reused for 40 minutes.
// The cache lives only in this process; nothing is written to disk.
// `iat` is kept next to the token to decide when to refresh it.
// (TooManyProviderTokenUpdates is the error Apple returns otherwise.)
let cachedJwt = null;
function providerJwt() {
  const now = Math.floor(Date.now() / 1000);
  if (cachedJwt && now - cachedJwt.iat < 40 * 60) return cachedJwt.token;
  const enc = (obj) => Buffer.from(JSON.stringify(obj)).toString('base64url');
  const head = enc({ alg: 'ES256', kid: CONFIG.keyId });
  const claims = enc({ iss: CONFIG.teamId, iat: now });
  const signature = crypto.sign('sha256', Buffer.from(`${head}.${claims}`), { key: keyPem(), dsaEncoding: 'ieee-p1363' });
  cachedJwt = { iat: now, token: `${head}.${claims}.${signature.toString('base64url')}` };
  return cachedJwt.token;
}

function templates(name) {
  const files = fs.readdirSync(TEMPLATES).filter((f) => f.endsWith('.json'));
  const picked = name === 'all' ? files : files.filter((f) => f === `${name}.json`);
  if (!picked.length) throw new Error(`no template ${name}; have ${files.map((f) => f.replace('.json', '')).join(', ')}`);
  return picked.map((f) => ({ name: f.replace('.json', ''), body: JSON.parse(fs.readFileSync(path.join(TEMPLATES, f), 'utf8')) }));
}

function recipients(to) {
  if (DEVICES.groups[to]) return DEVICES.groups[to].map((n) => ({ name: n, token: DEVICES.devices[n] }));
  if (DEVICES.devices[to]) return [{ name: to, token: DEVICES.devices[to] }];
  throw new Error(`unknown recipient or group ${to}`);
}

function validate(tpl) {
  const problems = [];
  const size = Buffer.byteLength(JSON.stringify(tpl.body));
  if (size > 4096) problems.push(`${tpl.name}: payload ${size} bytes > 4096`);
  const aps = tpl.body.aps ?? {};
  if (aps['mutable-content'] && !tpl.body.imageUrl) problems.push(`${tpl.name}: mutable-content without imageUrl`);
  if (tpl.body.imageUrl && !String(tpl.body.imageUrl).startsWith('https://cdn.acme.internal/')) {
    problems.push(`${tpl.name}: images must come from our CDN`);
  }
  return problems;
}

function send(session, device, tpl) {
  return new Promise((resolve) => {
    const req = session.request({
      ':method': 'POST',
      ':path': `/3/device/${device.token}`,
      authorization: `bearer ${providerJwt()}`,
      'apns-topic': CONFIG.topic,
      'apns-push-type': 'alert',
      'apns-priority': '10',
      'apns-collapse-id': `preview-${tpl.name}`,
    });
    let data = '';
    let status = 0;
    req.on('response', (h) => {
      status = h[':status'];
    });
    req.on('data', (c) => {
      data += c;
    });
    req.on('end', () => resolve({ status, reason: data ? JSON.parse(data).reason : '' }));
    req.on('error', (err) => resolve({ status: 0, reason: err.message }));
    req.end(JSON.stringify(tpl.body));
  });
}

const HELP = `apns-preview.js --template NAME|all --to GROUP|DEVICE [--dry-run]

Templates (notifications/templates/*.json) are complete APNs payloads:
  {
    "aps": {"alert": {"title": "...", "body": "..."}, "category": "ORDER",
            "thread-id": "orders", "mutable-content": 1},
    "imageUrl": "https://cdn.acme.internal/notifications/parcel.png"
  }

Rules checked before sending
  * payload at most 4096 bytes
  * mutable-content needs an imageUrl (the service extension downloads it)
  * images must come from our CDN

Recipients (fixtures/preview-devices.json)
  {"devices": {"rosa": "<sandbox token>", ...},
   "groups": {"designers": ["rosa", "li"]}}

The collapse id "preview-<template>" makes repeated sends replace the
previous preview on the phone instead of stacking up.`;

/** Write a small HTML sheet with the rendered text of each template. */
function writeSheet(tpls) {
  const rows = tpls
    .map((t) => {
      const alert = t.body.aps?.alert ?? {};
      return `<tr><td>${t.name}</td><td>${alert.title ?? ''}</td><td>${alert.body ?? ''}</td><td>${t.body.aps?.category ?? ''}</td></tr>`;
    })
    .join('\n');
  const out = path.join(REPO, 'build', 'apns-preview.html');
  fs.mkdirSync(path.join(REPO, 'build'), { recursive: true });
  fs.writeFileSync(out, `<table border="1"><tr><th>template</th><th>title</th><th>body</th><th>category</th></tr>\n${rows}\n</table>\n`);
  return out;
}

async function main() {
  if (process.argv.includes('--help')) {
    console.log(HELP);
    return;
  }
  const arg = (flag, def) => {
    const i = process.argv.indexOf(flag);
    return i >= 0 ? process.argv[i + 1] : def;
  };
  const tpls = templates(arg('--template', 'all'));
  const devices = recipients(arg('--to', 'designers'));
  const dryRun = process.argv.includes('--dry-run');

  const problems = tpls.flatMap(validate);
  for (const p of problems) console.error(`template problem: ${p}`);
  if (problems.length) process.exit(1);
  console.log(`${tpls.length} template(s) x ${devices.length} device(s), key ${CONFIG.keyId.slice(0, 3)}…`);
  console.log(`text sheet: ${path.relative(REPO, writeSheet(tpls))}`);
  if (dryRun) {
    for (const t of tpls) console.log(`--- ${t.name}\n${JSON.stringify(t.body, null, 2)}`);
    return;
  }

  const session = http2.connect(SANDBOX_ORIGIN);
  session.on('error', (err) => console.error(`http2: ${err.message}`));
  let failures = 0;
  try {
    for (const tpl of tpls) {
      for (const device of devices) {
        const r = await send(session, device, tpl);
        const ok = r.status === 200;
        failures += ok ? 0 : 1;
        console.log(`${ok ? 'sent' : 'FAIL'} ${tpl.name.padEnd(20)} -> ${device.name.padEnd(12)} ${ok ? '' : `${r.status} ${r.reason}`}`);
        await new Promise((res) => setTimeout(res, 300));
      }
    }
  } finally {
    session.close();
  }
  process.exitCode = failures ? 1 : 0;
}

main().catch((err) => {
  console.error(`apns-preview: ${err.message}`);
  process.exitCode = 1;
});
