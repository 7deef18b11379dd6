#!/usr/bin/env node
/*
 * gitea-webhook-dev.js - local receiver for Gitea webhooks during development.
 *
 * Listens on 127.0.0.1:9876, verifies the X-Gitea-Signature HMAC with the
 * secret from .env (GITEA_WEBHOOK_SECRET), stores every delivery under
 * build/webhooks/<event>/<delivery-id>.json and prints a one-line summary.
 * Our bot's handlers are then replayed against those files in the unit tests.
 *
 * The dev Gitea (docker compose) is configured to send to
 * http://host.docker.internal:9876/hook; nothing here is reachable from
 * outside this machine.  Ctrl-C closes the server and finishes pending writes.
 */
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const STORE = path.join(ROOT, 'build', 'webhooks');
const HOST = '127.0.0.1';
const PORT = Number(process.env.WEBHOOK_PORT || 9876);
const MAX_BODY = 5 * 1024 * 1024;

function secret() {
  let value = process.env.GITEA_WEBHOOK_SECRET;
  const file = path.join(ROOT, '.env');
  if (!value && fs.existsSync(file)) {
    const m = fs.readFileSync(file, 'utf8').match(/^GITEA_WEBHOOK_SECRET=(.*)$/m);
    value = m && m[1].trim().replace(/^"|"$/g, '');
  }
  if (!value) throw new Error('GITEA_WEBHOOK_SECRET missing (.env)');
  return value;
}

function verify(body, signature, key) {
  if (!signature) return false;
  const expected = crypto.createHmac('sha256', key).update(body).digest('hex');
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(signature, 'hex');
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

function summary(event, payload) {
  const repo = payload.repository ? payload.repository.full_name : '?';
  switch (event) {
    case 'push':
      return `${repo} ${payload.ref} ${payload.commits ? payload.commits.length : 0} commit(s) by ${payload.pusher && payload.pusher.login}`;
    case 'pull_request':
      return `${repo} PR #${payload.number} ${payload.action}: ${payload.pull_request && payload.pull_request.title}`;
    case 'issues':
      return `${repo} issue #${payload.issue && payload.issue.number} ${payload.action}`;
    case 'release':
      return `${repo} release ${payload.release && payload.release.tag_name} ${payload.action}`;
    default:
      return `${repo} ${payload.action || ''}`.trim();
  }
}

const pending = new Set();

function store(event, delivery, payload, headers) {
  const dir = path.join(STORE, event.replace(/[^a-z_]/gi, '_'));
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${delivery.replace(/[^a-zA-Z0-9-]/g, '')}.json`);
  const record = {
    receivedAt: new Date().toISOString(),
    event,
    delivery,
    headers: Object.fromEntries(Object.entries(headers).filter(([k]) => k.startsWith('x-gitea'))),
    payload,
  };
  const p = fs.promises.writeFile(file, JSON.stringify(record, null, 2)).finally(() => pending.delete(p));
  pending.add(p);
  return path.relative(ROOT, file);
}

function respond(res, status, text) {
  res.writeHead(status, { 'Content-Type': 'text/plain' });
  res.end(text);
}

function handler(key) {
  return (req, res) => {
    if (req.method === 'GET' && req.url === '/health') return respond(res, 200, 'ok');
    if (req.method !== 'POST' || req.url !== '/hook') return respond(res, 404, 'not found');
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        respond(res, 413, 'too large');
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (res.writableEnded) return;
      const body = Buffer.concat(chunks);
      if (!verify(body, req.headers['x-gitea-signature'], key)) {
        console.warn(`rejected delivery ${req.headers['x-gitea-delivery'] || '?'}: bad signature`);
        return respond(res, 401, 'bad signature');
      }
      let payload;
      try {
        payload = JSON.parse(body.toString('utf8'));
      } catch {
        return respond(res, 400, 'invalid JSON');
      }
      const event = req.headers['x-gitea-event'] || 'unknown';
      const delivery = req.headers['x-gitea-delivery'] || crypto.randomUUID();
      const file = store(event, delivery, payload, req.headers);
      console.log(`${new Date().toISOString().slice(11, 19)} ${event.padEnd(13)} ${summary(event, payload)} -> ${file}`);
      respond(res, 200, 'stored');
    });
  };
}

// Replay a stored delivery to a handler under development (also on loopback),
// re-signing it with the same secret so the handler's verification passes.
async function replay(file, target) {
  const url = new URL(target || 'http://127.0.0.1:3000/gitea/hook');
  if (!['127.0.0.1', 'localhost'].includes(url.hostname)) throw new Error('replay target must be local');
  const record = JSON.parse(fs.readFileSync(file, 'utf8'));
  const body = Buffer.from(JSON.stringify(record.payload));
  const signature = crypto.createHmac('sha256', secret()).update(body).digest('hex');
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Gitea-Event': record.event,
      'X-Gitea-Delivery': record.delivery,
      'X-Gitea-Signature': signature,
    },
    body,
  });
  console.log(`replayed ${path.basename(file)} -> ${res.status}`);
}

function listStored() {
  if (!fs.existsSync(STORE)) return console.log('no deliveries stored yet');
  for (const event of fs.readdirSync(STORE).sort()) {
    const n = fs.readdirSync(path.join(STORE, event)).length;
    console.log(`${event.padEnd(16)} ${n}`);
  }
}

function clearStored() {
  // build/webhooks belongs to this tool
  fs.rmSync(STORE, { recursive: true, force: true });
  console.log('cleared build/webhooks');
}

function main() {
  const cmd = process.argv[2] || 'serve';
  if (cmd === 'list') return listStored();
  if (cmd === 'clear') return clearStored();
  if (cmd === 'replay') {
    replay(process.argv[3], process.argv[4]).catch((err) => {
      console.error(err.message);
      process.exitCode = 1;
    });
    return undefined;
  }
  if (cmd !== 'serve') throw new Error(`unknown command ${cmd}`);
  const server = http.createServer(handler(secret()));
  server.listen(PORT, HOST, () => console.log(`listening on http://${HOST}:${PORT}/hook`));
  const shutdown = () => {
    console.log('\nshutting down');
    server.close(async () => {
      await Promise.allSettled([...pending]);
      process.exit(0);
    });
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

try {
  main();
} catch (err) {
  console.error(err.message);
  process.exitCode = 1;
}
