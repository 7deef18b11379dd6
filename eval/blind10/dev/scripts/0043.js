#!/usr/bin/env node
// Local mock of the payments webhook sender for frontend development.
// Serves fixtures from mocks/ on 127.0.0.1 and pushes fake events to
// connected browsers over server-sent events.
'use strict';

const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');
const { EventEmitter } = require('node:events');

const HOST = '127.0.0.1';
const PORT = Number(process.env.MOCK_PORT || 4010);
const MOCK_DIR = path.resolve(__dirname, '..', 'mocks');

class EventBus extends EventEmitter {
  constructor() {
    super();
    this.counter = 0;
  }

  publish(type, data) {
    this.counter += 1;
    this.emit('event', { id: this.counter, type, data, at: new Date().toISOString() });
  }
}

const bus = new EventBus();

function sendJson(res, status, body) {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(payload),
    'Access-Control-Allow-Origin': 'http://localhost:5173',
  });
  res.end(payload);
}

function serveFixture(res, name) {
  const safe = path.basename(name);
  const file = path.join(MOCK_DIR, `${safe}.json`);
  fs.readFile(file, 'utf8', (err, text) => {
    if (err) return sendJson(res, 404, { error: `no fixture ${safe}` });
    sendJson(res, 200, JSON.parse(text));
  });
}

function streamEvents(req, res) {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream',
    'Cache-Control': 'no-cache',
    Connection: 'keep-alive',
  });
  const onEvent = (evt) => res.write(`id: ${evt.id}\nevent: ${evt.type}\ndata: ${JSON.stringify(evt)}\n\n`);
  bus.on('event', onEvent);
  req.on('close', () => bus.off('event', onEvent));
}

function readBody(req, cb) {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    try {
      cb(null, chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {});
    } catch (e) {
      cb(e);
    }
  });
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url, `http://${HOST}:${PORT}`);
  if (req.method === 'GET' && url.pathname === '/events') return streamEvents(req, res);
  if (req.method === 'GET' && url.pathname.startsWith('/fixtures/')) {
    return serveFixture(res, url.pathname.slice('/fixtures/'.length));
  }
  if (req.method === 'POST' && url.pathname === '/trigger') {
    return readBody(req, (err, body) => {
      if (err) return sendJson(res, 400, { error: 'invalid JSON' });
      bus.publish(body.type || 'payment.succeeded', body.data || { amount: 1999 });
      sendJson(res, 202, { queued: true, listeners: bus.listenerCount('event') });
    });
  }
  sendJson(res, 404, { error: 'not found' });
});

let timer;
server.listen(PORT, HOST, () => {
  console.log(`mock webhooks on http://${HOST}:${PORT}`);
  if (process.argv.includes('--auto')) {
    timer = setInterval(() => bus.publish('payment.succeeded', { amount: 500 + Math.floor(Math.random() * 5000) }), 5000);
  }
});

process.on('SIGINT', () => {
  clearInterval(timer);
  server.close(() => process.exit(0));
});
