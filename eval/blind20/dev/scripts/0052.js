#!/usr/bin/env node
// scripts/dev-https.js - HTTPS certificates for `vite --https` and the API.
//
// Writes .certs/dev.pem, .certs/dev-key.pem and .certs/ca.pem inside the repo.
// Uses mkcert if its CA already exists (the developer installed it on purpose),
// otherwise creates a throwaway CA with openssl. Nothing is installed into any
// trust store; Vite and the API read the files from .certs via env vars.
'use strict';

const { execFileSync, spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const CERTS = path.join(ROOT, '.certs');
const HOSTS = ['localhost', 'app.localhost', 'api.app.localhost', '127.0.0.1', '::1'];
const VALID_DAYS = Number(process.env.DEV_CERT_DAYS || 30);
const RENEW_BEFORE_DAYS = 5;

const files = {
  cert: path.join(CERTS, 'dev.pem'),
  key: path.join(CERTS, 'dev-key.pem'),
  ca: path.join(CERTS, 'ca.pem'),
  caKey: path.join(CERTS, 'ca-key.pem'),
  meta: path.join(CERTS, 'meta.json'),
};

function log(msg) {
  process.stderr.write(`[dev-https] ${msg}\n`);
}

function which(bin) {
  const res = spawnSync(process.platform === 'win32' ? 'where' : 'which', [bin], { encoding: 'utf8' });
  return res.status === 0 ? res.stdout.split(/\r?\n/)[0].trim() : null;
}

function openssl(args, opts = {}) {
  return execFileSync('openssl', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...opts });
}

function certInfo(file) {
  if (!fs.existsSync(file)) return null;
  const pem = fs.readFileSync(file);
  const x509 = new crypto.X509Certificate(pem);
  return {
    subject: x509.subject,
    validTo: new Date(x509.validTo),
    san: x509.subjectAltName || '',
    fingerprint: x509.fingerprint256,
  };
}

function needsRenewal() {
  const info = certInfo(files.cert);
  if (!info || !fs.existsSync(files.key)) return 'missing';
  const msLeft = info.validTo.getTime() - Date.now();
  if (msLeft < RENEW_BEFORE_DAYS * 86400 * 1000) return 'expiring';
  const missingHosts = HOSTS.filter((h) => !info.san.includes(h));
  if (missingHosts.length) return `missing SAN ${missingHosts.join(',')}`;
  return null;
}

function mkcertCaRoot() {
  if (!which('mkcert')) return null;
  const res = spawnSync('mkcert', ['-CAROOT'], { encoding: 'utf8' });
  if (res.status !== 0) return null;
  const dir = res.stdout.trim();
  return fs.existsSync(path.join(dir, 'rootCA.pem')) ? dir : null;
}

function withMkcert(caRoot) {
  log('using existing mkcert CA');
  execFileSync('mkcert', ['-cert-file', files.cert, '-key-file', files.key, ...HOSTS], {
    stdio: 'inherit',
    cwd: CERTS,
  });
  fs.copyFileSync(path.join(caRoot, 'rootCA.pem'), files.ca);
  return 'mkcert';
}

function sanExtension() {
  return HOSTS.map((h) => (/^[\d.]+$|:/.test(h) ? `IP:${h}` : `DNS:${h}`)).join(',');
}

function withOpenssl() {
  log('creating a project-local CA with openssl');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'dev-https-'));
  try {
    if (!fs.existsSync(files.caKey)) {
      openssl(['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1',
        '-nodes', '-days', '365', '-subj', `/CN=dev-https CA ${os.userInfo().username}`,
        '-addext', 'basicConstraints=critical,CA:TRUE',
        '-addext', 'keyUsage=critical,keyCertSign',
        '-keyout', files.caKey, '-out', files.ca]);
      fs.chmodSync(files.caKey, 0o600);
    }
    const csr = path.join(work, 'dev.csr');
    const ext = path.join(work, 'dev.ext');
    fs.writeFileSync(ext, [
      'basicConstraints=CA:FALSE',
      'keyUsage=digitalSignature',
      'extendedKeyUsage=serverAuth',
      `subjectAltName=${sanExtension()}`,
      '',
    ].join('\n'));
    openssl(['req', '-new', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1',
      '-nodes', '-subj', '/CN=localhost', '-keyout', files.key, '-out', csr]);
    openssl(['x509', '-req', '-in', csr, '-CA', files.ca, '-CAkey', files.caKey,
      '-CAcreateserial', '-CAserial', path.join(work, 'ca.srl'),
      '-days', String(VALID_DAYS), '-sha256', '-extfile', ext, '-out', files.cert]);
    fs.chmodSync(files.key, 0o600);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return 'openssl';
}

function verify() {
  const out = spawnSync('openssl', ['verify', '-CAfile', files.ca, files.cert], { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`verification failed: ${out.stderr || out.stdout}`);
  const cert = new crypto.X509Certificate(fs.readFileSync(files.cert));
  const key = crypto.createPrivateKey(fs.readFileSync(files.key));
  if (!cert.checkPrivateKey(key)) throw new Error('private key does not match certificate');
}

function writeEnvHint(backend) {
  const info = certInfo(files.cert);
  fs.writeFileSync(files.meta, JSON.stringify({
    backend,
    hosts: HOSTS,
    validTo: info.validTo.toISOString(),
    fingerprint: info.fingerprint,
  }, null, 2));
  const envFile = path.join(ROOT, '.env.development.local');
  const lines = fs.existsSync(envFile) ? fs.readFileSync(envFile, 'utf8').split('\n') : [];
  const keep = lines.filter((l) => l && !/^(VITE_HTTPS_CERT|VITE_HTTPS_KEY|NODE_EXTRA_CA_CERTS)=/.test(l));
  keep.push(`VITE_HTTPS_CERT=${path.relative(ROOT, files.cert)}`);
  keep.push(`VITE_HTTPS_KEY=${path.relative(ROOT, files.key)}`);
  keep.push(`NODE_EXTRA_CA_CERTS=${path.relative(ROOT, files.ca)}`);
  fs.writeFileSync(envFile, `${keep.join('\n')}\n`);
}

function ensureIgnored() {
  const gi = path.join(CERTS, '.gitignore');
  if (!fs.existsSync(gi)) fs.writeFileSync(gi, '*\n!.gitignore\n');
}

function main() {
  const force = process.argv.includes('--force');
  const clean = process.argv.includes('--clean');
  if (clean) {
    fs.rmSync(CERTS, { recursive: true, force: true });
    log('removed .certs');
    return;
  }
  fs.mkdirSync(CERTS, { recursive: true, mode: 0o700 });
  ensureIgnored();
  const reason = force ? 'forced' : needsRenewal();
  if (!reason) {
    const info = certInfo(files.cert);
    log(`certificate valid until ${info.validTo.toISOString().slice(0, 10)}; nothing to do`);
    return;
  }
  log(`issuing certificate (${reason})`);
  if (!which('openssl') && !which('mkcert')) {
    throw new Error('need mkcert or openssl on PATH');
  }
  const caRoot = mkcertCaRoot();
  const backend = caRoot ? withMkcert(caRoot) : withOpenssl();
  verify();
  writeEnvHint(backend);
  log(`done (${backend}); restart vite to pick up the new certificate`);
}

try {
  main();
} catch (err) {
  log(`error: ${err.message}`);
  process.exitCode = 1;
}
