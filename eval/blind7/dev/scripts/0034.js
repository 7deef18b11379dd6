#!/usr/bin/env node
// Tiny mock API server for frontend development; serves fixtures/ on localhost.
'use strict';
const http = require('http');
const fs = require('fs');
const path = require('path');
const url = require('url');

const HOST = '127.0.0.1';
const PORT = Number(process.env.MOCK_PORT || 4010);
const FIXTURES = path.resolve('fixtures', 'api');
const LATENCY = Number(process.env.MOCK_LATENCY_MS || 150);

function fixtureFor(method, pathname) {
  const safe = path.normalize(pathname).replace(/^(\.\.[/\\])+/, '');
  const file = path.join(FIXTURES, method.toLowerCase(), safe + '.json');
  if (!file.startsWith(FIXTURES + path.sep)) return null;
  return fs.existsSync(file) ? file : null;
}

const server = http.createServer((req, res) => {
  const { pathname } = url.parse(req.url);
  const file = fixtureFor(req.method, pathname);
  setTimeout(() => {
    if (!file) {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: 'no fixture', path: pathname }));
      return;
    }
    res.writeHead(200, {
      'Content-Type': 'application/json',
      'Access-Control-Allow-Origin': 'http://localhost:5173',
    });
    fs.createReadStream(file).pipe(res);
  }, LATENCY);
  console.log(`${req.method} ${pathname} -> ${file ? path.relative(FIXTURES, file) : 404}`);
});

server.listen(PORT, HOST, () => {
  console.log(`mock api on http://${HOST}:${PORT} serving ${FIXTURES}`);
});

process.on('SIGINT', () => {
  server.close(() => process.exit(0));
});
