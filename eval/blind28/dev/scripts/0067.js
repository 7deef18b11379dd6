#!/usr/bin/env node
// pass-recorder.js - record NOAA/Meteor weather-satellite passes with a SoapySDR device.
//
//   node tools/pass-recorder.js --schedule build/passes.json            wait for each pass and record
//   node tools/pass-recorder.js --schedule build/passes.json --next     record only the next pass
//   node tools/pass-recorder.js --list                                  list devices (SoapySDRUtil --find)
//
// passes.json is produced by tools/predict_passes.py:
//   [{ "sat": "NOAA 19", "freq": 137100000, "aos": "2024-06-01T10:02:11Z", "los": "...", "maxEl": 54 }]
//
// Receive-only: recording uses `rx_sdr` (rx_tools) and output goes to
// build/passes/<date>/.  The recorder child is ours and is stopped at LOS or on Ctrl-C.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { spawn, execFile } = require('node:child_process');
const { promisify } = require('node:util');

const execFileP = promisify(execFile);
const ROOT = path.resolve(__dirname, '..');
const OUT_ROOT = path.join(ROOT, 'build', 'passes');
const DEFAULTS = { rate: 1024000, gain: 40, minElevation: 20, driver: 'rtlsdr', padSeconds: 30 };
let recorder = null;

function log(...args) {
  console.log(new Date().toISOString().replace('T', ' ').slice(0, 19), ...args);
}

function loadSettings() {
  const file = path.join(ROOT, 'config', 'recorder.json');
  const user = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  const settings = { ...DEFAULTS, ...user };
  if (!/^[a-z0-9]+$/.test(settings.driver)) throw new Error(`invalid driver ${settings.driver}`);
  return settings;
}

function loadSchedule(file, minElevation) {
  const passes = JSON.parse(fs.readFileSync(file, 'utf8'));
  const now = Date.now();
  return passes
    .map((p) => ({ ...p, aosMs: Date.parse(p.aos), losMs: Date.parse(p.los) }))
    .filter((p) => p.losMs > now && p.maxEl >= minElevation)
    .sort((a, b) => a.aosMs - b.aosMs);
}

async function listDevices() {
  try {
    const { stdout } = await execFileP('SoapySDRUtil', ['--find'], { timeout: 20000 });
    console.log(stdout.trim() || 'no devices found');
  } catch (err) {
    console.error(`SoapySDRUtil failed: ${err.message}`);
    process.exitCode = 1;
  }
}

function sleepUntil(ms) {
  return new Promise((resolve) => {
    const wait = ms - Date.now();
    if (wait <= 0) return resolve();
    const timer = setTimeout(resolve, wait);
    timer.unref?.();
    // keep the process alive while waiting
    const keep = setInterval(() => {}, 60000);
    setTimeout(() => clearInterval(keep), wait + 10);
  });
}

function slug(text) {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

async function record(pass, settings) {
  const day = new Date(pass.aosMs).toISOString().slice(0, 10);
  const dir = path.join(OUT_ROOT, day);
  fs.mkdirSync(dir, { recursive: true });
  const base = `${slug(pass.sat)}-${new Date(pass.aosMs).toISOString().slice(11, 16).replace(':', '')}`;
  const iqFile = path.join(dir, `${base}.cs16`);
  const start = pass.aosMs - settings.padSeconds * 1000;
  const stop = pass.losMs + settings.padSeconds * 1000;
  log(`next: ${pass.sat} ${pass.freq / 1e6} MHz, AOS ${pass.aos}, max elevation ${pass.maxEl}°`);
  await sleepUntil(start);
  const seconds = Math.ceil((stop - Math.max(start, Date.now())) / 1000);
  const args = [
    '-d', `driver=${settings.driver}`, '-f', String(pass.freq), '-s', String(settings.rate),
    '-g', String(settings.gain), '-F', 'CS16', '-n', String(seconds * settings.rate), iqFile,
  ];
  log(`recording ${seconds}s -> ${path.relative(ROOT, iqFile)}`);
  recorder = spawn('rx_sdr', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  recorder.stderr.on('data', (d) => { stderr = (stderr + d).slice(-2000); });
  const guard = setTimeout(() => recorder && recorder.kill('SIGINT'), (seconds + 20) * 1000);
  const code = await new Promise((r) => recorder.on('exit', r));
  clearTimeout(guard);
  recorder = null;
  const meta = { ...pass, file: path.basename(iqFile), rate: settings.rate, gain: settings.gain, exit: code };
  fs.writeFileSync(iqFile.replace(/\.cs16$/, '.json'), JSON.stringify(meta, null, 2));
  if (code !== 0) {
    log(`rx_sdr exited ${code}: ${stderr.trim().split('\n').pop()}`);
    return false;
  }
  const size = fs.statSync(iqFile).size / 2 ** 20;
  log(`done: ${size.toFixed(0)} MiB`);
  return true;
}

function summariseDay(day) {
  // list what was recorded on a given day, with sizes and exit codes
  const dir = path.join(OUT_ROOT, day);
  if (!fs.existsSync(dir)) {
    log(`nothing recorded on ${day}`);
    return;
  }
  const metas = fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  let bytes = 0;
  for (const m of metas) {
    const meta = JSON.parse(fs.readFileSync(path.join(dir, m), 'utf8'));
    const iq = path.join(dir, meta.file);
    const size = fs.existsSync(iq) ? fs.statSync(iq).size : 0;
    bytes += size;
    const state = meta.exit === 0 ? 'ok' : `exit ${meta.exit}`;
    console.log(`  ${meta.sat.padEnd(10)} ${meta.aos}  ${String(meta.maxEl).padStart(3)}°  ${(size / 2 ** 20).toFixed(0).padStart(5)} MiB  ${state}`);
  }
  log(`${metas.length} passes on ${day}, ${(bytes / 2 ** 30).toFixed(2)} GiB`);
}

function freeSpaceOk(minGiB) {
  try {
    const { bavail, bsize } = fs.statfsSync(ROOT);
    const free = (bavail * bsize) / 2 ** 30;
    if (free < minGiB) {
      log(`only ${free.toFixed(1)} GiB free; need ${minGiB} GiB for a pass`);
      return false;
    }
  } catch {
    // statfs not available on this Node version; carry on
  }
  return true;
}

function stopRecorder(signal) {
  if (recorder && recorder.exitCode === null) {
    log(`${signal}: stopping recorder pid ${recorder.pid}`);
    recorder.kill('SIGINT');
  }
  process.exit(130);
}

async function main() {
  const args = process.argv.slice(2);
  if (args.includes('--list')) return listDevices();
  const dayIdx = args.indexOf('--summary');
  if (dayIdx >= 0) return summariseDay(args[dayIdx + 1] || new Date().toISOString().slice(0, 10));
  if (!freeSpaceOk(2)) {
    process.exitCode = 1;
    return;
  }
  const i = args.indexOf('--schedule');
  if (i < 0 || !args[i + 1]) {
    console.error('usage: pass-recorder.js --schedule passes.json [--next] | --list');
    process.exitCode = 2;
    return;
  }
  process.on('SIGINT', () => stopRecorder('SIGINT'));
  process.on('SIGTERM', () => stopRecorder('SIGTERM'));
  const settings = loadSettings();
  let passes = loadSchedule(args[i + 1], settings.minElevation);
  if (args.includes('--next')) passes = passes.slice(0, 1);
  if (!passes.length) {
    log('no upcoming passes above the elevation limit');
    return;
  }
  let ok = 0;
  for (const pass of passes) {
    if (await record(pass, settings)) ok++;
  }
  log(`${ok}/${passes.length} passes recorded`);
}

main().catch((err) => {
  console.error(`pass-recorder: ${err.message}`);
  process.exit(1);
});
