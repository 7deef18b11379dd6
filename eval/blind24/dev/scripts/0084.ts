#!/usr/bin/env -S npx tsx
/**
 * with-mitm.ts -- run a Node test command with its outbound HTTPS traffic
 * visible in a local mitmweb UI.
 *
 * Starts `mitmweb` on 127.0.0.1 (proxy port + web UI port), waits for the CA
 * file to exist, then runs the command with HTTPS_PROXY, NODE_EXTRA_CA_CERTS
 * and NODE_USE_ENV_PROXY set for that child only. The mitmweb process this
 * script spawned is terminated when the command finishes. TLS verification is
 * never disabled.
 *
 *   npx tsx scripts/with-mitm.ts -- npm run test:e2e
 *   npx tsx scripts/with-mitm.ts --keep-open -- node scripts/smoke.js
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createConnection } from 'node:net';
import { homedir } from 'node:os';
import path from 'node:path';

interface Settings {
  proxyPort: number;
  webPort: number;
  keepOpen: boolean;
  saveFlows: boolean;
  command: string[];
}

const HOST = '127.0.0.1';
const CA_FILE = path.join(homedir(), '.mitmproxy', 'mitmproxy-ca-cert.pem');

function parse(argv: string[]): Settings {
  const sep = argv.indexOf('--');
  if (sep < 0 || sep === argv.length - 1) throw new Error('usage: with-mitm.ts [options] -- CMD ...');
  const opts = argv.slice(0, sep);
  const num = (flag: string, fallback: number) => {
    const i = opts.indexOf(flag);
    const v = i >= 0 ? Number(opts[i + 1]) : fallback;
    if (!Number.isInteger(v) || v < 1024 || v > 65535) throw new Error(`${flag} must be a port >= 1024`);
    return v;
  };
  return {
    proxyPort: num('--proxy-port', 8082),
    webPort: num('--web-port', 8083),
    keepOpen: opts.includes('--keep-open'),
    saveFlows: opts.includes('--save'),
    command: argv.slice(sep + 1),
  };
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createConnection({ host: HOST, port });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

async function waitFor(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 20000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

function startMitm(s: Settings): ChildProcess {
  const args = [
    '--listen-host',
    HOST,
    '--listen-port',
    String(s.proxyPort),
    '--web-host',
    HOST,
    '--web-port',
    String(s.webPort),
    '--no-web-open-browser',
  ];
  if (s.saveFlows) {
    mkdirSync('flows', { recursive: true });
    args.push('-w', path.join('flows', `mitm-${Date.now()}.flow`));
  }
  const child = spawn('mitmweb', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr?.on('data', (d: Buffer) => {
    const line = d.toString();
    if (/error/i.test(line)) process.stderr.write(`[mitmweb] ${line}`);
  });
  child.on('error', (err) => {
    console.error(`cannot start mitmweb: ${err.message} (pipx install mitmproxy)`);
    process.exit(127);
  });
  return child;
}

function stop(child: ChildProcess | null): Promise<void> {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null) return resolve();
    const t = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(t);
      resolve();
    });
    child.kill('SIGINT');
  });
}

function childEnv(s: Settings): NodeJS.ProcessEnv {
  const proxy = `http://${HOST}:${s.proxyPort}`;
  return {
    ...process.env,
    HTTPS_PROXY: proxy,
    HTTP_PROXY: proxy,
    NO_PROXY: 'localhost,127.0.0.1',
    NODE_USE_ENV_PROXY: '1',
    GLOBAL_AGENT_HTTP_PROXY: proxy,
    NODE_EXTRA_CA_CERTS: CA_FILE,
  };
}

function runCommand(cmd: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const p = spawn(cmd[0], cmd.slice(1), { stdio: 'inherit', env });
    p.on('exit', (code, signal) => resolve(signal ? 128 : code ?? 1));
    p.on('error', (err) => {
      console.error(`failed to start ${cmd[0]}: ${err.message}`);
      resolve(127);
    });
  });
}

function checkCaAge(): void {
  // mitmproxy CAs are valid for years, but a very old one usually means a
  // stale ~/.mitmproxy from another machine; just inform
  try {
    const { statSync } = require('node:fs') as typeof import('node:fs');
    const ageDays = (Date.now() - statSync(CA_FILE).mtimeMs) / 86400000;
    if (ageDays > 365) console.warn(`note: ${CA_FILE} is ${Math.round(ageDays)} days old`);
  } catch {
    // not generated yet; mitmweb creates it on first start
  }
}

function banner(s: Settings): void {
  console.log(`running: ${s.command.join(' ')}`);
  console.log(`proxy:   http://${HOST}:${s.proxyPort} (child process only)`);
  if (s.saveFlows) console.log('flows are being saved under ./flows (contains request bodies; do not commit)');
}

async function main(): Promise<number> {
  const s = parse(process.argv.slice(2));
  checkCaAge();
  banner(s);
  for (const port of [s.proxyPort, s.webPort]) {
    if (await portOpen(port)) throw new Error(`port ${port} is already in use`);
  }
  const mitm = startMitm(s);
  const cleanup = () => void stop(mitm);
  process.on('SIGINT', cleanup);
  process.on('SIGTERM', cleanup);
  try {
    await waitFor(() => portOpen(s.proxyPort), `mitmweb on ${HOST}:${s.proxyPort}`);
    await waitFor(() => existsSync(CA_FILE), `CA at ${CA_FILE}`);
    console.log(`flows: http://${HOST}:${s.webPort}/  (proxy ${HOST}:${s.proxyPort})`);
    const code = await runCommand(s.command, childEnv(s));
    if (s.keepOpen) {
      console.log('command finished; mitmweb stays open until Ctrl-C');
      await new Promise<void>((resolve) => mitm.once('exit', () => resolve()));
    }
    return code;
  } finally {
    await stop(mitm);
  }
}

main()
  .then((code) => {
    process.exitCode = code;
  })
  .catch((err: Error) => {
    console.error(`with-mitm: ${err.message}`);
    process.exitCode = 1;
  });
