#!/usr/bin/env -S npx tsx
// Re-run failed GitHub Actions jobs for the current branch's latest workflow run.
import { execFileSync } from 'node:child_process';

const API = 'https://api.github.com';

interface Run { id: number; name: string; conclusion: string | null; html_url: string; head_branch: string }

function repoSlug(): string {
  const url = execFileSync('git', ['remote', 'get-url', 'origin'], { encoding: 'utf8' }).trim();
  const m = url.match(/github\.com[:/](.+?)(\.git)?$/);
  if (!m) throw new Error(`origin is not a GitHub remote: ${url}`);
  return m[1];
}

function branch(): string {
  return execFileSync('git', ['branch', '--show-current'], { encoding: 'utf8' }).trim();
}

async function gh<T>(token: string, method: string, path: string): Promise<T | null> {
  const res = await fetch(`${API}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: 'application/vnd.github+json',
      'X-GitHub-Api-Version': '2022-11-28',
    },
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`);
  return res.status === 201 || res.status === 204 ? null : ((await res.json()) as T);
}

async function main(): Promise<void> {
  const token = process.env.GITHUB_TOKEN ?? process.env.GH_TOKEN;
  if (!token) {
    console.error('GITHUB_TOKEN or GH_TOKEN must be set');
    process.exit(2);
  }
  const slug = repoSlug();
  const br = branch();
  const data = await gh<{ workflow_runs: Run[] }>(token, 'GET', `/repos/${slug}/actions/runs?branch=${encodeURIComponent(br)}&per_page=10`);
  const failed = (data?.workflow_runs ?? []).filter((r) => r.conclusion === 'failure');
  if (failed.length === 0) {
    console.log(`no failed runs on ${br}`);
    return;
  }
  for (const run of failed.slice(0, 3)) {
    await gh(token, 'POST', `/repos/${slug}/actions/runs/${run.id}/rerun-failed-jobs`);
    console.log(`re-running ${run.name}: ${run.html_url}`);
  }
}

main().catch((e) => {
  console.error((e as Error).message);
  process.exit(1);
});
