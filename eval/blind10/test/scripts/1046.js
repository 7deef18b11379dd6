#!/usr/bin/env node
// Tail-and-summarise for nginx error logs in logs/nginx-error*.log: groups
// upstream failures by upstream and error kind, emits progress events and a
// final summary. Read-only.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');
const { EventEmitter } = require('node:events');

const LOG_DIR = path.resolve(__dirname, '..', 'logs');
const LINE = /^(\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}) \[(\w+)\] \d+#\d+: \*?\d* ?(.*)$/;
const UPSTREAM = /upstream: "([^"]+)"/;

class ErrorLogScanner extends EventEmitter {
  constructor(files) {
    super();
    this.files = files;
    this.byLevel = {};
    this.byUpstream = {};
    this.kinds = {};
    this.lines = 0;
  }

  classify(message) {
    if (message.includes('upstream timed out')) return 'timeout';
    if (message.includes('connect() failed')) return 'connect-failed';
    if (message.includes('no live upstreams')) return 'no-live-upstreams';
    if (message.includes('client intended to send too large body')) return 'body-too-large';
    if (message.includes('SSL_do_handshake')) return 'tls-handshake';
    return 'other';
  }

  handle(line) {
    this.lines += 1;
    const m = LINE.exec(line);
    if (!m) return;
    const [, , level, message] = m;
    this.byLevel[level] = (this.byLevel[level] || 0) + 1;
    const kind = this.classify(message);
    this.kinds[kind] = (this.kinds[kind] || 0) + 1;
    const up = UPSTREAM.exec(message);
    if (up) {
      const host = up[1].replace(/^https?:\/\//, '').split('/')[0];
      this.byUpstream[host] = this.byUpstream[host] || {};
      this.byUpstream[host][kind] = (this.byUpstream[host][kind] || 0) + 1;
    }
    if (this.lines % 50000 === 0) this.emit('progress', this.lines);
  }

  scanFile(file, done) {
    const rl = readline.createInterface({ input: fs.createReadStream(file) });
    rl.on('line', (l) => this.handle(l));
    rl.on('close', () => {
      this.emit('file', file);
      done();
    });
  }

  start() {
    const queue = [...this.files];
    const next = () => {
      const file = queue.shift();
      if (!file) return this.emit('done', this.summary());
      this.scanFile(file, next);
    };
    next();
    return this;
  }

  summary() {
    return { lines: this.lines, byLevel: this.byLevel, kinds: this.kinds, byUpstream: this.byUpstream };
  }
}

const files = fs
  .readdirSync(LOG_DIR)
  .filter((f) => f.startsWith('nginx-error') && f.endsWith('.log'))
  .map((f) => path.join(LOG_DIR, f));

if (files.length === 0) {
  console.error(`no nginx-error*.log files in ${LOG_DIR}`);
  process.exit(1);
}

new ErrorLogScanner(files)
  .on('progress', (n) => process.stderr.write(`\r${n} lines...`))
  .on('file', (f) => process.stderr.write(`\rscanned ${path.basename(f)}\n`))
  .on('done', (s) => {
    console.log(`\n${s.lines} lines`);
    console.log('levels:', s.byLevel);
    console.log('kinds:', s.kinds);
    const rows = Object.entries(s.byUpstream).map(([upstream, kinds]) => ({ upstream, ...kinds }));
    console.table(rows);
  })
  .start();
