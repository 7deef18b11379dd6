#!/usr/bin/env node
// scripts/mobile-tunnel.js - test the web app on a phone through an ngrok URL.
//
// Starts (or reuses) the Vite dev server on 127.0.0.1, then an ngrok HTTPS
// tunnel to that port with OAuth restricted to the company Google domain, and
// shows a QR code in the terminal. Everything stops after --minutes (default
// 20) or Ctrl-C. Only processes started here are stopped.
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const RUN = path.join(ROOT, '.cache', 'mobile-tunnel');
const AGENT = 'http://127.0.0.1:4040/api/tunnels';
const ALLOWED_DOMAIN = process.env.TUNNEL_OAUTH_DOMAIN || 'harbor.example.com';
const owned = [];

function options(argv) {
  const o = { port: 5173, minutes: 20 };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--port') o.port = Number(argv[++i]);
    else if (argv[i] === '--minutes') o.minutes = Number(argv[++i]);
    else throw new Error(`unknown option ${argv[i]}`);
  }
  if (!Number.isInteger(o.port) || o.port < 1024) throw new Error('--port must be an unprivileged port');
  if (!(o.minutes >= 1 && o.minutes <= 90)) throw new Error('--minutes must be 1..90');
  return o;
}

function isListening(port) {
  return new Promise((resolve) => {
    const sock = net.connect({ host: '127.0.0.1', port });
    sock.once('connect', () => {
      sock.destroy();
      resolve(true);
    });
    sock.once('error', () => resolve(false));
  });
}

function launch(name, cmd, args) {
  fs.mkdirSync(RUN, { recursive: true });
  const fd = fs.openSync(path.join(RUN, `${name}.log`), 'w');
  const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', fd, fd] });
  owned.push({ name, child });
  fs.writeFileSync(path.join(RUN, `${name}.pid`), String(child.pid));
  return child;
}

async function ensureDevServer(port) {
  if (await isListening(port)) {
    console.log(`using the dev server already on 127.0.0.1:${port}`);
    return;
  }
  launch('vite', 'npx', ['--no-install', 'vite', '--host', '127.0.0.1', '--port', String(port), '--strictPort']);
  for (let i = 0; i < 60; i++) {
    if (await isListening(port)) return;
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error('vite did not start (see .cache/mobile-tunnel/vite.log)');
}

function startNgrok(port) {
  return launch('ngrok', 'ngrok', [
    'http',
    `127.0.0.1:${port}`,
    '--oauth=google',
    `--oauth-allow-domain=${ALLOWED_DOMAIN}`,
    '--log=stdout',
  ]);
}

async function publicUrl(child) {
  for (let i = 0; i < 40; i++) {
    if (child.exitCode !== null) throw new Error('ngrok exited (see .cache/mobile-tunnel/ngrok.log)');
    try {
      const res = await fetch(AGENT);
      const body = await res.json();
      const t = body.tunnels.find((x) => x.proto === 'https');
      if (t) return t.public_url;
    } catch {
      // agent API not up yet
    }
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error('no tunnel reported by the ngrok agent');
}

function showQr(url) {
  try {
    const qrcode = require('qrcode-terminal');
    qrcode.generate(url, { small: true });
  } catch {
    console.log('(install qrcode-terminal for a QR code)');
  }
}

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const { name, child } of owned.reverse()) {
    if (child.exitCode === null) child.kill('SIGTERM');
    fs.rmSync(path.join(RUN, `${name}.pid`), { force: true });
  }
  console.log('tunnel closed');
  setTimeout(() => process.exit(code), 300);
}

async function requestCount() {
  try {
    const res = await fetch('http://127.0.0.1:4040/api/requests/http?limit=100');
    const body = await res.json();
    return body.requests.length;
  } catch {
    return 0;
  }
}

function reapLeftovers() {
  // pid files from a run killed with -9; stop only ngrok/node processes we recorded
  if (!fs.existsSync(RUN)) return;
  for (const f of fs.readdirSync(RUN).filter((n) => n.endsWith('.pid'))) {
    const pid = Number(fs.readFileSync(path.join(RUN, f), 'utf8'));
    let comm = '';
    try {
      comm = fs.readFileSync(`/proc/${pid}/comm`, { encoding: 'utf8' }).trim();
    } catch {
      comm = '';
    }
    if (['ngrok', 'node'].includes(comm)) {
      try {
        process.kill(pid, 'SIGTERM');
        console.log(`stopped leftover ${comm} ${pid}`);
      } catch {
        // gone already
      }
    }
    fs.rmSync(path.join(RUN, f), { force: true });
  }
}

async function checkNgrokConfig() {
  // fail early with a useful message instead of a crash loop in the log
  await new Promise((resolve, reject) => {
    const child = spawn('ngrok', ['config', 'check'], { stdio: 'ignore' });
    child.on('error', () => reject(new Error('ngrok is not installed')));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error('ngrok config invalid; add an authtoken first'))));
  });
}

async function main() {
  const opts = options(process.argv.slice(2));
  reapLeftovers();
  await checkNgrokConfig();
  await ensureDevServer(opts.port);
  const ngrok = startNgrok(opts.port);
  const url = await publicUrl(ngrok);
  console.log(`\nopen on your phone: ${url}\n(sign in with your @${ALLOWED_DOMAIN} Google account)\n`);
  showQr(url);
  const closeAt = Date.now() + opts.minutes * 60000;
  const timer = setInterval(async () => {
    if (ngrok.exitCode !== null) {
      console.log('ngrok stopped');
      clearInterval(timer);
      stopAll(1);
    } else if (Date.now() >= closeAt) {
      console.log(`time is up; ${await requestCount()} request(s) were served`);
      clearInterval(timer);
      stopAll(0);
    }
  }, 5000);
}

process.on('SIGINT', () => stopAll(130));
process.on('SIGTERM', () => stopAll(143));
main().catch((err) => {
  console.error(`mobile-tunnel: ${err.message}`);
  stopAll(1);
});
