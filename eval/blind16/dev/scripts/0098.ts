#!/usr/bin/env -S npx tsx
// Summarise a Terraform plan for code review (read-only).
//
//   tsx tools/plan-summary.ts infra/envs/staging [--markdown] [--fail-on-destroy]
//
// Runs `terraform plan -lock=false -input=false -out=<tmp>` in the given
// directory, converts it with `terraform show -json`, and prints resources
// grouped by action (create / update / replace / delete) with the changed
// attribute names. Sensitive values are never printed: only attribute keys.
// The temporary plan file lives in a temp dir that is removed afterwards.
// Nothing is applied; --fail-on-destroy exits 2 if the plan deletes anything.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

type Action = 'create' | 'update' | 'replace' | 'delete' | 'read' | 'no-op';

interface ResourceChange {
  address: string;
  type: string;
  change: {
    actions: string[];
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    after_unknown?: Record<string, unknown>;
    before_sensitive?: unknown;
    after_sensitive?: unknown;
  };
}

interface PlanJson {
  resource_changes?: ResourceChange[];
  output_changes?: Record<string, { actions: string[] }>;
}

interface Options {
  dir: string;
  markdown: boolean;
  failOnDestroy: boolean;
}

function parseArgs(argv: string[]): Options {
  const dir = argv[0];
  if (!dir || dir.startsWith('--')) throw new Error('usage: plan-summary.ts <terraform dir> [--markdown] [--fail-on-destroy]');
  const abs = path.resolve(ROOT, dir);
  if (!abs.startsWith(ROOT)) throw new Error('directory must be inside the repository');
  if (!existsSync(path.join(abs, 'main.tf')) && !existsSync(path.join(abs, 'versions.tf'))) {
    throw new Error(`${dir} does not look like a Terraform root module`);
  }
  return { dir: abs, markdown: argv.includes('--markdown'), failOnDestroy: argv.includes('--fail-on-destroy') };
}

function classify(actions: string[]): Action {
  const key = actions.join(',');
  if (key === 'create') return 'create';
  if (key === 'update') return 'update';
  if (key === 'delete') return 'delete';
  if (key === 'read') return 'read';
  if (key === 'delete,create' || key === 'create,delete') return 'replace';
  return 'no-op';
}

function changedKeys(rc: ResourceChange): string[] {
  const before = rc.change.before ?? {};
  const after = rc.change.after ?? {};
  const unknown = rc.change.after_unknown ?? {};
  const keys = new Set([...Object.keys(before), ...Object.keys(after), ...Object.keys(unknown)]);
  return [...keys]
    .filter((k) => unknown[k] === true || JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .sort();
}

function runPlan(dir: string): PlanJson {
  const tmp = mkdtempSync(path.join(tmpdir(), 'tfplan-'));
  const planFile = path.join(tmp, 'plan.bin');
  try {
    const init = spawnSync('terraform', ['init', '-input=false', '-no-color'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
    if (init.status !== 0) throw new Error('terraform init failed');
    const plan = spawnSync('terraform', ['plan', '-lock=false', '-input=false', '-no-color', `-out=${planFile}`], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (plan.status !== 0) throw new Error('terraform plan failed');
    const json = execFileSync('terraform', ['show', '-json', planFile], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 28 });
    return JSON.parse(json) as PlanJson;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

function group(plan: PlanJson): Map<Action, ResourceChange[]> {
  const groups = new Map<Action, ResourceChange[]>();
  for (const rc of plan.resource_changes ?? []) {
    const a = classify(rc.change.actions);
    if (a === 'no-op' || a === 'read') continue;
    if (!groups.has(a)) groups.set(a, []);
    groups.get(a)!.push(rc);
  }
  return groups;
}

const ORDER: Action[] = ['delete', 'replace', 'update', 'create'];
const ICON: Record<Action, string> = { delete: '🗑', replace: '♻', update: '✎', create: '+', read: '', 'no-op': '' };

function printText(groups: Map<Action, ResourceChange[]>): void {
  for (const a of ORDER) {
    const list = groups.get(a);
    if (!list?.length) continue;
    console.log(`\n${a.toUpperCase()} (${list.length})`);
    for (const rc of list) {
      const keys = a === 'update' || a === 'replace' ? `  [${changedKeys(rc).join(', ')}]` : '';
      console.log(`  ${rc.address}${keys}`);
    }
  }
}

function printMarkdown(groups: Map<Action, ResourceChange[]>, dir: string): void {
  console.log(`### Terraform plan: \`${path.relative(ROOT, dir)}\`\n`);
  const counts = ORDER.map((a) => `${ICON[a]} ${a}: ${groups.get(a)?.length ?? 0}`).join(' · ');
  console.log(`${counts}\n`);
  for (const a of ORDER) {
    const list = groups.get(a);
    if (!list?.length) continue;
    console.log(`<details><summary>${a} (${list.length})</summary>\n`);
    for (const rc of list) {
      const keys = a === 'update' || a === 'replace' ? ` — ${changedKeys(rc).map((k) => `\`${k}\``).join(', ')}` : '';
      console.log(`- \`${rc.address}\`${keys}`);
    }
    console.log('\n</details>\n');
  }
}

function main(): void {
  const o = parseArgs(process.argv.slice(2));
  const groups = group(runPlan(o.dir));
  if (!groups.size) {
    console.log('no changes: infrastructure matches the configuration');
    return;
  }
  if (o.markdown) printMarkdown(groups, o.dir);
  else printText(groups);
  const destroys = (groups.get('delete')?.length ?? 0) + (groups.get('replace')?.length ?? 0);
  if (o.failOnDestroy && destroys > 0) {
    console.error(`\nplan deletes or replaces ${destroys} resources`);
    process.exitCode = 2;
  }
}

try {
  main();
} catch (err) {
  console.error(`plan-summary: ${(err as Error).message}`);
  process.exit(1);
}
