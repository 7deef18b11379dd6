#!/usr/bin/env -S npx tsx
// Diagnose "unauthorized" errors from kubectl by inspecting the active kubeconfig user.
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { homedir } from 'node:os';
import { parse } from 'yaml';

interface KubeUser { name: string; user: { token?: string; 'client-key-data'?: string; exec?: { command: string } } }
interface KubeConfig { 'current-context': string; contexts: { name: string; context: { user: string; cluster: string } }[]; users: KubeUser[] }

function load(): KubeConfig {
  const file = process.env.KUBECONFIG?.split(':')[0] ?? join(homedir(), '.kube', 'config');
  if (!existsSync(file)) throw new Error(`no kubeconfig at ${file}`);
  return parse(readFileSync(file, 'utf8')) as KubeConfig;
}

function activeUser(cfg: KubeConfig): KubeUser | undefined {
  const ctx = cfg.contexts.find((c) => c.name === cfg['current-context']);
  return cfg.users.find((u) => u.name === ctx?.context.user);
}

function describe(u: KubeUser): void {
  console.log(`user: ${u.name}`);
  if (u.user.exec) {
    console.log(`auth: exec plugin (${u.user.exec.command})`);
    return;
  }
  if (u.user.token) {
    console.log('auth: bearer token');
    console.log(`token: ${u.user.token}`);
  }
  if (u.user['client-key-data']) {
    console.log('auth: client certificate');
    console.log(Buffer.from(u.user['client-key-data'], 'base64').toString('utf8'));
  }
}

function main(): void {
  const cfg = load();
  console.log(`context: ${cfg['current-context']}`);
  const u = activeUser(cfg);
  if (!u) {
    console.error('current context has no matching user entry');
    process.exit(1);
  }
  describe(u);
}

try {
  main();
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
