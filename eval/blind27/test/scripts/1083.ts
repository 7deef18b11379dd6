#!/usr/bin/env -S npx tsx
// Update several SteamCMD-managed dedicated servers that live in this repo.
//
//   npx tsx tools/servers.ts update [name...]     steamcmd +app_update into servers/<name>
//   npx tsx tools/servers.ts start <name>         start with the args from servers.json
//   npx tsx tools/servers.ts stop <name>          stop the process we started (pid file)
//   npx tsx tools/servers.ts status
//
// servers.json: { "<name>": { "appId": 896660, "exe": "valheim_server.x86_64", "args": [...] } }
// Every install dir is servers/<name>/ inside the repo; refuses to run as root.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVERS = path.join(ROOT, 'servers');
const RUN = path.join(ROOT, 'run');
const LOGS = path.join(ROOT, 'logs');
const STEAMCMD = process.env.STEAMCMD ?? 'steamcmd';

interface ServerDef {
  appId: number;
  exe: string;
  args: string[];
  env?: Record<string, string>;
  beta?: string;
}

type Config = Record<string, ServerDef>;

function config(): Config {
  const cfg = JSON.parse(readFileSync(path.join(ROOT, 'servers.json'), 'utf8')) as Config;
  for (const [name, def] of Object.entries(cfg)) {
    if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`bad server name ${name}`);
    if (!Number.isInteger(def.appId)) throw new Error(`${name}: appId must be an integer`);
    if (def.exe.includes('/') || def.exe.includes('..')) throw new Error(`${name}: exe must be a file name`);
  }
  return cfg;
}

const dirOf = (name: string) => path.join(SERVERS, name);
const pidFile = (name: string) => path.join(RUN, `${name}.pid`);

function runningPid(name: string): number | null {
  if (!existsSync(pidFile(name))) return null;
  const pid = Number(readFileSync(pidFile(name), 'utf8'));
  try {
    process.kill(pid, 0);
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return cmdline.includes(dirOf(name)) ? pid : null;
  } catch {
    return null;
  }
}

function update(cfg: Config, names: string[]): void {
  for (const name of names.length ? names : Object.keys(cfg)) {
    const def = cfg[name];
    if (!def) throw new Error(`unknown server ${name}`);
    if (runningPid(name)) {
      console.log(`${name}: running, skipped (stop it first)`);
      continue;
    }
    mkdirSync(dirOf(name), { recursive: true });
    const args = ['+force_install_dir', dirOf(name), '+login', 'anonymous', '+app_update', String(def.appId)];
    if (def.beta) args.push('-beta', def.beta);
    args.push('validate', '+quit');
    console.log(`${name}: steamcmd app_update ${def.appId}`);
    for (let attempt = 1; attempt <= 3; attempt++) {
      const res = spawnSync(STEAMCMD, args, { stdio: 'inherit' });
      if (res.status === 0) break;
      if (attempt === 3) throw new Error(`${name}: steamcmd failed three times`);
      console.log(`${name}: retrying (${attempt})`);
    }
  }
}

function start(cfg: Config, name: string): void {
  const def = cfg[name];
  if (!def) throw new Error(`unknown server ${name}`);
  if (runningPid(name)) throw new Error(`${name} is already running`);
  const exe = path.join(dirOf(name), def.exe);
  if (!existsSync(exe)) throw new Error(`${name} not installed; run update first`);
  mkdirSync(RUN, { recursive: true });
  mkdirSync(LOGS, { recursive: true });
  const log = openSync(path.join(LOGS, `${name}-${Date.now()}.log`), 'a');
  const child = spawn(exe, def.args, {
    cwd: dirOf(name),
    detached: true,
    stdio: ['ignore', log, log],
    env: { ...process.env, ...def.env, LD_LIBRARY_PATH: `${path.join(dirOf(name), 'linux64')}:${process.env.LD_LIBRARY_PATH ?? ''}` },
  });
  writeFileSync(pidFile(name), String(child.pid));
  child.unref();
  console.log(`${name}: started pid ${child.pid}`);
}

async function stop(name: string): Promise<void> {
  const pid = runningPid(name);
  if (!pid) {
    console.log(`${name}: not running`);
    rmSync(pidFile(name), { force: true });
    return;
  }
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 60; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    try {
      process.kill(pid, 0);
    } catch {
      rmSync(pidFile(name), { force: true });
      console.log(`${name}: stopped`);
      return;
    }
  }
  process.kill(pid, 'SIGTERM');
  rmSync(pidFile(name), { force: true });
  console.log(`${name}: terminated after 60 s`);
}

function status(cfg: Config): void {
  for (const name of Object.keys(cfg)) {
    const pid = runningPid(name);
    const installed = existsSync(path.join(dirOf(name), cfg[name].exe));
    console.log(`${name.padEnd(14)} ${installed ? 'installed' : 'missing  '} ${pid ? `running (pid ${pid})` : 'stopped'}`);
  }
}

function logs(name: string, lines = 40): void {
  // print the tail of the newest log of this server
  if (!existsSync(LOGS)) {
    console.log('no logs yet');
    return;
  }
  const { readdirSync } = require('node:fs') as typeof import('node:fs');
  const files = readdirSync(LOGS)
    .filter((f) => f.startsWith(`${name}-`) && f.endsWith('.log'))
    .sort();
  const newest = files[files.length - 1];
  if (!newest) {
    console.log(`no logs for ${name}`);
    return;
  }
  const text = readFileSync(path.join(LOGS, newest), 'utf8').split('\n');
  console.log(text.slice(-lines).join('\n'));
}

function pruneLogs(keep = 10): number {
  // keep the newest `keep` log files per server; only our own *.log files in logs/
  if (!existsSync(LOGS)) return 0;
  const { readdirSync } = require('node:fs') as typeof import('node:fs');
  const byServer = new Map<string, string[]>();
  for (const f of readdirSync(LOGS).filter((x) => /^[a-z0-9-]+-\d+\.log$/.test(x)).sort()) {
    const key = f.replace(/-\d+\.log$/, '');
    byServer.set(key, [...(byServer.get(key) ?? []), f]);
  }
  let removed = 0;
  for (const list of byServer.values()) {
    for (const f of list.slice(0, Math.max(0, list.length - keep))) {
      rmSync(path.join(LOGS, f), { force: true });
      removed++;
    }
  }
  return removed;
}

async function main(): Promise<void> {
  if (process.getuid?.() === 0) throw new Error('do not run as root');
  if (process.argv[2] === 'logs') return logs(process.argv[3] ?? '');
  if (process.argv[2] === 'prune-logs') {
    console.log(`removed ${pruneLogs()} old log file(s)`);
    return;
  }
  const [cmd, ...rest] = process.argv.slice(2); // subcommand + names
  const cfg = config();
  switch (cmd) {
    case 'update':
      return update(cfg, rest);
    case 'start':
      return start(cfg, rest[0]);
    case 'stop':
      return stop(rest[0]);
    case 'status':
      return status(cfg);
    default:
      console.log('usage: servers.ts update [name...] | start <name> | stop <name> | status');
      process.exitCode = 2;
  }
}

main().catch((e: Error) => {
  console.error(`error: ${e.message}`);
  process.exit(1);
});
