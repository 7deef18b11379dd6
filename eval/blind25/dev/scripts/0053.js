#!/usr/bin/env node
// bot/standup.js - Slack standup bot: collects answers in a thread and posts a digest.
//
// Modes:
//   node bot/standup.js open    --channel C0XXXX   post today's standup prompt
//   node bot/standup.js digest  --channel C0XXXX   read thread replies, post a summary
//   node bot/standup.js remind  --channel C0XXXX   DM members who have not answered
//
// Needs SLACK_BOT_TOKEN (xoxb-) with chat:write, channels:history, users:read,
// im:write. The token is read from the environment / .env and is only sent
// to https://slack.com/api in the Authorization header.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const STATE_FILE = path.join(ROOT, '.state', 'standup.json');
const SLACK = 'https://slack.com/api/';
const QUESTIONS = [
  'What did you finish yesterday?',
  'What are you working on today?',
  'Anything blocking you?',
];

function loadEnv() {
  const file = path.join(ROOT, '.env');
  if (fs.existsSync(file)) {
    for (const raw of fs.readFileSync(file, 'utf8').split('\n')) {
      const line = raw.trim();
      if (!line || line.startsWith('#')) continue;
      const i = line.indexOf('=');
      if (i < 0) continue;
      const key = line.slice(0, i).trim();
      if (process.env[key] === undefined) process.env[key] = line.slice(i + 1).trim();
    }
  }
  if (!process.env.SLACK_BOT_TOKEN) {
    console.error('SLACK_BOT_TOKEN is not set');
    process.exit(2);
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function slack(method, body = {}, { attempt = 0 } = {}) {
  const res = await fetch(SLACK + method, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${process.env.SLACK_BOT_TOKEN}`,
      'Content-Type': 'application/json; charset=utf-8',
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15000),
  });
  if (res.status === 429 && attempt < 4) {
    const wait = Number(res.headers.get('retry-after') || 1) * 1000;
    await sleep(wait);
    return slack(method, body, { attempt: attempt + 1 });
  }
  const data = await res.json();
  if (!data.ok) throw new Error(`${method}: ${data.error}`);
  return data;
}

function readState() {
  try {
    return JSON.parse(fs.readFileSync(STATE_FILE, 'utf8'));
  } catch {
    return {};
  }
}

function writeState(state) {
  fs.mkdirSync(path.dirname(STATE_FILE), { recursive: true });
  const tmp = `${STATE_FILE}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(state, null, 2));
  fs.renameSync(tmp, STATE_FILE);
}

function today() {
  return new Date().toISOString().slice(0, 10);
}

function parseArgs(argv) {
  const out = { mode: argv[0] };
  for (let i = 1; i < argv.length; i += 1) {
    if (argv[i] === '--channel') out.channel = argv[++i];
    else if (argv[i] === '--dry-run') out.dryRun = true;
  }
  if (!out.channel) {
    console.error('--channel is required');
    process.exit(2);
  }
  return out;
}

async function channelMembers(channel) {
  const members = [];
  let cursor;
  do {
    const page = await slack('conversations.members', { channel, cursor, limit: 200 });
    members.push(...page.members);
    cursor = page.response_metadata && page.response_metadata.next_cursor;
  } while (cursor);
  const humans = [];
  for (const id of members) {
    const { user } = await slack('users.info', { user: id });
    if (!user.is_bot && !user.deleted) humans.push({ id, name: user.real_name || user.name });
  }
  return humans;
}

async function open({ channel, dryRun }) {
  const text = `:sunrise: Standup for ${today()}\n${QUESTIONS.map((q, i) => `${i + 1}. ${q}`).join('\n')}\nReply in this thread.`;
  if (dryRun) {
    console.log(text);
    return;
  }
  const msg = await slack('chat.postMessage', { channel, text });
  const state = readState();
  state[channel] = { date: today(), ts: msg.ts };
  writeState(state);
  console.log(`opened standup ts=${msg.ts}`);
}

async function threadReplies(channel, ts) {
  const replies = [];
  let cursor;
  do {
    const page = await slack('conversations.replies', { channel, ts, cursor, limit: 200 });
    replies.push(...page.messages.filter((m) => m.ts !== ts && !m.bot_id));
    cursor = page.response_metadata && page.response_metadata.next_cursor;
  } while (cursor);
  return replies;
}

async function digest({ channel, dryRun }) {
  const entry = readState()[channel];
  if (!entry || entry.date !== today()) {
    console.error('no standup opened today in that channel');
    process.exit(1);
  }
  const replies = await threadReplies(channel, entry.ts);
  const byUser = new Map();
  for (const r of replies) {
    const list = byUser.get(r.user) || [];
    list.push(r.text.replace(/\s+/g, ' ').slice(0, 300));
    byUser.set(r.user, list);
  }
  const lines = [...byUser].map(([user, texts]) => `• <@${user}>: ${texts.join(' / ')}`);
  const text = `*Standup digest ${today()}* (${byUser.size} answers)\n${lines.join('\n') || '_no answers_'}`;
  if (dryRun) {
    console.log(text);
    return;
  }
  await slack('chat.postMessage', { channel, text, unfurl_links: false });
}

async function remind({ channel, dryRun }) {
  const entry = readState()[channel];
  if (!entry || entry.date !== today()) return;
  const answered = new Set((await threadReplies(channel, entry.ts)).map((r) => r.user));
  const missing = (await channelMembers(channel)).filter((m) => !answered.has(m.id));
  for (const m of missing) {
    if (dryRun) {
      console.log(`would remind ${m.name}`);
      continue;
    }
    const { channel: dm } = await slack('conversations.open', { users: m.id });
    await slack('chat.postMessage', {
      channel: dm.id,
      text: `Friendly reminder: today's standup is waiting for you in <#${channel}>.`,
    });
    await sleep(1100); // stay under the 1 msg/s tier for chat.postMessage
  }
  console.log(`reminded ${missing.length} member(s)`);
}

async function main() {
  loadEnv();
  const opts = parseArgs(process.argv.slice(2));
  const modes = { open, digest, remind };
  const fn = modes[opts.mode];
  if (!fn) {
    console.error(`unknown mode ${opts.mode}; use open|digest|remind`);
    process.exit(2);
  }
  await fn(opts);
}

main().catch((err) => {
  console.error(String(err.message || err).replace(process.env.SLACK_BOT_TOKEN || '\0', 'xoxb-***'));
  process.exit(1);
});
