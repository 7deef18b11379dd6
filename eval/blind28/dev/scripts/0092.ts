#!/usr/bin/env -S npx tsx
// Limits for the alarm summary live in config/plant-limits.json:
//   { "conveyor_speed": { "min": 0, "max": 60 }, "filler_temp": { "min": 2, "max": 8 } }
//
// plant-poll.ts - poll the bottling-line simulator over Modbus TCP and OPC UA, log to CSV.
//
//   npx tsx tools/plant-poll.ts --seconds 60                 poll both, write build/poll/<ts>.csv
//   npx tsx tools/plant-poll.ts --setpoint 42.5 --apply      write the conveyor setpoint (simulator only)
//
// Endpoints come from config/plant.json and are restricted to the local simulator
// (localhost / 127.0.0.1 / *.sim.internal).  Modbus reads use `mbpoll` in one-shot
// mode; OPC UA uses node-opcua.  Writing a setpoint needs --apply and is refused
// for any endpoint that is not the simulator.
import { execFile } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { AttributeIds, DataType, OPCUAClient, type ClientSession } from 'node-opcua';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname ?? '.', '..');
const OUT_DIR = join(ROOT, 'build', 'poll');

interface PlantConfig {
  modbus: { host: string; port: number; unit: number; registers: { name: string; address: number; scale: number }[] };
  opcua: { endpoint: string; nodes: { name: string; nodeId: string }[]; setpointNode: string };
}

type Sample = Record<string, number | string>;

function isSimulator(host: string): boolean {
  return host === 'localhost' || host === '127.0.0.1' || host.endsWith('.sim.internal');
}

function loadConfig(): PlantConfig {
  const cfg = JSON.parse(readFileSync(join(ROOT, 'config', 'plant.json'), 'utf8')) as PlantConfig;
  const opcHost = new URL(cfg.opcua.endpoint.replace(/^opc\.tcp:/, 'http:')).hostname;
  for (const host of [cfg.modbus.host, opcHost]) {
    if (!isSimulator(host)) throw new Error(`endpoint ${host} is not the simulator; refusing to poll plant equipment`);
  }
  return cfg;
}

async function readModbus(cfg: PlantConfig['modbus']): Promise<Sample> {
  const sample: Sample = {};
  const addresses = cfg.registers.map((r) => r.address);
  const first = Math.min(...addresses);
  const count = Math.max(...addresses) - first + 1;
  const { stdout } = await run('mbpoll', [
    '-m', 'tcp', '-p', String(cfg.port), '-a', String(cfg.unit), '-t', '4', '-r', String(first),
    '-c', String(count), '-1', '-q', cfg.host,
  ], { timeout: 10_000 });
  const values = new Map<number, number>();
  for (const line of stdout.split('\n')) {
    const m = /^\[(\d+)\]:\s+(-?\d+)/.exec(line.trim());
    if (m) values.set(Number(m[1]), Number(m[2]));
  }
  for (const r of cfg.registers) {
    const raw = values.get(r.address);
    sample[r.name] = raw === undefined ? '' : raw * r.scale;
  }
  return sample;
}

async function readOpc(session: ClientSession, nodes: PlantConfig['opcua']['nodes']): Promise<Sample> {
  const results = await session.read(nodes.map((n) => ({ nodeId: n.nodeId, attributeId: AttributeIds.Value })));
  const sample: Sample = {};
  nodes.forEach((n, i) => {
    const v = results[i].value?.value;
    sample[n.name] = typeof v === 'number' ? Number(v.toFixed(3)) : String(v ?? '');
  });
  return sample;
}

async function writeSetpoint(session: ClientSession, nodeId: string, value: number): Promise<void> {
  const status = await session.write({
    nodeId,
    attributeId: AttributeIds.Value,
    value: { value: { dataType: DataType.Double, value } },
  });
  if (!status.isGood()) throw new Error(`setpoint write failed: ${status.toString()}`);
}

interface Limits {
  [name: string]: { min: number; max: number };
}

function loadLimits(): Limits {
  try {
    return JSON.parse(readFileSync(join(ROOT, 'config', 'plant-limits.json'), 'utf8')) as Limits;
  } catch {
    return {};
  }
}

function checkLimits(row: Sample, limits: Limits, alarms: Map<string, number>): void {
  for (const [name, { min, max }] of Object.entries(limits)) {
    const v = row[name];
    if (typeof v !== 'number') continue;
    if (v < min || v > max) {
      alarms.set(name, (alarms.get(name) ?? 0) + 1);
      if (alarms.get(name) === 1) console.warn(`${row.ts}: ${name}=${v} outside [${min}, ${max}]`);
    }
  }
}

function summarise(file: string, columns: string[]): void {
  const lines = readFileSync(file, 'utf8').trim().split('\n').slice(1);
  const cols = columns.slice(1);
  for (const [i, name] of cols.entries()) {
    const values = lines.map((l) => Number(l.split(',')[i + 1])).filter((n) => !Number.isNaN(n));
    if (!values.length) continue;
    const min = Math.min(...values);
    const max = Math.max(...values);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    console.log(`  ${name.padEnd(20)} min ${min.toFixed(2).padStart(9)}  mean ${mean.toFixed(2).padStart(9)}  max ${max.toFixed(2).padStart(9)}`);
  }
}

function argNumber(args: string[], name: string): number | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const v = Number(args[i + 1]);
  if (Number.isNaN(v)) throw new Error(`${name} expects a number`);
  return v;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const cfg = loadConfig();
  const seconds = argNumber(args, '--seconds') ?? 30;
  const setpoint = argNumber(args, '--setpoint');

  const client = OPCUAClient.create({ endpointMustExist: false, connectionStrategy: { maxRetry: 3, initialDelay: 500 } });
  await client.connect(cfg.opcua.endpoint);
  const session = await client.createSession();
  let stopping = false;
  process.on('SIGINT', () => {
    stopping = true;
  });

  try {
    if (setpoint !== undefined) {
      if (!args.includes('--apply')) {
        console.log(`would write setpoint ${setpoint} to ${cfg.opcua.setpointNode} (add --apply; simulator only)`);
      } else {
        await writeSetpoint(session, cfg.opcua.setpointNode, setpoint);
        console.log(`setpoint ${setpoint} written to the simulator`);
      }
    }

    mkdirSync(OUT_DIR, { recursive: true });
    const file = join(OUT_DIR, `${new Date().toISOString().replace(/[:.]/g, '-')}.csv`);
    const out = createWriteStream(file);
    const columns = ['ts', ...cfg.modbus.registers.map((r) => r.name), ...cfg.opcua.nodes.map((n) => n.name)];
    out.write(columns.join(',') + '\n');
    const end = Date.now() + seconds * 1000;
    const limits = loadLimits();
    const alarms = new Map<string, number>();
    let rows = 0;
    while (Date.now() < end && !stopping) {
      const [mb, opc] = await Promise.all([readModbus(cfg.modbus), readOpc(session, cfg.opcua.nodes)]);
      const row: Sample = { ts: new Date().toISOString(), ...mb, ...opc };
      out.write(columns.map((c) => row[c] ?? '').join(',') + '\n');
      checkLimits(row, limits, alarms);
      rows++;
      await new Promise((r) => setTimeout(r, 1000));
    }
    await new Promise<void>((r) => out.end(r));
    console.log(`${rows} samples -> ${file.replace(`${ROOT}/`, '')}`);
    summarise(file, columns);
    for (const [name, n] of alarms) console.log(`  alarm: ${name} out of range in ${n} sample(s)`);
  } finally {
    await session.close();
    await client.disconnect();
  }
}

main().catch((err: unknown) => {
  console.error(`plant-poll: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
