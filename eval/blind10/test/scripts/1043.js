#!/usr/bin/env node
// Static preview server for the storybook build with ETag caching, plus a
// /api proxy to the backend running on localhost:8000. Listens on 127.0.0.1.
'use strict';

const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');

const ROOT_DIR = path.resolve(__dirname, '..', 'storybook-static');
const PORT = Number(process.env.PREVIEW_PORT || 6007);
const BACKEND = { host: '127.0.0.1', port: 8000 };
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};
const etagCache = new Map();

function etagFor(file, stat, cb) {
  const cached = etagCache.get(file);
  if (cached && cached.mtimeMs === stat.mtimeMs) return cb(null, cached.etag);
  const hash = crypto.createHash('md5');
  fs.createReadStream(file)
    .on('data', (d) => hash.update(d))
    .on('error', cb)
    .on('end', () => {
      const etag = `"${hash.digest('hex')}"`;
      etagCache.set(file, { mtimeMs: stat.mtimeMs, etag });
      cb(null, etag);
    });
}

function serveStatic(req, res) {
  const urlPath = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
  let file = path.join(ROOT_DIR, urlPath);
  if (!file.startsWith(ROOT_DIR)) {
    res.writeHead(403).end('forbidden');
    return;
  }
  fs.stat(file, (err, stat) => {
    if (!err && stat.isDirectory()) {
      file = path.join(file, 'index.html');
      return fs.stat(file, (err2, stat2) => respond(err2, stat2));
    }
    respond(err, stat);
  });

  function respond(err, stat) {
    if (err) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    etagFor(file, stat, (hashErr, etag) => {
      if (hashErr) return res.writeHead(500).end('read error');
      if (req.headers['if-none-match'] === etag) return res.writeHead(304).end();
      res.writeHead(200, {
        'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream',
        'Content-Length': stat.size,
        ETag: etag,
        'Cache-Control': 'no-cache',
      });
      fs.createReadStream(file).pipe(res);
    });
  }
}

function proxy(req, res) {
  const upstream = http.request(
    { ...BACKEND, method: req.method, path: req.url, headers: { ...req.headers, host: `${BACKEND.host}:${BACKEND.port}` } },
    (up) => {
      res.writeHead(up.statusCode, up.headers);
      up.pipe(res);
    },
  );
  upstream.on('error', () => res.writeHead(502).end('backend unavailable'));
  req.pipe(upstream);
}

http
  .createServer((req, res) => {
    if (req.url.startsWith('/api/')) proxy(req, res);
    else serveStatic(req, res);
  })
  .listen(PORT, '127.0.0.1', () => {
    console.log(`storybook preview at http://127.0.0.1:${PORT} (api -> ${BACKEND.host}:${BACKEND.port})`);
  });
