#!/usr/bin/env node
// Static dev server with live reload via Server-Sent Events.
//
// Serves ./public on http://localhost:8080 (loopback only), injects a tiny
// EventSource client into HTML pages, and pushes a reload event whenever a
// file under ./public or ./src changes. esbuild rebuilds src/ into public/js.
'use strict';

const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');
const esbuild = require('esbuild');

const PORT = Number(process.env.PORT || 8080);
const ROOT = path.resolve(__dirname, '..');
const PUBLIC = path.join(ROOT, 'public');
const clients = new Set();

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
};

const CLIENT = `<script>new EventSource('/__events').addEventListener('reload', () => location.reload());</script>`;

function broadcast(event) {
  for (const res of clients) res.write(`event: ${event}\ndata: ${Date.now()}\n\n`);
}

function send(res, status, type, body) {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-cache' });
  res.end(body);
}

function handler(req, res) {
  const { pathname } = new URL(req.url, 'http://localhost');
  if (pathname === '/__events') {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
    res.write('retry: 500\n\n');
    clients.add(res);
    req.on('close', () => clients.delete(res));
    return;
  }
  let file = path.join(PUBLIC, decodeURIComponent(pathname));
  if (!file.startsWith(PUBLIC + path.sep) && file !== PUBLIC) return send(res, 403, 'text/plain', 'forbidden');
  if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
  fs.readFile(file, (err, data) => {
    if (err) return send(res, 404, 'text/plain', 'not found');
    const ext = path.extname(file);
    const body = ext === '.html' ? data.toString().replace('</body>', `${CLIENT}</body>`) : data;
    send(res, 200, TYPES[ext] || 'application/octet-stream', body);
  });
}

async function startBundler() {
  const ctx = await esbuild.context({
    entryPoints: [path.join(ROOT, 'src', 'main.js')],
    bundle: true,
    sourcemap: true,
    outfile: path.join(PUBLIC, 'js', 'main.js'),
    logLevel: 'warning',
    plugins: [{
      name: 'notify',
      setup(build) {
        build.onEnd((result) => {
          if (result.errors.length === 0) broadcast('reload');
        });
      },
    }],
  });
  await ctx.watch();
  return ctx;
}

function watchStatic() {
  let timer = null;
  fs.watch(PUBLIC, { recursive: true }, (_evt, name) => {
    if (!name || name.startsWith('js' + path.sep)) return;
    clearTimeout(timer);
    timer = setTimeout(() => broadcast('reload'), 50);
  });
}

(async () => {
  const ctx = await startBundler();
  watchStatic();
  const server = http.createServer(handler).listen(PORT, 'localhost', () => {
    console.log(`dev server: http://localhost:${PORT}/  (${clients.size} clients)`);
  });
  const shutdown = async () => {
    await ctx.dispose();
    server.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
})();
