#!/usr/bin/env node
// scripts/demo-tunnel.js - expose the local preview build for a client demo.
//
// - builds the site (unless --no-build) and serves dist/ on 127.0.0.1
// - opens a named cloudflared tunnel (config in .cloudflared/demo.yml, the
//   ingress points only at that local port) or a quick tunnel with --quick
// - shuts both down after --minutes (default 60) or on Ctrl-C
//
// Both child processes are started here and stopped by pid here.
'use strict';

const { spawn, spawnSync } = require('node:child_process');
const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const DIST = path.join(ROOT, 'dist');
const STATE_DIR = path.join(ROOT, '.cache', 'demo-tunnel');
const TUNNEL_CONFIG = path.join(ROOT, '.cloudflared', 'demo.yml');
const MAX_MINUTES = 240;
const running = [];

function parseArgs(argv) {
  const o = { minutes: 60, build: true, quick: false, port: 4173 };
  for (let i = 0; i < argv.length; i++) {
    switch (argv[i]) {
      case '--minutes':
        o.minutes = Number(argv[++i]);
        break;
      case '--no-build':
        o.build = false;
        break;
      case '--quick':
        o.quick = true;
        break;
      case '--port':
        o.port = Number(argv[++i]);
        break;
      default:
        throw new Error(`unknown option ${argv[i]}`);
    }
  }
  if (!(o.minutes > 0 && o.minutes <= MAX_MINUTES)) throw new Error(`--minutes must be 1..${MAX_MINUTES}`);
  return o;
}

function build() {
  const r = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('build failed');
}

function launch(name, cmd, args, opts = {}) {
  fs.mkdirSync(STATE_DIR, { recursive: true });
  const logFile = path.join(STATE_DIR, `${name}.log`);
  const out = fs.openSync(logFile, 'w');
  const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', out, out], ...opts });
  running.push({ name, child });
  fs.writeFileSync(path.join(STATE_DIR, `${name}.pid`), String(child.pid));
  child.on('exit', (code) => {
    if (!shuttingDown) console.log(`${name} exited with ${code}`);
  });
  return { child, logFile };
}

let shuttingDown = false;
function shutdown(code = 0) {
  if (shuttingDown) return;
  shuttingDown = true;
  for (const { name, child } of running.reverse()) {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      console.log(`stopped ${name}`);
    }
    fs.rmSync(path.join(STATE_DIR, `${name}.pid`), { force: true });
  }
  fs.rmSync(path.join(STATE_DIR, 'url'), { force: true });
  setTimeout(() => process.exit(code), 500);
}

function waitForHttp(port, timeoutMs = 20000) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const req = http.get({ host: '127.0.0.1', port, path: '/' }, (res) => {
        res.resume();
        resolve(res.statusCode);
      });
      req.on('error', () => {
        if (Date.now() > deadline) reject(new Error(`nothing answered on 127.0.0.1:${port}`));
        else setTimeout(attempt, 300);
      });
    };
    attempt();
  });
}

function waitForUrl(logFile, pattern, timeoutMs = 30000) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      const text = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
      const m = text.match(pattern);
      if (m) {
        clearInterval(timer);
        resolve(m[0]);
      } else if (Date.now() > deadline) {
        clearInterval(timer);
        reject(new Error(`no tunnel URL in ${path.relative(ROOT, logFile)}`));
      }
    }, 500);
  });
}

function namedTunnelHostname() {
  const yml = fs.readFileSync(TUNNEL_CONFIG, 'utf8');
  const m = yml.match(/hostname:\s*(\S+)/);
  return m ? `https://${m[1]}` : null;
}

function checkIngress(port) {
  const yml = fs.readFileSync(TUNNEL_CONFIG, 'utf8');
  const services = [...yml.matchAll(/service:\s*(\S+)/g)].map((m) => m[1]);
  const allowed = new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`, 'http_status:404']);
  const bad = services.filter((s) => !allowed.has(s));
  if (bad.length) throw new Error(`demo.yml routes to ${bad.join(', ')}; only the preview port is allowed`);
}

function reapLeftovers() {
  // pid files from a run that was killed hard; only our own process names
  if (!fs.existsSync(STATE_DIR)) return;
  for (const f of fs.readdirSync(STATE_DIR).filter((x) => x.endsWith('.pid'))) {
    const pid = Number(fs.readFileSync(path.join(STATE_DIR, f), 'utf8'));
    let comm = '';
    try {
      comm = fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      comm = '';
    }
    if (comm === 'cloudflared' || comm === 'node') {
      try {
        process.kill(pid, 'SIGTERM');
        console.log(`stopped leftover ${comm} (${pid})`);
      } catch {
        // already gone
      }
    }
    fs.rmSync(path.join(STATE_DIR, f), { force: true });
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  reapLeftovers();
  if (opts.build) build();
  if (!fs.existsSync(path.join(DIST, 'index.html'))) throw new Error('dist/index.html missing; build first');

  launch('preview', 'npx', ['--no-install', 'vite', 'preview', '--host', '127.0.0.1', '--port', String(opts.port), '--strictPort']);
  await waitForHttp(opts.port);
  console.log(`preview on http://127.0.0.1:${opts.port}`);

  let url;
  if (opts.quick) {
    const { logFile } = launch('cloudflared', 'cloudflared', ['tunnel', '--no-autoupdate', '--url', `http://127.0.0.1:${opts.port}`]);
    url = await waitForUrl(logFile, /https:\/\/[a-z0-9-]+\.trycloudflare\.com/);
  } else {
    checkIngress(opts.port);
    launch('cloudflared', 'cloudflared', ['tunnel', '--no-autoupdate', '--config', TUNNEL_CONFIG, 'run']);
    url = namedTunnelHostname();
  }
  fs.writeFileSync(path.join(STATE_DIR, 'url'), `${url}\n`);
  const closesAt = new Date(Date.now() + opts.minutes * 60000);
  console.log(`\n  demo URL: ${url}\n  closes:   ${closesAt.toLocaleTimeString()}\n`);
  setTimeout(() => {
    console.log('demo time is over');
    shutdown(0);
  }, opts.minutes * 60000).unref();
  setInterval(() => {}, 1 << 30);
}

process.on('SIGINT', () => shutdown(130));
process.on('SIGTERM', () => shutdown(143));
main().catch((err) => {
  console.error(`demo-tunnel: ${err.message}`);
  shutdown(1);
});
