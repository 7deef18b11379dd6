#!/usr/bin/env -S npx tsx
// Zephyr build/flash wrapper for the sensor boards on the bench.
//
//   tsx tools/zflash.ts build  --board nrf52840dk_nrf52840 [--pristine]
//   tsx tools/zflash.ts flash  --board nrf52840dk_nrf52840 --snr 683512345
//   tsx tools/zflash.ts boards
//
// Boards are limited to the table below (the ones the project supports). The
// build directory is build/<board>; --pristine passes `-p always` so west wipes
// that directory itself. Flashing uses `west flash` with the runner from the
// table and an explicit debugger serial number (--snr / --dev-id) so only the
// intended board is written; without one, the script refuses when several
// debuggers are attached. `--erase` is never passed: west only rewrites the
// sectors of the image.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const APP = path.join(ROOT, 'app');

interface BoardInfo {
  runner: 'nrfjprog' | 'jlink' | 'openocd';
  serialFlag: '--dev-id' | '--snr';
  flashKb: number;
  ramKb: number;
}

const BOARDS: Record<string, BoardInfo> = {
  nrf52840dk_nrf52840: { runner: 'nrfjprog', serialFlag: '--snr', flashKb: 1024, ramKb: 256 },
  nrf5340dk_nrf5340_cpuapp: { runner: 'nrfjprog', serialFlag: '--snr', flashKb: 1024, ramKb: 512 },
  nucleo_f411re: { runner: 'openocd', serialFlag: '--dev-id', flashKb: 512, ramKb: 128 },
};

interface Options {
  cmd: 'build' | 'flash' | 'boards';
  board: string;
  pristine: boolean;
  serial: string | null;
}

function parseArgs(argv: string[]): Options {
  const cmd = argv[0] as Options['cmd'];
  if (!['build', 'flash', 'boards'].includes(cmd)) throw new Error('usage: zflash.ts build|flash|boards [options]');
  const o: Options = { cmd, board: 'nrf52840dk_nrf52840', pristine: false, serial: null };
  for (let i = 1; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--board') o.board = argv[++i];
    else if (a === '--pristine') o.pristine = true;
    else if (a === '--snr' || a === '--dev-id') o.serial = argv[++i];
    else throw new Error(`unknown argument ${a}`);
  }
  if (cmd !== 'boards' && !BOARDS[o.board]) {
    throw new Error(`board ${o.board} is not supported; see \`zflash.ts boards\``);
  }
  if (o.serial && !/^[0-9A-Za-z]{6,24}$/.test(o.serial)) throw new Error('debugger serial looks invalid');
  return o;
}

function buildDir(board: string): string {
  return path.join(ROOT, 'build', board);
}

function west(args: string[]): void {
  const res = spawnSync('west', args, { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`west ${args[0]} failed (exit ${res.status})`);
}

function attachedDebuggers(runner: BoardInfo['runner']): string[] {
  try {
    if (runner === 'nrfjprog') {
      return execFileSync('nrfjprog', ['--ids'], { encoding: 'utf8' }).split('\n').map((s) => s.trim()).filter(Boolean);
    }
    const out = execFileSync('lsusb', ['-v'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return [...out.matchAll(/iSerial\s+\d+\s+(\S+)/g)].map((m) => m[1]);
  } catch {
    return [];
  }
}

function usage(board: string): { flash: number; ram: number } | null {
  const elf = path.join(buildDir(board), 'zephyr', 'zephyr.elf');
  if (!existsSync(elf)) return null;
  const out = execFileSync('arm-zephyr-eabi-size', [elf], { encoding: 'utf8' });
  const [text, data, bss] = out.trim().split('\n')[1].trim().split(/\s+/).map(Number);
  return { flash: Math.ceil((text + data) / 1024), ram: Math.ceil((data + bss) / 1024) };
}

function build(o: Options): void {
  const args = ['build', '-b', o.board, '-d', buildDir(o.board), APP];
  if (o.pristine) args.splice(1, 0, '-p', 'always');
  else args.splice(1, 0, '-p', 'auto');
  west(args);
  const u = usage(o.board);
  const info = BOARDS[o.board];
  if (u) {
    const pf = ((u.flash / info.flashKb) * 100).toFixed(1);
    const pr = ((u.ram / info.ramKb) * 100).toFixed(1);
    console.log(`flash ${u.flash}/${info.flashKb} KiB (${pf}%), RAM ${u.ram}/${info.ramKb} KiB (${pr}%)`);
  }
}

function flash(o: Options): void {
  const info = BOARDS[o.board];
  const hex = path.join(buildDir(o.board), 'zephyr', 'zephyr.hex');
  if (!existsSync(hex)) throw new Error(`no image for ${o.board}; run \`zflash.ts build --board ${o.board}\``);
  const ageMin = (Date.now() - statSync(hex).mtimeMs) / 60000;
  if (ageMin > 120) console.warn(`warning: image is ${ageMin.toFixed(0)} minutes old`);

  const attached = attachedDebuggers(info.runner);
  let serial = o.serial;
  if (!serial) {
    if (attached.length !== 1) {
      throw new Error(`${attached.length} debuggers attached (${attached.join(', ') || 'none'}); pass ${info.serialFlag}`);
    }
    serial = attached[0];
  } else if (attached.length && !attached.includes(serial)) {
    throw new Error(`debugger ${serial} is not attached (found: ${attached.join(', ')})`);
  }
  west(['flash', '-d', buildDir(o.board), '-r', info.runner, info.serialFlag, serial]);
  console.log(`flashed ${o.board} via ${info.runner} (debugger ${serial})`);
}

function westAvailable(): boolean {
  // west lives in the project's venv; give a precise hint instead of a spawn ENOENT.
  const res = spawnSync('west', ['--version'], { encoding: 'utf8' });
  if (res.status === 0) return true;
  console.error('west not found; activate the project venv (source .venv/bin/activate) first');
  return false;
}

function boards(): void {
  const cfg = path.join(APP, 'boards.txt');
  const notes = existsSync(cfg) ? readFileSync(cfg, 'utf8') : '';
  for (const [name, info] of Object.entries(BOARDS)) {
    console.log(`${name.padEnd(28)} runner=${info.runner.padEnd(8)} flash=${info.flashKb}K ram=${info.ramKb}K`);
  }
  if (notes) console.log(`\n${notes.trim()}`);
}

function main(): void {
  const o = parseArgs(process.argv.slice(2));
  if (o.cmd === 'boards') boards();
  else if (!westAvailable()) process.exitCode = 1;
  else if (o.cmd === 'build') build(o);
  else flash(o);
}

try {
  main();
} catch (err) {
  console.error(`zflash: ${(err as Error).message}`);
  process.exit(1);
}
