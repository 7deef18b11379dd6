#!/usr/bin/env -S npx tsx
// nightly-sweep.ts - run one receive-only spectrum sweep with hackrf_sweep and
// store the CSV under out/sweeps/ for the occupancy trend.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(REPO, 'out', 'sweeps');

interface Unit {
  name: string;
  render(): string;
}

class Service implements Unit {
  constructor(readonly name: string, private readonly exec: string) {}
  render(): string {
    return `[Unit]\nDescription=${this.name}\n\n[Service]\nType=oneshot\nExecStart=${this.exec}\n`;
  }
}

class Timer implements Unit {
  constructor(readonly name: string, private readonly calendar: string) {}
  render(): string {
    return `[Unit]\nDescription=${this.name}\n\n[Timer]\nOnCalendar=${this.calendar}\nPersistent=true\n\n[Install]\nWantedBy=timers.target\n`;
  }
}

class UnitSet<T extends Unit> {
  private readonly units: T[] = [];

  add(u: T): this {
    this.units.push(u);
    return this;
  }

  install(dir: string): void {
    mkdirSync(dir, { recursive: true });
    for (const u of this.units) writeFileSync(join(dir, u.name), u.render());
    spawnSync('systemctl', ['--user', 'daemon-reload']);
    const timers = this.units.filter((u) => u.name.endsWith('.timer')).map((u) => u.name);
    spawnSync('systemctl', ['--user', 'enable', '--now', ...timers]);
  }
}

function sweep(): string {
  mkdirSync(OUT, { recursive: true });
  const file = join(OUT, `${new Date().toISOString().slice(0, 16).replace(/[:T]/g, '-')}.csv`);
  const r = spawnSync('hackrf_sweep', ['-f', '400:500', '-w', '100000', '-N', '20', '-r', file], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`hackrf_sweep exited ${r.status}`);
  return file;
}

function main(): void {
  if (!existsSync('/usr/bin/hackrf_sweep') && spawnSync('which', ['hackrf_sweep']).status !== 0) {
    throw new Error('hackrf_sweep not installed');
  }
  const file = sweep();
  console.log(`sweep written to ${file}`);
  new UnitSet<Unit>()
    .add(new Service('sdr-nightly-sweep.service', `${process.execPath} ${join(REPO, 'node_modules/.bin/tsx')} ${fileURLToPath(import.meta.url)}`))
    .add(new Timer('sdr-nightly-sweep.timer', '*-*-* 02:30:00'))
    .install(join(homedir(), '.config', 'systemd', 'user'));
}

try {
  main();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
