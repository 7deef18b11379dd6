#!/usr/bin/env node
/**
 * test/mail/e2e.js - end-to-end check of the notification service's e-mails.
 *
 * 1. makes sure a mailpit instance is listening on 127.0.0.1 (starts one from
 *    node_modules/.bin or PATH if not, and stops it again at the end)
 * 2. sends a baseline message with nodemailer to verify SMTP itself works
 * 3. triggers the app's dev endpoints that send real templates
 * 4. asserts on the captured messages through mailpit's API
 */
'use strict';

// Running locally:
//   npm run dev:api                # app with SMTP_URL=smtp://127.0.0.1:1025
//   node test/mail/e2e.js
// In CI the mailpit service container is already listening, so the script
// detects the open port and does not start (or stop) its own instance.
//
// Each check is independent; a failing check does not stop the others and
// the summary at the end lists all results. The inbox is cleared once at the
// start so earlier runs do not produce false positives.
//
// The app exposes /__dev/mail/* only when NODE_ENV=development.

const { spawn } = require('node:child_process');
const net = require('node:net');
const path = require('node:path');
const assert = require('node:assert/strict');

const nodemailer = require('nodemailer');

const SMTP = { port: 1025, host: '127.0.0.1' };
const UI = 'http://127.0.0.1:8025';
const APP = process.env.APP_URL || 'http://127.0.0.1:4000';
let mailpitProc = null;

function portOpen(port) {
  return new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port });
    s.once('connect', () => { s.destroy(); resolve(true); });
    s.once('error', () => resolve(false));
  });
}

async function ensureMailpit() {
  if (await portOpen(SMTP.port)) return false;
  const local = path.join(__dirname, '..', '..', 'node_modules', '.bin', 'mailpit');
  const bin = require('node:fs').existsSync(local) ? local : 'mailpit';
  mailpitProc = spawn(bin, ['--smtp', `127.0.0.1:${SMTP.port}`, '--listen', '127.0.0.1:8025', '--max', '200'], {
    stdio: 'ignore',
  });
  for (let i = 0; i < 40; i += 1) {
    if (await portOpen(SMTP.port)) return true;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error('mailpit did not start');
}

function stopMailpit() {
  if (mailpitProc && mailpitProc.exitCode === null) mailpitProc.kill('SIGTERM');
}

async function api(pathname, init) {
  const res = await fetch(`${UI}/api/v1${pathname}`, init);
  if (!res.ok) throw new Error(`mailpit ${pathname}: ${res.status}`);
  const text = await res.text();
  return text ? JSON.parse(text) : null;
}

async function waitFor(query, timeoutMs = 8000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = await api(`/search?query=${encodeURIComponent(query)}`);
    if (found.messages && found.messages.length) return found.messages[0];
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no message matching ${query}`);
}

async function baseline() {
  const transport = nodemailer.createTransport({ ...SMTP, secure: false, ignoreTLS: true });
  await transport.sendMail({
    from: 'e2e@fernbank.test',
    to: 'inbox@fernbank.test',
    subject: 'e2e baseline',
    text: 'plain body',
    html: '<p>html body</p>',
  });
  const msg = await waitFor('subject:"e2e baseline"');
  assert.equal(msg.To[0].Address, 'inbox@fernbank.test');
}

async function trigger(endpoint, body) {
  const res = await fetch(`${APP}/__dev/mail/${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.ok(res.ok, `app endpoint ${endpoint} returned ${res.status}`);
}

async function checkWelcome() {
  await trigger('welcome', { email: 'new.user@fernbank.test', name: 'New User' });
  const summary = await waitFor('to:new.user@fernbank.test subject:Welcome');
  const full = await api(`/message/${summary.ID}`);
  assert.match(full.HTML, /New User/);
  assert.ok(!/\{\{|\}\}/.test(full.HTML), 'unrendered placeholders');
  assert.ok(full.Text && full.Text.length > 20, 'missing text part');
}

async function checkDigest() {
  await trigger('digest', { email: 'digest@fernbank.test', items: 3 });
  const summary = await waitFor('to:digest@fernbank.test subject:digest');
  const headers = await api(`/message/${summary.ID}/headers`);
  assert.ok(headers['List-Unsubscribe'], 'digest must carry List-Unsubscribe');
  assert.ok(headers['List-Unsubscribe-Post'], 'digest must support one-click unsubscribe');
}

async function checkNoExternalImages() {
  const list = await api('/messages?limit=50');
  for (const m of list.messages) {
    const full = await api(`/message/${m.ID}`);
    const external = (full.HTML.match(/<img[^>]+src="https?:\/\/[^"]+"/g) || [])
      .filter((tag) => !tag.includes('127.0.0.1') && !tag.includes('cdn.fernbank.internal'));
    assert.deepEqual(external, [], `${m.Subject}: external images ${external.join(' ')}`);
  }
}

async function checkSpamScore() {
  // mailpit's SpamAssassin integration is optional; skip quietly when disabled
  const list = await api('/messages?limit=10');
  for (const m of list.messages) {
    let res;
    try {
      res = await api(`/message/${m.ID}/sa-check`);
    } catch (_) {
      return;
    }
    assert.ok(!res || res.Score < 5, `${m.Subject}: spam score ${res && res.Score}`);
  }
}

async function checkHtmlSize() {
  // Gmail clips messages whose HTML is larger than ~102 KB
  const list = await api('/messages?limit=50');
  for (const m of list.messages) {
    const full = await api(`/message/${m.ID}`);
    const size = Buffer.byteLength(full.HTML || '', 'utf8');
    assert.ok(size < 100 * 1024, `${m.Subject}: HTML is ${Math.round(size / 1024)} KB`);
  }
}

async function main() {
  const started = await ensureMailpit();
  const results = [];
  try {
    await api('/messages', { method: 'DELETE' });
    for (const [name, fn] of [['baseline', baseline], ['welcome', checkWelcome], ['digest', checkDigest], ['images', checkNoExternalImages],
      ['size', checkHtmlSize], ['spam', checkSpamScore]]) {
      try {
        await fn();
        results.push([name, 'ok']);
      } catch (err) {
        results.push([name, `FAIL ${err.message}`]);
      }
    }
  } finally {
    if (started) stopMailpit();
  }
  for (const [name, status] of results) console.log(`${name.padEnd(10)} ${status}`);
  if (results.some(([, s]) => s !== 'ok')) process.exitCode = 1;
}

process.on('SIGINT', () => {
  stopMailpit();
  process.exit(130);
});

main().catch((err) => {
  console.error(err.message);
  stopMailpit();
  process.exitCode = 1;
});
