#!/usr/bin/env node
// expo-push.js - send a release-note push to the beta testers of the Expo
// app and collect delivery receipts.
//
//   node scripts/expo-push.js --message "Build 88 is live"            # dry run
//   node scripts/expo-push.js --message "Build 88 is live" --send     # deliver
//   node scripts/expo-push.js --receipts build/expo-tickets.json      # check later
//
// Recipients are the ExponentPushTokens in data/beta-testers.csv with
// opted_in=yes.  Messages go to Expo's documented push API in chunks of 100
// (the API limit), with the project's EXPO_ACCESS_TOKEN from .env in the
// Authorization header (enhanced push security is enabled on the project).

'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const SEND_URL = 'https://exp.host/--/api/v2/push/send';
const RECEIPTS_URL = 'https://exp.host/--/api/v2/push/getReceipts';
const CHUNK = 100;
const TICKETS = path.join(ROOT, 'build', 'expo-tickets.json');
const TOKEN_RE = /^Expo(nent)?PushToken\[[A-Za-z0-9_-]+\]$/;

function env(name) {
  if (process.env[name]) return process.env[name];
  const file = path.join(ROOT, '.env');
  if (!fs.existsSync(file)) return undefined;
  const hit = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.startsWith(`${name}=`));
  return hit ? hit.slice(name.length + 1) : undefined;
}

function parseCsv(text) {
  const [header, ...lines] = text.trim().split(/\r?\n/);
  const cols = header.split(',').map((c) => c.trim());
  return lines.map((line) => {
    const cells = line.split(',');
    return Object.fromEntries(cols.map((c, i) => [c, (cells[i] ?? '').trim()]));
  });
}

function recipients() {
  const rows = parseCsv(fs.readFileSync(path.join(ROOT, 'data', 'beta-testers.csv'), 'utf8'));
  const valid = [];
  const invalid = [];
  for (const row of rows) {
    if (row.opted_in !== 'yes') continue;
    (TOKEN_RE.test(row.push_token) ? valid : invalid).push(row);
  }
  if (invalid.length) console.error(`skipping ${invalid.length} malformed token(s)`);
  return [...new Map(valid.map((r) => [r.push_token, r])).values()];
}

// Expo rejects bodies over 4 KiB per message; trim long release notes so a
// single tester with a verbose locale does not fail the whole chunk.
function clampBody(text, max = 178) {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  return `${clean.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

function chunks(list, size) {
  const out = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

async function post(url, body, token) {
  let delay = 1000;
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Accept-Encoding': 'gzip, deflate',
        'Content-Type': 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    if (res.status === 429 || res.status >= 500) {
      console.error(`expo ${res.status}, retrying in ${delay} ms`);
      await new Promise((r) => setTimeout(r, delay));
      delay *= 2;
      continue;
    }
    const json = await res.json();
    if (!res.ok) throw new Error(`${res.status}: ${JSON.stringify(json.errors ?? json).slice(0, 300)}`);
    return json;
  }
  throw new Error('expo push API kept failing');
}

function saveTickets(tickets) {
  fs.mkdirSync(path.dirname(TICKETS), { recursive: true });
  let existing = [];
  try {
    existing = JSON.parse(fs.readFileSync(TICKETS, 'utf8'));
  } catch {
    existing = [];
  }
  fs.writeFileSync(TICKETS, JSON.stringify([...existing, ...tickets], null, 2));
}

async function sendAll(message, doSend) {
  const token = env('EXPO_ACCESS_TOKEN');
  if (doSend && !token) throw new Error('EXPO_ACCESS_TOKEN missing in .env');
  const list = recipients();
  console.log(`${list.length} opted-in tester(s)`);
  if (!doSend) {
    for (const r of list.slice(0, 5)) console.log(`  would notify ${r.name} ${r.push_token.slice(0, 22)}…`);
    console.log('dry run; add --send to deliver');
    return;
  }
  const tickets = [];
  let errors = 0;
  for (const group of chunks(list, CHUNK)) {
    const messages = group.map((r) => ({
      to: r.push_token,
      title: 'New beta build',
      body: clampBody(message),
      sound: 'default',
      channelId: 'beta',
      data: { kind: 'release-note' },
    }));
    const { data } = await post(SEND_URL, messages, token);
    data.forEach((ticket, i) => {
      if (ticket.status === 'ok') tickets.push({ id: ticket.id, token: group[i].push_token, at: Date.now() });
      else {
        errors += 1;
        console.error(`  ${group[i].name}: ${ticket.message} (${ticket.details?.error ?? '?'})`);
      }
    });
  }
  saveTickets(tickets);
  console.log(`${tickets.length} accepted, ${errors} rejected; tickets in ${path.relative(ROOT, TICKETS)}`);
}

async function checkReceipts(file) {
  const token = env('EXPO_ACCESS_TOKEN');
  const tickets = JSON.parse(fs.readFileSync(file, 'utf8'));
  const byId = new Map(tickets.map((t) => [t.id, t]));
  const summary = { ok: 0, error: 0, pending: 0 };
  const unregistered = [];
  for (const ids of chunks([...byId.keys()], 300)) {
    const { data } = await post(RECEIPTS_URL, { ids }, token);
    for (const id of ids) {
      const receipt = data[id];
      if (!receipt) summary.pending += 1;
      else if (receipt.status === 'ok') summary.ok += 1;
      else {
        summary.error += 1;
        if (receipt.details?.error === 'DeviceNotRegistered') unregistered.push(byId.get(id).token);
      }
    }
  }
  console.log(summary);
  if (unregistered.length) {
    const out = path.join(ROOT, 'build', 'expo-unregistered.txt');
    fs.writeFileSync(out, `${unregistered.join('\n')}\n`);
    console.log(`${unregistered.length} unregistered token(s) listed in ${path.relative(ROOT, out)}`);
  }
}

async function main() {
  const argv = process.argv.slice(2);
  const get = (flag) => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  if (argv.includes('--receipts')) {
    await checkReceipts(get('--receipts') ?? TICKETS);
    return;
  }
  const message = get('--message');
  if (!message) throw new Error('--message is required');
  await sendAll(message, argv.includes('--send'));
}

main().catch((err) => {
  console.error(`expo-push: ${err.message}`);
  process.exitCode = 1;
});
