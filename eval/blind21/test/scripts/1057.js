#!/usr/bin/env node
/*
 * ci/hub-tag-cleanup.js
 *
 * Delete old CI tags of OUR Docker Hub repositories (acmeledger/ledger-api,
 * acmeledger/ledger-worker). CI pushes a tag per commit ("ci-<sha>"), which
 * adds up; release tags ("v1.2.3", "latest", "stable") are never touched.
 *
 *   DOCKERHUB_USER=... DOCKERHUB_TOKEN=... node ci/hub-tag-cleanup.js            # report
 *   DOCKERHUB_USER=... DOCKERHUB_TOKEN=... node ci/hub-tag-cleanup.js --apply
 *
 * Rules: only tags matching /^ci-[0-9a-f]{7,40}$/, older than 30 days, and
 * not among the newest 25 CI tags of the repository. The personal access
 * token is exchanged for a JWT at hub.docker.com and both are only sent to
 * hub.docker.com.
 */
'use strict';

// Requirements: Node 20+ (global fetch), a Docker Hub access token with
// "Read, Write, Delete" scope on the acmeledger namespace, stored in CI as
// DOCKERHUB_TOKEN. The login exchange turns it into a short-lived JWT.
//
// Typical CI schedule: weekly, on the default branch only:
//   node ci/hub-tag-cleanup.js --apply
//
// Locally, run without --apply to see what would go.
//
// Exit codes:
//   0  report printed / deletions done
//   1  configuration, authentication or API error
//
// The report in build/hub-tag-cleanup.json lists every tag that was (or
// would be) deleted, per repository, so a mistaken run can be traced and
// the affected images rebuilt from their commits.
//

const API = 'https://hub.docker.com/v2';
const NAMESPACE = 'acmeledger';
const REPOS = ['ledger-api', 'ledger-worker'];
const CI_TAG = /^ci-[0-9a-f]{7,40}$/;
const PROTECTED = new Set(['latest', 'stable', 'edge']);
const KEEP_NEWEST = 25;
const MIN_AGE_DAYS = 30;
const APPLY = process.argv.includes('--apply');

function exitWith(msg) {
  console.error(`hub-tag-cleanup: ${msg}`);
  process.exit(1);
}

async function hub(method, p, { jwt, body } = {}) {
  const headers = { 'Content-Type': 'application/json' };
  if (jwt) headers.Authorization = `Bearer ${jwt}`;
  let wait = 1000;
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    const res = await fetch(p.startsWith('http') ? p : `${API}${p}`, {
      method,
      headers,
      body: body == null ? undefined : JSON.stringify(body),
    });
    if (res.status === 429) {
      const reset = Number(res.headers.get('x-ratelimit-reset'));
      const ms = reset ? Math.max(reset * 1000 - Date.now(), 1000) : wait;
      await new Promise((r) => setTimeout(r, Math.min(ms, 60000)));
      wait *= 2;
      continue;
    }
    if (res.status >= 500) {
      await new Promise((wake) => setTimeout(wake, wait));
      wait *= 2;
      continue;
    }
    if (!res.ok) throw new Error(`hub ${method} ${p}: HTTP ${res.status} ${await res.text()}`);
    return res.status === 204 ? null : await res.json();
  }
  throw new Error(`${method} ${p}: retries exhausted`);
}

async function login() {
  const username = process.env.DOCKERHUB_USER;
  const password = process.env.DOCKERHUB_TOKEN;
  if (!username || !password) exitWith('DOCKERHUB_USER and DOCKERHUB_TOKEN are required');
  const res = await hub('POST', '/users/login', { body: { username, password } });
  console.log(`logged in as ${username} (token ...${password.slice(-4)})`);
  return res.token;
}

async function allTags(jwt, repo) {
  const tags = [];
  let next = `/namespaces/${NAMESPACE}/repositories/${repo}/tags?page_size=100&ordering=last_updated`;
  while (next) {
    const page = await hub('GET', next, { jwt });
    tags.push(...page.results);
    next = page.next;
  }
  return tags;
}

function stale(tags) {
  const cutoff = Date.now() - MIN_AGE_DAYS * 86400000;
  const ci = tags
    .filter((t) => CI_TAG.test(t.name) && !PROTECTED.has(t.name))
    .sort((a, b) => new Date(b.last_updated) - new Date(a.last_updated));
  return ci.slice(KEEP_NEWEST).filter((t) => new Date(t.last_updated).getTime() < cutoff);
}

async function removeTag(jwt, repo, tag) {
  if (!CI_TAG.test(tag) || PROTECTED.has(tag)) throw new Error(`refusing to delete ${repo}:${tag}`);
  await hub('DELETE', `/namespaces/${NAMESPACE}/repositories/${repo}/tags/${tag}`, { jwt });
}

/*
 * Why these rules
 * ---------------
 * Deployments reference release tags (v*) and, for hotfix previews, CI tags
 * from the last few weeks. Keeping the newest 25 CI tags per repository
 * covers every open merge request; the 30-day floor covers rollbacks of
 * recent previews. Anything older is never pulled again.
 *
 * Docker Hub keeps the underlying manifests of deleted tags until its own
 * garbage collection runs; deleting tags is therefore not instantly
 * reflected in storage numbers.
 *
 * Rate limits: the Hub API allows a limited number of requests per minute
 * per account; hub() waits for the reset time announced in
 * x-ratelimit-reset when it gets a 429.
 */

function summaryFile(results) {
  const fs = require('node:fs');
  const path = require('node:path');
  const out = path.resolve(__dirname, '..', 'build', 'hub-tag-cleanup.json');
  fs.mkdirSync(path.resolve(out, '..'), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify({ at: new Date().toISOString(), applied: APPLY, results }, null, 2)}\n`);
  return out;
}

function checkConstants() {
  // guard against someone loosening the tag pattern to something that
  // matches release tags
  for (const sample of ['v1.2.3', 'latest', 'stable', '1.2.3']) {
    if (CI_TAG.test(sample)) exitWith(`CI_TAG would match release tag ${sample}`);
  }
  if (KEEP_NEWEST < 10) exitWith('KEEP_NEWEST must stay >= 10');
  if (MIN_AGE_DAYS < 14) exitWith('MIN_AGE_DAYS must stay >= 14');
}

function human(bytes) {
  const gb = bytes / 1024 ** 3;
  return gb >= 1 ? `${gb.toFixed(2)} GiB` : `${(bytes / 1024 ** 2).toFixed(0)} MiB`;
}

async function main() {
  checkConstants();
  const jwt = await login();
  let total = 0;
  let bytes = 0;
  const results = {};
  for (const repo of REPOS) {
    const tags = await allTags(jwt, repo);
    const old = stale(tags);
    const size = old.reduce((n, t) => n + (t.full_size || 0), 0);
    console.log(`${NAMESPACE}/${repo}: ${tags.length} tags, ${old.length} stale CI tags (${human(size)})`);
    for (const t of old.slice(0, 10)) console.log(`   ${t.name}  ${t.last_updated.slice(0, 10)}`);
    if (old.length > 10) console.log(`   ... ${old.length - 10} more`);
    total += old.length;
    bytes += size;
    results[repo] = old.map((t) => t.name);
    if (APPLY) {
      for (const t of old) {
        await removeTag(jwt, repo, t.name);
      }
      console.log(`   deleted ${old.length}`);
    }
  }
  console.log(`${total} stale tag(s), ${human(bytes)}${APPLY ? ' deleted' : '; pass --apply to delete'}`);
  console.log(`report: ${summaryFile(results)}`);
}

main().catch((err) => exitWith(err.message));
