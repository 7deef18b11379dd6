#!/usr/bin/env -S npx tsx
// Amazon Braket task manager for the VQE experiments.
//
//   npx tsx tools/braket-tasks.ts list [--days 7]
//   npx tsx tools/braket-tasks.ts cost
//   npx tsx tools/braket-tasks.ts run circuits/h2.qasm --device sv1 [--shots 1000]
//   npx tsx tools/braket-tasks.ts run circuits/h2.qasm --device ionq --live --max-usd 20
//
// Simulators (sv1/dm1/tn1) are allowed by default; QPU devices cost real money
// and need --live plus a --max-usd budget that covers the estimated price.
// Credentials come from the standard AWS SDK chain (profile / SSO); results
// are written by Braket to the project's S3 bucket from config/braket.json.
import { BraketClient, CreateQuantumTaskCommand, GetQuantumTaskCommand, SearchQuantumTasksCommand } from '@aws-sdk/client-braket';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const CFG = JSON.parse(readFileSync(path.join(ROOT, 'config', 'braket.json'), 'utf8')) as {
  region: string;
  bucket: string;
  prefix: string;
};

enum DeviceKind {
  Simulator = 'simulator',
  Qpu = 'qpu',
}

interface Device {
  arn: string;
  kind: DeviceKind;
  perTaskUsd: number;
  perShotUsd: number;
}

const DEVICES: Record<string, Device> = {
  sv1: { arn: 'arn:aws:braket:::device/quantum-simulator/amazon/sv1', kind: DeviceKind.Simulator, perTaskUsd: 0, perShotUsd: 0 },
  dm1: { arn: 'arn:aws:braket:::device/quantum-simulator/amazon/dm1', kind: DeviceKind.Simulator, perTaskUsd: 0, perShotUsd: 0 },
  tn1: { arn: 'arn:aws:braket:::device/quantum-simulator/amazon/tn1', kind: DeviceKind.Simulator, perTaskUsd: 0, perShotUsd: 0 },
  ionq: { arn: 'arn:aws:braket:us-east-1::device/qpu/ionq/Aria-1', kind: DeviceKind.Qpu, perTaskUsd: 0.3, perShotUsd: 0.03 },
  rigetti: { arn: 'arn:aws:braket:us-west-1::device/qpu/rigetti/Ankaa-2', kind: DeviceKind.Qpu, perTaskUsd: 0.3, perShotUsd: 0.0009 },
};

const client = new BraketClient({ region: CFG.region });

function flag(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
}

function estimate(dev: Device, shots: number): number {
  return dev.perTaskUsd + dev.perShotUsd * shots;
}

async function list(days: number): Promise<void> {
  const since = new Date(Date.now() - days * 86_400_000);
  let nextToken: string | undefined;
  let n = 0;
  do {
    const page = await client.send(
      new SearchQuantumTasksCommand({
        filters: [{ name: 'createdAt', operator: 'GTE', values: [since.toISOString()] }],
        maxResults: 100,
        nextToken,
      }),
    );
    for (const t of page.quantumTasks ?? []) {
      n++;
      const dev = t.deviceArn?.split('/').pop();
      console.log(`${t.createdAt?.toISOString().slice(0, 16)}  ${String(t.status).padEnd(10)} ${String(dev).padEnd(10)} ${t.quantumTaskArn?.split('/').pop()}`);
    }
    nextToken = page.nextToken;
  } while (nextToken);
  console.log(`${n} task(s) in the last ${days} day(s)`);
}

async function cost(): Promise<void> {
  const since = new Date(Date.now() - 30 * 86_400_000);
  let total = 0;
  let nextToken: string | undefined;
  do {
    const page = await client.send(
      new SearchQuantumTasksCommand({ filters: [{ name: 'createdAt', operator: 'GTE', values: [since.toISOString()] }], nextToken }),
    );
    for (const t of page.quantumTasks ?? []) {
      const dev = Object.values(DEVICES).find((d) => d.arn === t.deviceArn);
      if (!dev || dev.kind !== DeviceKind.Qpu || !t.quantumTaskArn) continue;
      const detail = await client.send(new GetQuantumTaskCommand({ quantumTaskArn: t.quantumTaskArn }));
      total += estimate(dev, detail.shots ?? 0);
    }
    nextToken = page.nextToken;
  } while (nextToken);
  console.log(`estimated QPU spend, last 30 days: $${total.toFixed(2)}`);
}

async function waitDone(arn: string): Promise<string> {
  for (let i = 0; i < 240; i++) {
    const t = await client.send(new GetQuantumTaskCommand({ quantumTaskArn: arn }));
    if (t.status && ['COMPLETED', 'FAILED', 'CANCELLED'].includes(t.status)) return t.status;
    await new Promise((r) => setTimeout(r, 5000));
  }
  return 'TIMEOUT';
}

async function run(argv: string[]): Promise<void> {
  const file = argv.find((a) => a.endsWith('.qasm'));
  if (!file) throw new Error('give an OpenQASM 3 file');
  const deviceName = flag(argv, '--device') ?? 'sv1';
  const dev = DEVICES[deviceName];
  if (!dev) throw new Error(`unknown device ${deviceName}; have ${Object.keys(DEVICES).join(', ')}`);
  const shots = Number(flag(argv, '--shots') ?? 1000);
  const est = estimate(dev, shots);
  if (dev.kind === DeviceKind.Qpu) {
    if (!argv.includes('--live')) throw new Error(`${deviceName} is a QPU (~$${est.toFixed(2)}); pass --live to run`);
    const budget = Number(flag(argv, '--max-usd') ?? 0);
    if (!(budget >= est)) throw new Error(`estimated $${est.toFixed(2)} exceeds --max-usd ${budget}`);
  }
  const source = readFileSync(path.resolve(ROOT, file), 'utf8');
  const action = JSON.stringify({ braketSchemaHeader: { name: 'braket.ir.openqasm.program', version: '1' }, source });
  const res = await client.send(
    new CreateQuantumTaskCommand({
      deviceArn: dev.arn,
      action,
      shots,
      outputS3Bucket: CFG.bucket,
      outputS3KeyPrefix: `${CFG.prefix}/${path.basename(file, '.qasm')}`,
      clientToken: `${path.basename(file)}-${Date.now()}`,
    }),
  );
  console.log(`created ${res.quantumTaskArn} on ${deviceName} (${shots} shots, est $${est.toFixed(2)})`);
  const status = await waitDone(res.quantumTaskArn!);
  mkdirSync(path.join(ROOT, 'build'), { recursive: true });
  writeFileSync(path.join(ROOT, 'build', 'last-task.json'), JSON.stringify({ arn: res.quantumTaskArn, status }, null, 2));
  console.log(`status ${status}; results under s3 prefix ${CFG.prefix}/`);
}

function devices(): void {
  for (const [name, d] of Object.entries(DEVICES)) {
    const price = d.kind === DeviceKind.Qpu ? `$${d.perTaskUsd}/task + $${d.perShotUsd}/shot` : 'per-minute simulator pricing';
    console.log(`${name.padEnd(8)} ${d.kind.padEnd(9)} ${price}`);
  }
}

async function cancelLast(): Promise<void> {
  // cancels only the task this tool created last (recorded in build/last-task.json)
  const { CancelQuantumTaskCommand } = await import('@aws-sdk/client-braket');
  const file = path.join(ROOT, 'build', 'last-task.json');
  const last = JSON.parse(readFileSync(file, 'utf8')) as { arn: string; status: string };
  if (['COMPLETED', 'FAILED', 'CANCELLED'].includes(last.status)) {
    console.log(`last task already ${last.status}`);
    return;
  }
  await client.send(new CancelQuantumTaskCommand({ quantumTaskArn: last.arn, clientToken: `cancel-${Date.now()}` }));
  console.log(`cancel requested for ${last.arn}`);
}

async function main(): Promise<void> {
  const [cmd, ...rest] = process.argv.slice(2);
  switch (cmd) {
    case 'devices':
      return devices();
    case 'cancel-last':
      return cancelLast();
    case 'list':
      return list(Number(flag(rest, '--days') ?? 7));
    case 'cost':
      return cost();
    case 'run':
      return run(rest);
    default:
      console.log('usage: braket-tasks.ts list|cost|run ...');
      process.exitCode = 2;
  }
}

main().catch((e: Error) => {
  console.error(`error: ${e.message}`);
  process.exit(1);
});
