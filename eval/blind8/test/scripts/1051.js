#!/usr/bin/env node
// Local dev proxy: serves the SPA build and forwards /api to the local backend.
'use strict';

const http = require('http');
const fs = require('fs');
const path = require('path');

const PORT = Number(process.env.PORT || 8081);
const API = { host: '127.0.0.1', port: Number(process.env.API_PORT || 8080) };
const STATIC = path.resolve('dist');
const MIME = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.png': 'image/png' };

function proxy(req, res) {
  const upstream = http.request(
    { ...API, path: req.url, method: req.method, headers: { ...req.headers, host: `${API.host}:${API.port}` } },
    (up) => {
      res.writeHead(up.statusCode || 502, up.headers);
      up.pipe(res);
    },
  );
  upstream.on('error', (e) => {
    res.writeHead(502, { 'content-type': 'text/plain' });
    res.end(`backend unavailable: ${e.message}`);
  });
  req.pipe(upstream);
}

function serveStatic(req, res) {
  const urlPath = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  let file = path.join(STATIC, urlPath);
  if (!file.startsWith(STATIC)) {
    res.writeHead(403);
    return res.end();
  }
  if (!fs.existsSync(file) || fs.statSync(file).isDirectory()) file = path.join(STATIC, 'index.html');
  res.writeHead(200, { 'content-type': MIME[path.extname(file)] || 'application/octet-stream' });
  fs.createReadStream(file).pipe(res);
}

const server = http.createServer((req, res) => {
  const started = Date.now();
  res.on('finish', () => console.log(`${res.statusCode} ${req.method} ${req.url} ${Date.now() - started}ms`));
  if (req.url.startsWith('/api/')) return proxy(req, res);
  return serveStatic(req, res);
});

server.listen(PORT, '127.0.0.1', () => {
  console.log(`dev proxy http://127.0.0.1:${PORT} -> api ${API.host}:${API.port}, static ${STATIC}`);
});

process.on('SIGTERM', () => server.close());
