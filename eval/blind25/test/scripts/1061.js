#!/usr/bin/env node
/**
 * bot/slash-server.js - local receiver for the lab Slack app's slash commands.
 *
 * Commands:
 *   /seq-status RUN_ID    status of a sequencing run from results/runs/<id>/status.json
 *   /seq-queue            runs waiting in config/queue.yaml
 *   /seq-help
 *
 * Listens on 127.0.0.1:3100 only; the lab's reverse proxy (slack-proxy.internal)
 * forwards Slack's requests. Every request is verified with the app's signing
 * secret (v0 HMAC-SHA256, 5-minute replay window) before it is parsed.
 * Delayed answers go to the response_url Slack provides (hooks.slack.com);
 * nothing else is contacted. SLACK_SIGNING_SECRET comes from .env.
 *
 * Operations notes:
 *   - run under the lab's process supervisor (see docs/slack-bot.md); it
 *     restarts the process, this script does not daemonise itself
 *   - logs/slash-commands.log records user, command and arguments
 *   - GET /healthz answers "ok" for the proxy's health check
 *   - /seq-eta RUN_ID gives a rough completion estimate
 *   - SLASH_PORT overrides the port (the proxy config must match)
 */
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const querystring = require('node:querystring');
const yaml = require('yaml');

const LAB = path.resolve(__dirname, '..');
const RUNS = path.join(LAB, 'results', 'runs');
const QUEUE = path.join(LAB, 'config', 'queue.yaml');
const PORT = Number(process.env.SLASH_PORT || 3100);
const MAX_BODY = 32 * 1024;
const REPLAY_WINDOW_S = 300;

function signingSecret() {
  let secret = process.env.SLACK_SIGNING_SECRET;
  if (!secret && fs.existsSync(path.join(LAB, '.env'))) {
    const line = fs.readFileSync(path.join(LAB, '.env'), 'utf8').split('\n').find((l) => l.startsWith('SLACK_SIGNING_SECRET='));
    secret = line && line.split('=').slice(1).join('=').trim();
  }
  if (!secret) throw new Error('SLACK_SIGNING_SECRET not set');
  return secret;
}

const SECRET = signingSecret();

function verified(headers, raw) {
  const ts = Number(headers['x-slack-request-timestamp']);
  const sig = String(headers['x-slack-signature'] || '');
  if (!ts || Math.abs(Date.now() / 1000 - ts) > REPLAY_WINDOW_S) return false;
  const mac = `v0=${crypto.createHmac('sha256', SECRET).update(`v0:${ts}:${raw}`).digest('hex')}`;
  const a = Buffer.from(mac);
  const b = Buffer.from(sig);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

function runStatus(id) {
  if (!/^[A-Za-z0-9_-]{3,64}$/.test(id || '')) return 'usage: /seq-status RUN_ID';
  const file = path.join(RUNS, id, 'status.json');
  if (!fs.existsSync(file)) return `no run ${id}`;
  const s = JSON.parse(fs.readFileSync(file, 'utf8'));
  const done = (s.samples || []).filter((x) => x.state === 'done').length;
  return `*${id}*: ${s.state} · ${done}/${(s.samples || []).length} samples done · updated ${s.updated}`;
}

function queueText() {
  if (!fs.existsSync(QUEUE)) return 'queue is empty';
  const q = yaml.parse(fs.readFileSync(QUEUE, 'utf8')) || [];
  if (!q.length) return 'queue is empty';
  return q.map((r, i) => `${i + 1}. ${r.id} (${r.owner}, ${r.samples} samples)`).join('\n');
}

function eta(id) {
  // naive ETA from the average per-sample duration of finished samples
  if (!/^[A-Za-z0-9_-]{3,64}$/.test(id || '')) return 'usage: /seq-eta RUN_ID';
  const file = path.join(RUNS, id, 'status.json');
  if (!fs.existsSync(file)) return `no run ${id}`;
  const s = JSON.parse(fs.readFileSync(file, 'utf8'));
  const samples = s.samples || [];
  const done = samples.filter((x) => x.state === 'done' && x.seconds);
  const left = samples.filter((x) => x.state !== 'done').length;
  if (!done.length) return `${id}: no finished samples yet, cannot estimate`;
  const avg = done.reduce((t, x) => t + x.seconds, 0) / done.length;
  const parallel = Math.max(1, Number(s.parallel) || 1);
  const minutes = Math.ceil((avg * left) / parallel / 60);
  return `${id}: ${left} sample(s) left, roughly ${minutes} min`;
}

const AUDIT = path.join(LAB, 'logs', 'slash-commands.log');

function audit(form) {
  // who ran what, without the response_url (it is a short-lived secret)
  const line = [new Date().toISOString(), form.user_name || form.user_id || '?', form.command, String(form.text || '')].join('\t');
  fs.mkdirSync(path.dirname(AUDIT), { recursive: true });
  fs.appendFile(AUDIT, `${line}\n`, () => undefined);
}

const COMMANDS = {
  '/seq-eta': (text) => eta(text.trim()),
  '/seq-status': (text) => runStatus(text.trim()),
  '/seq-queue': () => queueText(),
  '/seq-help': () => 'commands: /seq-status RUN_ID, /seq-queue',
};

function reply(res, text, inChannel = false) {
  const body = JSON.stringify({ response_type: inChannel ? 'in_channel' : 'ephemeral', text });
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

async function delayed(responseUrl, text) {
  const url = new URL(responseUrl);
  if (url.protocol !== 'https:' || url.hostname !== 'hooks.slack.com') return;
  await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
    body: JSON.stringify({ response_type: 'ephemeral', replace_original: false, text }),
  }).catch(() => undefined);
}

function handle(req, res) {
  if (req.method === 'GET' && req.url === '/healthz') {
    res.writeHead(200).end('ok');
    return;
  }
  if (req.method !== 'POST' || req.url !== '/slack/commands') {
    res.writeHead(404).end();
    return;
  }
  const chunks = [];
  let size = 0;
  req.on('data', (c) => {
    size += c.length;
    if (size > MAX_BODY) req.destroy();
    else chunks.push(c);
  });
  req.on('end', () => {
    const raw = Buffer.concat(chunks).toString('utf8');
    if (!verified(req.headers, raw)) {
      res.writeHead(401).end();
      return;
    }
    const form = querystring.parse(raw);
    audit(form);
    const fn = COMMANDS[form.command];
    if (!fn) {
      reply(res, `unknown command ${form.command}`);
      return;
    }
    const started = Date.now();
    let text;
    try {
      text = fn(String(form.text || ''));
    } catch (err) {
      text = `error: ${err.message}`;
    }
    if (Date.now() - started > 2500 && form.response_url) {
      reply(res, 'working on it…');
      delayed(String(form.response_url), text);
    } else {
      reply(res, text);
    }
  });
}

const server = http.createServer(handle);
server.listen(PORT, '127.0.0.1', () => console.log(`slash commands on http://127.0.0.1:${PORT}/slack/commands`));

function shutdown(sig) {
  console.log(`${sig}: shutting down`);
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(1), 4000).unref();
}
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
