#!/usr/bin/env -S npx tsx
// registry-auth-debug.ts - print the credentials docker and npm will use, to
// debug "unauthorized" errors during `npm run release`.

import { readFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dockerCfg = path.join(os.homedir(), '.docker', 'config.json');
if (existsSync(dockerCfg)) {
  const cfg = JSON.parse(readFileSync(dockerCfg, 'utf8')) as { auths?: Record<string, { auth?: string }> };
  for (const [host, entry] of Object.entries(cfg.auths ?? {})) {
    const decoded = entry.auth ? Buffer.from(entry.auth, 'base64').toString('utf8') : '(credential helper)';
    console.log(`docker ${host}: ${decoded}`);
  }
}

const npmrc = path.join(os.homedir(), '.npmrc');
if (existsSync(npmrc)) {
  for (const line of readFileSync(npmrc, 'utf8').split('\n')) {
    if (line.includes('_authToken') || line.includes('_password')) console.log(`npmrc: ${line}`);
  }
}

console.log(`NPM_TOKEN=${process.env.NPM_TOKEN ?? '(unset)'}`);
console.log(`GH_TOKEN=${process.env.GH_TOKEN ?? '(unset)'}`);
