#!/usr/bin/env -S npx tsx
/**
 * Manage the Harbor project's own Android Virtual Devices.
 *
 *   tsx tools/avd.ts create   [--api 34] [--device pixel_7]
 *   tsx tools/avd.ts start    [--headless] [--snapshot ready]
 *   tsx tools/avd.ts snapshot save|load NAME
 *   tsx tools/avd.ts delete
 *   tsx tools/avd.ts list
 *
 * Every AVD this tool manages is named harbor-<device>-api<level>; `delete` and
 * `snapshot` only ever act on those names, so personal emulators are untouched.
 * The emulator started by `start` runs on a fixed console port (5580) and is
 * addressed through its serial (emulator-5580) for every adb call. The system
 * image must already be installed (sdkmanager "system-images;android-34;google_apis;arm64-v8a").
 */
import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';

const SDK = process.env.ANDROID_HOME ?? process.env.ANDROID_SDK_ROOT ?? '';
const AVDMANAGER = path.join(SDK, 'cmdline-tools', 'latest', 'bin', 'avdmanager');
const EMULATOR = path.join(SDK, 'emulator', 'emulator');
const ADB = path.join(SDK, 'platform-tools', 'adb');
const PORT = 5580;
const SERIAL = `emulator-${PORT}`;
const PREFIX = 'harbor-';

interface Options {
  cmd: string;
  api: number;
  device: string;
  headless: boolean;
  snapshot: string | null;
  rest: string[];
}

function parse(argv: string[]): Options {
  const o: Options = { cmd: argv[0] ?? 'list', api: 34, device: 'pixel_7', headless: false, snapshot: null, rest: [] };
  for (let i = 1; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--api') o.api = Number(argv[++i]);
    else if (a === '--device') o.device = argv[++i];
    else if (a === '--headless') o.headless = true;
    else if (a === '--snapshot') o.snapshot = argv[++i];
    else o.rest.push(a);
  }
  if (!/^[a-z0-9_]+$/.test(o.device)) throw new Error(`odd device id ${o.device}`);
  return o;
}

function avdName(o: Options): string {
  return `${PREFIX}${o.device}-api${o.api}`;
}

function sh(cmd: string, args: string[], input?: string): string {
  return execFileSync(cmd, args, { encoding: 'utf8', input, stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'] }).trim();
}

function listAvds(): string[] {
  return sh(EMULATOR, ['-list-avds']).split('\n').filter(Boolean);
}

function ours(): string[] {
  return listAvds().filter((n) => n.startsWith(PREFIX));
}

function abi(): string {
  return process.arch === 'arm64' ? 'arm64-v8a' : 'x86_64';
}

function create(o: Options): void {
  const name = avdName(o);
  if (listAvds().includes(name)) {
    console.log(`${name} already exists`);
    return;
  }
  const image = `system-images;android-${o.api};google_apis;${abi()}`;
  sh(AVDMANAGER, ['create', 'avd', '--name', name, '--package', image, '--device', o.device, '--force'], 'no\n');
  console.log(`created ${name} from ${image}`);
}

function running(): boolean {
  try {
    return sh(ADB, ['devices']).split('\n').some((l) => l.startsWith(`${SERIAL}\t`));
  } catch {
    return false;
  }
}

async function waitBoot(timeoutMs = 240_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if (sh(ADB, ['-s', SERIAL, 'shell', 'getprop', 'sys.boot_completed']) === '1') return;
    } catch {
      /* still booting */
    }
    await new Promise((r) => setTimeout(r, 2000));
  }
  throw new Error('emulator did not boot in time');
}

async function start(o: Options): Promise<void> {
  const name = avdName(o);
  if (!listAvds().includes(name)) throw new Error(`${name} does not exist; run create first`);
  if (running()) {
    console.log(`${SERIAL} already running`);
    return;
  }
  const args = ['-avd', name, '-port', String(PORT), '-no-boot-anim', '-netdelay', 'none', '-netspeed', 'full'];
  if (o.headless) args.push('-no-window', '-no-audio');
  if (o.snapshot) args.push('-snapshot', o.snapshot);
  const child = spawn(EMULATOR, args, { detached: true, stdio: 'ignore' });
  child.unref();
  await waitBoot();
  console.log(`${name} booted as ${SERIAL}`);
}

function snapshot(o: Options): void {
  const [action, name] = o.rest;
  if (!['save', 'load'].includes(action) || !name) throw new Error('usage: avd.ts snapshot save|load NAME');
  if (!running()) throw new Error(`${SERIAL} is not running`);
  sh(ADB, ['-s', SERIAL, 'emu', 'avd', 'snapshot', action, name]);
  console.log(`snapshot ${action}: ${name}`);
}

function remove(o: Options): void {
  const name = avdName(o);
  if (!name.startsWith(PREFIX) || !ours().includes(name)) {
    console.log(`${name} is not a Harbor-managed AVD; nothing to delete`);
    return;
  }
  if (running()) sh(ADB, ['-s', SERIAL, 'emu', 'kill']);
  sh(AVDMANAGER, ['delete', 'avd', '--name', name]);
  console.log(`deleted ${name}`);
}

function list(): void {
  const managed = ours();
  console.log(managed.length ? managed.join('\n') : 'no Harbor-managed AVDs');
  console.log(running() ? `${SERIAL} is running` : `${SERIAL} is not running`);
}

async function main(): Promise<void> {
  if (!SDK) throw new Error('ANDROID_HOME is not set');
  const o = parse(process.argv.slice(2));
  switch (o.cmd) {
    case 'create':
      return create(o);
    case 'start':
      return start(o);
    case 'snapshot':
      return snapshot(o);
    case 'delete':
      return remove(o);
    case 'list':
      return list();
    default:
      throw new Error(`unknown command ${o.cmd}`);
  }
}

main().catch((err) => {
  console.error(`avd: ${(err as Error).message}`);
  process.exit(1);
});
