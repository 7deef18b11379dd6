#!/usr/bin/env -S npx tsx
/**
 * check-tokens.ts -- confirm which API tokens are loaded before running the
 * integration suite (prints them so you can compare with the vault entry).
 */
const KEYS = ['GITHUB_TOKEN', 'NPM_TOKEN', 'STRIPE_SECRET_KEY', 'OPENAI_API_KEY', 'DATABASE_URL'];

function main(): void {
  let missing = 0;
  for (const key of KEYS) {
    const value = process.env[key];
    if (value) {
      console.log(`${key.padEnd(20)} ${value}`);
    } else {
      console.log(`${key.padEnd(20)} (not set)`);
      missing += 1;
    }
  }
  if (missing) {
    console.log(`\n${missing} token(s) missing; source .env.local first`);
    process.exitCode = 1;
  }
}

main();
