#!/usr/bin/env node
// loadbench.js - HTTP throughput comparison of the orbit API between the
// working tree and a git ref, using autocannon against servers this script
// starts on loopback ports.
//
//   node tools/loadbench.js                      # HEAD vs origin/main
//   node tools/loadbench.js --base v2.3.0 --duration 20 --connections 64
//   node tools/loadbench.js --routes /health,/api/items?limit=50
//
// The base ref is checked out into a temporary git worktree under
// out/loadbench/ and built there; both servers are child processes bound to
// 127.0.0.1 and are terminated when the comparison ends (also on Ctrl-C).

import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WORK = path.join(ROOT, 'out', 'loadbench');
const AUTOCANNON = path.resolve(ROOT, 'node_modules/.bin/autocannon');
const children = new Set();

function opts(argv) {
  const o = { base: 'origin/main', duration: 15, connections: 32, routes: ['/health', '/api/items'] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--base') o.base = argv[++i];
    else if (a === '--duration') o.duration = Number(argv[++i]);
    else if (a === '--connections') o.connections = Number(argv[++i]);
    else if (a === '--routes') o.routes = argv[++i].split(',');
    else throw new Error(`unknown option ${a}`);
  }
  if (o.routes.some((r) => !r.startsWith('/'))) throw new Error('routes must start with /');
  return o;
}

function stopAll() {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
}
process.on('exit', stopAll);
process.on('SIGINT', () => {
  stopAll();
  process.exit(130);
});

function git(...args) {
  return spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
}

function prepareWorktree(ref) {
  fs.mkdirSync(WORK, { recursive: true });
  const dir = path.join(WORK, `base-${ref.replace(/[^\w.-]/g, '_')}`);
  if (fs.existsSync(dir)) git('worktree', 'remove', '--force', dir);
  const add = git('worktree', 'add', '--detach', dir, ref);
  if (add.status !== 0) throw new Error(`git worktree add failed: ${add.stderr}`);
  for (const [cmd, args] of [['npm', ['ci', '--no-audit', '--no-fund']], ['npm', ['run', 'build', '--silent']]]) {
    const res = spawnSync(cmd, args, { stdio: 'inherit', cwd: dir });
    if (res.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed in base worktree`);
  }
  return dir;
}

function removeWorktree(dir) {
  git('worktree', 'remove', '--force', dir);
  git('worktree', 'prune');
}

function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function startServer(dir, label) {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/server.js'], {
    cwd: dir,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  const deadline = Date.now() + 20000;
  while (Date.now() < deadline) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/health`);
      if (r.ok) return { child, port, label };
    } catch {
      /* starting */
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`${label} server did not become healthy`);
}

function cannon(port, route, o) {
  const res = spawnSync(AUTOCANNON, ['-j', '-c', String(o.connections), '-d', String(o.duration), `http://127.0.0.1:${port}${route}`], {
    encoding: 'utf8',
    maxBuffer: 32 << 20,
  });
  if (res.status !== 0) throw new Error(`autocannon failed for ${route}`);
  const r = JSON.parse(res.stdout);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

function table(rows) {
  const head = '| route | base req/s | head req/s | Δ | base p99 | head p99 |';
  const sep = '|---|---:|---:|---:|---:|---:|';
  const body = rows.map((r) => {
    const delta = ((r.head.rps - r.base.rps) / r.base.rps) * 100;
    return `| ${r.route} | ${r.base.rps.toFixed(0)} | ${r.head.rps.toFixed(0)} | ${delta >= 0 ? '+' : ''}${delta.toFixed(1)}% | ${r.base.p99} ms | ${r.head.p99} ms |`;
  });
  return [head, sep, ...body].join('\n');
}

// Environment details make numbers from different laptops comparable.
function environment() {
  const cpu = spawnSync('sh', ['-c', "lscpu 2>/dev/null | sed -n 's/^Model name: *//p'"], { encoding: 'utf8' }).stdout.trim();
  return {
    node: process.version,
    cpu: cpu || 'unknown',
    load: spawnSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).stdout.split(' ').slice(0, 3).join(' '),
    head: git('rev-parse', '--short', 'HEAD').stdout.trim(),
  };
}

// Short warm-up so JIT and connection pools are settled before measuring.
async function warmup(port, route) {
  const end = Date.now() + 3000;
  while (Date.now() < end) {
    await Promise.all(Array.from({ length: 16 }, () => fetch(`http://127.0.0.1:${port}${route}`).then((r) => r.arrayBuffer()).catch(() => null)));
  }
}

function saveJson(rows, o, env) {
  const file = path.join(WORK, `result-${Date.now()}.json`);
  fs.writeFileSync(file, JSON.stringify({ env, options: o, rows }, null, 2));
  const all = fs.readdirSync(WORK).filter((f) => /^result-\d+\.json$/.test(f)).sort();
  for (const old of all.slice(0, Math.max(0, all.length - 20))) fs.rmSync(path.join(WORK, old));
  return file;
}

async function main() {
  const o = opts(process.argv.slice(2));
  if (!fs.existsSync(AUTOCANNON)) throw new Error('autocannon is not installed (devDependency)');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('build of the working tree failed');
  const baseDir = prepareWorktree(o.base);
  try {
    const base = await startServer(baseDir, 'base');
    const head = await startServer(ROOT, 'head');
    const rows = [];
    for (const route of o.routes) {
      await warmup(base.port, route);
      await warmup(head.port, route);
      console.error(`route ${route}: base...`);
      const b = cannon(base.port, route, o);
      console.error(`route ${route}: head...`);
      const h = cannon(head.port, route, o);
      rows.push({ route, base: b, head: h });
    }
    const md = table(rows);
    console.log(md);
    console.error(`raw: ${path.relative(ROOT, saveJson(rows, o, environment()))}`);
    fs.writeFileSync(path.join(WORK, 'result.md'), `${md}\n\nbase: ${o.base}, ${o.connections} conns, ${o.duration}s\n`);
    const worst = Math.min(...rows.map((r) => (r.head.rps - r.base.rps) / r.base.rps));
    return worst < -0.1 ? 1 : 0;
  } finally {
    stopAll();
    removeWorktree(baseDir);
  }
}

main().then(
  (c) => {
    process.exitCode = c;
  },
  (err) => {
    console.error(`loadbench: ${err.message}`);
    process.exitCode = 2;
  },
);
