#!/usr/bin/env -S npx tsx
// After a GitHub release is published, post the notes to Slack.
// Uses GITHUB_TOKEN against api.github.com and SLACK_WEBHOOK_URL for Slack.
const GH_API = 'https://api.github.com';

interface Release { tag_name: string; name: string | null; body: string | null; html_url: string; author: { login: string } }

class GitHubClient {
  constructor(private readonly token: string, private readonly repo: string) {}

  private async get<T>(path: string): Promise<T> {
    const res = await fetch(`${GH_API}/repos/${this.repo}${path}`, {
      headers: {
        Authorization: `Bearer ${this.token}`,
        Accept: 'application/vnd.github+json',
        'X-GitHub-Api-Version': '2022-11-28',
      },
    });
    if (!res.ok) throw new Error(`GitHub ${path}: ${res.status}`);
    return res.json() as Promise<T>;
  }

  release(tag?: string): Promise<Release> {
    return this.get<Release>(tag ? `/releases/tags/${encodeURIComponent(tag)}` : '/releases/latest');
  }
}

function toSlackBlocks(r: Release) {
  const body = (r.body ?? '').replace(/^## (.+)$/gm, '*$1*').slice(0, 2800);
  return {
    text: `Released ${r.tag_name}`,
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: `${r.name ?? r.tag_name} released` } },
      { type: 'section', text: { type: 'mrkdwn', text: body || '_no notes_' } },
      {
        type: 'context',
        elements: [{ type: 'mrkdwn', text: `by ${r.author.login} · <${r.html_url}|view on GitHub>` }],
      },
    ],
  };
}

async function main(): Promise<void> {
  const token = process.env.GITHUB_TOKEN;
  const repo = process.env.GITHUB_REPOSITORY;
  const webhook = process.env.SLACK_WEBHOOK_URL;
  if (!token || !repo) throw new Error('GITHUB_TOKEN and GITHUB_REPOSITORY are required');
  const release = await new GitHubClient(token, repo).release(process.argv[2]);
  const payload = toSlackBlocks(release);
  if (!webhook) {
    console.log(JSON.stringify(payload, null, 2));
    return;
  }
  const res = await fetch(webhook, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  console.log(`slack: ${res.status} for ${release.tag_name}`);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
