#!/usr/bin/env node
// Run the Playwright suite in N local shards in parallel and merge the reports.
//
// Each shard gets its own backend instance (started here on 127.0.0.1 with a
// per-shard database file) so tests do not share state. All child processes
// are tracked; on exit or Ctrl-C the script kills exactly those children.
// Blob reports are merged with `playwright merge-reports` into one HTML report.
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const http = require('node:http');

const ROOT = path.resolve(__dirname, '..');
const SHARDS = Number(process.env.SHARDS || Math.max(2, Math.min(4, os.cpus().length >> 1)));
const BASE_PORT = Number(process.env.SHARD_BASE_PORT || 4310);
const WORK = path.join(ROOT, '.shards');
const BLOBS = path.join(WORK, 'blobs');
const children = new Set();

function track(child, label) {
  children.add(child);
  child.on('exit', () => children.delete(child));
  child.label = label;
  return child;
}

function killChildren(signal = 'SIGTERM') {
  for (const child of children) {
    if (child.exitCode === null) {
      try {
        process.kill(-child.pid, signal);
      } catch {
        child.kill(signal);
      }
    }
  }
}

process.on('SIGINT', () => {
  console.log('\ninterrupted, stopping shard processes');
  killChildren();
  process.exit(130);
});
process.on('exit', () => killChildren());

function waitHealthy(port, timeoutMs = 45_000) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const probe = () => {
      const req = http.get({ host: '127.0.0.1', port, path: '/healthz', timeout: 1500 }, (res) => {
        res.resume();
        if (res.statusCode === 200) {
          resolve();
        } else {
          again();
        }
      });
      req.on('error', again);
      req.on('timeout', () => req.destroy());
    };
    const again = () => {
      if (Date.now() > deadline) {
        reject(new Error(`backend on ${port} not healthy`));
      } else {
        setTimeout(probe, 300);
      }
    };
    probe();
  });
}

function startBackend(shard) {
  const port = BASE_PORT + shard;
  const dbFile = path.join(WORK, `shard-${shard}.sqlite`);
  const log = fs.openSync(path.join(WORK, `backend-${shard}.log`), 'w');
  const child = spawn('node', ['server/index.js'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `file:${dbFile}`,
      NODE_ENV: 'test',
    },
  });
  track(child, `backend-${shard}`);
  return waitHealthy(port).then(() => port);
}

function runShard(shard, port, extraArgs) {
  return new Promise((resolve) => {
    const args = [
      'playwright',
      'test',
      `--shard=${shard}/${SHARDS}`,
      '--reporter=blob',
      ...extraArgs,
    ];
    const child = spawn('npx', ['--no-install', ...args], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        BASE_URL: `http://127.0.0.1:${port}`,
        PLAYWRIGHT_BLOB_OUTPUT_DIR: path.join(BLOBS, `shard-${shard}`),
      },
    });
    track(child, `shard-${shard}`);
    const prefix = `[${shard}/${SHARDS}] `;
    const relay = (stream, out) =>
      stream.on('data', (buf) => {
        for (const line of buf.toString().split('\n').filter(Boolean)) {
          out.write(prefix + line + '\n');
        }
      });
    relay(child.stdout, process.stdout);
    relay(child.stderr, process.stderr);
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

function collectBlobs() {
  const merged = path.join(BLOBS, 'all');
  fs.mkdirSync(merged, { recursive: true });
  for (let s = 1; s <= SHARDS; s++) {
    const dir = path.join(BLOBS, `shard-${s}`);
    if (!fs.existsSync(dir)) {
      continue;
    }
    for (const f of fs.readdirSync(dir)) {
      fs.copyFileSync(path.join(dir, f), path.join(merged, `s${s}-${f}`));
    }
  }
  return merged;
}

function mergeReports(dir) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['--no-install', 'playwright', 'merge-reports', '--reporter=html,list', dir], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

function printBackendLogTail(shard, lines = 20) {
  const file = path.join(WORK, `backend-${shard}.log`);
  if (!fs.existsSync(file)) {
    return;
  }
  const tail = fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines);
  console.log(`--- backend-${shard}.log (last ${tail.length} lines)\n${tail.join('\n')}`);
}

async function main() {
  const extraArgs = process.argv.slice(2);
  fs.rmSync(WORK, { recursive: true, force: true }); // our own scratch dir
  fs.mkdirSync(BLOBS, { recursive: true });
  console.log(`running ${SHARDS} shard(s)`);
  const ports = await Promise.all(Array.from({ length: SHARDS }, (_, i) => startBackend(i + 1)));
  console.log(`backends on ports ${ports.join(', ')}`);
  const codes = await Promise.all(ports.map((port, i) => runShard(i + 1, port, extraArgs)));
  killChildren();
  const merged = collectBlobs();
  await mergeReports(merged);
  codes.forEach((c, i) => c !== 0 && printBackendLogTail(i + 1));
  const failed = codes.filter((c) => c !== 0).length;
  console.log(failed ? `${failed} shard(s) failed` : 'all shards passed');
  console.log('report: playwright-report/index.html');
  process.exitCode = failed ? 1 : 0;
}

main().catch((err) => {
  console.error(err.message);
  killChildren();
  process.exitCode = 2;
});
