#!/usr/bin/env node
/**
 * tools/rosbridge-logger.js - log selected ROS topics through rosbridge to NDJSON.
 *
 * The robot runs rosbridge_server on its own network; the default endpoint is
 * the simulation on this machine (ws://localhost:9090). Other robots must be
 * listed in robots.json (all *.internal lab hosts). Messages are appended to
 * logs/topics/<topic>.ndjson, rotated at 50 MB; Ctrl-C closes the socket and
 * flushes the files. Nothing is published to the robot: subscribe only.
 *
 *   node tools/rosbridge-logger.js [--robot NAME] [--topics /odom,/battery_state] [--throttle 100]
 */
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { WebSocket } = require('ws');

const HERE = path.resolve(__dirname, '..');
const LOG_DIR = path.join(HERE, 'logs', 'topics');
const ROTATE_BYTES = 50 * 1024 * 1024;
const DEFAULT_TOPICS = ['/odom', '/battery_state', '/diagnostics_agg'];

function robots() {
  const file = path.join(HERE, 'robots.json');
  const list = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  return { sim: 'ws://localhost:9090', ...list };
}

function parseArgs(argv) {
  const opts = { robot: 'sim', topics: DEFAULT_TOPICS, throttle: 0 };
  for (let i = 0; i < argv.length; i += 1) {
    switch (argv[i]) {
      case '--robot':
        opts.robot = argv[++i];
        break;
      case '--topics':
        opts.topics = argv[++i].split(',').map((t) => t.trim()).filter(Boolean);
        break;
      case '--throttle':
        opts.throttle = Number(argv[++i]);
        break;
      default:
        throw new Error(`unsupported option ${argv[i]}`);
    }
  }
  return opts;
}

function endpointFor(name) {
  const url = robots()[name];
  if (!url) throw new Error(`unknown robot ${name}; add it to robots.json`);
  const host = new URL(url).hostname;
  if (!(host === 'localhost' || host === '127.0.0.1' || host.endsWith('.internal'))) {
    throw new Error(`robot ${name} (${host}) is not a lab host`);
  }
  return url;
}

class RotatingWriter {
  constructor(topic) {
    this.base = path.join(LOG_DIR, topic.replace(/^\//, '').replace(/\//g, '__'));
    this.index = 0;
    this.bytes = 0;
    this.count = 0;
    this.open();
  }

  open() {
    const file = `${this.base}.${String(this.index).padStart(3, '0')}.ndjson`;
    this.stream = fs.createWriteStream(file, { flags: 'a' });
    this.bytes = fs.existsSync(file) ? fs.statSync(file).size : 0;
  }

  write(obj) {
    const line = `${JSON.stringify(obj)}\n`;
    if (this.bytes + line.length > ROTATE_BYTES) {
      this.stream.end();
      this.index += 1;
      this.open();
    }
    this.stream.write(line);
    this.bytes += line.length;
    this.count += 1;
  }

  close() {
    return new Promise((resolve) => this.stream.end(resolve));
  }
}

function subscribeMessages(topics, throttle) {
  return topics.map((topic, i) => ({
    op: 'subscribe',
    id: `logger-${i}`,
    topic,
    throttle_rate: throttle,
    queue_length: 10,
  }));
}

function connect(url, topics, throttle, writers) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { handshakeTimeout: 5000 });
    ws.on('open', () => {
      subscribeMessages(topics, throttle).forEach((m) => ws.send(JSON.stringify(m)));
      process.stdout.write(`connected to ${url}, logging ${topics.length} topic(s)\n`);
      resolve(ws);
    });
    ws.on('message', (data) => {
      let msg;
      try {
        msg = JSON.parse(data.toString());
      } catch {
        return;
      }
      if (msg.op !== 'publish' || !writers.has(msg.topic)) return;
      writers.get(msg.topic).write({ t: Date.now(), msg: msg.msg });
    });
    ws.on('error', reject);
  });
}

function diskFree(dir) {
  // warn early when the log partition is nearly full (statfs needs node 18.15+)
  try {
    const s = fs.statfsSync(dir);
    const freeGb = (s.bavail * s.bsize) / 1e9;
    if (freeGb < 5) process.stdout.write(`warning: only ${freeGb.toFixed(1)} GB free for logs\n`);
  } catch {
    // statfs not available; skip the check
  }
}

function statusLine(writers) {
  return [...writers].map(([t, w]) => `${t}=${w.count}`).join(' ');
}

async function main() {
  const opts = parseArgs(process.argv.slice(2)); // robot, topics, throttle
  const url = endpointFor(opts.robot);
  fs.mkdirSync(LOG_DIR, { recursive: true });
  diskFree(LOG_DIR);
  const writers = new Map(opts.topics.map((t) => [t, new RotatingWriter(t)]));
  let ws;
  let attempt = 0;
  let stopping = false;

  const shutdown = async () => {
    stopping = true;
    if (ws && ws.readyState === WebSocket.OPEN) {
      opts.topics.forEach((topic, i) => ws.send(JSON.stringify({ op: 'unsubscribe', id: `logger-${i}`, topic })));
      ws.close();
    }
    await Promise.all([...writers.values()].map((w) => w.close()));
    process.stdout.write(`\nstopped: ${statusLine(writers)}\n`);
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  const ticker = setInterval(() => process.stdout.write(`\r${statusLine(writers)}   `), 2000);
  ticker.unref();

  while (!stopping) {
    try {
      ws = await connect(url, opts.topics, opts.throttle, writers);
      attempt = 0;
      await new Promise((resolve) => ws.once('close', resolve));
      if (!stopping) process.stdout.write('\nconnection closed; reconnecting\n');
    } catch (err) {
      attempt += 1;
      const wait = Math.min(30000, 1000 * 2 ** attempt);
      process.stdout.write(`\nconnect failed (${err.message}); retry in ${wait / 1000}s\n`);
      await new Promise((done) => setTimeout(done, wait));
    }
  }
}

main().catch((err) => {
  process.stderr.write(`rosbridge-logger: ${err.message}\n`);
  process.exit(1);
});
