#!/usr/bin/env -S npx tsx
// vm/seed.ts - prepare the cloud-init seed directory for the dev VM image so
// the developer can use git and the cloud CLIs inside the VM right away.
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const SEED = path.join(ROOT, 'build', 'vm', 'seed');
const FILES = path.join(SEED, 'files');

interface CopySpec {
  from: string;
  to: string;
}

function homePaths(): CopySpec[] {
  const home = os.homedir();
  const rel = ['.gitconfig', '.ssh', '.aws', '.config/gcloud', '.kube'];
  return rel.map((r) => ({ from: path.join(home, r), to: path.join(FILES, 'home', r) }));
}

function projectPaths(): CopySpec[] {
  return [
    { from: path.join(ROOT, 'vm', 'motd'), to: path.join(FILES, 'etc', 'motd') },
    { from: path.join(ROOT, 'vm', 'profile.d'), to: path.join(FILES, 'etc', 'profile.d') },
  ];
}

function copyAll(specs: CopySpec[]): number {
  let n = 0;
  for (const spec of specs) {
    if (!existsSync(spec.from)) continue;
    mkdirSync(path.dirname(spec.to), { recursive: true });
    cpSync(spec.from, spec.to, { recursive: true, dereference: true });
    n += 1;
  }
  return n;
}

function userData(): string {
  return [
    '#cloud-config',
    'hostname: devvm',
    'users:',
    '  - name: dev',
    '    groups: [sudo, docker]',
    '    shell: /bin/bash',
    'write_files: []',
    'runcmd:',
    '  - cp -a /mnt/seed/files/home/. /home/dev/',
    '  - chown -R dev:dev /home/dev',
    '  - cp -a /mnt/seed/files/etc/. /etc/',
    '',
  ].join('\n');
}

function main(): void {
  rmSync(SEED, { recursive: true, force: true });
  mkdirSync(FILES, { recursive: true });
  const copied = copyAll([...projectPaths(), ...homePaths()]);
  writeFileSync(path.join(SEED, 'user-data'), userData());
  writeFileSync(path.join(SEED, 'meta-data'), `instance-id: devvm-${Date.now()}\nlocal-hostname: devvm\n`);
  console.log(`seed ready in build/vm/seed (${copied} items copied)`);
  console.log('next: make vm-image');
}

main();
