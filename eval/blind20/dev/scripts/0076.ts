#!/usr/bin/env -S npx tsx
// scripts/skaffold.ts - run skaffold with the right profile for a LOCAL cluster.
//
//   npx tsx scripts/skaffold.ts dev           skaffold dev against kind/minikube/k3d
//   npx tsx scripts/skaffold.ts run --tail    one-shot deploy
//   npx tsx scripts/skaffold.ts delete        skaffold delete of what this repo deployed
//
// The kube context is taken from skaffold.local.json (or the current context)
// and must match an allow-list of local cluster prefixes. Remote contexts are
// rejected before skaffold starts, because `skaffold delete` would happily
// remove the same objects from a shared cluster.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

type Action = 'dev' | 'run' | 'delete' | 'render' | 'diagnose';

interface LocalConfig {
  context?: string;
  namespace: string;
  profile: string;
  defaultRepo: string;
  portForward: boolean;
}

const ROOT = path.resolve(__dirname, '..');
const CONFIG_FILE = path.join(ROOT, 'skaffold.local.json');
const LOCAL_CONTEXT_PREFIXES = ['kind-', 'minikube', 'k3d-', 'docker-desktop', 'rancher-desktop', 'orbstack'];
const ACTIONS: readonly Action[] = ['dev', 'run', 'delete', 'render', 'diagnose'];

const DEFAULTS: LocalConfig = {
  namespace: 'orders',
  profile: 'local',
  defaultRepo: 'localhost:5001',
  portForward: true,
};

function log(msg: string): void {
  process.stderr.write(`[skaffold.ts] ${msg}\n`);
}

function loadConfig(): LocalConfig {
  if (!existsSync(CONFIG_FILE)) return { ...DEFAULTS };
  const parsed = JSON.parse(readFileSync(CONFIG_FILE, 'utf8')) as Partial<LocalConfig>;
  return { ...DEFAULTS, ...parsed };
}

function currentContext(): string {
  const res = spawnSync('kubectl', ['config', 'current-context'], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error('no current kube context; create the cluster with make cluster');
  return res.stdout.trim();
}

function isLocalContext(ctx: string): boolean {
  return LOCAL_CONTEXT_PREFIXES.some((p) => ctx === p || ctx.startsWith(p));
}

function clusterServer(ctx: string): string {
  const res = spawnSync('kubectl', [
    'config', 'view', '--minify', '--context', ctx,
    '-o', 'jsonpath={.clusters[0].cluster.server}',
  ], { encoding: 'utf8' });
  return res.stdout.trim();
}

function assertLocal(ctx: string): void {
  if (!isLocalContext(ctx)) {
    throw new Error(`context "${ctx}" is not a local cluster; refusing (allowed prefixes: ${LOCAL_CONTEXT_PREFIXES.join(', ')})`);
  }
  const server = clusterServer(ctx);
  const host = server ? new URL(server).hostname : '';
  const localHosts = ['127.0.0.1', 'localhost', '0.0.0.0', 'host.docker.internal', 'kubernetes.docker.internal'];
  if (host && !localHosts.includes(host) && !host.startsWith('192.168.')) {
    throw new Error(`context ${ctx} points at ${host}, which does not look like a local cluster`);
  }
}

function parseArgs(argv: string[]): { action: Action; extra: string[] } {
  const [first, ...rest] = argv;
  const action = (first ?? 'dev') as Action;
  if (!ACTIONS.includes(action)) {
    throw new Error(`unknown action ${first}; expected one of ${ACTIONS.join(', ')}`);
  }
  return { action, extra: rest };
}

function skaffoldArgs(action: Action, cfg: LocalConfig, ctx: string, extra: string[]): string[] {
  const common = [
    '--kube-context', ctx,
    '--namespace', cfg.namespace,
    '--profile', cfg.profile,
  ];
  switch (action) {
    case 'dev':
      return ['dev', ...common, '--default-repo', cfg.defaultRepo,
        `--port-forward=${cfg.portForward ? 'user' : 'off'}`, '--cleanup=true', ...extra];
    case 'run':
      return ['run', ...common, '--default-repo', cfg.defaultRepo, ...extra];
    case 'delete':
      return ['delete', ...common, ...extra];
    case 'render':
      return ['render', '--profile', cfg.profile, '--output', path.join('build', 'skaffold-rendered.yaml'),
        '--offline=true', ...extra];
    case 'diagnose':
      return ['diagnose', '--profile', cfg.profile, ...extra];
    default: {
      const never: never = action;
      throw new Error(`unhandled ${String(never)}`);
    }
  }
}

function ensureNamespace(ctx: string, ns: string): void {
  const get = spawnSync('kubectl', ['--context', ctx, 'get', 'namespace', ns], { stdio: 'ignore' });
  if (get.status === 0) return;
  log(`creating namespace ${ns} in ${ctx}`);
  const res = spawnSync('kubectl', ['--context', ctx, 'create', 'namespace', ns], { stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`could not create namespace ${ns}`);
}

function recordRun(action: Action, ctx: string, code: number): void {
  const dir = path.join(ROOT, '.cache');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'skaffold-runs.jsonl');
  const line = JSON.stringify({ at: new Date().toISOString(), action, context: ctx, code });
  writeFileSync(file, `${line}\n`, { flag: 'a' });
}

function runSkaffold(args: string[]): Promise<number> {
  log(`skaffold ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn('skaffold', args, { cwd: ROOT, stdio: 'inherit' });
    let forwarded = false;
    const forward = (sig: NodeJS.Signals) => () => {
      if (forwarded) return;
      forwarded = true;
      // skaffold dev cleans up its own deployments on SIGINT
      child.kill(sig);
    };
    process.on('SIGINT', forward('SIGINT'));
    process.on('SIGTERM', forward('SIGTERM'));
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

function checkSkaffoldVersion(): void {
  // profiles with `activation.kubeContext` need skaffold >= 2.3
  const res = spawnSync('skaffold', ['version'], { encoding: 'utf8' });
  if (res.error) throw new Error('skaffold is not installed (brew install skaffold)');
  const m = /v?(\d+)\.(\d+)\.(\d+)/.exec(res.stdout);
  if (!m) return;
  const [major, minor] = [Number(m[1]), Number(m[2])];
  if (major < 2 || (major === 2 && minor < 3)) {
    throw new Error(`skaffold ${m[0]} is too old; need >= 2.3`);
  }
}

function lastRuns(limit = 5): string[] {
  const file = path.join(ROOT, '.cache', 'skaffold-runs.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').trim().split('\n').slice(-limit);
}

function printHistory(): void {
  const runs = lastRuns();
  if (!runs.length) return;
  log('recent runs:');
  for (const line of runs) {
    const r = JSON.parse(line) as { at: string; action: string; context: string; code: number };
    log(`  ${r.at}  ${r.action.padEnd(8)} ${r.context}  exit ${r.code}`);
  }
}

async function main(): Promise<void> {
  const { action, extra } = parseArgs(process.argv.slice(2));
  checkSkaffoldVersion();
  if (process.env.VERBOSE) printHistory();
  const cfg = loadConfig();
  if (action === 'render' || action === 'diagnose') {
    process.exitCode = await runSkaffold(skaffoldArgs(action, cfg, '', extra));
    return;
  }
  const ctx = cfg.context ?? currentContext();
  assertLocal(ctx);
  if (action !== 'delete') ensureNamespace(ctx, cfg.namespace);
  const code = await runSkaffold(skaffoldArgs(action, cfg, ctx, extra));
  recordRun(action, ctx, code);
  process.exitCode = code;
}

main().catch((err: Error) => {
  log(err.message);
  process.exitCode = 1;
});
