#!/usr/bin/env -S npx tsx
// test/vm/lima.ts - disposable Lima VM for the systemd integration tests.
//
//   npx tsx test/vm/lima.ts up      create + start "proj-itest" from test/vm/itest.yaml
//   npx tsx test/vm/lima.ts test    copy the build into the VM and run the test suite
//   npx tsx test/vm/lima.ts down    stop + delete the VM this script created
//
// Only instances whose name starts with "proj-itest" are ever stopped or
// deleted, and only if the instance's dir contains our marker file.
import { spawnSync, SpawnSyncReturns } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const TEMPLATE = path.join(__dirname, 'itest.yaml');
const INSTANCE = process.env.LIMA_INSTANCE ?? 'proj-itest';
const PREFIX = 'proj-itest';
const MARKER = 'created-by-proj-itest';

interface LimaInstance {
  name: string;
  status: 'Running' | 'Stopped' | 'Broken' | string;
  dir: string;
  cpus: number;
  memory: number;
}

function limactl(args: string[], capture = false): SpawnSyncReturns<string> {
  if (!capture) console.error(`+ limactl ${args.join(' ')}`);
  const res = spawnSync('limactl', args, {
    encoding: 'utf8',
    stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  if (res.error) throw new Error(`limactl not available: ${res.error.message}`);
  return res;
}

function instances(): LimaInstance[] {
  const res = limactl(['list', '--json'], true);
  if (res.status !== 0) return [];
  return res.stdout
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as LimaInstance);
}

function find(name: string): LimaInstance | undefined {
  return instances().find((i) => i.name === name);
}

function assertOurs(inst: LimaInstance): void {
  if (!inst.name.startsWith(PREFIX)) throw new Error(`${inst.name} is not a test instance`);
  const marker = path.join(inst.dir, MARKER);
  if (!existsSync(marker)) {
    throw new Error(`${inst.name} has no ${MARKER} marker; it was not created by this script`);
  }
}

function up(): void {
  if (!INSTANCE.startsWith(PREFIX)) throw new Error(`instance name must start with ${PREFIX}`);
  let inst = find(INSTANCE);
  if (!inst) {
    const res = limactl(['create', `--name=${INSTANCE}`, '--tty=false', TEMPLATE]);
    if (res.status !== 0) throw new Error('limactl create failed');
    inst = find(INSTANCE);
    if (!inst) throw new Error('instance not listed after create');
    writeFileSync(path.join(inst.dir, MARKER), `${new Date().toISOString()} ${os.userInfo().username}\n`);
  }
  assertOurs(inst);
  if (inst.status !== 'Running') {
    const res = limactl(['start', '--tty=false', INSTANCE]);
    if (res.status !== 0) throw new Error('limactl start failed');
  }
  console.error(`${INSTANCE} running`);
}

function shell(cmd: string[]): number {
  const res = limactl(['shell', '--workdir', '/tmp', INSTANCE, ...cmd]);
  return res.status ?? 1;
}

function copyIn(src: string, dst: string): void {
  const res = limactl(['copy', '-r', src, `${INSTANCE}:${dst}`]);
  if (res.status !== 0) throw new Error(`copy of ${src} failed`);
}

function test(): void {
  const inst = find(INSTANCE);
  if (!inst || inst.status !== 'Running') throw new Error(`${INSTANCE} is not running; run "up" first`);
  assertOurs(inst);
  const build = path.join(ROOT, 'build', 'linux-amd64');
  if (!existsSync(build)) throw new Error('build/linux-amd64 missing; run make build-linux');
  shell(['rm', '-rf', '/tmp/itest']);
  shell(['mkdir', '-p', '/tmp/itest']);
  copyIn(build, '/tmp/itest/');
  copyIn(path.join(ROOT, 'test', 'vm', 'suite.sh'), '/tmp/itest/suite.sh');
  const code = shell(['sudo', 'bash', '/tmp/itest/suite.sh', '/tmp/itest/linux-amd64']);
  const logs = limactl(['shell', INSTANCE, 'sudo', 'journalctl', '-u', 'agentd', '--no-pager', '-n', '200'], true);
  writeFileSync(path.join(ROOT, 'build', 'itest-journal.log'), logs.stdout ?? '');
  if (code !== 0) {
    console.error('integration suite failed; journal in build/itest-journal.log');
    process.exitCode = code;
  }
}

function down(): void {
  const inst = find(INSTANCE);
  if (!inst) {
    console.error(`${INSTANCE} not present`);
    return;
  }
  assertOurs(inst);
  if (inst.status === 'Running') limactl(['stop', INSTANCE]);
  const res = limactl(['delete', INSTANCE]);
  if (res.status !== 0) throw new Error('limactl delete failed');
}

function status(): void {
  const all = instances();
  if (!all.length) {
    console.log('no lima instances');
    return;
  }
  for (const inst of all) {
    const ours = inst.name.startsWith(PREFIX) && existsSync(path.join(inst.dir, MARKER));
    const mem = (inst.memory / 1024 ** 3).toFixed(1);
    console.log(`${inst.name.padEnd(20)} ${inst.status.padEnd(8)} ${inst.cpus} cpu ${mem} GiB ${ours ? '(ours)' : ''}`);
  }
}

function collectArtifacts(): void {
  // copy test reports out of the VM before it is torn down
  const inst = find(INSTANCE);
  if (!inst || inst.status !== 'Running') return;
  assertOurs(inst);
  const target = path.join(ROOT, 'build', 'itest-reports');
  const res = limactl(['copy', '-r', `${INSTANCE}:/tmp/itest/reports`, target], true);
  if (res.status === 0) console.error(`reports copied to ${path.relative(ROOT, target)}`);
  else console.error('no reports to copy');
}

function resources(): { cpus: number; memoryGiB: number } {
  const cpus = Math.max(2, Math.min(4, Math.floor(os.cpus().length / 2)));
  const memoryGiB = Math.max(2, Math.min(8, Math.floor(os.totalmem() / 1024 ** 3 / 4)));
  return { cpus, memoryGiB };
}

function printPlan(): void {
  const r = resources();
  console.error(`instance ${INSTANCE}: ${r.cpus} cpus, ${r.memoryGiB} GiB (template ${path.relative(ROOT, TEMPLATE)})`);
}

function validateTemplate(): void {
  const text = readFileSync(TEMPLATE, 'utf8');
  if (/mounts:[\s\S]*location:\s*"~"[\s\S]*writable:\s*true/.test(text)) {
    throw new Error('itest.yaml must not mount the home directory writable');
  }
}

const commands: Record<string, () => void> = {
  up: () => {
    printPlan();
    up();
  },
  test,
  down: () => {
    collectArtifacts();
    down();
  },
  status,
};

function main(): void {
  const cmd = process.argv[2] ?? 'up';
  const fn = commands[cmd];
  if (!fn) throw new Error(`usage: lima.ts ${Object.keys(commands).join('|')}`);
  validateTemplate();
  fn();
}

try {
  main();
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
}
