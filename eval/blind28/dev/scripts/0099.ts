#!/usr/bin/env -S npx tsx
// whoami-zowe.ts - show which mainframe identity this checkout will use.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname ?? '.', '..');

const envFile = join(ROOT, '.env');
const env: Record<string, string> = {};
if (existsSync(envFile)) {
  for (const line of readFileSync(envFile, 'utf8').split('\n')) {
    const i = line.indexOf('=');
    if (i > 0) env[line.slice(0, i)] = line.slice(i + 1);
  }
}

console.log(`ZOWE_OPT_HOST     ${env.ZOWE_OPT_HOST ?? process.env.ZOWE_OPT_HOST}`);
console.log(`ZOWE_OPT_USER     ${env.ZOWE_OPT_USER ?? process.env.ZOWE_OPT_USER}`);
console.log(`ZOWE_OPT_PASSWORD ${env.ZOWE_OPT_PASSWORD ?? process.env.ZOWE_OPT_PASSWORD}`);
try {
  const secure = execFileSync('zowe', ['config', 'secure', '--help'], { encoding: 'utf8' });
  console.log(secure.split('\n')[0]);
  console.log(execFileSync('zowe', ['config', 'list', '--show-secure-args'], { encoding: 'utf8' }));
} catch {
  console.log('zowe CLI not available');
}
