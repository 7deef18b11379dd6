#!/usr/bin/env node
// ops/cert-watch.js - report TLS certificate expiry and chain problems for
// our internal endpoints (localhost and *.internal only).
//
//   node ops/cert-watch.js                         # endpoints from ops/cert-watch.json
//   node ops/cert-watch.js api.staging.internal:443 localhost:8443
//   node ops/cert-watch.js --ca certs/internal-ca.pem --warn 21 --json
//
// Uses tls.connect with rejectUnauthorized:false only to *read* the peer
// chain, then evaluates authorization against the given CA separately.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const tls = require('node:tls');
const { X509Certificate } = require('node:crypto');

const CONFIG = path.join(process.cwd(), 'ops', 'cert-watch.json');
const HOST_RE = /^(localhost|[a-z0-9-]+(\.[a-z0-9-]+)*\.internal)$/;

function parseArgs(argv) {
  const opts = { endpoints: [], ca: null, warn: 14, json: false, timeout: 5000 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--ca') opts.ca = argv[++i];
    else if (a === '--warn') opts.warn = Number(argv[++i]);
    else if (a === '--json') opts.json = true;
    else if (a === '--timeout') opts.timeout = Number(argv[++i]);
    else opts.endpoints.push(a);
  }
  if (!Number.isInteger(opts.warn) || opts.warn < 1) throw new Error('--warn must be a positive integer');
  if (!opts.endpoints.length) {
    if (!fs.existsSync(CONFIG)) throw new Error('no endpoints given and ops/cert-watch.json missing');
    opts.endpoints = JSON.parse(fs.readFileSync(CONFIG, 'utf8')).endpoints;
  }
  return opts;
}

function parseEndpoint(raw) {
  const [host, portStr = '443'] = String(raw).split(':');
  const port = Number(portStr);
  if (!HOST_RE.test(host)) throw new Error(`${host}: only localhost and *.internal are watched`);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`${raw}: bad port`);
  return { host, port };
}

function peerChain(host, port, timeout) {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host, port, servername: host === 'localhost' ? undefined : host, rejectUnauthorized: false });
    socket.setTimeout(timeout, () => socket.destroy(new Error('timeout')));
    socket.once('secureConnect', () => {
      const chain = [];
      let cert = socket.getPeerCertificate(true);
      const seen = new Set();
      while (cert && cert.raw && !seen.has(cert.fingerprint256)) {
        seen.add(cert.fingerprint256);
        chain.push(new X509Certificate(cert.raw));
        cert = cert.issuerCertificate;
      }
      const protocol = socket.getProtocol();
      socket.end();
      resolve({ chain, protocol });
    });
    socket.once('error', reject);
  });
}

function verifyAgainst(chain, caPem) {
  if (!caPem) return null;
  const ca = new X509Certificate(caPem);
  const top = chain[chain.length - 1];
  try {
    return top.verify(ca.publicKey) || top.fingerprint256 === ca.fingerprint256;
  } catch {
    return false;
  }
}

async function check(raw, opts, caPem) {
  let ep;
  try {
    ep = parseEndpoint(raw);
  } catch (e) {
    return { endpoint: raw, error: e.message };
  }
  try {
    const { chain, protocol } = await peerChain(ep.host, ep.port, opts.timeout);
    const leaf = chain[0];
    const daysLeft = Math.floor((new Date(leaf.validTo) - Date.now()) / 86400000);
    return {
      endpoint: `${ep.host}:${ep.port}`,
      protocol,
      subject: leaf.subject.replace(/\n/g, ', '),
      issuer: leaf.issuer.replace(/\n/g, ', '),
      validTo: new Date(leaf.validTo).toISOString().slice(0, 10),
      daysLeft,
      coversHost: Boolean(leaf.checkHost(ep.host)),
      chainLength: chain.length,
      trusted: verifyAgainst(chain, caPem),
    };
  } catch (e) {
    return { endpoint: `${ep.host}:${ep.port}`, error: e.message };
  }
}

function printTable(results, warn) {
  let worst = 0;
  for (const r of results) {
    if (r.error) {
      console.log(`${r.endpoint.padEnd(40)}  ERROR ${r.error}`);
      worst = 2;
      continue;
    }
    const notes = [];
    if (r.daysLeft < 0) { notes.push('EXPIRED'); worst = 2; }
    else if (r.daysLeft < warn) { notes.push('renew soon'); worst = Math.max(worst, 1); }
    if (!r.coversHost) { notes.push('name mismatch'); worst = Math.max(worst, 1); }
    if (r.trusted === false) { notes.push('not from given CA'); worst = Math.max(worst, 1); }
    if (r.protocol && r.protocol !== 'TLSv1.3') notes.push(r.protocol);
    console.log(`${r.endpoint.padEnd(40)} ${String(r.daysLeft).padStart(5)}d  ${r.validTo}  ${notes.join(', ')}`);
  }
  return worst;
}

function usage() {
  return [
    'usage: cert-watch.js [endpoint ...] [--ca file.pem] [--warn days] [--json] [--timeout ms]',
    '',
    'Endpoints are host[:port] with host = localhost or *.internal.',
    'Exit code: 0 ok, 1 warnings (renew soon, name mismatch, untrusted), 2 errors/expired.',
  ].join('\n');
}

function saveHistory(results) {
  // keep a small local history so trends are visible in the repo's reports dir
  const dir = path.join(process.cwd(), 'reports');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'cert-watch-history.jsonl');
  const line = JSON.stringify({ at: new Date().toISOString(), results: results.map((r) => [r.endpoint, r.daysLeft ?? null]) });
  fs.appendFileSync(file, line + '\n');
}

async function main() {
  if (process.argv.includes('--help')) {
    console.log(usage());
    return;
  }
  const opts = parseArgs(process.argv.slice(2));
  const caPem = opts.ca ? fs.readFileSync(opts.ca) : null;
  const results = await Promise.all(opts.endpoints.map((e) => check(e, opts, caPem)));
  if (opts.json) {
    console.log(JSON.stringify(results, null, 2));
    return;
  }
  process.exitCode = printTable(results, opts.warn);
  saveHistory(results);
}

main().catch((e) => {
  console.error(`cert-watch: ${e.message}`);
  process.exit(2);
});
