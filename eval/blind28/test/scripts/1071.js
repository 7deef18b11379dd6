#!/usr/bin/env node
//
// History
//   2024-04  receiver and JSONL log
//   2024-05  --stats
//   2024-06  body size cap, constant-time token check
//
// No dependencies beyond Node >= 18.
//
//
// Event file format (out/ls-events/<date>.jsonl), one line per event:
//   {"at":"2024-06-14T09:12:03Z","action":"ANNOTATION_CREATED","project":4,
//    "task":1812,"annotation":5521,"annotator":7,"leadTime":41.2,"results":3}
// Only ids and timings are stored; the annotation content itself stays in
// Label Studio.
//
// Events kept: ANNOTATION_CREATED / UPDATED, ANNOTATIONS_DELETED,
// TASKS_CREATED and PROJECT_UPDATED.  Other webhook actions are acknowledged
// (204) and dropped.
//
// Security: loopback bind + shared token header.  Label Studio runs on the
// same machine, so no TLS is involved; the token only stops other local
// processes from injecting fake events.
//
// Exit status: 0 on clean shutdown (Ctrl-C), 1 on configuration errors.
//
// Owner: labelling ops.
//
// Example:
//   node tools/ls-webhook.js &           then annotate; later:
//   node tools/ls-webhook.js --stats
//
// ls-webhook.js - receive Label Studio webhooks on localhost and keep a local
// annotation activity log for the weekly labelling stats.
//
//   node tools/ls-webhook.js                 listen on 127.0.0.1:9099
//   node tools/ls-webhook.js --port 9100 --secret-from .env
//
// Configure the webhook in the local Label Studio (Project -> Settings ->
// Webhooks) with URL http://127.0.0.1:9099/hook and the shared header
// "X-Hook-Token: <LS_WEBHOOK_TOKEN>".  Events are appended as JSON lines to
// out/ls-events/<date>.jsonl; `--stats` prints per-annotator counts.
// The server binds to loopback only, validates the token with a constant-time
// comparison, caps request bodies at 1 MiB and never executes anything from
// the payload.
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');

const repoRoot = path.join(__dirname, '..');
const EVENTS_DIR = path.join(repoRoot, 'out', 'ls-events');
const MAX_BODY = 1024 * 1024;
const KEEP = ['ANNOTATION_CREATED', 'ANNOTATION_UPDATED', 'ANNOTATIONS_DELETED', 'TASKS_CREATED', 'PROJECT_UPDATED'];

function envToken() {
  const file = path.join(repoRoot, '.env');
  if (!fs.existsSync(file)) return process.env.LS_WEBHOOK_TOKEN || '';
  const m = /^LS_WEBHOOK_TOKEN=(.*)$/m.exec(fs.readFileSync(file, 'utf8'));
  return (m ? m[1].trim() : '') || process.env.LS_WEBHOOK_TOKEN || '';
}

function sameToken(a, b) {
  const ba = Buffer.from(a || '');
  const bb = Buffer.from(b || '');
  return ba.length === bb.length && ba.length > 0 && crypto.timingSafeEqual(ba, bb);
}

function dayFile(date = new Date()) {
  return path.join(EVENTS_DIR, `${date.toISOString().slice(0, 10)}.jsonl`);
}

function slim(event) {
  const a = event.annotation || {};
  return {
    at: new Date().toISOString(),
    action: event.action,
    project: event.project?.id ?? null,
    task: event.task?.id ?? a.task ?? null,
    annotation: a.id ?? null,
    annotator: a.completed_by ?? null,
    leadTime: a.lead_time ?? null,
    results: Array.isArray(a.result) ? a.result.length : null,
  };
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

function stats() {
  if (!fs.existsSync(EVENTS_DIR)) {
    console.log('no events recorded yet');
    return;
  }
  const perAnnotator = new Map();
  let total = 0;
  for (const file of fs.readdirSync(EVENTS_DIR).filter((f) => f.endsWith('.jsonl')).sort().slice(-7)) {
    for (const line of fs.readFileSync(path.join(EVENTS_DIR, file), 'utf8').split('\n')) {
      if (!line) continue;
      const e = JSON.parse(line);
      if (e.action !== 'ANNOTATION_CREATED') continue;
      total++;
      const s = perAnnotator.get(e.annotator) || { n: 0, time: 0 };
      s.n++;
      s.time += e.leadTime || 0;
      perAnnotator.set(e.annotator, s);
    }
  }
  console.log(`annotations created in the last 7 day files: ${total}`);
  for (const [who, s] of [...perAnnotator].sort((a, b) => b[1].n - a[1].n)) {
    console.log(`  user ${String(who).padEnd(6)} ${String(s.n).padStart(5)} annotations, avg ${(s.time / s.n).toFixed(1)} s`);
  }
}

function serve(port) {
  const token = envToken();
  if (!token) throw new Error('LS_WEBHOOK_TOKEN missing in .env');
  fs.mkdirSync(EVENTS_DIR, { recursive: true });
  let received = 0;
  const server = http.createServer(async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/hook') {
      res.writeHead(404).end();
      return;
    }
    if (!sameToken(req.headers['x-hook-token'], token)) {
      res.writeHead(401).end();
      return;
    }
    try {
      const event = JSON.parse(await readBody(req));
      if (KEEP.includes(event.action)) {
        fs.appendFileSync(dayFile(), JSON.stringify(slim(event)) + '\n');
        received++;
      }
      res.writeHead(204).end();
    } catch (err) {
      res.writeHead(400, { 'Content-Type': 'text/plain' }).end(err.message);
    }
  });
  server.listen(port, '127.0.0.1', () => console.log(`webhook receiver on http://127.0.0.1:${port}/hook`));
  const stop = () => {
    console.log(`\n${received} event(s) recorded`);
    server.close(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

function main() {
  const args = process.argv.slice(2);
  if (args.includes('--stats')) return stats();
  const i = args.indexOf('--port');
  const port = i >= 0 ? Number(args[i + 1]) : 9099;
  if (!Number.isInteger(port) || port < 1024) throw new Error('--port must be >= 1024');
  return serve(port);
}

try {
  main();
} catch (err) {
  console.error(`ls-webhook: ${err.message}`);
  process.exit(1);
}
