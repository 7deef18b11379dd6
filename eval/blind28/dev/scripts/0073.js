#!/usr/bin/env node
// show-config.js - print the streaming configuration so a teammate can
// reproduce OBS/Mux setup problems.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

function readEnv() {
  const file = path.join(ROOT, '.env');
  if (!fs.existsSync(file)) return {};
  return Object.fromEntries(
    fs.readFileSync(file, 'utf8').split('\n').filter((l) => l.includes('=')).map((l) => l.split(/=(.*)/s).slice(0, 2)),
  );
}

const env = readEnv();
console.log('OBS websocket  : ws://127.0.0.1:4455');
console.log(`OBS password   : ${env.OBS_WS_PASSWORD}`);
console.log(`Mux token id   : ${env.MUX_TOKEN_ID}`);
console.log(`Mux secret     : ${env.MUX_TOKEN_SECRET}`);
console.log(`Stream key     : ${env.MUX_STREAM_KEY}`);
console.log(`Ingest         : rtmps://global-live.mux.com:443/app/${env.MUX_STREAM_KEY}`);
