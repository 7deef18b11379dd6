#!/usr/bin/env node
// profile-server.js - CPU and heap profile of the API server under load.
//
// Spawns `node --cpu-prof --heap-prof src/server.js` on a free localhost port,
// drives it with autocannon (devDependency) for --duration seconds, then sends
// SIGINT to *that* child so V8 flushes the .cpuprofile/.heapprofile files into
// build/profiles/<stamp>/.  Optionally also records `perf` samples of the child
// with --perf (needs perf_event_paranoid <= 1; the script never changes it).
//
//   node tools/profile-server.js --duration 20 --connections 50 --route /api/items
'use strict';

const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const AUTOCANNON = path.join(ROOT, 'node_modules', '.bin', 'autocannon');

function parseArgs(argv) {
  const o = { duration: 15, connections: 32, route: '/healthz', perf: false, warmup: 3 };
  for (let i = 0; i < argv.length; i++) {
    switch (argv[i]) {
      case '--duration': o.duration = Number(argv[++i]); break;
      case '--connections': o.connections = Number(argv[++i]); break;
      case '--route': o.route = argv[++i]; break;
      case '--warmup': o.warmup = Number(argv[++i]); break;
      case '--perf': o.perf = true; break;
      default: throw new Error(`unknown option ${argv[i]}`);
    }
  }
  if (!o.route.startsWith('/')) throw new Error('--route must start with /');
  return o;
}

const owned = [];
function track(child, name) {
  owned.push({ child, name });
  child.once('exit', (code, sig) => console.error(`[${name}] exited code=${code} signal=${sig}`));
  return child;
}
function stopOwned() {
  for (const { child } of owned) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  }
}
process.on('SIGINT', () => { stopOwned(); process.exit(130); });
process.on('exit', stopOwned);

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function waitReady(port, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become healthy');
}

function perfAvailable() {
  try {
    const level = Number(fs.readFileSync('/proc/sys/kernel/perf_event_paranoid', 'utf8'));
    if (level > 1) {
      console.error(`perf_event_paranoid=${level}; skipping perf (ask an admin to lower it)`);
      return false;
    }
  } catch {
    return false;
  }
  return spawnSync('perf', ['--version']).status === 0;
}

function waitExit(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', resolve);
  });
}

function load(port, opts, seconds) {
  return new Promise((resolve, reject) => {
    const child = track(
      spawn(AUTOCANNON, ['-c', String(opts.connections), '-d', String(seconds), '-j',
        `http://127.0.0.1:${port}${opts.route}`], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] }),
      'autocannon',
    );
    let out = '';
    child.stdout.on('data', (d) => { out += d; });
    child.once('error', reject);
    child.once('exit', () => {
      try {
        resolve(JSON.parse(out));
      } catch {
        resolve(null);
      }
    });
  });
}

// Summarise the hottest functions from the .cpuprofile so the terminal output is
// useful without opening DevTools.
function topFunctions(dir, limit = 12) {
  const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) return [];
  const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  const self = new Map();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const counts = new Map();
  for (const id of profile.samples || []) counts.set(id, (counts.get(id) || 0) + 1);
  for (const [id, n] of counts) {
    const node = byId.get(id);
    if (!node) continue;
    const cf = node.callFrame;
    const key = `${cf.functionName || '(anonymous)'} ${path.relative(ROOT, cf.url.replace('file://', '')) || cf.url}:${cf.lineNumber + 1}`;
    self.set(key, (self.get(key) || 0) + n);
  }
  const total = (profile.samples || []).length || 1;
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([k, n]) => `${((n / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(AUTOCANNON)) throw new Error('autocannon missing: npm i -D autocannon');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const outDir = path.join(ROOT, 'build', 'profiles', stamp);
  fs.mkdirSync(outDir, { recursive: true });
  const port = await freePort();

  const server = track(
    spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${outDir}`, '--heap-prof',
      `--heap-prof-dir=${outDir}`, 'src/server.js'], {
      cwd: ROOT,
      env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), NODE_ENV: 'production' },
      stdio: ['ignore', fs.openSync(path.join(outDir, 'server.log'), 'w'), 'inherit'],
    }),
    'server',
  );
  await waitReady(port);
  console.error(`server pid ${server.pid} on 127.0.0.1:${port}`);

  if (opts.warmup > 0) await load(port, opts, opts.warmup);

  let perf = null;
  if (opts.perf && perfAvailable()) {
    perf = track(spawn('perf', ['record', '-F', '499', '-g', '-p', String(server.pid),
      '-o', path.join(outDir, 'perf.data')], { stdio: 'ignore' }), 'perf');
  }

  const result = await load(port, opts, opts.duration);
  if (perf) {
    perf.kill('SIGINT');
    await waitExit(perf);
  }
  server.kill('SIGINT');
  await waitExit(server);

  const summary = result && {
    requestsPerSec: result.requests?.average,
    latencyP50: result.latency?.p50,
    latencyP99: result.latency?.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
  fs.writeFileSync(path.join(outDir, 'load.json'), JSON.stringify(result, null, 2));
  fs.writeFileSync(path.join(outDir, 'summary.json'), JSON.stringify({ opts, summary }, null, 2));
  const files = fs.readdirSync(outDir);
  console.log(`profiles in ${path.relative(ROOT, outDir)}:`);
  for (const f of files) console.log(`  ${f}`);
  if (summary) {
    console.log(`req/s ${summary.requestsPerSec}  p50 ${summary.latencyP50}ms  p99 ${summary.latencyP99}ms`);
  }
  const hot = topFunctions(outDir);
  if (hot.length) {
    console.log('\nhottest functions (self time):');
    for (const line of hot) console.log(`  ${line}`);
  }
  console.log('open the .cpuprofile in Chrome DevTools > Performance, or run: npx speedscope <file>');
}

main().catch((err) => {
  console.error(err.message);
  stopOwned();
  process.exitCode = 1;
});
