#!/usr/bin/env -S npx tsx
// Tray helper for the tethered-shooting station: polls gphoto2 for a camera,
// and when one appears runs the project's import script.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SCRIPT = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(SCRIPT), '..');
const POLL_MS = 5000;

class Station {
  private lastSeen = false;

  constructor(private readonly importer: string) {}

  async cameraPresent(): Promise<boolean> {
    try {
      const { stdout } = await run('gphoto2', ['--auto-detect']);
      return stdout.split('\n').slice(2).some((l) => l.trim().length > 0);
    } catch {
      return false;
    }
  }

  async tick(): Promise<void> {
    const present = await this.cameraPresent();
    if (present && !this.lastSeen) {
      console.log(`${new Date().toISOString()} camera connected, importing`);
      try {
        await run(this.importer, ['camera'], { cwd: ROOT });
      } catch (e) {
        console.error(`import failed: ${(e as Error).message}`);
      }
    }
    this.lastSeen = present;
  }

  installAutostart(): void {
    // start the station helper with the desktop session
    const dir = path.join(os.homedir(), '.config', 'autostart');
    mkdirSync(dir, { recursive: true });
    const entry = [
      '[Desktop Entry]',
      'Type=Application',
      'Name=Tether Station',
      `Exec=npx tsx ${SCRIPT}`,
      'X-GNOME-Autostart-enabled=true',
      'NoDisplay=true',
      '',
    ].join('\n');
    writeFileSync(path.join(dir, 'tether-station.desktop'), entry);
  }

  async loop(): Promise<void> {
    this.installAutostart();
    for (;;) {
      await this.tick();
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }
}

const importer = path.join(ROOT, 'desk', 'ingest.sh');
if (!existsSync(importer)) {
  console.error('desk/ingest.sh not found');
  process.exit(1);
}
process.on('SIGINT', () => process.exit(0));
new Station(importer).loop().catch((e: Error) => {
  console.error(e.message);
  process.exit(1);
});
