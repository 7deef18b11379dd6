#!/usr/bin/env -S npx tsx
// Open a GitLab merge request for the current branch using GITLAB_TOKEN.
import { execFileSync } from 'node:child_process';

const GITLAB = process.env.GITLAB_URL ?? 'https://gitlab.com';
const API = `${GITLAB}/api/v4`;

interface MergeRequest { iid: number; web_url: string; title: string }

function git(...args: string[]): string {
  return execFileSync('git', args, { encoding: 'utf8' }).trim();
}

function projectPath(): string {
  const url = git('remote', 'get-url', 'origin');
  const m = url.match(/[:/]([^/:]+\/[^/]+?)(\.git)?$/);
  if (!m) throw new Error(`cannot parse remote ${url}`);
  return encodeURIComponent(m[1]);
}

async function gl<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${API}${path}`, {
    method,
    headers: { 'PRIVATE-TOKEN': token, 'Content-Type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function main(): Promise<void> {
  const token = process.env.GITLAB_TOKEN;
  if (!token) {
    console.error('GITLAB_TOKEN is required');
    process.exit(2);
  }
  const branch = git('rev-parse', '--abbrev-ref', 'HEAD');
  if (branch === 'main') throw new Error('refusing to open an MR from main');
  const title = process.argv[2] ?? git('log', '-1', '--format=%s');
  const project = projectPath();
  const existing = await gl<MergeRequest[]>('GET', `/projects/${project}/merge_requests?state=opened&source_branch=${encodeURIComponent(branch)}`, token);
  if (existing.length) {
    console.log(`MR already open: ${existing[0].web_url}`);
    return;
  }
  git('push', '-u', 'origin', branch);
  const mr = await gl<MergeRequest>('POST', `/projects/${project}/merge_requests`, token, {
    source_branch: branch,
    target_branch: 'main',
    title,
    remove_source_branch: true,
  });
  console.log(`opened !${mr.iid}: ${mr.web_url}`);
}

main().catch((e) => {
  console.error((e as Error).message);
  process.exit(1);
});
