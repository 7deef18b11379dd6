#!/usr/bin/env node
// scripts/deploy-notify.js - post deploy start/finish messages to Slack and
// keep them threaded, so #deploys shows one thread per deploy.
//
//   node scripts/deploy-notify.js start  --env staging --version 1.14.2
//   node scripts/deploy-notify.js finish --env staging --status success
//   node scripts/deploy-notify.js finish --env staging --status failed --log build/deploy.log
//
// SLACK_BOT_TOKEN (chat:write) comes from the environment or .env and is sent
// only to slack.com. The channel id is in deploy/notify.json. The thread ts
// of the current deploy is stored in .deploy-notify.json (gitignored).
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const os = require('node:os');
const { execFileSync } = require('node:child_process');
const { parseArgs } = require('node:util');

const ROOT = path.resolve(__dirname, '..');
const STATE = path.join(ROOT, '.deploy-notify.json');
const SLACK = 'https://slack.com/api';

function fail(msg) {
  console.error(`deploy-notify: ${msg}`);
  process.exit(1);
}

function token() {
  let tok = process.env.SLACK_BOT_TOKEN;
  const dotenv = path.join(ROOT, '.env');
  if (!tok && fs.existsSync(dotenv)) {
    const m = /^SLACK_BOT_TOKEN=(.+)$/m.exec(fs.readFileSync(dotenv, 'utf8'));
    tok = m && m[1].trim();
  }
  if (!tok) fail('SLACK_BOT_TOKEN is not set');
  if (!tok.startsWith('xoxb-')) fail('SLACK_BOT_TOKEN is not a bot token');
  return tok;
}

function config() {
  const cfg = JSON.parse(fs.readFileSync(path.join(ROOT, 'deploy', 'notify.json'), 'utf8'));
  if (!/^C[A-Z0-9]{8,}$/.test(cfg.channel)) fail('deploy/notify.json channel must be a channel id');
  return cfg;
}

function readState() {
  try {
    return JSON.parse(fs.readFileSync(STATE, 'utf8'));
  } catch {
    return {};
  }
}

function writeState(state) {
  fs.writeFileSync(STATE, JSON.stringify(state, null, 2));
}

function gitInfo() {
  const git = (...a) => execFileSync('git', a, { cwd: ROOT, encoding: 'utf8' }).trim();
  return {
    sha: git('rev-parse', '--short', 'HEAD'),
    branch: git('rev-parse', '--abbrev-ref', 'HEAD'),
    subject: git('log', '-1', '--format=%s'),
    author: git('log', '-1', '--format=%an'),
  };
}

async function slack(tok, method, body) {
  let delay = 1000;
  for (let attempt = 1; attempt <= 4; attempt++) {
    const res = await fetch(`${SLACK}/${method}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${tok}`, 'Content-Type': 'application/json; charset=utf-8' },
      body: JSON.stringify(body),
    });
    if (res.status === 429) {
      const wait = Number(res.headers.get('retry-after') || 1) * 1000;
      await new Promise((r) => setTimeout(r, wait));
      continue;
    }
    const data = await res.json();
    if (data.ok) return data;
    if (data.error === 'ratelimited' || res.status >= 500) {
      await new Promise((r) => setTimeout(r, delay));
      delay *= 2;
      continue;
    }
    throw new Error(`slack ${method}: ${data.error}`);
  }
  throw new Error(`slack ${method}: gave up`);
}

function tailLog(file, lines = 25) {
  if (!file || !fs.existsSync(file)) return null;
  const text = fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  // never post anything that looks like a credential from the log
  return text
    .replace(/(token|password|secret|key)(["'\s:=]+)\S+/gi, '$1$2[redacted]')
    .replace(/xox[abp]-[A-Za-z0-9-]+/g, '[redacted]');
}

function blocksForStart(env, version, info) {
  return [
    { type: 'section', text: { type: 'mrkdwn', text: `:rocket: *Deploying ${version}* to *${env}*` } },
    {
      type: 'context',
      elements: [
        { type: 'mrkdwn', text: `\`${info.sha}\` on \`${info.branch}\` - ${info.subject}` },
        { type: 'mrkdwn', text: `by ${info.author} from ${os.hostname()}` },
      ],
    },
  ];
}

async function start(tok, cfg, opts) {
  const info = gitInfo();
  const version = opts.version || info.sha;
  const res = await slack(tok, 'chat.postMessage', {
    channel: cfg.channel,
    text: `Deploying ${version} to ${opts.env}`,
    blocks: blocksForStart(opts.env, version, info),
  });
  const state = readState();
  state[opts.env] = { ts: res.ts, version, startedAt: Date.now() };
  writeState(state);
  console.log(`posted start message (ts ${res.ts})`);
}

async function finish(tok, cfg, opts) {
  const state = readState();
  const cur = state[opts.env];
  if (!cur) fail(`no deploy started for ${opts.env}; run start first`);
  const ok = opts.status === 'success';
  const minutes = ((Date.now() - cur.startedAt) / 60000).toFixed(1);
  const emoji = ok ? ':white_check_mark:' : ':x:';
  await slack(tok, 'chat.postMessage', {
    channel: cfg.channel,
    thread_ts: cur.ts,
    reply_broadcast: !ok,
    text: `${emoji} ${cur.version} ${ok ? 'deployed' : 'FAILED'} on ${opts.env} after ${minutes} min`,
  });
  const log = tailLog(opts.log);
  if (!ok && log) {
    await slack(tok, 'chat.postMessage', {
      channel: cfg.channel,
      thread_ts: cur.ts,
      text: `last lines of the deploy log:\n\`\`\`${log}\`\`\``,
    });
  }
  await slack(tok, 'reactions.add', { channel: cfg.channel, timestamp: cur.ts, name: ok ? 'white_check_mark' : 'x' })
    .catch(() => {});
  delete state[opts.env];
  writeState(state);
  console.log(`posted finish message for ${opts.env}`);
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      env: { type: 'string' },
      version: { type: 'string' },
      status: { type: 'string', default: 'success' },
      log: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
    },
  });
  const action = positionals[0];
  if (!['start', 'finish'].includes(action) || !values.env) {
    fail('usage: deploy-notify.js start|finish --env <env> [--version V] [--status success|failed]');
  }
  if (values['dry-run']) {
    console.log(`would post ${action} for ${values.env}`);
    return;
  }
  const tok = token();
  const cfg = config();
  console.log(`slack token ...${tok.slice(-4)}, channel ${cfg.channel}`);
  if (action === 'start') await start(tok, cfg, values);
  else await finish(tok, cfg, values);
}

main().catch((err) => fail(err.message));
