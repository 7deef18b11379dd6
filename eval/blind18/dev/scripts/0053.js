#!/usr/bin/env node
// Draft GitHub release notes from merged pull requests.
//
// Uses the REST API on api.github.com with GITHUB_TOKEN (Authorization header
// only). Lists PRs merged between the previous tag and HEAD, groups them by
// label and either prints the notes or (with --create) creates a *draft*
// release that a maintainer publishes by hand.
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const API = 'https://api.github.com';
const REPO = process.env.GITHUB_REPOSITORY || 'acme/ledger-sync';
const TOKEN = process.env.GITHUB_TOKEN;
const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const opt = (name, dflt) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : dflt;
};

const SECTIONS = [
  { title: 'Breaking changes', labels: ['breaking'] },
  { title: 'Features', labels: ['enhancement', 'feature'] },
  { title: 'Bug fixes', labels: ['bug', 'fix'] },
  { title: 'Documentation', labels: ['docs', 'documentation'] },
  { title: 'Dependencies', labels: ['dependencies'] },
];
const SKIP_LABELS = new Set(['skip-changelog', 'internal']);

if (!TOKEN) {
  console.error('GITHUB_TOKEN is required');
  process.exit(2);
}

async function gh(method, urlPath, body) {
  const url = urlPath.startsWith('https://') ? urlPath : `${API}${urlPath}`;
  if (!url.startsWith(API + '/')) throw new Error(`refusing to call ${url}`);
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(url, {
      method,
      headers: {
        Authorization: `Bearer ${TOKEN}`,
        Accept: 'application/vnd.github+json',
        'X-GitHub-Api-Version': '2022-11-28',
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (res.status === 403 && res.headers.get('x-ratelimit-remaining') === '0' && attempt < 3) {
      const reset = Number(res.headers.get('x-ratelimit-reset')) * 1000;
      const wait = Math.min(Math.max(reset - Date.now(), 1000), 120_000);
      console.error(`rate limited; waiting ${Math.round(wait / 1000)}s`);
      await new Promise((r) => setTimeout(r, wait));
      continue;
    }
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return { data: res.status === 204 ? null : await res.json(), link: res.headers.get('link') };
  }
}

function nextLink(link) {
  if (!link) return null;
  const m = link.split(',').find((p) => p.includes('rel="next"'));
  return m ? m.slice(m.indexOf('<') + 1, m.indexOf('>')) : null;
}

async function* paginate(urlPath) {
  let url = urlPath;
  while (url) {
    const { data, link } = await gh('GET', url);
    const items = Array.isArray(data) ? data : data.items;
    for (const item of items) yield item;
    url = nextLink(link);
  }
}

function git(...args) {
  return execFileSync('git', args, { encoding: 'utf8' }).trim();
}

function previousTag(ref) {
  try {
    return git('describe', '--tags', '--abbrev=0', `${ref}^`);
  } catch {
    return null;
  }
}

async function mergedPrsBetween(fromTag, toRef) {
  const since = fromTag ? git('log', '-1', '--format=%cI', fromTag) : '1970-01-01T00:00:00Z';
  const shas = new Set(git('rev-list', fromTag ? `${fromTag}..${toRef}` : toRef).split('\n'));
  const q = encodeURIComponent(`repo:${REPO} is:pr is:merged merged:>=${since.slice(0, 10)}`);
  const prs = [];
  for await (const item of paginate(`/search/issues?q=${q}&per_page=100`)) {
    const { data: pr } = await gh('GET', `/repos/${REPO}/pulls/${item.number}`);
    if (pr.merge_commit_sha && shas.has(pr.merge_commit_sha)) prs.push(pr);
  }
  return prs.sort((a, b) => new Date(a.merged_at) - new Date(b.merged_at));
}

function render(prs, tag, fromTag) {
  const used = new Set();
  const out = [];
  for (const section of SECTIONS) {
    const items = prs.filter((pr) => {
      const labels = pr.labels.map((l) => l.name);
      if (labels.some((l) => SKIP_LABELS.has(l)) || used.has(pr.number)) return false;
      return labels.some((l) => section.labels.includes(l));
    });
    if (!items.length) continue;
    out.push(`## ${section.title}`, '');
    for (const pr of items) {
      used.add(pr.number);
      out.push(`- ${pr.title} (#${pr.number}) @${pr.user.login}`);
    }
    out.push('');
  }
  const rest = prs.filter((pr) => !used.has(pr.number) && !pr.labels.some((l) => SKIP_LABELS.has(l.name)));
  if (rest.length) {
    out.push('## Other changes', '', ...rest.map((pr) => `- ${pr.title} (#${pr.number}) @${pr.user.login}`), '');
  }
  const contributors = [...new Set(prs.map((pr) => pr.user.login))].filter((u) => !u.endsWith('[bot]'));
  out.push(`**Contributors:** ${contributors.map((c) => '@' + c).join(', ') || 'n/a'}`, '');
  if (fromTag) out.push(`**Full changelog:** https://github.com/${REPO}/compare/${fromTag}...${tag}`);
  return out.join('\n');
}

// PRs without any label usually mean the author forgot to categorise them;
// list them so the release manager can fix the labels before publishing.
function unlabeled(prs) {
  return prs.filter((pr) => pr.labels.length === 0).map((pr) => `#${pr.number} ${pr.title}`);
}

function stats(prs) {
  const byAuthor = new Map();
  let additions = 0;
  let deletions = 0;
  for (const pr of prs) {
    byAuthor.set(pr.user.login, (byAuthor.get(pr.user.login) || 0) + 1);
    additions += pr.additions || 0;
    deletions += pr.deletions || 0;
  }
  const top = [...byAuthor].sort((a, b) => b[1] - a[1]).slice(0, 5);
  return { count: prs.length, additions, deletions, top };
}

async function main() {
  const tag = opt('--tag', git('describe', '--tags', '--abbrev=0'));
  const fromTag = opt('--from', previousTag(tag));
  console.error(`collecting PRs ${fromTag || '(start)'}..${tag} in ${REPO}`);
  const prs = await mergedPrsBetween(fromTag, tag);
  const notes = render(prs, tag, fromTag);
  const s = stats(prs);
  console.error(`${s.count} PRs, +${s.additions}/-${s.deletions}; top: ${s.top.map(([u, n]) => `${u}(${n})`).join(' ')}`);
  const missing = unlabeled(prs);
  if (missing.length) console.error(`unlabeled PRs:\n  ${missing.join('\n  ')}`);
  const outFile = opt('--out');
  if (outFile) fs.writeFileSync(path.resolve(outFile), notes + '\n');
  if (!flag('--create')) {
    console.log(notes);
    return;
  }
  const existing = await gh('GET', `/repos/${REPO}/releases?per_page=20`);
  const draft = existing.data.find((r) => r.tag_name === tag && r.draft);
  if (draft) {
    await gh('PATCH', `/repos/${REPO}/releases/${draft.id}`, { body: notes });
    console.log(`updated draft release ${draft.html_url}`);
  } else {
    const { data } = await gh('POST', `/repos/${REPO}/releases`, { tag_name: tag, name: tag, body: notes, draft: true });
    console.log(`created draft release ${data.html_url}`);
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});
