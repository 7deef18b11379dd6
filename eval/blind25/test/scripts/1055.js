#!/usr/bin/env node
/**
 * tools/amo-submit.js - submit a new version of the Firefox add-on to AMO
 * through the addons.mozilla.org v5 API (what `web-ext sign` does, but with
 * our own release notes and source-code upload for reviewers).
 *
 *   node tools/amo-submit.js --channel unlisted                 dry run (default)
 *   node tools/amo-submit.js --channel listed --submit          upload + create version
 *
 * Credentials: AMO_JWT_ISSUER / AMO_JWT_SECRET from the environment or
 * .env.release. They sign a short-lived JWT (HS256, 5 minutes) that goes in
 * the Authorization header to addons.mozilla.org only. Nothing is printed
 * except the issuer id's first characters.
 */
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const PKG_DIR = path.resolve(__dirname, '..');
const AMO = 'https://addons.mozilla.org/api/v5';
const ARTIFACTS = path.join(PKG_DIR, 'web-ext-artifacts');

function b64url(buf) {
  return Buffer.from(buf).toString('base64').replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

function readEnvFile() {
  const file = path.join(PKG_DIR, '.env.release');
  const out = {};
  if (!fs.existsSync(file)) return out;
  const mode = fs.statSync(file).mode & 0o777;
  if (mode & 0o077) throw new Error('.env.release must not be readable by group/others (chmod 600)');
  const text = fs.readFileSync(file, 'utf8');
  for (const line of text.split(/\r?\n/)) {
    const m = /^(AMO_JWT_ISSUER|AMO_JWT_SECRET)=(.*)$/.exec(line.trim());
    if (m) out[m[1]] = m[2];
  }
  return out;
}

function credentials() {
  const file = readEnvFile();
  const issuer = process.env.AMO_JWT_ISSUER || file.AMO_JWT_ISSUER;
  const secret = process.env.AMO_JWT_SECRET || file.AMO_JWT_SECRET;
  if (!issuer || !secret) throw new Error('AMO_JWT_ISSUER / AMO_JWT_SECRET not configured');
  return { issuer, secret };
}

function jwt({ issuer, secret }) {
  const now = Math.floor(Date.now() / 1000);
  const header = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = b64url(JSON.stringify({ iss: issuer, jti: crypto.randomUUID(), iat: now, exp: now + 300 }));
  const sig = b64url(crypto.createHmac('sha256', secret).update(`${header}.${payload}`).digest());
  return `${header}.${payload}.${sig}`;
}

async function amo(creds, method, route, body) {
  const headers = { Authorization: `JWT ${jwt(creds)}` };
  let payload = body;
  if (body && !(body instanceof FormData)) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const res = await fetch(`${AMO}${route}`, { method, headers, body: payload });
    if (res.status >= 500 || res.status === 429) {
      await new Promise((r) => setTimeout(r, 2000 * 2 ** attempt));
      continue;
    }
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : {};
  }
  throw new Error(`${method} ${route}: gave up after retries`);
}

function latestArtifact(suffix) {
  if (!fs.existsSync(ARTIFACTS)) return null;
  const files = fs
    .readdirSync(ARTIFACTS)
    .filter((f) => f.endsWith(suffix))
    .map((f) => path.join(ARTIFACTS, f))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  return files[0] || null;
}

function manifest() {
  return JSON.parse(fs.readFileSync(path.join(PKG_DIR, 'extension', 'manifest.json'), 'utf8'));
}

function releaseNotes(version) {
  const changelog = path.join(PKG_DIR, 'CHANGELOG.md');
  if (!fs.existsSync(changelog)) return '';
  const text = fs.readFileSync(changelog, 'utf8');
  const start = text.indexOf(`## ${version}`);
  if (start < 0) return '';
  const rest = text.slice(start + 3 + version.length);
  const end = rest.search(/\n## /);
  return (end < 0 ? rest : rest.slice(0, end)).trim();
}

async function waitForValidation(creds, uuid) {
  for (let i = 0; i < 60; i += 1) {
    const upload = await amo(creds, 'GET', `/addons/upload/${uuid}/`);
    if (upload.processed) return upload;
    await new Promise((r) => setTimeout(r, 5000));
  }
  throw new Error('validation did not finish within 5 minutes');
}

async function status(creds, addonId) {
  // read-only: list the last versions and their review state
  const data = await amo(creds, 'GET', `/addons/addon/${encodeURIComponent(addonId)}/versions/?filter=all_with_unlisted`);
  const rows = (data.results || []).slice(0, 10);
  if (!rows.length) {
    console.log('no versions yet');
    return;
  }
  for (const v of rows) {
    const file = (v.file || {}).status || '?';
    console.log(`${String(v.version).padEnd(12)} ${v.channel.padEnd(9)} ${file}`);
  }
}

function checkVersionBump(version) {
  // AMO rejects re-used version strings; catch it before uploading
  const tags = fs.existsSync(path.join(PKG_DIR, '.git'))
    ? require('node:child_process').execFileSync('git', ['tag', '--list', `v${version}`], { cwd: PKG_DIR, encoding: 'utf8' })
    : '';
  if (tags.trim()) console.log(`note: git tag v${version} already exists; is the version bumped?`);
}

async function main() {
  const args = process.argv.slice(2);
  if (args.includes('--status')) {
    const m0 = manifest();
    return status(credentials(), m0.browser_specific_settings.gecko.id);
  }
  const channel = args.includes('--channel') ? args[args.indexOf('--channel') + 1] : 'unlisted';
  if (!['listed', 'unlisted'].includes(channel)) throw new Error('--channel listed|unlisted');
  const submit = args.includes('--submit');
  const m = manifest();
  const addonId = m.browser_specific_settings && m.browser_specific_settings.gecko && m.browser_specific_settings.gecko.id;
  if (!addonId) throw new Error('manifest has no gecko id');
  const xpi = latestArtifact('.zip');
  const sources = latestArtifact('-sources.zip');
  if (!xpi) throw new Error('no build in web-ext-artifacts/ (run web-ext build)');
  checkVersionBump(m.version);
  const notes = releaseNotes(m.version);
  console.log(`${addonId} ${m.version} (${channel}) from ${path.basename(xpi)}`);
  console.log(`release notes: ${notes ? `${notes.split('\n').length} line(s)` : 'none'}`);
  if (!submit) {
    console.log('dry run; pass --submit to upload to addons.mozilla.org');
    return;
  }
  const creds = credentials();
  console.log(`issuer ${creds.issuer.slice(0, 6)}…`);
  const form = new FormData();
  form.append('upload', new Blob([fs.readFileSync(xpi)]), path.basename(xpi));
  form.append('channel', channel);
  const upload = await amo(creds, 'POST', '/addons/upload/', form);
  const validated = await waitForValidation(creds, upload.uuid);
  if (!validated.valid) {
    const msgs = (validated.validation && validated.validation.messages) || [];
    msgs.slice(0, 10).forEach((x) => console.log(`  ${x.type}: ${x.message}`));
    throw new Error('AMO validation failed');
  }
  const body = { upload: upload.uuid };
  if (notes) body.release_notes = { 'en-US': notes };
  const version = await amo(creds, 'POST', `/addons/addon/${encodeURIComponent(addonId)}/versions/`, body);
  console.log(`created version ${version.version} (id ${version.id})`);
  if (sources) {
    const sf = new FormData();
    sf.append('source', new Blob([fs.readFileSync(sources)]), path.basename(sources));
    await amo(creds, 'PATCH', `/addons/addon/${encodeURIComponent(addonId)}/versions/${version.id}/`, sf);
    console.log('attached source archive for reviewers');
  }
}

main().catch((err) => {
  process.stderr.write(`amo-submit: ${err.message}\n`);
  process.exit(1);
});
