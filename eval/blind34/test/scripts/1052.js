#!/usr/bin/env node
// replicate-webhook-dev.js - local receiver for Replicate prediction webhooks
// during development.
//
// Replicate calls the webhook URL given when a prediction is created.  In
// development we expose this server through the team's tunnel and point the
// predictions at it; this process only listens on 127.0.0.1.  Every request
// is verified with the webhook signing secret (REPLICATE_WEBHOOK_SECRET in
// .env, the documented "whsec_" secret) before anything is stored.  Completed
// predictions are written to build/webhooks/<id>.json and their output files
// downloaded (from replicate.delivery only) into build/webhooks/files/.
//
//   node tools/replicate-webhook-dev.js --port 8787

'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');

const REPO = path.resolve(__dirname, '..');
const OUT = path.join(REPO, 'build', 'webhooks');
const FILES = path.join(OUT, 'files');
const MAX_BODY = 2 * 1024 * 1024;
const TOLERANCE_S = 300;

function secret() {
  let value = process.env.REPLICATE_WEBHOOK_SECRET;
  const envFile = path.join(REPO, '.env');
  if (!value && fs.existsSync(envFile)) {
    const m = fs.readFileSync(envFile, 'utf8').match(/^REPLICATE_WEBHOOK_SECRET=(.+)$/m);
    value = m && m[1].trim();
  }
  if (!value || !value.startsWith('whsec_')) throw new Error('REPLICATE_WEBHOOK_SECRET (whsec_...) missing');
  return Buffer.from(value.slice('whsec_'.length), 'base64');
}

function verify(key, headers, body) {
  const id = headers['webhook-id'];
  const ts = headers['webhook-timestamp'];
  const sigHeader = headers['webhook-signature'];
  if (!id || !ts || !sigHeader) return 'missing signature headers';
  if (Math.abs(Date.now() / 1000 - Number(ts)) > TOLERANCE_S) return 'timestamp outside tolerance';
  const expected = crypto.createHmac('sha256', key).update(`${id}.${ts}.${body}`).digest('base64');
  const provided = sigHeader.split(' ').map((s) => s.split(',')[1]).filter(Boolean);
  const ok = provided.some((p) => {
    const a = Buffer.from(p);
    const b = Buffer.from(expected);
    return a.length === b.length && crypto.timingSafeEqual(a, b);
  });
  return ok ? null : 'bad signature';
}

async function download(url, target) {
  const u = new URL(url);
  if (!u.hostname.endsWith('replicate.delivery')) throw new Error(`unexpected output host ${u.hostname}`);
  const res = await fetch(url);
  if (!res.ok) throw new Error(`download ${res.status}`);
  fs.writeFileSync(target, Buffer.from(await res.arrayBuffer()));
}

async function store(prediction) {
  fs.mkdirSync(FILES, { recursive: true });
  const file = path.join(OUT, `${prediction.id}.json`);
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(prediction, null, 2));
  fs.renameSync(`${file}.tmp`, file);
  const outputs = Array.isArray(prediction.output) ? prediction.output : prediction.output ? [prediction.output] : [];
  let saved = 0;
  for (const [i, url] of outputs.entries()) {
    if (typeof url !== 'string' || !url.startsWith('https://')) continue;
    const ext = path.extname(new URL(url).pathname) || '.bin';
    await download(url, path.join(FILES, `${prediction.id}-${i}${ext}`));
    saved += 1;
  }
  return saved;
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks = [];
    req.on('data', (c) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const stats = { received: 0, rejected: 0, completed: 0, failed: 0 };

function makeServer(key) {
  return http.createServer(async (req, res) => {
    if (req.method === 'GET' && req.url === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(stats));
      return;
    }
    if (req.method !== 'POST' || req.url !== '/replicate') {
      res.writeHead(404).end();
      return;
    }
    stats.received += 1;
    let body;
    try {
      body = await readBody(req);
    } catch (err) {
      res.writeHead(413).end(err.message);
      return;
    }
    const problem = verify(key, req.headers, body);
    if (problem) {
      stats.rejected += 1;
      console.warn(`rejected webhook: ${problem}`);
      res.writeHead(401).end(problem);
      return;
    }
    res.writeHead(204).end();
    const prediction = JSON.parse(body);
    console.log(`${new Date().toISOString()} ${prediction.id} ${prediction.status}`);
    if (prediction.status === 'succeeded') {
      try {
        const n = await store(prediction);
        stats.completed += 1;
        console.log(`  saved ${n} output file(s)`);
      } catch (err) {
        stats.failed += 1;
        console.error(`  storing failed: ${err.message}`);
      }
    } else if (prediction.status === 'failed') {
      stats.failed += 1;
      fs.mkdirSync(OUT, { recursive: true });
      fs.writeFileSync(path.join(OUT, `${prediction.id}.error.txt`), String(prediction.error ?? 'unknown'));
    }
  });
}

const USAGE = `replicate-webhook-dev.js [--port N]

Local endpoints (127.0.0.1 only)
  POST /replicate   Replicate webhook target; requests must carry valid
                    webhook-id, webhook-timestamp and webhook-signature
                    headers signed with REPLICATE_WEBHOOK_SECRET
  GET  /healthz     counters: received, rejected, completed, failed

Stored data
  build/webhooks/<prediction>.json          full prediction object
  build/webhooks/<prediction>.error.txt     error text of failed predictions
  build/webhooks/files/<prediction>-N.ext   downloaded outputs

Requests older than five minutes or with a wrong signature get 401 and are
not stored.`;

function main() {
  if (process.argv.includes('--help')) {
    console.log(USAGE);
    return;
  }
  const idx = process.argv.indexOf('--port');
  const port = idx >= 0 ? Number(process.argv[idx + 1]) : 8787;
  const key = secret();
  const server = makeServer(key);
  server.listen(port, '127.0.0.1', () => {
    console.log(`listening on http://127.0.0.1:${port}/replicate (health: /healthz)`);
  });
  const shutdown = () => {
    console.log(`\nstats: ${JSON.stringify(stats)}`);
    server.close(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main();
