#!/usr/bin/env node
/*
 * mautic-preview.js - send an email template to the internal preview segment
 *
 *   node tools/mautic-preview.js --email 42                 # dry run: show recipients
 *   node tools/mautic-preview.js --email 42 --send          # send to the preview segment
 *
 * Uses the Mautic REST API (MAUTIC_BASE_URL, OAuth2 client credentials from .env). The
 * recipients are the contacts of the segment whose alias is in config/mautic.json
 * (previewSegmentAlias). Before sending, the script checks that every contact in that
 * segment has an address in one of the allowed internal domains and that the segment
 * has at most 25 members; otherwise it refuses. It never sends to other segments.
 */
'use strict';

const fs = require('fs');
const path = require('path');

const ROOT = path.join(__dirname, '..');
const CFG = JSON.parse(fs.readFileSync(path.join(ROOT, 'config', 'mautic.json'), 'utf8'));
const MAX_PREVIEW = 25;

function readEnv() {
  const file = path.join(ROOT, '.env');
  const out = {};
  if (fs.existsSync(file)) {
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      const i = line.indexOf('=');
      if (i > 0 && line.startsWith('MAUTIC_')) out[line.slice(0, i)] = line.slice(i + 1).trim();
    }
  }
  for (const k of Object.keys(process.env)) if (k.startsWith('MAUTIC_')) out[k] = process.env[k];
  return out;
}

const ENV = readEnv();
const BASE = (ENV.MAUTIC_BASE_URL || '').replace(/\/$/, '');

function args() {
  const a = process.argv.slice(2);
  const opt = { email: null, send: false };
  for (let i = 0; i < a.length; i += 1) {
    if (a[i] === '--email') opt.email = Number(a[(i += 1)]);
    else if (a[i] === '--send') opt.send = true;
    else throw new Error(`unknown argument ${a[i]}`);
  }
  if (!Number.isInteger(opt.email)) throw new Error('--email <id> required');
  return opt;
}

let cachedToken = null;
async function accessToken() {
  if (cachedToken && cachedToken.expires > Date.now() + 10000) return cachedToken.value;
  const res = await fetch(`${BASE}/oauth/v2/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: ENV.MAUTIC_CLIENT_ID || '',
      client_secret: ENV.MAUTIC_CLIENT_SECRET || '',
    }),
  });
  if (!res.ok) throw new Error(`OAuth token: HTTP ${res.status}`);
  const body = await res.json();
  cachedToken = { value: body.access_token, expires: Date.now() + body.expires_in * 1000 };
  return cachedToken.value;
}

async function api(method, route, body) {
  const res = await fetch(`${BASE}/api/${route}`, {
    method,
    headers: { Authorization: `Bearer ${await accessToken()}`, 'Content-Type': 'application/json' },
    body: body ? JSON.stringify(body) : null,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${route}: HTTP ${res.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : {};
}

async function segmentByAlias(alias) {
  const res = await api('GET', `segments?search=${encodeURIComponent(alias)}&limit=50`);
  const hit = Object.values(res.lists || {}).find((s) => s.alias === alias);
  if (!hit) throw new Error(`segment with alias ${alias} not found`);
  return hit;
}

async function segmentContacts(alias) {
  const contacts = [];
  for (let start = 0; ; start += 50) {
    const res = await api('GET', `contacts?search=${encodeURIComponent(`segment:${alias}`)}&start=${start}&limit=50&minimal=1`);
    const page = Object.values(res.contacts || {});
    contacts.push(...page);
    if (page.length < 50) break;
  }
  return contacts.map((c) => ({ id: c.id, email: (c.fields?.all?.email || '').toLowerCase() }));
}

function checkRecipients(contacts) {
  const allowed = CFG.previewDomains.map((d) => d.toLowerCase());
  const outside = contacts.filter((c) => !allowed.some((d) => c.email.endsWith(`@${d}`)));
  const problems = [];
  if (!contacts.length) problems.push('preview segment is empty');
  if (contacts.length > MAX_PREVIEW) problems.push(`preview segment has ${contacts.length} contacts (max ${MAX_PREVIEW})`);
  if (outside.length) problems.push(`${outside.length} contact(s) outside ${allowed.join(', ')}: ${outside.slice(0, 3).map((c) => c.email).join(', ')}`);
  return problems;
}

async function emailInfo(id) {
  const res = await api('GET', `emails/${id}`);
  const e = res.email;
  return { id: e.id, name: e.name, subject: e.subject, type: e.emailType, published: e.isPublished };
}

async function sendToContact(emailId, contactId) {
  // "send to contact" sends this single email to one contact; it does not touch campaigns
  return api('POST', `emails/${emailId}/contact/${contactId}/send`, { tokens: { preview: 'yes' } });
}

function logSend(email, contacts) {
  const log = path.join(ROOT, 'logs', 'mautic-preview.jsonl');
  fs.mkdirSync(path.dirname(log), { recursive: true });
  fs.appendFileSync(log, JSON.stringify({
    at: new Date().toISOString(),
    email: email.id,
    subject: email.subject,
    recipients: contacts.length,
    by: process.env.USER || 'unknown',
  }) + '\n');
}

function lintTemplate(html) {
  // common mistakes in hand-edited templates; warnings only
  const warnings = [];
  if (!/\{unsubscribe_url\}|\{unsubscribe_text\}/.test(html)) warnings.push('no unsubscribe token');
  if (/src="http:\/\//.test(html)) warnings.push('insecure http image source');
  if (/\{contactfield=[^}]*$/.test(html)) warnings.push('unterminated contactfield token');
  if (html.length > 100 * 1024) warnings.push(`template is ${(html.length / 1024).toFixed(0)} KB; Gmail clips above 102 KB`);
  return warnings;
}

async function emailHtml(id) {
  const res = await api('GET', `emails/${id}`);
  return res.email.customHtml || '';
}

async function main() {
  if (!BASE) throw new Error('MAUTIC_BASE_URL missing');
  if (!/\.internal(:\d+)?$/.test(new URL(BASE).host) && !/^(localhost|127\.0\.0\.1)(:\d+)?$/.test(new URL(BASE).host)) {
    throw new Error(`MAUTIC_BASE_URL ${BASE} is not one of our instances`);
  }
  const opt = args();
  const email = await emailInfo(opt.email);
  const segment = await segmentByAlias(CFG.previewSegmentAlias);
  const contacts = await segmentContacts(segment.alias);
  console.log(`email #${email.id} "${email.subject}" (${email.type}, ${email.published ? 'published' : 'unpublished'})`);
  console.log(`preview segment "${segment.name}": ${contacts.length} contact(s)`);
  for (const w of lintTemplate(await emailHtml(email.id))) console.warn(`template warning: ${w}`);
  const problems = checkRecipients(contacts);
  if (problems.length) {
    for (const p of problems) console.error(`refusing: ${p}`);
    process.exitCode = 2;
    return;
  }
  if (!opt.send) {
    for (const c of contacts) console.log(`  would send to ${c.email}`);
    console.log('dry run; pass --send to deliver the preview');
    return;
  }
  let sent = 0;
  for (const c of contacts) {
    try {
      await sendToContact(email.id, c.id);
      sent += 1;
    } catch (err) {
      console.error(`  ${c.email}: ${err.message}`);
    }
  }
  logSend(email, contacts);
  console.log(`preview sent to ${sent}/${contacts.length} internal address(es)`);
}

main().catch((err) => {
  console.error(`mautic-preview: ${err.message}`);
  process.exit(1);
});
