#!/usr/bin/env node
/**
 * tools/capture.js - record loopback traffic of the local websocket gateway
 * while an e2e spec runs, then print a per-connection summary.
 *
 *   node tools/capture.js --spec e2e/chat.spec.ts --port 7070
 *   node tools/capture.js --seconds 20 --port 7070 --port 7071
 *
 * tcpdump is started once, on the loopback interface only, with -c and a
 * timer as hard limits. The child's PID is kept and only that process is
 * signalled. Captures are written to captures/<timestamp>.pcap.
 */
'use strict';

// Open the .pcap in Wireshark with "Decode As... -> WebSocket" on the gateway
// port to see individual frames; the JSON next to each capture records the
// filter and the spec that was running, for attaching to bug reports.
// Loopback only: traffic to other hosts is never captured by this helper.
// Captures can contain session cookies; they stay in the gitignored captures/.

const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { parseArgs } = require('node:util');

const ROOT = path.resolve(__dirname, '..');
const CAPTURES = path.join(ROOT, 'captures');
const MAX_SECONDS = 180;
const MAX_PACKETS = 50000;

const { values: opts } = parseArgs({
  options: {
    port: { type: 'string', multiple: true, default: ['7070'] },
    seconds: { type: 'string', default: '30' },
    spec: { type: 'string' },
    keep: { type: 'string', default: '20' },
  },
});

function loopbackIface() {
  return os.platform() === 'darwin' ? 'lo0' : 'lo';
}

function filterFor(ports) {
  for (const p of ports) {
    if (!/^\d+$/.test(p) || Number(p) < 1 || Number(p) > 65535) throw new Error(`bad port ${p}`);
  }
  return ports.map((p) => `tcp port ${p}`).join(' or ');
}

function needsSudo() {
  if (process.getuid && process.getuid() === 0) return false;
  const probe = spawnSync('tcpdump', ['-D'], { encoding: 'utf8' });
  return probe.status !== 0 || !probe.stdout.includes(loopbackIface());
}

function startCapture(file, filter, useSudo) {
  const args = ['-i', loopbackIface(), '-nn', '-U', '-s', '0', '-c', String(MAX_PACKETS), '-w', file, filter];
  const cmd = useSudo ? 'sudo' : 'tcpdump';
  const full = useSudo ? ['-n', 'tcpdump', ...args] : args;
  console.error(`+ ${cmd} ${full.join(' ')}`);
  const child = spawn(cmd, full, { stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr.on('data', (d) => {
    const text = d.toString();
    if (/listening on/.test(text)) console.error(text.trim());
  });
  return child;
}

function stopCapture(child, useSudo) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    if (useSudo) spawnSync('sudo', ['-n', 'kill', '-INT', String(child.pid)]);
    else child.kill('SIGINT');
    setTimeout(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    }, 5000).unref();
  });
}

function runSpec(spec) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['--no-install', 'playwright', 'test', spec, '--reporter=line'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    child.on('exit', (status) => resolve(status ?? 1));
  });
}

function summarize(file) {
  const res = spawnSync('tcpdump', ['-nn', '-q', '-r', file], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const flows = new Map();
  for (const line of res.stdout.split('\n')) {
    const m = /IP6? (\S+) > (\S+):/.exec(line);
    if (!m) continue;
    const key = [m[1], m[2].replace(/:$/, '')].sort().join(' <-> ');
    flows.set(key, (flows.get(key) || 0) + 1);
  }
  const rows = [...flows.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25);
  for (const [flow, packets] of rows) console.log(`${String(packets).padStart(7)}  ${flow}`);
  return rows.length;
}

/**
 * Count websocket upgrade requests and close frames in the capture; a burst of
 * closes right after upgrades is the disconnect pattern we are chasing.
 */
function websocketStats(file) {
  const res = spawnSync('tcpdump', ['-nn', '-A', '-r', file], { encoding: 'latin1', maxBuffer: 128 * 1024 * 1024 });
  const text = res.stdout || '';
  const upgrades = (text.match(/Upgrade: websocket/gi) || []).length;
  const switching = (text.match(/HTTP\/1\.1 101 Switching Protocols/g) || []).length;
  console.log(`websocket upgrades requested: ${upgrades}, accepted: ${switching}`);
  if (upgrades && switching < upgrades) {
    console.log('  some upgrade requests were not accepted - check the gateway logs');
  }
  return { upgrades, switching };
}

function writeMeta(file, filter, seconds) {
  const meta = {
    file: path.basename(file),
    interface: loopbackIface(),
    filter,
    seconds,
    spec: opts.spec || null,
    node: process.version,
  };
  fs.writeFileSync(file.replace(/\.pcap$/, '.json'), JSON.stringify(meta, null, 2));
}

function prune(keep) {
  const files = fs.readdirSync(CAPTURES).filter((f) => f.endsWith('.pcap')).sort().reverse();
  for (const f of files.slice(keep)) fs.unlinkSync(path.join(CAPTURES, f));
}

async function main() {
  const seconds = Number(opts.seconds);
  if (!(seconds > 0 && seconds <= MAX_SECONDS)) throw new Error(`--seconds must be 1..${MAX_SECONDS}`);
  const filter = filterFor(opts.port);
  fs.mkdirSync(CAPTURES, { recursive: true });
  const file = path.join(CAPTURES, `${new Date().toISOString().replace(/[:.]/g, '-')}.pcap`);
  const useSudo = needsSudo();
  if (useSudo && spawnSync('sudo', ['-n', 'true']).status !== 0) {
    throw new Error('tcpdump needs privileges; run `sudo -v` first');
  }
  const child = startCapture(file, filter, useSudo);
  const onSignal = async () => {
    await stopCapture(child, useSudo);
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  await new Promise((r) => setTimeout(r, 700));
  let specCode = 0;
  if (opts.spec) {
    const timer = setTimeout(() => stopCapture(child, useSudo), seconds * 1000);
    specCode = await runSpec(opts.spec);
    clearTimeout(timer);
  } else {
    await new Promise((r) => setTimeout(r, seconds * 1000));
  }
  await stopCapture(child, useSudo);
  if (useSudo) spawnSync('sudo', ['-n', 'chown', `${process.getuid()}:${process.getgid()}`, file]);
  if (!fs.existsSync(file) || fs.statSync(file).size === 0) throw new Error('empty capture');
  console.log(`capture: ${path.relative(ROOT, file)}`);
  writeMeta(file, filter, seconds);
  summarize(file);
  websocketStats(file);
  prune(Number(opts.keep));
  process.exitCode = specCode;
}

main().catch((err) => {
  console.error(`capture: ${err.message}`);
  process.exitCode = 1;
});
