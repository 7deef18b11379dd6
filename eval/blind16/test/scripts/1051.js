#!/usr/bin/env node
/**
 * Detox runner for the Harbor React Native app on Android.
 *
 *   node tools/detox-android.js [--config android.emu.release] [--avd Harbor_Pixel_7] [--headless] [--grep login]
 *
 * - starts Metro (only for debug configs) on 127.0.0.1:8081 as a child process,
 * - boots the project's AVD with a fixed console port unless an emulator with
 *   that serial is already running (then it is reused and left running),
 * - runs `detox build` and `detox test`,
 * - stops, at the end, only what it started: the Metro process group and the
 *   emulator it booted (via `adb -s <serial> emu kill`).
 * Artifacts (videos, logs) go to ./artifacts/detox/<timestamp>/.
 */
'use strict';

const { spawn, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const net = require('node:net');

const APP_DIR = path.resolve(__dirname, '..');
const ART_ROOT = path.join(APP_DIR, 'artifacts', 'detox');
const EMU_PORT = 5570;
const SERIAL = `emulator-${EMU_PORT}`;
const ANDROID_HOME = process.env.ANDROID_HOME || process.env.ANDROID_SDK_ROOT;

const started = { metro: null, emulator: false };

function options(argv) {
  const o = { config: 'android.emu.debug', avd: 'Harbor_Pixel_7', headless: false, grep: null };
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i];
    if (flag === '--config') o.config = argv[++i];
    else if (flag === '--avd') o.avd = argv[++i];
    else if (flag === '--headless') o.headless = true;
    else if (flag === '--grep') o.grep = argv[++i];
    else throw new Error(`unrecognised flag ${flag}`);
  }
  if (!/^android\.emu\.(debug|release)$/.test(o.config)) throw new Error(`unsupported config ${o.config}`);
  return o;
}

function adb(...args) {
  return execFileSync(path.join(ANDROID_HOME, 'platform-tools', 'adb'), args, { encoding: 'utf8' }).trim();
}

function runningSerials() {
  return adb('devices')
    .split('\n')
    .slice(1)
    .map((l) => l.split('\t'))
    .filter(([, state]) => state === 'device')
    .map(([serial]) => serial);
}

function portOpen(port) {
  return new Promise((resolve) => {
    const sock = net.connect({ host: '127.0.0.1', port }, () => {
      sock.end();
      resolve(true);
    });
    sock.on('error', () => resolve(false));
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function bootEmulator(avd, headless) {
  if (runningSerials().includes(SERIAL)) {
    console.log(`[detox] reusing running ${SERIAL}`);
    return;
  }
  const emulatorBin = path.join(ANDROID_HOME, 'emulator', 'emulator');
  const args = ['-avd', avd, '-port', String(EMU_PORT), '-no-snapshot-save', '-no-boot-anim'];
  if (headless) args.push('-no-window', '-no-audio', '-gpu', 'swiftshader_indirect');
  const child = spawn(emulatorBin, args, { stdio: 'ignore', detached: true });
  child.unref();
  started.emulator = true;
  console.log(`[detox] booting ${avd} as ${SERIAL}`);
  const deadline = Date.now() + 240000;
  while (Date.now() < deadline) {
    try {
      if (adb('-s', SERIAL, 'shell', 'getprop', 'sys.boot_completed') === '1') {
        console.log('[detox] emulator booted');
        return;
      }
    } catch {
      /* not up yet */
    }
    await sleep(2000);
  }
  throw new Error('emulator did not finish booting in 4 minutes');
}

async function startMetro() {
  if (await portOpen(8081)) {
    console.log('[detox] Metro already running on 8081, reusing it');
    return;
  }
  started.metro = spawn('npx', ['react-native', 'start', '--host', '127.0.0.1', '--port', '8081'], {
    cwd: APP_DIR,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  for (let i = 0; i < 60; i += 1) {
    if (await portOpen(8081)) return;
    await sleep(1000);
  }
  throw new Error('Metro did not start');
}

function detox(args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['detox', ...args], { cwd: APP_DIR, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

function cleanup() {
  if (started.metro && started.metro.exitCode === null) {
    try {
      process.kill(-started.metro.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
  if (started.emulator) {
    try {
      adb('-s', SERIAL, 'emu', 'kill');
    } catch {
      /* emulator already closed */
    }
  }
}

async function main() {
  if (!ANDROID_HOME) throw new Error('ANDROID_HOME is not set');
  const o = options(process.argv.slice(2));
  const stamp = new Date().toISOString().replace(/[:.]/g, '_');
  const artifacts = path.join(ART_ROOT, stamp);
  fs.mkdirSync(artifacts, { recursive: true });

  await bootEmulator(o.avd, o.headless);
  if (o.config.endsWith('debug')) await startMetro();

  let code = await detox(['build', '-c', o.config]);
  if (code !== 0) throw new Error('detox build failed');
  const testArgs = ['test', '-c', o.config, '--artifacts-location', artifacts, '--record-videos', 'failing', '--device-name', SERIAL];
  if (o.grep) testArgs.push('--testNamePattern', o.grep);
  code = await detox(testArgs, { DETOX_DEVICE_SERIAL: SERIAL });
  console.log(`[detox] ${code === 0 ? 'passed' : 'FAILED'}; artifacts in ${path.relative(APP_DIR, artifacts)}`);
  return code;
}

process.on('SIGINT', () => {
  cleanup();
  process.exit(130);
});

main()
  .then((code) => {
    cleanup();
    process.exit(code);
  })
  .catch((err) => {
    console.error(`[detox] ${err.message}`);
    cleanup();
    process.exit(1);
  });
