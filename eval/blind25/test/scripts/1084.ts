// tools/flag-rollout.ts - staged percentage rollout of a LaunchDarkly flag in
// NON-production environments, with automatic pause when the error budget burns.
//
//   tsx tools/flag-rollout.ts plan  --flag new-search --env staging --steps 10,25,50,100
//   tsx tools/flag-rollout.ts run   --flag new-search --env staging --steps 10,25,50,100 --yes
//   tsx tools/flag-rollout.ts pause --flag new-search --env staging
//
// Production is refused by design (--env production exits): production
// rollouts go through the change process in the LaunchDarkly UI.
// LD_API_TOKEN (writer scope for non-prod) comes from env/.env and is sent
// only to app.launchdarkly.com. Error rates are read from the team's
// Prometheus at prometheus.internal (no credentials).

import { existsSync, readFileSync, mkdirSync, appendFileSync } from 'node:fs';
import path from 'node:path';

const REPO = path.resolve(__dirname, '..');
const LD = 'https://app.launchdarkly.com/api/v2';
const PROM = 'http://prometheus.internal:9090/api/v1/query';
const AUDIT = path.join(REPO, 'logs', 'flag-rollout.log');

type Env = 'dev' | 'test' | 'staging';
type Command = 'plan' | 'run' | 'pause';

interface Options {
  command: Command;
  flag: string;
  env: Env;
  steps: number[];
  project: string;
  waitMinutes: number;
  maxErrorRate: number;
  yes: boolean;
}

function readToken(): string {
  const fromEnv = process.env.LD_API_TOKEN;
  if (fromEnv) return fromEnv;
  const file = path.join(REPO, '.env');
  if (existsSync(file)) {
    const m = /^LD_API_TOKEN=(.+)$/m.exec(readFileSync(file, 'utf8'));
    if (m) return m[1].trim();
  }
  throw new Error('LD_API_TOKEN not set');
}

function parseOptions(argv: string[]): Options {
  const [command, ...rest] = argv as [Command, ...string[]];
  if (!['plan', 'run', 'pause'].includes(command)) throw new Error('command must be plan, run or pause');
  const get = (name: string, fallback?: string): string => {
    const i = rest.indexOf(`--${name}`);
    const v = i >= 0 ? rest[i + 1] : fallback;
    if (v === undefined) throw new Error(`--${name} is required`);
    return v;
  };
  const env = get('env') as Env;
  if ((env as string) === 'production') throw new Error('production rollouts are not done with this tool');
  if (!['dev', 'test', 'staging'].includes(env)) throw new Error(`unknown env ${env}`);
  const steps = get('steps', '100').split(',').map(Number);
  if (steps.some((s) => !Number.isInteger(s) || s < 0 || s > 100) || steps.some((s, i) => i > 0 && s <= steps[i - 1])) {
    throw new Error('--steps must be increasing integers 0..100');
  }
  return {
    command,
    flag: get('flag'),
    env,
    steps,
    project: get('project', process.env.LD_PROJECT ?? 'web-app'),
    waitMinutes: Number(get('wait', '15')),
    maxErrorRate: Number(get('max-error-rate', '0.02')),
    yes: rest.includes('--yes'),
  };
}

async function ld<T>(method: 'GET' | 'PATCH', route: string, body?: unknown): Promise<T> {
  const res = await fetch(`${LD}${route}`, {
    method,
    headers: {
      Authorization: readToken(),
      'Content-Type': 'application/json; domain-model=launchdarkly.semanticpatch',
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  return (await res.json()) as T;
}

async function setRollout(o: Options, percent: number): Promise<void> {
  const weight = percent * 1000;
  await ld('PATCH', `/flags/${o.project}/${o.flag}`, {
    environmentKey: o.env,
    comment: `staged rollout to ${percent}% via flag-rollout.ts`,
    instructions: [
      { kind: 'turnFlagOn' },
      {
        kind: 'updateFallthroughVariationOrRollout',
        rolloutWeights: { true: weight, false: 100000 - weight },
        rolloutBucketBy: 'key',
      },
    ],
  });
  audit(`${o.project}/${o.flag}@${o.env} -> ${percent}%`);
}

async function errorRate(o: Options): Promise<number> {
  const q = `sum(rate(http_requests_total{env="${o.env}",code=~"5.."}[5m])) / sum(rate(http_requests_total{env="${o.env}"}[5m]))`;
  const res = await fetch(`${PROM}?query=${encodeURIComponent(q)}`);
  const data = (await res.json()) as { data: { result: { value: [number, string] }[] } };
  return Number(data.data.result[0]?.value[1] ?? 0);
}

function audit(line: string): void {
  mkdirSync(path.join(REPO, 'logs'), { recursive: true });
  appendFileSync(AUDIT, `${new Date().toISOString()} ${process.env.USER ?? '?'} ${line}\n`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function run(o: Options): Promise<void> {
  if (!o.yes) throw new Error('add --yes to change the flag');
  for (const step of o.steps) {
    await setRollout(o, step);
    console.log(`${o.flag}@${o.env}: ${step}%`);
    if (step === 100) break;
    const deadline = Date.now() + o.waitMinutes * 60_000;
    while (Date.now() < deadline) {
      await sleep(60_000);
      const rate = await errorRate(o);
      console.log(`  error rate ${(rate * 100).toFixed(2)}%`);
      if (rate > o.maxErrorRate) {
        await setRollout(o, 0);
        throw new Error(`error rate above ${(o.maxErrorRate * 100).toFixed(1)}%; rolled back to 0%`);
      }
    }
  }
  console.log('rollout complete');
}

interface FlagEnvState {
  on: boolean;
  fallthrough?: { variation?: number; rollout?: { variations: { variation: number; weight: number }[] } };
}

async function status(project: string, flag: string): Promise<void> {
  // read-only view of the flag in every non-production environment
  const data = await ld<{ environments: Record<string, FlagEnvState> }>('GET', `/flags/${project}/${flag}`);
  for (const env of ['dev', 'test', 'staging'] as Env[]) {
    const st = data.environments[env];
    if (!st) continue;
    const rollout = st.fallthrough?.rollout?.variations.find((v) => v.variation === 0);
    const share = rollout ? `${(rollout.weight / 1000).toFixed(1)}%` : st.fallthrough?.variation === 0 ? '100%' : '0%';
    console.log(`${env.padEnd(8)} ${st.on ? 'on ' : 'off'}  serving true to ${share}`);
  }
}

function lastAuditLines(n = 10): string[] {
  if (!existsSync(AUDIT)) return [];
  return readFileSync(AUDIT, 'utf8').trimEnd().split('\n').slice(-n);
}

async function main(): Promise<void> {
  if (process.argv[2] === 'status') {
    const args = process.argv.slice(3);
    const flag = args[args.indexOf('--flag') + 1];
    if (!flag || args.indexOf('--flag') < 0) throw new Error('status needs --flag');
    await status(process.env.LD_PROJECT ?? 'web-app', flag);
    lastAuditLines().forEach((l) => console.log(`  log: ${l}`));
    return;
  }
  const o = parseOptions(process.argv.slice(2));
  if (o.command === 'plan') {
    console.log(`${o.project}/${o.flag} in ${o.env}: ${o.steps.join('% -> ')}%, ${o.waitMinutes} min per step, max error ${o.maxErrorRate}`);
    console.log(`current error rate: ${((await errorRate(o)) * 100).toFixed(2)}%`);
    return;
  }
  if (o.command === 'pause') {
    if (!o.yes) throw new Error('add --yes to change the flag');
    await setRollout(o, 0);
    console.log(`${o.flag}@${o.env}: paused at 0%`);
    return;
  }
  await run(o);
}

main().catch((err: unknown) => {
  process.stderr.write(`flag-rollout: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
