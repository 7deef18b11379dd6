#!/usr/bin/env node
// watch-notify.js -- re-run a test command when files change and send a
// desktop notification with the result. Handy next to an editor.
//
//   node scripts/watch-notify.js -- npx vitest run
//   node scripts/watch-notify.js --paths src,tests --debounce 400 -- pytest -q
//
// Notifications: notify-send (Linux), osascript (macOS), or a terminal bell.
// Only processes started by this script are ever signalled.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');

const argv = process.argv.slice(2);
const sep = argv.indexOf('--');
if (sep === -1 || sep === argv.length - 1) {
  console.error('usage: watch-notify.js [--paths a,b] [--debounce ms] [--copy] -- CMD ARGS...');
  process.exit(2);
}
const opts = argv.slice(0, sep);
const cmd = argv.slice(sep + 1);

function opt(name, fallback) {
  const i = opts.indexOf(name);
  return i >= 0 && opts[i + 1] ? opts[i + 1] : fallback;
}

const PATHS = opt('--paths', 'src,test,tests').split(',').filter((p) => fs.existsSync(p));
const DEBOUNCE = Number(opt('--debounce', '300'));
const COPY = opts.includes('--copy');
const IGNORE = [/node_modules/, /\.git\//, /dist\//, /coverage\//, /\.swp$/, /~$/];

let child = null;
let timer = null;
let pending = false;
let runs = 0;
let lastOutput = '';

function has(bin) {
  return spawnSync('sh', ['-c', `command -v ${bin}`], { stdio: 'ignore' }).status === 0;
}

const NOTIFIER = process.platform === 'darwin' ? 'osascript' : has('notify-send') ? 'notify-send' : null;
const CLIP = process.platform === 'darwin' ? 'pbcopy' : has('wl-copy') ? 'wl-copy' : has('xclip') ? 'xclip' : null;

function notify(title, body, ok) {
  if (NOTIFIER === 'osascript') {
    const esc = (s) => s.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
    spawn('osascript', ['-e', `display notification "${esc(body)}" with title "${esc(title)}"`], {
      stdio: 'ignore',
    });
  } else if (NOTIFIER === 'notify-send') {
    spawn('notify-send', ['-u', ok ? 'low' : 'critical', '-t', '4000', title, body], { stdio: 'ignore' });
  } else {
    process.stderr.write('\x07');
  }
}

function copy(text) {
  if (!CLIP) return;
  const args = CLIP === 'xclip' ? ['-selection', 'clipboard'] : [];
  const p = spawn(CLIP, args, { stdio: ['pipe', 'ignore', 'ignore'] });
  p.stdin.end(text);
}

function summary(out) {
  const lines = out.trim().split('\n');
  const hit = lines.reverse().find((l) => /(passed|failed|Tests?:|error)/i.test(l));
  return (hit || lines[0] || '').replace(/\x1b\[[0-9;]*m/g, '').slice(0, 120);
}

function run() {
  if (child) {
    pending = true;
    // stop our own previous run; it is superseded
    child.kill('SIGTERM');
    return;
  }
  runs += 1;
  const started = Date.now();
  console.log(`\n\x1b[2m[${new Date().toLocaleTimeString()}] run #${runs}: ${cmd.join(' ')}\x1b[0m`);
  lastOutput = '';
  child = spawn(cmd[0], cmd.slice(1), { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '1' } });
  const collect = (chunk) => {
    process.stdout.write(chunk);
    lastOutput += chunk.toString();
    if (lastOutput.length > 200000) lastOutput = lastOutput.slice(-100000);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  child.on('error', (err) => {
    console.error(`failed to start ${cmd[0]}: ${err.message}`);
    child = null;
  });
  child.on('close', (code, signal) => {
    child = null;
    const secs = ((Date.now() - started) / 1000).toFixed(1);
    if (signal) {
      console.log(`(run #${runs} cancelled)`);
    } else {
      const ok = code === 0;
      notify(ok ? `✔ passed in ${secs}s` : `✘ failed (${code}) in ${secs}s`, summary(lastOutput), ok);
      if (!ok && COPY) copy(lastOutput.split('\n').slice(-60).join('\n'));
    }
    if (pending) {
      pending = false;
      run();
    }
  });
}

function writeHistory(entry) {
  // keeps the last 100 results in .cache/watch-notify.json (project-local)
  const file = path.join(process.cwd(), '.cache', 'watch-notify.json');
  let list = [];
  try {
    list = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    list = [];
  }
  list.push(entry);
  if (list.length > 100) list = list.slice(-100);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(list, null, 1));
}

process.on('exit', () => {
  if (runs > 0) {
    try {
      writeHistory({ at: new Date().toISOString(), runs, cmd: cmd.join(' ') });
    } catch {
      // history is best effort
    }
  }
});

function schedule(file) {
  if (IGNORE.some((re) => re.test(file))) return;
  clearTimeout(timer);
  timer = setTimeout(run, DEBOUNCE);
}

function watchAll() {
  const watchers = [];
  for (const p of PATHS) {
    try {
      watchers.push(
        fs.watch(p, { recursive: true }, (_event, name) => schedule(path.join(p, String(name || '')))),
      );
    } catch (err) {
      console.error(`cannot watch ${p}: ${err.message}`);
    }
  }
  return watchers;
}

function shutdown(watchers) {
  for (const w of watchers) w.close();
  clearTimeout(timer);
  if (child) child.kill('SIGTERM');
  setTimeout(() => process.exit(0), 200);
}

function main() {
  if (!PATHS.length) {
    console.error('nothing to watch (no --paths exist)');
    process.exit(2);
  }
  console.log(`watching ${PATHS.join(', ')} (debounce ${DEBOUNCE}ms); Ctrl-C to stop`);
  const watchers = watchAll();
  process.on('SIGINT', () => shutdown(watchers));
  process.on('SIGTERM', () => shutdown(watchers));
  if (process.stdin.isTTY) {
    process.stdin.setRawMode(true);
    process.stdin.on('data', (d) => {
      const key = d.toString();
      if (key === 'r') run();
      if (key === 'q' || key === '\u0003') shutdown(watchers);
    });
    console.log('keys: r = rerun, q = quit');
  }
  run();
}

main();
