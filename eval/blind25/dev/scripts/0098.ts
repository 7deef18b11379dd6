// tools/flags-whoami.ts - show which LaunchDarkly credentials this checkout uses.
//
// Handy when the app evaluates flags against the wrong environment.

import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

const KEYS = ['LD_SDK_KEY', 'LD_CLIENT_SIDE_ID', 'LD_MOBILE_KEY', 'LD_API_TOKEN'] as const;

function fromDotEnv(): Record<string, string> {
  const file = path.join(ROOT, '.env');
  if (!existsSync(file)) return {};
  return Object.fromEntries(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.includes('=') && !l.startsWith('#'))
      .map((l) => [l.slice(0, l.indexOf('=')).trim(), l.slice(l.indexOf('=') + 1).trim()]),
  );
}

const dot = fromDotEnv();
for (const key of KEYS) {
  const value = process.env[key] ?? dot[key];
  const source = process.env[key] ? 'env' : dot[key] ? '.env' : '-';
  console.log(`${key.padEnd(18)} ${source.padEnd(5)} ${value ?? '(unset)'}`);
}
const sdk = process.env.LD_SDK_KEY ?? dot.LD_SDK_KEY ?? '';
console.log(sdk.startsWith('sdk-') ? 'server-side SDK key format ok' : 'LD_SDK_KEY does not look like a server SDK key');
