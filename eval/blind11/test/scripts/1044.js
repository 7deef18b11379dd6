#!/usr/bin/env node
// mock/server.js - fake REST backend for the mobile team's UI work. Serves
// JSON from mock/fixtures/<resource>.json on 127.0.0.1 with artificial latency.
'use strict';

const http = require('http');
const fs = require('fs/promises');
const path = require('path');
const { URL } = require('url');

const FIXTURES = path.join(__dirname, 'fixtures');
const port = Number(process.env.MOCK_PORT || 3900);
const latency = Number(process.env.MOCK_LATENCY_MS || 150);
const memory = new Map();

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function loadResource(name) {
  if (memory.has(name)) return memory.get(name);
  if (!/^[a-z0-9-]+$/.test(name)) return null;
  try {
    const data = JSON.parse(await fs.readFile(path.join(FIXTURES, `${name}.json`), 'utf8'));
    memory.set(name, data);
    return data;
  } catch {
    return null;
  }
}

async function readBody(req) {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  return raw ? JSON.parse(raw) : {};
}

function send(res, status, payload) {
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Access-Control-Allow-Origin': 'http://localhost:8081',
  });
  res.end(JSON.stringify(payload));
}

const routes = {
  async GET(resource, id) {
    const items = await loadResource(resource);
    if (!items) return [404, { error: 'unknown resource' }];
    if (!id) return [200, items];
    const item = items.find((x) => String(x.id) === id);
    return item ? [200, item] : [404, { error: 'not found' }];
  },
  async POST(resource, _id, body) {
    const items = await loadResource(resource);
    if (!items) return [404, { error: 'unknown resource' }];
    const created = { id: items.length + 1, ...body };
    items.push(created);
    return [201, created];
  },
  async DELETE(resource, id) {
    const items = await loadResource(resource);
    const idx = items ? items.findIndex((x) => String(x.id) === id) : -1;
    if (idx < 0) return [404, { error: 'not found' }];
    items.splice(idx, 1);
    return [204, {}];
  },
};

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url, `http://${req.headers.host}`);
  const [, resource, id] = url.pathname.split('/');
  const handler = routes[req.method];
  await sleep(latency);
  if (!handler || !resource) return send(res, 405, { error: 'method not allowed' });
  try {
    const body = req.method === 'POST' ? await readBody(req) : undefined;
    const [status, payload] = await handler(resource, id, body);
    send(res, status, payload);
  } catch (err) {
    send(res, 500, { error: err.message });
  }
  console.log(`${req.method} ${url.pathname} ${res.statusCode}`);
});

server.listen(port, '127.0.0.1', () => {
  console.log(`mock backend on http://127.0.0.1:${port} (latency ${latency}ms)`);
});
