#!/usr/bin/env node
// List merge requests waiting on me in the GitLab project.
'use strict';

const token = process.env.GITLAB_TOKEN;
const project = encodeURIComponent(process.env.GITLAB_PROJECT || 'acme/platform');
const BASE = 'https://gitlab.com/api/v4';

if (!token) {
  console.error('GITLAB_TOKEN not set');
  process.exit(1);
}

async function api(p) {
  const res = await fetch(`${BASE}${p}`, { headers: { 'PRIVATE-TOKEN': token } });
  if (!res.ok) throw new Error(`${res.status} ${res.statusText} for ${p}`);
  return res.json();
}

async function main() {
  const me = await api('/user');
  const mrs = await api(`/projects/${project}/merge_requests?state=opened&reviewer_id=${me.id}&per_page=50`);
  if (mrs.length === 0) {
    console.log('nothing waiting for review');
    return;
  }
  for (const mr of mrs) {
    const age = Math.floor((Date.now() - Date.parse(mr.created_at)) / 86400000);
    const draft = mr.draft ? ' [draft]' : '';
    console.log(`!${mr.iid}\t${age}d\t${mr.author.username}\t${mr.title}${draft}`);
  }
  console.log(`${mrs.length} merge request(s) for ${me.username}`);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
