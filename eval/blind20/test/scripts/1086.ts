#!/usr/bin/env -S npx tsx
/**
 * tools/forward.ts - supervise `kubectl port-forward` processes for the local
 * kind cluster and restart them when the pods are recreated.
 *
 *   npx tsx tools/forward.ts                 everything in tools/forwards.json
 *   npx tsx tools/forward.ts api grafana     selected entries
 *
 * Forwards bind 127.0.0.1 only. Each child process is tracked; on exit (or
 * Ctrl-C) exactly those children are terminated. The kube context is fixed to
 * kind-tidepool-e2e and verified to point at a loopback API server.
 *
 * tools/forwards.json entries: { name, namespace, target (svc/... or pod/...),
 * localPort, remotePort }. A port already in use locally is skipped with a
 * message instead of failing the whole supervisor. A health probe every 15s
 * restarts forwards whose local port stopped accepting connections.
 */
import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

interface ForwardSpec {
  name: string;
  namespace: string;
  target: string;
  localPort: number;
  remotePort: number;
}

interface Running {
  spec: ForwardSpec;
  child: ChildProcess;
  restarts: number;
  startedAt: number;
}

const ROOT = path.resolve(__dirname, '..');
const CONTEXT = 'kind-tidepool-e2e';
const SPECS = JSON.parse(readFileSync(path.join(__dirname, 'forwards.json'), 'utf8')) as ForwardSpec[];
const MAX_RESTARTS = 20;
const running = new Map<string, Running>();
let shuttingDown = false;

// Timestamped, per-forward log lines (HH:MM:SS [name] message).
function log(name: string, msg: string): void {
  const stamp = new Date().toISOString().slice(11, 19);
  console.log(`${stamp} [${name}] ${msg}`);
}

function assertLocalContext(): void {
  const res = spawnSync('kubectl', ['config', 'view', '-o',
    `jsonpath={.clusters[?(@.name=="${CONTEXT}")].cluster.server}`], { encoding: 'utf8' });
  const server = res.stdout.trim();
  if (!server) throw new Error(`context ${CONTEXT} not found`);
  const host = new URL(server).hostname;
  if (host !== '127.0.0.1' && host !== 'localhost') throw new Error(`${CONTEXT} is not a local cluster (${host})`);
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

function start(spec: ForwardSpec, restarts = 0): void {
  const child = spawn('kubectl', [
    '--context', CONTEXT, '-n', spec.namespace, 'port-forward',
    '--address', '127.0.0.1', spec.target, `${spec.localPort}:${spec.remotePort}`,
  ], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  running.set(spec.name, { spec, child, restarts, startedAt: Date.now() });
  child.stdout?.on('data', (d: Buffer) => {
    const line = d.toString().trim();
    if (line.startsWith('Forwarding from')) log(spec.name, line);
  });
  child.stderr?.on('data', (d: Buffer) => log(spec.name, d.toString().trim()));
  child.on('exit', (code) => onExit(spec, code));
}

function onExit(spec: ForwardSpec, code: number | null): void {
  const state = running.get(spec.name);
  running.delete(spec.name);
  if (shuttingDown || !state) return;
  if (state.restarts >= MAX_RESTARTS) {
    log(spec.name, `gave up after ${MAX_RESTARTS} restarts`);
    return;
  }
  const uptime = Date.now() - state.startedAt;
  const delay = uptime > 60000 ? 1000 : Math.min(30000, 1000 * 2 ** state.restarts);
  log(spec.name, `exited (${code}); restarting in ${delay / 1000}s`);
  setTimeout(() => start(spec, state.restarts + 1), delay);
}

function stopAll(): Promise<void> {
  shuttingDown = true;
  const waits = [...running.values()].map(({ child }) => new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), 3000).unref();
  }));
  return Promise.all(waits).then(() => undefined);
}

/**
 * Periodic health probe: a port-forward can stay "running" while the pod
 * behind it was replaced; a failed TCP connect triggers a restart.
 */
function probe(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = net.connect({ port, host: '127.0.0.1' });
    sock.setTimeout(1500);
    sock.once('connect', () => {
      sock.destroy();
      resolve(true);
    });
    sock.once('timeout', () => {
      sock.destroy();
      resolve(false);
    });
    sock.once('error', () => resolve(false));
  });
}

function startHealthLoop(intervalMs = 15000): void {
  setInterval(async () => {
    for (const state of running.values()) {
      if (await probe(state.spec.localPort)) continue;
      log(state.spec.name, 'probe failed; restarting forward');
      state.child.kill('SIGTERM');
    }
  }, intervalMs).unref();
}

function printTable(specs: ForwardSpec[]): void {
  for (const s of specs) {
    console.log(`  ${s.name.padEnd(12)} 127.0.0.1:${s.localPort} -> ${s.namespace}/${s.target}:${s.remotePort}`);
  }
}

function selected(names: string[]): ForwardSpec[] {
  if (!names.length) return SPECS;
  const unknown = names.filter((n) => !SPECS.some((s) => s.name === n));
  if (unknown.length) throw new Error(`unknown forwards: ${unknown.join(', ')}`);
  return SPECS.filter((s) => names.includes(s.name));
}

async function main(): Promise<void> {
  assertLocalContext();
  const specs = selected(process.argv.slice(2));
  printTable(specs);
  startHealthLoop();
  for (const spec of specs) {
    if (!(await portFree(spec.localPort))) {
      log(spec.name, `127.0.0.1:${spec.localPort} already in use; skipping`);
      continue;
    }
    start(spec);
  }
  const shutdown = (sig: string) => {
    console.log(`\n${sig}: stopping ${running.size} forward(s)`);
    void stopAll().then(() => process.exit(0));
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  setInterval(() => {
    const names = [...running.keys()];
    if (!names.length && !shuttingDown) {
      console.log('no forwards running; exiting');
      process.exit(1);
    }
  }, 10000).unref();
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
