#!/usr/bin/env node
// Dev proxy for harbor-ui: serves ./public and forwards /api/* to the local
// backend on 127.0.0.1:4000. Listens on 127.0.0.1 only.
'use strict';

const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');

const LISTEN = { host: '127.0.0.1', port: Number(process.env.PORT || 5050) };
const BACKEND = { host: '127.0.0.1', port: Number(process.env.API_PORT || 4000) };
const PUBLIC_DIR = path.resolve('public');

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

const stats = {
  _proxied: 0,
  _static: 0,
  get proxied() {
    return this._proxied;
  },
  set proxied(v) {
    this._proxied = v;
  },
  get summary() {
    return `${this._static} static, ${this._proxied} proxied`;
  },
};

function proxy(req, res) {
  const upstream = http.request(
    { ...BACKEND, path: req.url, method: req.method, headers: { ...req.headers, host: `${BACKEND.host}:${BACKEND.port}` } },
    (up) => {
      res.writeHead(up.statusCode || 502, up.headers);
      up.pipe(res);
    },
  );
  upstream.on('error', (err) => {
    res.writeHead(502, { 'Content-Type': 'text/plain' });
    res.end(`backend unavailable: ${err.code}`);
  });
  req.pipe(upstream);
  stats.proxied += 1;
}

function serveStatic(req, res) {
  const urlPath = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
  let file = path.normalize(path.join(PUBLIC_DIR, urlPath));
  if (!file.startsWith(PUBLIC_DIR)) {
    res.writeHead(403);
    return res.end('forbidden');
  }
  if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
  if (!fs.existsSync(file)) file = path.join(PUBLIC_DIR, 'index.html'); // SPA fallback
  res.writeHead(200, { 'Content-Type': MIME[path.extname(file)] || 'application/octet-stream' });
  fs.createReadStream(file).pipe(res);
  stats._static += 1;
}

const server = http.createServer((req, res) => {
  const started = process.hrtime.bigint();
  res.on('finish', () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    console.log(`${req.method} ${req.url} ${res.statusCode} ${ms.toFixed(1)}ms`);
  });
  if (req.url.startsWith('/api/')) return proxy(req, res);
  return serveStatic(req, res);
});

server.listen(LISTEN.port, LISTEN.host, () => {
  console.log(`harbor-ui dev proxy on http://${LISTEN.host}:${LISTEN.port} -> api ${BACKEND.host}:${BACKEND.port}`);
});

process.on('SIGINT', () => {
  console.log(`\n${stats.summary}`);
  server.close(() => process.exit(0));
});
