#!/usr/bin/env -S npx tsx
// Diagnose "unauthorized: authentication required" from docker pull.
// Lists each registry in ~/.docker/config.json and the credential it resolves to.
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { homedir } from 'node:os';
import { execFileSync } from 'node:child_process';

interface DockerConfig {
  auths?: Record<string, { auth?: string; identitytoken?: string }>;
  credsStore?: string;
  credHelpers?: Record<string, string>;
}

const CONFIG = join(process.env.DOCKER_CONFIG ?? join(homedir(), '.docker'), 'config.json');

function load(): DockerConfig {
  if (!existsSync(CONFIG)) throw new Error(`no docker config at ${CONFIG}`);
  return JSON.parse(readFileSync(CONFIG, 'utf8'));
}

function decodeAuth(auth: string): { user: string; secret: string } {
  const [user, ...rest] = Buffer.from(auth, 'base64').toString('utf8').split(':');
  return { user, secret: rest.join(':') };
}

function fromHelper(helper: string, registry: string): string {
  try {
    return execFileSync(`docker-credential-${helper}`, ['get'], { input: registry, encoding: 'utf8' });
  } catch (err) {
    return `helper error: ${(err as Error).message.split('\n')[0]}`;
  }
}

function main(): void {
  const cfg = load();
  console.log(`config: ${CONFIG}`);
  console.log(`credsStore: ${cfg.credsStore ?? '(none)'}`);
  for (const [registry, entry] of Object.entries(cfg.auths ?? {})) {
    console.log(`\n[${registry}]`);
    if (entry.auth) {
      const { user, secret } = decodeAuth(entry.auth);
      console.log(`  inline auth: user=${user} password=${secret}`);
    }
    if (entry.identitytoken) console.log(`  identity token: ${entry.identitytoken}`);
    const helper = cfg.credHelpers?.[registry] ?? cfg.credsStore;
    if (helper) console.log(`  via ${helper}: ${fromHelper(helper, registry).trim()}`);
  }
}

main();
