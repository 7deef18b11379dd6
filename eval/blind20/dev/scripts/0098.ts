#!/usr/bin/env -S npx tsx
// scripts/whoami-stripe.ts - show which Stripe account and keys this checkout
// is configured with, to debug "No such customer" errors.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

function envFile(): Record<string, string> {
  const file = path.join(ROOT, '.env');
  if (!existsSync(file)) return {};
  return Object.fromEntries(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.includes('=') && !l.startsWith('#'))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
}

const env = { ...envFile(), ...process.env } as Record<string, string | undefined>;

for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET']) {
  const value = env[key] ?? '(unset)';
  console.log(`${key.padEnd(24)} ${value}`);
}
const mode = (env.STRIPE_SECRET_KEY ?? '').startsWith('sk_live_') ? 'LIVE' : 'test';
console.log(`mode: ${mode}`);
