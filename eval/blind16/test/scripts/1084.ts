#!/usr/bin/env -S npx tsx
/**
 * Load weatherbox-mini firmware onto an RP2040 board with picotool.
 *
 *   tsx tools/pico-load.ts [--uf2 build/rp2040/weatherbox-mini.uf2] [--bus N --address M] [--no-reboot]
 *
 * Lists devices with `picotool info -a` style enumeration, accepts only RP2040
 * boards in BOOTSEL mode whose USB id matches the allow-list, refuses when
 * several boards are in BOOTSEL and no --bus/--address pair was given, then runs
 * `picotool load -v` (verify) for the UF2 and `picotool reboot` into the
 * application. It never calls `picotool erase` and never writes to a board
 * that is not in BOOTSEL mode (so a running board on the desk is left alone).
 * The image must come from this repository's build directory.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const REPO = path.resolve(__dirname, '..');
const BUILD_DIR = path.join(REPO, 'build', 'rp2040');
const ALLOWED = new Set(['2e8a:0003', '2e8a:000f']); // RP2040 / RP2350 BOOTSEL
const UF2_MAGIC_START0 = 0x0a324655;
const UF2_MAGIC_START1 = 0x9e5d5157;
const RP2040_FAMILY = 0xe48bff56;

interface Options {
  uf2: string;
  bus: number | null;
  address: number | null;
  reboot: boolean;
}

interface BootselDevice {
  bus: number;
  address: number;
  usbId: string;
}

function parseOptions(argv: string[]): Options {
  const o: Options = { uf2: path.join(BUILD_DIR, 'weatherbox-mini.uf2'), bus: null, address: null, reboot: true };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--uf2') o.uf2 = path.resolve(REPO, argv[++i]);
    else if (a === '--bus') o.bus = Number(argv[++i]);
    else if (a === '--address') o.address = Number(argv[++i]);
    else if (a === '--no-reboot') o.reboot = false;
    else throw new Error(`unrecognised option ${a}`);
  }
  if ((o.bus === null) !== (o.address === null)) throw new Error('--bus and --address must be given together');
  if (!o.uf2.startsWith(BUILD_DIR + path.sep)) throw new Error('the UF2 must come from build/rp2040/');
  return o;
}

function checkUf2(file: string): number {
  if (!existsSync(file)) throw new Error(`${path.relative(REPO, file)} not found; run cmake --build build/rp2040`);
  const buf = readFileSync(file);
  if (buf.length % 512 !== 0 || buf.length === 0) throw new Error('file is not a UF2 image (size not a multiple of 512)');
  const blocks = buf.length / 512;
  for (let i = 0; i < blocks; i += 1) {
    const off = i * 512;
    if (buf.readUInt32LE(off) !== UF2_MAGIC_START0 || buf.readUInt32LE(off + 4) !== UF2_MAGIC_START1) {
      throw new Error(`block ${i} has a bad UF2 magic`);
    }
    const flags = buf.readUInt32LE(off + 8);
    if (flags & 0x2000 && buf.readUInt32LE(off + 28) !== RP2040_FAMILY) {
      throw new Error('UF2 family id is not RP2040');
    }
  }
  return blocks;
}

function listBootsel(): BootselDevice[] {
  const res = spawnSync('picotool', ['info', '-d', '-a'], { encoding: 'utf8' });
  const text = `${res.stdout}\n${res.stderr}`;
  const devices: BootselDevice[] = [];
  const re = /bus\s+(\d+),\s+address\s+(\d+)[\s\S]*?(?:USB ID|vid:pid)\s*[:=]?\s*([0-9a-f]{4}:[0-9a-f]{4})/gi;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    devices.push({ bus: Number(m[1]), address: Number(m[2]), usbId: m[3].toLowerCase() });
  }
  if (!devices.length && /RP2040 device at bus (\d+), address (\d+)/.test(text)) {
    const mm = /bus (\d+), address (\d+)/.exec(text)!;
    devices.push({ bus: Number(mm[1]), address: Number(mm[2]), usbId: '2e8a:0003' });
  }
  return devices.filter((d) => ALLOWED.has(d.usbId));
}

function choose(devices: BootselDevice[], o: Options): BootselDevice {
  if (o.bus !== null) {
    const hit = devices.find((d) => d.bus === o.bus && d.address === o.address);
    if (!hit) throw new Error(`no RP2040 in BOOTSEL at bus ${o.bus}, address ${o.address}`);
    return hit;
  }
  if (!devices.length) throw new Error('no RP2040 in BOOTSEL mode; hold BOOTSEL while plugging the board in');
  if (devices.length > 1) {
    const list = devices.map((d) => `bus ${d.bus} address ${d.address}`).join('; ');
    throw new Error(`several boards in BOOTSEL (${list}); pass --bus and --address`);
  }
  return devices[0];
}

function picotool(args: string[]): void {
  const res = spawnSync('picotool', args, { stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`picotool ${args[0]} failed (${res.status})`);
}

function imageAge(file: string): string {
  const minutes = (Date.now() - statSync(file).mtimeMs) / 60000;
  return minutes < 90 ? `${minutes.toFixed(0)} min old` : `${(minutes / 60).toFixed(1)} h old`;
}

function flashRange(file: string): string {
  // Report the address range the UF2 covers; it should start at the XIP base 0x10000000.
  const buf = readFileSync(file);
  let lo = Number.MAX_SAFE_INTEGER;
  let hi = 0;
  for (let off = 0; off < buf.length; off += 512) {
    const addr = buf.readUInt32LE(off + 12);
    const len = buf.readUInt32LE(off + 16);
    lo = Math.min(lo, addr);
    hi = Math.max(hi, addr + len);
  }
  if (lo !== 0x10000000) console.warn(`warning: image starts at 0x${lo.toString(16)}, not at the flash base`);
  return `0x${lo.toString(16)}-0x${hi.toString(16)} (${((hi - lo) / 1024).toFixed(0)} KiB)`;
}

function gitDescribe(): string {
  try {
    return execFileSync('git', ['describe', '--always', '--dirty'], { cwd: REPO, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

function main(): void {
  const o = parseOptions(process.argv.slice(2));
  const blocks = checkUf2(o.uf2);
  const dev = choose(listBootsel(), o);
  const sel = ['--bus', String(dev.bus), '--address', String(dev.address)];
  console.log(`loading ${path.relative(REPO, o.uf2)} (${blocks} blocks, ${imageAge(o.uf2)}, ${gitDescribe()})`);
  console.log(`target: RP2040 ${dev.usbId} at bus ${dev.bus}, address ${dev.address}`);
  console.log(`flash range: ${flashRange(o.uf2)}`);
  picotool(['load', '-v', o.uf2, ...sel]);
  if (o.reboot) picotool(['reboot', ...sel]);
  console.log(o.reboot ? 'loaded, verified and rebooted into the application' : 'loaded and verified (board left in BOOTSEL)');
}

try {
  main();
} catch (err) {
  console.error(`pico-load: ${(err as Error).message}`);
  process.exit(1);
}
