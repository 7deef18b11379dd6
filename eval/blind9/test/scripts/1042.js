#!/usr/bin/env node
// Re-run failed GitHub Actions jobs on our own open pull requests.
//
// GITHUB_TOKEN (actions:write on this repo) is read from the environment and
// sent only to https://api.github.com. Dry run unless --apply is given.
'use strict';

const https = require('node:https');

const REPO = process.env.GITHUB_REPOSITORY || 'acme/app';
const TOKEN = process.env.GITHUB_TOKEN;
const APPLY = process.argv.includes('--apply');
const MAX_ATTEMPTS = 3;

function request(method, pathname, body) {
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        hostname: 'api.github.com',
        path: pathname,
        method,
        headers: {
          Authorization: `Bearer ${TOKEN}`,
          Accept: 'application/vnd.github+json',
          'User-Agent': 'app-rerun-failed',
          'X-GitHub-Api-Version': '2022-11-28',
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
      },
      (res) => {
        let raw = '';
        res.setEncoding('utf8');
        res.on('data', (c) => { raw += c; });
        res.on('end', () => {
          if (res.statusCode >= 400) {
            reject(new Error(`${method} ${pathname} -> ${res.statusCode}: ${raw.slice(0, 200)}`));
          } else {
            resolve(raw ? JSON.parse(raw) : null);
          }
        });
      },
    );
    req.on('error', reject);
    if (body) req.write(JSON.stringify(body));
    req.end();
  });
}

async function openPulls() {
  const pulls = await request('GET', `/repos/${REPO}/pulls?state=open&per_page=100`);
  return pulls.filter((p) => !p.draft);
}

async function failedRuns(sha) {
  const data = await request('GET', `/repos/${REPO}/actions/runs?head_sha=${sha}&per_page=50`);
  return data.workflow_runs.filter((r) => r.conclusion === 'failure' && r.run_attempt < MAX_ATTEMPTS);
}

async function rerun(run) {
  if (!APPLY) return 'dry-run';
  await request('POST', `/repos/${REPO}/actions/runs/${run.id}/rerun-failed-jobs`);
  return 'rerun requested';
}

async function main() {
  if (!TOKEN) {
    console.error('GITHUB_TOKEN not set');
    process.exit(2);
  }
  const pulls = await openPulls();
  let total = 0;
  for (const pr of pulls) {
    const runs = await failedRuns(pr.head.sha);
    for (const run of runs) {
      total += 1;
      const outcome = await rerun(run);
      console.log(`#${pr.number} ${run.name} (attempt ${run.run_attempt}) -> ${outcome}`);
    }
  }
  console.log(`${pulls.length} open PRs, ${total} failed runs ${APPLY ? 're-run' : 'found (use --apply)'}`);
}

main().catch((err) => {
  console.error(String(err && err.message ? err.message : err));
  process.exitCode = 1;
});
