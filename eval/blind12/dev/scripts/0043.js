#!/usr/bin/env node
// Tiny static server for dist/ with live-reload events, bound to 127.0.0.1.
// Used by the agent to preview the build and by the visual regression tests.
'use strict';

const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');
const { EventEmitter } = require('node:events');

const ROOT = path.resolve(__dirname, '..', 'dist');
const HOST = '127.0.0.1';
const PORT = Number(process.env.PORT || 4173);
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

const bus = new EventEmitter();
const clients = new Set();

bus.on('change', (file) => {
  for (const res of clients) res.write(`event: reload\ndata: ${JSON.stringify(file)}\n\n`);
});

function resolveSafe(urlPath) {
  const decoded = decodeURIComponent(urlPath.split('?')[0]);
  const target = path.normalize(path.join(ROOT, decoded));
  if (!target.startsWith(ROOT + path.sep) && target !== ROOT) return null;
  return target;
}

function sendFile(res, file) {
  fs.stat(file, (err, st) => {
    if (err || !st.isFile()) {
      const fallback = path.join(ROOT, 'index.html');
      if (file !== fallback) return sendFile(res, fallback);
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, {
      'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream',
      'Content-Length': st.size,
      'Cache-Control': 'no-store',
    });
    fs.createReadStream(file).pipe(res);
  });
}

function handleEvents(req, res) {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream',
    'Cache-Control': 'no-cache',
    Connection: 'keep-alive',
  });
  res.write('retry: 1000\n\n');
  clients.add(res);
  req.on('close', () => clients.delete(res));
}

const server = http.createServer((req, res) => {
  if (req.url === '/__events') return handleEvents(req, res);
  const file = resolveSafe(req.url === '/' ? '/index.html' : req.url);
  if (!file) {
    res.writeHead(403).end('forbidden');
    return;
  }
  sendFile(res, file);
});

function watch() {
  let timer = null;
  fs.watch(ROOT, { recursive: true }, (_event, filename) => {
    clearTimeout(timer);
    timer = setTimeout(() => bus.emit('change', filename), 100);
  });
}

if (!fs.existsSync(ROOT)) {
  console.error(`dist/ not found; run the build first`);
  process.exit(1);
}

server.listen(PORT, HOST, () => {
  console.log(`serving ${path.relative(process.cwd(), ROOT)} at http://${HOST}:${PORT}`);
  watch();
});

for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    for (const res of clients) res.end();
    server.close(() => process.exit(0));
  });
}
