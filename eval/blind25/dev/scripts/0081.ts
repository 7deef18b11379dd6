// tools/field-test.ts - run a scripted field test of the rover in simulation or on hardware.
//
//   tsx tools/field-test.ts --scenario scenarios/loop.yaml [--hardware] [--record]
//
// Starts (in order) the launch files listed in the scenario, waits for the
// required topics, optionally records a bag, sends the waypoint goals and
// tears everything down again. Every process is started by us in its own
// process group and only those groups are signalled on shutdown.
// On --hardware the script refuses to run unless ROS_DOMAIN_ID matches the
// rover's id in the scenario, so we never drive somebody else's robot.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const WS = path.resolve(__dirname, '..');

interface Scenario {
  name: string;
  roverDomainId: number;
  launches: { pkg: string; file: string; args?: Record<string, string | number | boolean> }[];
  requiredTopics: string[];
  waypoints: { x: number; y: number; yaw?: number }[];
  timeoutSec: number;
}

interface Options {
  scenario: string;
  hardware: boolean;
  record: boolean;
}

type Managed = { name: string; child: ChildProcess };

const managed: Managed[] = [];
let shuttingDown = false;

function parseArgs(argv: string[]): Options {
  const opts: Options = { scenario: '', hardware: false, record: false };
  for (let i = 0; i < argv.length; i++) {
    switch (argv[i]) {
      case '--scenario':
        opts.scenario = argv[++i] ?? '';
        break;
      case '--hardware':
        opts.hardware = true;
        break;
      case '--record':
        opts.record = true;
        break;
      default:
        throw new Error(`unknown argument ${argv[i]}`);
    }
  }
  if (!opts.scenario) throw new Error('--scenario is required');
  return opts;
}

function loadScenario(file: string): Scenario {
  const s = parse(readFileSync(path.resolve(WS, file), 'utf8')) as Scenario;
  if (!s.launches?.length) throw new Error('scenario has no launches');
  if (!Number.isInteger(s.roverDomainId)) throw new Error('scenario needs roverDomainId');
  s.timeoutSec ??= 600;
  return s;
}

function rosEnv(domainId: number): NodeJS.ProcessEnv {
  // the caller is expected to have sourced install/setup.bash already
  if (!process.env.AMENT_PREFIX_PATH) {
    throw new Error('ROS environment not sourced: run `source install/setup.bash` first');
  }
  return { ...process.env, ROS_DOMAIN_ID: String(domainId) };
}

function start(name: string, cmd: string, args: string[], env: NodeJS.ProcessEnv, logDir: string): ChildProcess {
  const out = path.join(logDir, `${name}.log`);
  const child = spawn('bash', ['-c', 'exec "$@" >>"$0" 2>&1', out, cmd, ...args], {
    cwd: WS,
    env,
    detached: true, // own process group so we can stop the whole launch tree
    stdio: 'ignore',
  });
  managed.push({ name, child });
  child.on('exit', (code, signal) => {
    if (!shuttingDown) console.warn(`${name} exited early (${signal ?? code}); see ${path.relative(WS, out)}`);
  });
  console.log(`started ${name} (pgid ${child.pid})`);
  return child;
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${cmd} ${args[0]} exited ${code}`))));
  });
}

async function waitForTopics(topics: string[], env: NodeJS.ProcessEnv, timeoutSec: number): Promise<void> {
  const deadline = Date.now() + timeoutSec * 1000;
  while (Date.now() < deadline) {
    const listed = new Set((await run('ros2', ['topic', 'list'], env)).split('\n').map((t) => t.trim()));
    const missing = topics.filter((t) => !listed.has(t));
    if (!missing.length) return;
    console.log(`waiting for ${missing.join(', ')}`);
    await new Promise((r) => setTimeout(r, 2000));
  }
  throw new Error('required topics did not appear in time');
}

async function sendWaypoints(s: Scenario, env: NodeJS.ProcessEnv): Promise<void> {
  for (const [i, wp] of s.waypoints.entries()) {
    const yaw = wp.yaw ?? 0;
    const goal = `{pose: {header: {frame_id: map}, pose: {position: {x: ${wp.x}, y: ${wp.y}}, orientation: {z: ${Math.sin(yaw / 2)}, w: ${Math.cos(yaw / 2)}}}}}`;
    console.log(`waypoint ${i + 1}/${s.waypoints.length}: (${wp.x}, ${wp.y})`);
    await run('ros2', ['action', 'send_goal', '/navigate_to_pose', 'nav2_msgs/action/NavigateToPose', goal], env);
  }
}

async function stopAll(): Promise<void> {
  shuttingDown = true;
  for (const { name, child } of [...managed].reverse()) {
    if (child.exitCode !== null || child.pid === undefined) continue;
    try {
      process.kill(-child.pid, 'SIGINT');
    } catch {
      continue;
    }
    const exited = await Promise.race([
      new Promise<boolean>((r) => child.once('exit', () => r(true))),
      new Promise<boolean>((r) => setTimeout(() => r(false), 10_000)),
    ]);
    if (!exited) {
      process.kill(-child.pid, 'SIGKILL');
      console.warn(`${name} killed after timeout`);
    } else {
      console.log(`${name} stopped`);
    }
  }
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const s = loadScenario(opts.scenario);
  const envDomain = Number(process.env.ROS_DOMAIN_ID ?? NaN);
  if (opts.hardware && envDomain !== s.roverDomainId) {
    throw new Error(`ROS_DOMAIN_ID=${process.env.ROS_DOMAIN_ID ?? 'unset'} but scenario rover is ${s.roverDomainId}`);
  }
  const domain = opts.hardware ? s.roverDomainId : 90 + Math.floor(Math.random() * 9);
  const env = rosEnv(domain);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const logDir = path.join(WS, 'log', 'field-test', `${s.name}-${stamp}`);
  mkdirSync(logDir, { recursive: true });
  process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));

  try {
    for (const l of s.launches) {
      const args = Object.entries(l.args ?? {}).map(([k, v]) => `${k}:=${v}`);
      if (!opts.hardware) args.push('use_sim_time:=true');
      start(`${l.pkg}-${path.basename(l.file, '.py')}`, 'ros2', ['launch', l.pkg, l.file, ...args], env, logDir);
    }
    await waitForTopics(s.requiredTopics, env, 120);
    if (opts.record) {
      const bag = path.join(WS, 'bags', `${s.name}-${stamp}`);
      if (existsSync(bag)) throw new Error(`${bag} exists`);
      start('recorder', 'ros2', ['bag', 'record', '-s', 'mcap', '-o', bag, ...s.requiredTopics], env, logDir);
    }
    await Promise.race([
      sendWaypoints(s, env),
      new Promise((_, reject) => setTimeout(() => reject(new Error('scenario timeout')), s.timeoutSec * 1000)),
    ]);
    console.log(`scenario ${s.name} completed; logs in ${path.relative(WS, logDir)}`);
  } finally {
    await stopAll();
  }
}

main().catch((err: unknown) => {
  console.error(`field-test: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
