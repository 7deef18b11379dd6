#!/usr/bin/env node
// test/api.test.js - HTTP tests for the Express app on an ephemeral port with an in-memory store.
// Run: node --test test/api.test.js
'use strict';

const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const http = require('node:http');

const { createApp } = require('../src/app');
const { MemoryStore } = require('../src/store/memory');

let server;
let base;

before(async () => {
  const app = createApp({ store: new MemoryStore(), logger: { info() {}, error() {} } });
  server = http.createServer(app);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;
});

after(() => new Promise((resolve) => server.close(resolve)));

async function req(method, path, body) {
  const res = await fetch(base + path, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

test('GET /health returns ok', async () => {
  const r = await req('GET', '/health');
  assert.equal(r.status, 200);
  assert.deepEqual(r.body, { status: 'ok' });
});

test('POST /todos creates a todo', async () => {
  const r = await req('POST', '/todos', { title: 'write tests' });
  assert.equal(r.status, 201);
  assert.equal(r.body.title, 'write tests');
  assert.equal(r.body.done, false);
  assert.ok(r.body.id);
});

test('POST /todos validates the title', async () => {
  const r = await req('POST', '/todos', { title: '' });
  assert.equal(r.status, 400);
  assert.match(r.body.error, /title/);
});

test('PATCH /todos/:id toggles done', async () => {
  const created = await req('POST', '/todos', { title: 'toggle me' });
  const r = await req('PATCH', `/todos/${created.body.id}`, { done: true });
  assert.equal(r.status, 200);
  assert.equal(r.body.done, true);
});

test('GET /todos lists created todos in order', async () => {
  await req('POST', '/todos', { title: 'first' });
  await req('POST', '/todos', { title: 'second' });
  const r = await req('GET', '/todos');
  assert.equal(r.status, 200);
  const titles = r.body.map((t) => t.title);
  assert.ok(titles.indexOf('first') < titles.indexOf('second'));
});

test('unknown routes return 404 JSON', async () => {
  const r = await req('GET', '/does-not-exist');
  assert.equal(r.status, 404);
  assert.equal(typeof r.body.error, 'string');
});

test('DELETE /todos/:id removes it', async () => {
  const created = await req('POST', '/todos', { title: 'delete me' });
  const del = await req('DELETE', `/todos/${created.body.id}`);
  assert.equal(del.status, 204);
  const get = await req('GET', `/todos/${created.body.id}`);
  assert.equal(get.status, 404);
});
