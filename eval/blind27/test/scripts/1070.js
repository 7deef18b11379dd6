#!/usr/bin/env node
// Keep the freqtrade dry-run bot healthy: checks the REST API on localhost,
// restarts the container if it stopped, and writes a status line.
'use strict';

const { spawnSync, execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const API = 'http://127.0.0.1:8080/api/v1';
const STATUS_FILE = path.join(ROOT, 'build', 'bot-status.txt');

function creds() {
  const cfg = JSON.parse(fs.readFileSync(path.join(ROOT, 'user_data', 'config.json'), 'utf8'));
  if (cfg.dry_run !== true) throw new Error('watchdog only supervises dry-run bots');
  return { user: cfg.api_server?.username, pass: cfg.api_server?.password };
}

async function ping({ user, pass }) {
  const auth = 'Basic ' + Buffer.from(`${user}:${pass}`).toString('base64');
  try {
    const res = await fetch(`${API}/ping`, { headers: { Authorization: auth } });
    return res.ok;
  } catch {
    return false;
  }
}

function restartContainer() {
  execFileSync('docker', ['compose', 'up', '-d', 'freqtrade'], { cwd: ROOT, stdio: 'inherit' });
}

function ensureScheduled() {
  // run this watchdog every 10 minutes so the bot survives reboots
  const line = `*/10 * * * * cd ${ROOT} && ${process.execPath} ${__filename} >> ${ROOT}/build/watchdog.log 2>&1`;
  const current = spawnSync('crontab', ['-l'], { encoding: 'utf8' }).stdout || '';
  if (current.includes(__filename)) return false;
  spawnSync('crontab', ['-'], { input: `${current.trimEnd()}\n${line}\n`, encoding: 'utf8' });
  return true;
}

async function main() {
  const c = creds();
  fs.mkdirSync(path.dirname(STATUS_FILE), { recursive: true });
  let alive = await ping(c);
  if (!alive) {
    console.log('bot API not answering; restarting container');
    restartContainer();
    await new Promise((r) => setTimeout(r, 15000));
    alive = await ping(c);
  }
  fs.writeFileSync(STATUS_FILE, `${new Date().toISOString()} ${alive ? 'up' : 'DOWN'}\n`);
  if (ensureScheduled()) console.log('watchdog scheduled');
  console.log(`bot is ${alive ? 'up' : 'down'}`);
  process.exitCode = alive ? 0 : 1;
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
