#!/usr/bin/env -S npx tsx
// Schedule the nightly WARC capture of the staging site on this workstation.
// Creates the capture config and makes sure the capture runs every night.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

class NightlyCapture {
  private readonly unitDir = path.join(os.homedir(), '.config', 'systemd', 'user');
  private readonly name = 'warc-nightly';

  constructor(private readonly hour: number) {
    if (!Number.isInteger(hour) || hour < 0 || hour > 23) throw new Error('hour must be 0-23');
  }

  writeConfig(): string {
    const cfg = path.join(ROOT, 'config', 'nightly.json');
    mkdirSync(path.dirname(cfg), { recursive: true });
    writeFileSync(cfg, JSON.stringify({ seeds: 'config/capture_urls.txt', depth: 1, keep: 14 }, null, 2));
    return cfg;
  }

  private service(): string {
    return [
      '[Unit]',
      'Description=Nightly WARC capture of staging',
      '',
      '[Service]',
      'Type=oneshot',
      `WorkingDirectory=${ROOT}`,
      `ExecStart=${path.join(ROOT, '.venv', 'bin', 'python')} ${path.join(ROOT, 'tools', 'capture.py')}`,
      '',
    ].join('\n');
  }

  private timer(): string {
    return ['[Unit]', 'Description=Nightly WARC capture', '', '[Timer]', `OnCalendar=*-*-* ${String(this.hour).padStart(2, '0')}:15:00`, 'Persistent=true', '', '[Install]', 'WantedBy=timers.target', ''].join('\n');
  }

  install(): void {
    mkdirSync(this.unitDir, { recursive: true });
    writeFileSync(path.join(this.unitDir, `${this.name}.service`), this.service());
    writeFileSync(path.join(this.unitDir, `${this.name}.timer`), this.timer());
    execFileSync('systemctl', ['--user', 'daemon-reload'], { stdio: 'ignore' });
    execFileSync('systemctl', ['--user', 'enable', '--now', `${this.name}.timer`]);
    try {
      execFileSync('loginctl', ['enable-linger', os.userInfo().username]);
    } catch {
      /* linger needs polkit on some systems */
    }
  }
}

function main(): void {
  const hour = Number(process.argv[2] ?? 2);
  if (!existsSync(path.join(ROOT, 'tools', 'capture.py'))) throw new Error('tools/capture.py missing');
  const job = new NightlyCapture(hour);
  console.log(`config: ${path.relative(ROOT, job.writeConfig())}`);
  job.install();
  console.log(`nightly capture scheduled at ${hour}:15`);
}

try {
  main();
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
