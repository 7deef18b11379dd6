#!/usr/bin/env node
// Mock API server for frontend development.
//
// Serves JSON fixtures from mocks/<method>/<path>.json on 127.0.0.1, supports
// path params (mocks/get/users/[id].json), artificial latency and error
// injection via query string (?__status=500&__delay=800).
'use strict';

const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');
const { parseArgs } = require('node:util');

const { values: opts } = parseArgs({
  options: {
    port: { type: 'string', default: '4010' },
    dir: { type: 'string', default: 'mocks' },
    delay: { type: 'string', default: '0' },
  },
});

const ROOT = path.resolve(__dirname, '..', opts.dir);
const HOST = '127.0.0.1';

function routeTable() {
  const routes = [];
  const walk = (dir, parts) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full, [...parts, entry.name]);
      else if (entry.name.endsWith('.json')) {
        const name = entry.name.replace(/\.json$/, '');
        const segs = name === 'index' ? parts : [...parts, name];
        const [method, ...rest] = segs;
        const pattern = rest.map((s) => (s.startsWith('[') ? '([^/]+)' : s.replace(/[.*+?^${}()|\\]/g, '\\$&')));
        routes.push({
          method: method.toUpperCase(),
          regex: new RegExp(`^/${pattern.join('/')}/?$`),
          params: rest.filter((s) => s.startsWith('[')).map((s) => s.slice(1, -1)),
          file: full,
        });
      }
    }
  };
  walk(ROOT, []);
  return routes.sort((a, b) => a.params.length - b.params.length);
}

let routes = routeTable();
fs.watch(ROOT, { recursive: true }, () => {
  routes = routeTable();
});

function fill(template, params) {
  return JSON.parse(
    JSON.stringify(template).replace(/\{\{(\w+)\}\}/g, (_, k) => params[k] ?? ''),
  );
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url, `http://${HOST}`);
  const started = Date.now();
  const route = routes.find((r) => r.method === req.method && r.regex.test(url.pathname));
  const delay = Number(url.searchParams.get('__delay') ?? opts.delay);
  if (delay > 0) await sleep(delay);

  res.setHeader('Access-Control-Allow-Origin', 'http://localhost:5173');
  res.setHeader('Content-Type', 'application/json');
  if (req.method === 'OPTIONS') {
    res.setHeader('Access-Control-Allow-Methods', 'GET,POST,PUT,PATCH,DELETE');
    res.setHeader('Access-Control-Allow-Headers', 'Content-Type,Authorization');
    res.writeHead(204).end();
    return;
  }
  if (!route) {
    res.writeHead(404).end(JSON.stringify({ error: 'no mock', path: url.pathname }));
  } else {
    const match = url.pathname.match(route.regex);
    const params = Object.fromEntries(route.params.map((p, i) => [p, match[i + 1]]));
    const body = fill(JSON.parse(fs.readFileSync(route.file, 'utf8')), params);
    const status = Number(url.searchParams.get('__status') ?? body.__status ?? 200);
    delete body.__status;
    res.writeHead(status).end(JSON.stringify(body));
  }
  console.log(`${req.method} ${url.pathname} -> ${res.statusCode} (${Date.now() - started}ms)`);
});

server.listen(Number(opts.port), HOST, () => {
  console.log(`mock API on http://${HOST}:${opts.port} serving ${routes.length} routes from ${opts.dir}/`);
});

process.on('SIGINT', () => server.close(() => process.exit(0)));
