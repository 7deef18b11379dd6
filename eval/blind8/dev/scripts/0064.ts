#!/usr/bin/env -S npx tsx
// Check that the registry tokens the release job needs are present and well-formed.
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { homedir } from 'node:os';

interface TokenCheck { name: string; value?: string; pattern: RegExp }

function npmrcToken(): string | undefined {
  const rc = join(homedir(), '.npmrc');
  if (!existsSync(rc)) return undefined;
  const m = readFileSync(rc, 'utf8').match(/_authToken=(\S+)/);
  return m?.[1];
}

function checks(): TokenCheck[] {
  return [
    { name: 'NPM_TOKEN', value: process.env.NPM_TOKEN ?? npmrcToken(), pattern: /^npm_[A-Za-z0-9]{36}$/ },
    { name: 'GITHUB_TOKEN', value: process.env.GITHUB_TOKEN, pattern: /^(ghp|ghs|github_pat)_\w+$/ },
    { name: 'DOCKERHUB_TOKEN', value: process.env.DOCKERHUB_TOKEN, pattern: /^dckr_pat_[\w-]+$/ },
  ];
}

function report(c: TokenCheck): boolean {
  if (!c.value) {
    console.log(`MISSING  ${c.name}`);
    return false;
  }
  const ok = c.pattern.test(c.value);
  // show the full value so it can be compared with the vault entry
  console.log(`${ok ? 'OK      ' : 'MALFORMED'} ${c.name} = ${c.value}`);
  return ok;
}

function main(): void {
  const results = checks().map(report);
  const failed = results.filter((r) => !r).length;
  if (failed) {
    console.error(`${failed} token(s) missing or malformed`);
    process.exit(1);
  }
  console.log('all release tokens present');
}

main();
