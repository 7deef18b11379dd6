#!/usr/bin/env -S npx tsx
/**
 * ci-watch.ts -- wait for the GitHub Actions runs of the current commit and
 * notify on the desktop when they finish (no more refreshing the browser).
 *
 *   npx tsx scripts/ci-watch.ts                # current HEAD, all workflows
 *   npx tsx scripts/ci-watch.ts --workflow ci.yml --interval 20
 *
 * Token: GITHUB_TOKEN env var, or `gh auth token` if the GitHub CLI is logged
 * in. The token is only sent to api.github.com. Read-only endpoints only.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';

interface WorkflowRun {
  id: number;
  name: string;
  status: 'queued' | 'in_progress' | 'completed' | string;
  conclusion: string | null;
  html_url: string;
  head_sha: string;
  run_started_at?: string;
  updated_at: string;
}

const API = 'https://api.github.com';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function token(): string {
  if (process.env.GITHUB_TOKEN) return process.env.GITHUB_TOKEN;
  const r = spawnSync('gh', ['auth', 'token'], { encoding: 'utf8' });
  if (r.status === 0 && r.stdout.trim()) return r.stdout.trim();
  throw new Error('set GITHUB_TOKEN or log in with `gh auth login`');
}

function repoSlug(): string {
  const url = execFileSync('git', ['remote', 'get-url', 'origin'], { encoding: 'utf8' }).trim();
  const m = url.match(/github\.com[:/]([^/]+\/[^/.]+)(\.git)?$/);
  if (!m) throw new Error(`origin is not a GitHub remote: ${url}`);
  return m[1];
}

function headSha(): string {
  return execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
}

async function gh<T>(path: string, tok: string): Promise<T> {
  let delay = 2000;
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(`${API}${path}`, {
      headers: {
        Authorization: `Bearer ${tok}`,
        Accept: 'application/vnd.github+json',
        'X-GitHub-Api-Version': '2022-11-28',
      },
      signal: AbortSignal.timeout(15_000),
    });
    if (res.ok) return (await res.json()) as T;
    if ((res.status >= 500 || res.status === 429) && attempt < 4) {
      await new Promise((wake) => setTimeout(wake, delay));
      delay *= 2;
      continue;
    }
    throw new Error(`GitHub API ${res.status} for ${path}`);
  }
}

async function runsFor(slug: string, sha: string, tok: string, workflow?: string): Promise<WorkflowRun[]> {
  const base = workflow
    ? `/repos/${slug}/actions/workflows/${encodeURIComponent(workflow)}/runs`
    : `/repos/${slug}/actions/runs`;
  const data = await gh<{ workflow_runs: WorkflowRun[] }>(`${base}?head_sha=${sha}&per_page=50`, tok);
  return data.workflow_runs;
}

function notify(title: string, body: string, ok: boolean): void {
  if (process.platform === 'darwin') {
    spawn('/usr/bin/osascript', ['-e', `display notification ${JSON.stringify(body)} with title ${JSON.stringify(title)}`], {
      stdio: 'ignore',
    });
    return;
  }
  const p = spawn('notify-send', ['-u', ok ? 'normal' : 'critical', title, body], { stdio: 'ignore' });
  p.on('error', () => process.stderr.write('\u0007'));
}

function icon(run: WorkflowRun): string {
  if (run.status !== 'completed') return '…';
  return run.conclusion === 'success' ? '✓' : run.conclusion === 'skipped' ? '-' : '✗';
}

function elapsed(run: WorkflowRun): string {
  if (!run.run_started_at) return '';
  const ms = Date.parse(run.updated_at) - Date.parse(run.run_started_at);
  return ms > 0 ? ` ${Math.round(ms / 1000)}s` : '';
}

interface Job {
  name: string;
  conclusion: string | null;
  steps?: { name: string; conclusion: string | null }[];
}

async function failedSteps(slug: string, runId: number, tok: string): Promise<string[]> {
  // which job/step failed, so the notification is actionable
  const data = await gh<{ jobs: Job[] }>(`/repos/${slug}/actions/runs/${runId}/jobs?per_page=100`, tok);
  const out: string[] = [];
  for (const job of data.jobs) {
    if (job.conclusion !== 'failure') continue;
    const step = (job.steps ?? []).find((s) => s.conclusion === 'failure');
    out.push(step ? `${job.name} › ${step.name}` : job.name);
  }
  return out;
}

function pushedYet(sha: string): boolean {
  // warn early if HEAD is not on any remote branch
  const r = spawnSync('git', ['branch', '-r', '--contains', sha], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.trim().length > 0;
}

async function describeFailures(slug: string, runs: WorkflowRun[], tok: string): Promise<void> {
  for (const run of runs) {
    try {
      for (const s of await failedSteps(slug, run.id, tok)) console.log(`    failed: ${s}`);
    } catch {
      // best effort; the run URL is printed anyway
    }
  }
}

async function main(): Promise<number> {
  const tok = token();
  if (!pushedYet(arg('--sha') ?? headSha())) {
    console.warn('HEAD is not on any remote branch yet; push first or runs will never appear');
  }
  const slug = repoSlug();
  const sha = arg('--sha') ?? headSha();
  const workflow = arg('--workflow');
  const interval = Math.max(10, Number(arg('--interval') ?? 30)) * 1000;
  const timeoutMin = Number(arg('--timeout') ?? 60);
  const deadline = Date.now() + timeoutMin * 60_000;
  console.log(`watching ${slug}@${sha.slice(0, 8)}${workflow ? ` (${workflow})` : ''}`);
  let lastLine = '';
  while (Date.now() < deadline) {
    const runs = await runsFor(slug, sha, tok, workflow);
    if (runs.length) {
      const line = runs.map((r) => `${icon(r)} ${r.name}${elapsed(r)}`).join('  |  ');
      if (line !== lastLine) {
        console.log(`${new Date().toLocaleTimeString()}  ${line}`);
        lastLine = line;
      }
      if (runs.every((r) => r.status === 'completed')) {
        const failed = runs.filter((r) => !['success', 'skipped', 'neutral'].includes(r.conclusion ?? ''));
        const ok = failed.length === 0;
        notify(ok ? 'CI passed' : 'CI failed', ok ? `${runs.length} workflow(s) green` : failed.map((f) => f.name).join(', '), ok);
        for (const f of failed) console.log(`  ${f.name}: ${f.html_url}`);
        await describeFailures(slug, failed, tok);
        return ok ? 0 : 1;
      }
    } else if (!lastLine) {
      console.log('no runs yet (was the commit pushed?)');
      lastLine = 'none';
    }
    await new Promise((r) => setTimeout(r, interval));
  }
  console.error(`gave up after ${timeoutMin} minutes`);
  return 2;
}

main()
  .then((code) => {
    process.exitCode = code;
  })
  .catch((err: Error) => {
    console.error(`ci-watch: ${err.message}`);
    process.exitCode = 1;
  });
