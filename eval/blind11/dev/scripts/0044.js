#!/usr/bin/env node
// scripts/dev-server.js - static dev server for the docs site with live reload.
// Listens on 127.0.0.1 only; pushes reload events over server-sent events.
'use strict';

const http = require('http');
const fs = require('fs');
const path = require('path');
const { EventEmitter } = require('events');

const ROOT = path.resolve(__dirname, '..', 'site', 'dist');
const PORT = Number(process.env.PORT || 5173);
const HOST = '127.0.0.1';
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
};

class Reloader extends EventEmitter {
  constructor(dir) {
    super();
    this.dir = dir;
    this.timer = null;
  }

  start() {
    fs.watch(this.dir, { recursive: true }, (_event, file) => {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.emit('change', file), 100);
    });
    return this;
  }
}

const SNIPPET = `<script>new EventSource('/__reload').onmessage = () => location.reload();</script>`;
const clients = new Set();
const reloader = new Reloader(ROOT).start();

reloader.on('change', (file) => {
  console.log(`changed: ${file} -> reloading ${clients.size} client(s)`);
  for (const res of clients) res.write('data: reload\n\n');
});

function resolveSafe(urlPath) {
  const clean = decodeURIComponent(urlPath.split('?')[0]);
  const full = path.normalize(path.join(ROOT, clean));
  if (!full.startsWith(ROOT + path.sep) && full !== ROOT) return null;
  if (fs.existsSync(full) && fs.statSync(full).isDirectory()) return path.join(full, 'index.html');
  return full;
}

function handle(req, res) {
  if (req.url === '/__reload') {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
    clients.add(res);
    req.on('close', () => clients.delete(res));
    return;
  }
  const file = resolveSafe(req.url);
  if (!file) {
    res.writeHead(403).end('forbidden');
    return;
  }
  fs.readFile(file, (err, data) => {
    if (err) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    const type = TYPES[path.extname(file)] || 'application/octet-stream';
    if (type.startsWith('text/html')) data = Buffer.from(data.toString().replace('</body>', SNIPPET + '</body>'));
    res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' });
    res.end(data);
  });
}

const server = http.createServer(handle);
server.listen(PORT, HOST, () => {
  console.log(`docs dev server on http://${HOST}:${PORT}/ serving ${path.relative(process.cwd(), ROOT)}`);
});

process.on('SIGINT', () => {
  for (const res of clients) res.end();
  server.close(() => process.exit(0));
});
