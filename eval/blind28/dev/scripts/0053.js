#!/usr/bin/env node
//
// Runbook format (runbooks/*.json):
//   { "title": "Meetup #12",
//     "steps": [ { "do": "scene", "name": "Starting soon" },
//                { "do": "stream-start" },
//                { "do": "wait", "seconds": 300, "note": "doors" },
//                { "do": "unmute", "input": "Podium mic" },
//                { "do": "scene", "name": "Speaker" },
//                { "do": "stream-stop" } ] }
//
// Rehearse without --live the day before; the script refuses to go live if
// Mux reports the stream as already active (someone else is broadcasting).
//
// obs-runbook.js - drive the local OBS instance through the event runbook.
//
//   node tools/obs-runbook.js runbooks/meetup.json            # rehearse: scenes only
//   node tools/obs-runbook.js runbooks/meetup.json --live     # also start/stop streaming
//
// OBS runs on this machine with obs-websocket 5 on localhost:4455 (password
// OBS_WS_PASSWORD in .env).  The stream output itself is configured inside
// OBS (Mux RTMP ingest); this script never handles the stream key.  Before
// going live it asks the Mux API (api.mux.com) whether the live stream is idle,
// using MUX_TOKEN_ID/MUX_TOKEN_SECRET from .env.
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import OBSWebSocket from 'obs-websocket-js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OBS_URL = 'ws://127.0.0.1:4455';
const MUX_API = 'https://api.mux.com/video/v1';

function loadEnv() {
  const env = {};
  const file = path.join(ROOT, '.env');
  if (fs.existsSync(file)) {
    for (const raw of fs.readFileSync(file, 'utf8').split('\n')) {
      const line = raw.trim();
      if (!line || line.startsWith('#') || !line.includes('=')) continue;
      const idx = line.indexOf('=');
      env[line.slice(0, idx).trim()] = line.slice(idx + 1).trim();
    }
  }
  return { ...env, ...process.env };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (...parts) => console.log(new Date().toISOString().slice(11, 19), ...parts);

function readRunbook(file) {
  const book = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!Array.isArray(book.steps) || book.steps.length === 0) {
    throw new Error(`${file}: "steps" must be a non-empty array`);
  }
  for (const [i, step] of book.steps.entries()) {
    if (!['scene', 'wait', 'stream-start', 'stream-stop', 'mute', 'unmute'].includes(step.do)) {
      throw new Error(`${file}: step ${i} has unknown action ${step.do}`);
    }
  }
  return book;
}

async function muxStatus(env) {
  const id = env.MUX_TOKEN_ID;
  const secret = env.MUX_TOKEN_SECRET;
  const streamId = env.MUX_LIVE_STREAM_ID;
  if (!id || !secret || !streamId) return 'unknown (MUX_* not configured)';
  const auth = Buffer.from(`${id}:${secret}`).toString('base64');
  const res = await fetch(`${MUX_API}/live-streams/${streamId}`, {
    headers: { Authorization: `Basic ${auth}` },
  });
  if (!res.ok) return `unknown (HTTP ${res.status})`;
  const body = await res.json();
  return body.data.status;
}

async function connect(password) {
  const obs = new OBSWebSocket();
  let delay = 1000;
  for (let attempt = 1; attempt <= 5; attempt++) {
    try {
      const { obsWebSocketVersion } = await obs.connect(OBS_URL, password);
      log(`connected to OBS (websocket ${obsWebSocketVersion})`);
      return obs;
    } catch (err) {
      log(`OBS not reachable (${err.code || err.message}), retry ${attempt}/5`);
      await sleep(delay);
      delay = Math.min(delay * 2, 10000);
    }
  }
  throw new Error('could not connect to OBS on localhost:4455');
}

async function ensureScenes(obs, book) {
  const { scenes } = await obs.call('GetSceneList');
  const names = new Set(scenes.map((s) => s.sceneName));
  const missing = book.steps.filter((s) => s.do === 'scene' && !names.has(s.name)).map((s) => s.name);
  if (missing.length) throw new Error(`scenes missing in OBS: ${[...new Set(missing)].join(', ')}`);
}

async function runStep(obs, step, { live }) {
  switch (step.do) {
    case 'scene':
      await obs.call('SetCurrentProgramScene', { sceneName: step.name });
      log(`scene -> ${step.name}`);
      break;
    case 'wait':
      log(`wait ${step.seconds}s${step.note ? ` (${step.note})` : ''}`);
      await sleep(step.seconds * 1000);
      break;
    case 'mute':
    case 'unmute':
      await obs.call('SetInputMute', { inputName: step.input, inputMuted: step.do === 'mute' });
      log(`${step.do} ${step.input}`);
      break;
    case 'stream-start':
      if (!live) {
        log('rehearsal: would start streaming (pass --live)');
        break;
      }
      await obs.call('StartStream');
      log('streaming started');
      break;
    case 'stream-stop':
      if (!live) {
        log('rehearsal: would stop streaming');
        break;
      }
      await obs.call('StopStream');
      log('streaming stopped');
      break;
    default:
      throw new Error(`unhandled step ${step.do}`);
  }
}

async function main() {
  const args = process.argv.slice(2);
  const live = args.includes('--live');
  const file = args.find((a) => !a.startsWith('--'));
  if (!file) {
    console.error('usage: obs-runbook.js <runbook.json> [--live]');
    process.exit(2);
  }
  const env = loadEnv();
  const book = readRunbook(path.resolve(file));
  const obs = await connect(env.OBS_WS_PASSWORD);

  let stopping = false;
  const shutdown = async (signal) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: disconnecting (stream left as is)`);
    await obs.disconnect();
    process.exit(130);
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  try {
    await ensureScenes(obs, book);
    if (live) {
      const status = await muxStatus(env);
      log(`Mux live stream status: ${status}`);
      if (status === 'active') throw new Error('Mux stream already active; someone else is live');
    }
    for (const step of book.steps) await runStep(obs, step, { live });
    const { outputActive } = await obs.call('GetStreamStatus');
    log(`runbook "${book.title || file}" finished; stream ${outputActive ? 'active' : 'inactive'}`);
  } finally {
    await obs.disconnect();
  }
}

main().catch((err) => {
  console.error(`obs-runbook: ${err.message}`);
  process.exit(1);
});
