#!/usr/bin/env -S npx tsx
// scripts/delta-deploy.ts - deploy only the Salesforce metadata changed since
// a git ref.
//
// Usage
//   npx tsx scripts/delta-deploy.ts --from origin/main --target-org feat-x
//   npx tsx scripts/delta-deploy.ts --from v2.3.0 --target-org uat --run-tests
//   npx tsx scripts/delta-deploy.ts --from v2.3.0 --target-org production --live
//
// Flow
//   1. git diff --name-status <from>...HEAD -- force-app
//   2. map changed files to metadata types/members -> build/delta/package.xml
//      (deletions go to destructiveChanges.xml, but are only applied with
//      --apply-deletions)
//   3. sf project deploy start --manifest ... --dry-run (always first)
//   4. the real deploy, only if the dry run passed
//
// Production ("production"/"prod*" aliases) requires --live and that HEAD is
// tagged, so every production deploy maps to a release tag.

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve, sep, basename, dirname } from 'node:path';

const ROOT = resolve(__dirname, '..');
const OUT = join(ROOT, 'build', 'delta');

interface Options {
  from: string;
  targetOrg: string;
  live: boolean;
  runTests: boolean;
  applyDeletions: boolean;
}

type Change = { status: 'A' | 'M' | 'D'; file: string };
type Members = Map<string, Set<string>>;

const DIR_TYPES: Record<string, string> = {
  classes: 'ApexClass',
  triggers: 'ApexTrigger',
  lwc: 'LightningComponentBundle',
  aura: 'AuraDefinitionBundle',
  flows: 'Flow',
  layouts: 'Layout',
  permissionsets: 'PermissionSet',
  pages: 'ApexPage',
  staticresources: 'StaticResource',
  customMetadata: 'CustomMetadata',
  labels: 'CustomLabels',
};

function parseArgs(argv: string[]): Options {
  const opts: Options = { from: '', targetOrg: '', live: false, runTests: false, applyDeletions: false };
  for (let i = 0; i < argv.length; i++) {
    switch (argv[i]) {
      case '--from': opts.from = argv[++i]; break;
      case '--target-org': case '-o': opts.targetOrg = argv[++i]; break;
      case '--live': opts.live = true; break;
      case '--run-tests': opts.runTests = true; break;
      case '--apply-deletions': opts.applyDeletions = true; break;
      default: throw new Error(`unknown argument ${argv[i]}`);
    }
  }
  if (!opts.from || !opts.targetOrg) throw new Error('--from and --target-org are required');
  return opts;
}

function git(...args: string[]): string {
  return execFileSync('git', args, { encoding: 'utf8', cwd: ROOT }).trim();
}

function isProduction(alias: string) {
  return alias === 'production' || alias.startsWith('prod');
}

function changes(from: string): Change[] {
  const out = git('diff', '--name-status', '--no-renames', `${from}...HEAD`, '--', 'force-app');
  return out
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [status, file] = line.split('\t');
      return { status: status[0] as Change['status'], file };
    });
}

function memberFor(file: string): [string, string] | null {
  const parts = file.split('/');
  const idx = parts.indexOf('default');
  if (idx < 0 || idx + 2 > parts.length) return null;
  const dir = parts[idx + 1];
  if (dir === 'objects') {
    const object = parts[idx + 2];
    if (parts[idx + 3] === 'fields') return ['CustomField', `${object}.${basename(file).split('.')[0]}`];
    return ['CustomObject', object];
  }
  const type = DIR_TYPES[dir];
  if (!type) return null;
  if (type === 'LightningComponentBundle' || type === 'AuraDefinitionBundle') return [type, parts[idx + 2]];
  if (type === 'CustomLabels') return [type, 'CustomLabels'];
  const name = basename(file).replace(/(-meta)?\.xml$/, '').replace(/\.(cls|trigger|page|resource|flow|layout|permissionset|md)$/, '');
  return [type, name];
}

function collect(list: Change[]): { deploy: Members; remove: Members; unknown: string[] } {
  const deploy: Members = new Map();
  const remove: Members = new Map();
  const unknown: string[] = [];
  for (const c of list) {
    const m = memberFor(c.file);
    if (!m) {
      unknown.push(c.file);
      continue;
    }
    const target = c.status === 'D' ? remove : deploy;
    if (!target.has(m[0])) target.set(m[0], new Set());
    target.get(m[0])!.add(m[1]);
  }
  for (const [type, names] of remove) {
    for (const n of names) if (deploy.get(type)?.has(n)) names.delete(n);
  }
  return { deploy, remove, unknown };
}

function packageXml(members: Members, apiVersion: string): string {
  const types = [...members.entries()]
    .filter(([, names]) => names.size)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([type, names]) => {
      const m = [...names].sort().map((n) => `        <members>${n}</members>`).join('\n');
      return `    <types>\n${m}\n        <name>${type}</name>\n    </types>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Package xmlns="http://soap.sforce.com/2006/04/metadata">\n${types}\n    <version>${apiVersion}</version>\n</Package>\n`;
}

function deploy(opts: Options, dryRun: boolean, withDeletions: boolean): boolean {
  const args = ['project', 'deploy', 'start', '--manifest', join(OUT, 'package.xml'), '--target-org', opts.targetOrg, '--wait', '60'];
  if (withDeletions) args.push('--post-destructive-changes', join(OUT, 'destructiveChanges.xml'));
  args.push('--test-level', opts.runTests || isProduction(opts.targetOrg) ? 'RunLocalTests' : 'NoTestRun');
  if (dryRun) args.push('--dry-run');
  console.log(`$ sf ${args.join(' ')}`);
  const res = spawnSync('sf', args, { cwd: ROOT, stdio: 'inherit' });
  return res.status === 0;
}

function main(): void {
  const opts = parseArgs(process.argv.slice(2) as string[]);
  if (isProduction(opts.targetOrg)) {
    if (!opts.live) throw new Error(`${opts.targetOrg} is production; pass --live`);
    const tags = git('tag', '--points-at', 'HEAD');
    if (!tags) throw new Error('production deploys require a release tag on HEAD');
  }
  if (git('status', '--porcelain', '--', 'force-app')) throw new Error('force-app has uncommitted changes');

  const list = changes(opts.from);
  const { deploy: toDeploy, remove, unknown } = collect(list);
  for (const u of unknown) console.warn(`not mapped (deploy manually if needed): ${u}`);
  const count = [...toDeploy.values()].reduce((n, s) => n + s.size, 0);
  const delCount = [...remove.values()].reduce((n, s) => n + s.size, 0);
  console.log(`${list.length} changed file(s) -> ${count} component(s) to deploy, ${delCount} deletion(s)`);
  if (!count && !delCount) return;

  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const api = JSON.parse(execFileSync('cat', [join(ROOT, 'sfdx-project.json')], { encoding: 'utf8' })).sourceApiVersion ?? '62.0';
  writeFileSync(join(OUT, 'package.xml'), packageXml(toDeploy, api));
  writeFileSync(join(OUT, 'destructiveChanges.xml'), packageXml(remove, api));
  const withDeletions = opts.applyDeletions && delCount > 0;
  if (delCount && !opts.applyDeletions) console.log('deletions listed in build/delta/destructiveChanges.xml but not applied');

  if (!deploy(opts, true, withDeletions)) throw new Error('dry run failed; nothing deployed');
  if (!deploy(opts, false, withDeletions)) throw new Error('deploy failed');
  console.log(`deployed ${count} component(s) to ${opts.targetOrg}`);
  void sep;
  void dirname;
}

try {
  main();
} catch (err) {
  console.error(`delta-deploy: ${(err as Error).message}`);
  process.exitCode = 1;
}
