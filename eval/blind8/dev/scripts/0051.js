#!/usr/bin/env node
// Tiny mock API for frontend work: serves fixtures from ./mocks on localhost.
'use strict';

const http = require('http');
const fs = require('fs');
const path = require('path');
const { URL } = require('url');

const PORT = Number(process.env.MOCK_PORT || 4010);
const HOST = '127.0.0.1';
const MOCK_DIR = path.resolve('mocks');
const LATENCY = Number(process.env.MOCK_LATENCY_MS || 150);

function fixtureFor(method, pathname) {
  const safe = path.normalize(pathname).replace(/^(\.\.[/\\])+/, '');
  const file = path.join(MOCK_DIR, method.toLowerCase(), `${safe}.json`);
  if (!file.startsWith(MOCK_DIR + path.sep)) return null;
  return fs.existsSync(file) ? file : null;
}

function send(res, status, body) {
  res.writeHead(status, {
    'content-type': 'application/json',
    'access-control-allow-origin': 'http://localhost:5173',
  });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url, `http://${HOST}:${PORT}`);
  if (req.method === 'OPTIONS') {
    res.writeHead(204, { 'access-control-allow-methods': 'GET,POST,PUT,DELETE' });
    return res.end();
  }
  const file = fixtureFor(req.method, url.pathname);
  setTimeout(() => {
    if (!file) {
      console.log(`404 ${req.method} ${url.pathname}`);
      return send(res, 404, { error: 'no fixture', path: url.pathname });
    }
    console.log(`200 ${req.method} ${url.pathname}`);
    send(res, 200, fs.readFileSync(file, 'utf8'));
  }, LATENCY);
});

server.listen(PORT, HOST, () => {
  console.log(`mock api on http://${HOST}:${PORT} serving ${MOCK_DIR}`);
});

process.on('SIGINT', () => {
  server.close(() => process.exit(0));
});
