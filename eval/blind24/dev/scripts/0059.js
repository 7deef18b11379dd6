#!/usr/bin/env node
// record-proxy.js -- tiny recording HTTP proxy for integration tests.
//
// Listens on 127.0.0.1 only. Requests are forwarded to the upstream named in
// --upstream (an allow-list of the APIs the tests talk to) and every
// request/response pair is written to fixtures/recordings/<name>.jsonl, with
// Authorization/Cookie headers redacted. In --replay mode it answers from the
// recording instead of the network.
//
//   node scripts/record-proxy.js --name checkout --upstream https://api.stripe.com
//   API_BASE=http://127.0.0.1:8787 npm run test:integration
//   node scripts/record-proxy.js --name checkout --replay
'use strict';

const fs = require('node:fs');
const http = require('node:http');
const https = require('node:https');
const path = require('node:path');
const crypto = require('node:crypto');
const { parseArgs } = require('node:util');

const ALLOWED_UPSTREAMS = new Set([
  'https://api.stripe.com',
  'https://api.github.com',
  'https://api.openai.com',
  'http://localhost:3001',
]);
const REDACT = new Set(['authorization', 'cookie', 'set-cookie', 'x-api-key', 'stripe-signature']);
const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'host']);

const { values } = parseArgs({
  options: {
    name: { type: 'string' },
    upstream: { type: 'string', default: 'https://api.stripe.com' },
    port: { type: 'string', default: '8787' },
    replay: { type: 'boolean', default: false },
    overwrite: { type: 'boolean', default: false },
  },
});

if (!values.name || !/^[\w.-]+$/.test(values.name)) {
  console.error('record-proxy: --name is required (letters, digits, . _ -)');
  process.exit(2);
}
if (!ALLOWED_UPSTREAMS.has(values.upstream)) {
  console.error(`record-proxy: upstream must be one of ${[...ALLOWED_UPSTREAMS].join(', ')}`);
  process.exit(2);
}

const DIR = path.join(process.cwd(), 'fixtures', 'recordings');
const FILE = path.join(DIR, `${values.name}.jsonl`);
const upstream = new URL(values.upstream);
const client = upstream.protocol === 'https:' ? https : http;
const agent = new client.Agent({ keepAlive: true, maxSockets: 8 });

function redactHeaders(headers) {
  const out = {};
  for (const [k, v] of Object.entries(headers)) {
    out[k] = REDACT.has(k.toLowerCase()) ? '[redacted]' : v;
  }
  return out;
}

function keyFor(method, url, body) {
  return crypto.createHash('sha1').update(`${method} ${url}\n`).update(body).digest('hex').slice(0, 16);
}

function readBody(stream) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

function loadRecording() {
  const map = new Map();
  if (!fs.existsSync(FILE)) return map;
  for (const line of fs.readFileSync(FILE, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const rec = JSON.parse(line);
    const list = map.get(rec.key) || [];
    list.push(rec);
    map.set(rec.key, list);
  }
  return map;
}

function forward(req, body) {
  return new Promise((resolve, reject) => {
    const headers = {};
    for (const [k, v] of Object.entries(req.headers)) {
      if (!HOP.has(k.toLowerCase())) headers[k] = v;
    }
    headers.host = upstream.host;
    const out = client.request(
      {
        protocol: upstream.protocol,
        hostname: upstream.hostname,
        port: upstream.port || undefined,
        method: req.method,
        path: req.url,
        headers,
        agent,
        timeout: 30000,
      },
      async (res) => {
        const data = await readBody(res);
        resolve({ status: res.statusCode, headers: res.headers, body: data });
      },
    );
    out.on('timeout', () => out.destroy(new Error('upstream timeout')));
    out.on('error', reject);
    out.end(body);
  });
}

function sendResponse(res, rec) {
  const headers = {};
  for (const [k, v] of Object.entries(rec.headers)) {
    if (!HOP.has(k.toLowerCase()) && k.toLowerCase() !== 'content-length') headers[k] = v;
  }
  const body = Buffer.from(rec.body, 'base64');
  headers['content-length'] = body.length;
  res.writeHead(rec.status, headers);
  res.end(body);
}

function main() {
  fs.mkdirSync(DIR, { recursive: true });
  if (!values.replay && fs.existsSync(FILE) && !values.overwrite) {
    console.error(`record-proxy: ${path.relative(process.cwd(), FILE)} exists; pass --overwrite or --replay`);
    process.exit(2);
  }
  const recording = values.replay ? loadRecording() : null;
  const cursor = new Map();
  const sink = values.replay ? null : fs.createWriteStream(FILE, { flags: 'w' });
  let count = 0;

  const server = http.createServer(async (req, res) => {
    try {
      const body = await readBody(req);
      const key = keyFor(req.method, req.url, body);
      if (recording) {
        const list = recording.get(key) || [];
        const i = cursor.get(key) || 0;
        const rec = list[Math.min(i, list.length - 1)];
        cursor.set(key, i + 1);
        if (!rec) {
          res.writeHead(599, { 'content-type': 'text/plain' });
          res.end(`no recording for ${req.method} ${req.url}`);
          console.error(`miss ${req.method} ${req.url}`);
          return;
        }
        sendResponse(res, rec);
        return;
      }
      const up = await forward(req, body);
      const rec = {
        key,
        method: req.method,
        url: req.url,
        requestHeaders: redactHeaders(req.headers),
        requestBody: body.toString('utf8').slice(0, 20000),
        status: up.status,
        headers: redactHeaders(up.headers),
        body: up.body.toString('base64'),
      };
      sink.write(JSON.stringify(rec) + '\n');
      count += 1;
      sendResponse(res, rec);
      console.log(`${up.status} ${req.method} ${req.url}`);
    } catch (err) {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(String(err.message || err));
    }
  });

  server.listen(Number(values.port), '127.0.0.1', () => {
    const mode = values.replay ? 'replaying' : `recording ${values.upstream}`;
    console.log(`record-proxy ${mode} on http://127.0.0.1:${values.port} -> ${path.relative(process.cwd(), FILE)}`);
  });

  const stop = () => {
    server.close();
    agent.destroy();
    if (sink) sink.end(() => console.log(`\n${count} exchanges saved`));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main();
