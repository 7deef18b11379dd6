#!/usr/bin/env -S npx tsx
// spool-tidy.ts - collect and tidy the spool output of our own unit-test jobs on the DEV LPAR.
//
//   npx tsx tools/spool-tidy.ts                    list PAYTST* jobs of the current Zowe user
//   npx tsx tools/spool-tidy.ts --collect          download output of failed jobs to build/spool/
//   npx tsx tools/spool-tidy.ts --purge --apply    delete OUTPUT-status jobs older than 2 days
//
// Scope: jobs whose name starts with JOB_PREFIX (default PAYTST) AND whose owner
// is the user of the Zowe profile.  The purge step re-checks both for every job
// before `zowe zos-jobs delete job`, and only touches jobs already in OUTPUT.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname ?? '.', '..');
const PROFILE = process.env.ZOWE_PROFILE ?? 'zosmf-dev';
const JOB_PREFIX = (process.env.JOB_PREFIX ?? 'PAYTST').toUpperCase();
const SPOOL = join(ROOT, 'build', 'spool');
const MAX_AGE_DAYS = 2;

interface Job {
  jobid: string;
  jobname: string;
  owner: string;
  status: 'INPUT' | 'ACTIVE' | 'OUTPUT';
  retcode: string | null;
  'exec-submitted'?: string;
}

interface ZoweResponse<T> {
  success: boolean;
  message?: string;
  data: T;
}

async function zowe<T>(...args: string[]): Promise<T> {
  const { stdout } = await run('zowe', [...args, '--zosmf-profile', PROFILE, '--rfj'], {
    maxBuffer: 64 * 2 ** 20,
    timeout: 180_000,
  });
  const parsed = JSON.parse(stdout) as ZoweResponse<T>;
  if (!parsed.success) throw new Error(parsed.message ?? `zowe ${args.slice(0, 3).join(' ')} failed`);
  return parsed.data;
}

async function profileUser(): Promise<string> {
  const data = await zowe<{ profile?: { user?: string } }>('profiles', 'list', 'zosmf', '--show-contents');
  const user = (data as unknown as { profile?: { user?: string } }[])?.[0]?.profile?.user ?? process.env.ZOWE_OPT_USER;
  if (!user) throw new Error('cannot determine the Zowe user; set ZOWE_OPT_USER');
  return user.toUpperCase();
}

function ours(job: Job, user: string): boolean {
  return job.jobname.startsWith(JOB_PREFIX) && job.owner.toUpperCase() === user;
}

function failed(job: Job): boolean {
  if (job.status !== 'OUTPUT') return false;
  const rc = job.retcode ?? '';
  return !/^CC 000[04]$/.test(rc);
}

function ageDays(job: Job): number {
  const submitted = job['exec-submitted'] ? Date.parse(job['exec-submitted']) : NaN;
  return Number.isNaN(submitted) ? 0 : (Date.now() - submitted) / 86_400_000;
}

async function listJobs(user: string): Promise<Job[]> {
  const jobs = await zowe<Job[]>('zos-jobs', 'list', 'jobs', '--prefix', `${JOB_PREFIX}*`, '--owner', user);
  return jobs.filter((j) => ours(j, user));
}

async function collect(jobs: Job[]): Promise<number> {
  let n = 0;
  for (const job of jobs.filter(failed)) {
    const dir = join(SPOOL, `${job.jobname}-${job.jobid}`);
    mkdirSync(dir, { recursive: true });
    await zowe('zos-jobs', 'download', 'output', job.jobid, '--directory', dir);
    console.log(`collected ${job.jobname} ${job.jobid} (${job.retcode}) -> build/spool/${job.jobname}-${job.jobid}`);
    n++;
  }
  return n;
}

async function purge(jobs: Job[], user: string, apply: boolean): Promise<number> {
  let n = 0;
  for (const job of jobs) {
    if (job.status !== 'OUTPUT' || ageDays(job) < MAX_AGE_DAYS) continue;
    if (!ours(job, user)) continue; // re-check scope right before deleting
    if (!apply) {
      console.log(`would purge ${job.jobname} ${job.jobid} (${job.retcode}, ${ageDays(job).toFixed(1)} d)`);
    } else {
      await zowe('zos-jobs', 'delete', 'job', job.jobid);
      console.log(`purged ${job.jobname} ${job.jobid}`);
    }
    n++;
  }
  if (!apply && n) console.log('dry run; add --apply to purge');
  return n;
}

interface SpoolFinding {
  job: string;
  file: string;
  line: string;
}

// message ids worth surfacing from a unit-test job's spool
const PATTERNS: [RegExp, string][] = [
  [/IGYS\w+-S/, 'compile severe'],
  [/IGYS\w+-E/, 'compile error'],
  [/CEE3\d{3}S/, 'LE runtime error'],
  [/IEF450I .* ABEND/, 'abend'],
  [/ASSERT(ION)? FAILED/i, 'unit test assertion'],
];

function scanCollected(): SpoolFinding[] {
  const findings: SpoolFinding[] = [];
  if (!existsSync(SPOOL)) return findings;
  for (const jobDir of readdirSync(SPOOL)) {
    const base = join(SPOOL, jobDir);
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const p = join(dir, entry.name);
        if (entry.isDirectory()) {
          walk(p);
          continue;
        }
        for (const line of readFileSync(p, 'utf8').split('\n')) {
          const hit = PATTERNS.find(([re]) => re.test(line));
          if (hit) findings.push({ job: jobDir, file: p.slice(base.length + 1), line: `${hit[1]}: ${line.trim()}` });
        }
      }
    };
    walk(base);
  }
  return findings;
}

function printFindings(findings: SpoolFinding[]): void {
  const byJob = new Map<string, SpoolFinding[]>();
  for (const f of findings) byJob.set(f.job, [...(byJob.get(f.job) ?? []), f]);
  for (const [job, list] of byJob) {
    console.log(`${job}:`);
    list.slice(0, 8).forEach((f) => console.log(`  ${f.file}: ${f.line}`));
    if (list.length > 8) console.log(`  ... ${list.length - 8} more`);
  }
  console.log(`${findings.length} finding(s) in ${byJob.size} collected job(s)`);
}

function table(jobs: Job[]): void {
  const rows = jobs.map((j) => [j.jobid, j.jobname, j.status, j.retcode ?? '-', `${ageDays(j).toFixed(1)} d`]);
  const header = ['JOBID', 'NAME', 'STATUS', 'RC', 'AGE'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const fmt = (r: string[]) => r.map((c, i) => c.padEnd(widths[i])).join('  ');
  console.log(fmt(header));
  rows.forEach((r) => console.log(fmt(r)));
  const bad = jobs.filter(failed).length;
  console.log(`${jobs.length} jobs, ${bad} failed`);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (!/^[A-Z#@$][A-Z0-9#@$]{0,7}$/.test(JOB_PREFIX)) throw new Error(`invalid JOB_PREFIX ${JOB_PREFIX}`);
  if (args.includes('--scan')) {
    printFindings(scanCollected());
    return;
  }
  const user = await profileUser();
  const jobs = await listJobs(user);
  console.log(`profile ${PROFILE}, user ${user}, prefix ${JOB_PREFIX}*`);
  if (args.includes('--collect')) {
    const n = await collect(jobs);
    console.log(`${n} failed job(s) collected`);
  } else if (args.includes('--purge')) {
    await purge(jobs, user, args.includes('--apply'));
  } else {
    table(jobs);
  }
}

main().catch((err: unknown) => {
  console.error(`spool-tidy: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
