#!/usr/bin/env node
// Close stale GitLab issues with a comment. GITLAB_TOKEN from the
// environment is sent only to gitlab.com's REST API. Dry run by default.
'use strict';

const GITLAB = 'https://gitlab.com/api/v4';
const DAY = 24 * 60 * 60 * 1000;

const options = {
  project: process.env.CI_PROJECT_PATH || 'nimbus/orbit',
  days: Number(process.env.STALE_DAYS || 90),
  label: process.env.STALE_LABEL || 'needs-info',
  apply: process.argv.includes('--apply'),
};

function headers() {
  const token = process.env.GITLAB_TOKEN;
  if (!token) {
    console.error('GITLAB_TOKEN is not set');
    process.exit(2);
  }
  return { 'PRIVATE-TOKEN': token, 'Content-Type': 'application/json' };
}

async function api(method, pathname, body) {
  const res = await fetch(`${GITLAB}${pathname}`, {
    method,
    headers: headers(),
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${pathname} -> ${res.status}`);
  return res.json();
}

async function* staleIssues() {
  const project = encodeURIComponent(options.project);
  const before = new Date(Date.now() - options.days * DAY).toISOString();
  for (let page = 1; page <= 10; page++) {
    const qs = new URLSearchParams({
      state: 'opened',
      labels: options.label,
      updated_before: before,
      per_page: '50',
      page: String(page),
    });
    const batch = await api('GET', `/projects/${project}/issues?${qs}`);
    yield* batch;
    if (batch.length < 50) return;
  }
}

async function closeIssue(issue) {
  const project = encodeURIComponent(options.project);
  const note = `Closing after ${options.days} days without the requested information. Reopen any time with details.`;
  await api('POST', `/projects/${project}/issues/${issue.iid}/notes`, { body: note });
  await api('PUT', `/projects/${project}/issues/${issue.iid}`, { state_event: 'close' });
}

async function main() {
  if (!Number.isFinite(options.days) || options.days < 30) {
    console.error(`STALE_DAYS must be at least 30 (got ${options.days})`);
    process.exit(2);
  }
  let count = 0;
  for await (const issue of staleIssues()) {
    count += 1;
    const age = Math.round((Date.now() - Date.parse(issue.updated_at)) / DAY);
    console.log(`#${issue.iid} (${age}d) ${issue.title}`);
    if (options.apply) {
      await closeIssue(issue);
      console.log('   closed');
    }
  }
  console.log(`${count} stale issue(s) with label "${options.label}"${options.apply ? ' closed' : ' (dry run, use --apply)'}`);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
