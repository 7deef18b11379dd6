#!/usr/bin/env -S npx tsx
// Factorio headless server supervisor for the LAN group.
//
//   npx tsx tools/factorio.ts create <save>       generate a new map into saves/
//   npx tsx tools/factorio.ts start <save>        run the server (foreground)
//   npx tsx tools/factorio.ts rotate [--keep 12]  prune our autosave copies
//
// The server binary lives in ./factorio (installed by tools/install.sh). The
// supervisor keeps the child process handle, forwards SIGINT/SIGTERM to it so
// the game saves on exit, and copies each autosave into backups/ while running.
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, unlinkSync, watch, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const BIN = path.join(ROOT, 'factorio', 'bin', 'x64', 'factorio');
const SAVES = path.join(ROOT, 'factorio', 'saves');
const BACKUPS = path.join(ROOT, 'backups');
const SETTINGS = path.join(ROOT, 'config', 'server-settings.json');
const MAPGEN = path.join(ROOT, 'config', 'map-gen-settings.json');
const PIDFILE = path.join(ROOT, 'run', 'factorio.pid');

abstract class Command {
  abstract readonly name: string;
  abstract run(args: string[]): Promise<number>;

  protected saveName(args: string[]): string {
    const name = args[0];
    if (!name || !/^[\w-]+$/.test(name)) throw new Error(`${this.name}: give a save name ([A-Za-z0-9_-])`);
    return name;
  }
}

function ensureBinary(): void {
  if (!existsSync(BIN)) throw new Error('factorio binary missing; run tools/install.sh');
}

function wait(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => child.on('exit', (code, sig) => resolve(code ?? (sig ? 128 : 1))));
}

class Create extends Command {
  readonly name = 'create';

  async run(args: string[]): Promise<number> {
    ensureBinary();
    const save = path.join(SAVES, `${this.saveName(args)}.zip`);
    if (existsSync(save)) throw new Error(`${path.relative(ROOT, save)} already exists`);
    mkdirSync(SAVES, { recursive: true });
    const argv = ['--create', save];
    if (existsSync(MAPGEN)) argv.push('--map-gen-settings', MAPGEN);
    const child = spawn(BIN, argv, { cwd: ROOT, stdio: 'inherit' });
    return wait(child);
  }
}

class Start extends Command {
  readonly name = 'start';
  private child?: ChildProcess;

  async run(args: string[]): Promise<number> {
    ensureBinary();
    const save = path.join(SAVES, `${this.saveName(args)}.zip`);
    if (!existsSync(save)) throw new Error(`no save ${path.relative(ROOT, save)}`);
    if (existsSync(PIDFILE)) {
      const pid = Number(readFileSync(PIDFILE, 'utf8'));
      try {
        process.kill(pid, 0);
        throw new Error(`server already running (pid ${pid})`);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ESRCH') throw e;
      }
    }
    const argv = ['--start-server', save, '--server-settings', SETTINGS, '--port', process.env.FACTORIO_PORT ?? '34197'];
    this.child = spawn(BIN, argv, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
    mkdirSync(path.dirname(PIDFILE), { recursive: true });
    writeFileSync(PIDFILE, String(this.child.pid));
    const forward = (sig: NodeJS.Signals) => () => {
      console.log(`\nforwarding ${sig} to factorio (pid ${this.child?.pid}) so it saves`);
      this.child?.kill(sig);
    };
    process.on('SIGINT', forward('SIGINT'));
    process.on('SIGTERM', forward('SIGTERM'));
    const watcher = this.watchAutosaves();
    const code = await wait(this.child);
    watcher.close();
    unlinkSync(PIDFILE);
    return code;
  }

  private watchAutosaves() {
    mkdirSync(BACKUPS, { recursive: true });
    const timers = new Map<string, NodeJS.Timeout>();
    return watch(SAVES, (_event, file) => {
      if (!file || !/^_autosave\d+\.zip$/.test(file)) return;
      clearTimeout(timers.get(file));
      timers.set(
        file,
        setTimeout(() => {
          const stamp = new Date().toISOString().replace(/[:.]/g, '-');
          copyFileSync(path.join(SAVES, file), path.join(BACKUPS, `autosave-${stamp}.zip`));
          console.log(`copied ${file} to backups/`);
          new Rotate().prune(12);
        }, 10_000),
      );
    });
  }
}

class Rotate extends Command {
  readonly name = 'rotate';

  prune(keep: number): number {
    if (!existsSync(BACKUPS)) return 0;
    const ours = readdirSync(BACKUPS)
      .filter((f) => /^autosave-.*\.zip$/.test(f))
      .map((f) => ({ f, t: statSync(path.join(BACKUPS, f)).mtimeMs }))
      .sort((a, b) => b.t - a.t);
    const old = ours.slice(keep);
    for (const { f } of old) unlinkSync(path.join(BACKUPS, f));
    return old.length;
  }

  async run(args: string[]): Promise<number> {
    const i = args.indexOf('--keep');
    const keep = i >= 0 ? Number(args[i + 1]) : 12;
    if (!Number.isInteger(keep) || keep < 1) throw new Error('--keep must be a positive integer');
    console.log(`pruned ${this.prune(keep)} backup(s), keeping ${keep}`);
    return 0;
  }
}

class Status extends Command {
  readonly name = 'status';

  async run(): Promise<number> {
    const running = existsSync(PIDFILE) ? readFileSync(PIDFILE, 'utf8') : null;
    console.log(running ? `server running, pid ${running}` : 'server not running');
    const saves = existsSync(SAVES) ? readdirSync(SAVES).filter((f) => f.endsWith('.zip')) : [];
    console.log(`saves: ${saves.join(', ') || 'none'}`);
    const backups = existsSync(BACKUPS) ? readdirSync(BACKUPS).length : 0;
    console.log(`backups: ${backups}`);
    return 0;
  }
}

class Settings extends Command {
  readonly name = 'settings';

  async run(): Promise<number> {
    // print the public parts of server-settings.json, never the game password/token
    const s = JSON.parse(readFileSync(SETTINGS, 'utf8')) as Record<string, unknown>;
    const hidden = new Set(['game_password', 'token', 'password', 'username']);
    for (const [k, v] of Object.entries(s)) {
      if (hidden.has(k)) {
        console.log(`${k.padEnd(28)} <hidden>`);
      } else if (typeof v !== 'object') {
        console.log(`${k.padEnd(28)} ${String(v)}`);
      }
    }
    if (s.visibility && (s.visibility as { public?: boolean }).public) {
      console.log('note: server is listed publicly; set visibility.public=false for LAN-only games');
    }
    return 0;
  }
}

const COMMANDS: Command[] = [new Create(), new Start(), new Rotate(), new Status(), new Settings()];

async function main(): Promise<void> {
  const [name, ...args] = process.argv.slice(2);
  const cmd = COMMANDS.find((c) => c.name === name);
  if (!cmd) {
    console.log(`usage: factorio.ts <${COMMANDS.map((c) => c.name).join('|')}> ...`);
    process.exitCode = 2;
    return;
  }
  process.exitCode = await cmd.run(args);
}

main().catch((e: Error) => {
  console.error(`error: ${e.message}`);
  process.exit(1);
});
