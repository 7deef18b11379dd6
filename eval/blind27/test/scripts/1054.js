#!/usr/bin/env node
// Archive Canvas course announcements and discussion topics as Markdown.
//
//   node tools/canvas-archive.mjs 4821 [--with-replies] [--out archive/canvas]
//
// Used at the end of term so the teaching team keeps a copy outside Canvas.
// CANVAS_URL must be https://<school>.instructure.com; CANVAS_TOKEN from .env
// goes only to that host. Student names in replies are replaced by "Student N"
// unless --names is given, because the archive lives in the shared repo.
import { mkdir, writeFile, readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const argv = process.argv.slice(2);
const courseId = argv.find((a) => /^\d+$/.test(a));
const withReplies = argv.includes('--with-replies');
const keepNames = argv.includes('--names');
const outIdx = argv.indexOf('--out');
const outBase = path.resolve(ROOT, outIdx >= 0 ? argv[outIdx + 1] : 'archive/canvas');
if (!courseId) {
  console.error('usage: canvas-archive.mjs <course-id> [--with-replies] [--names] [--out dir]');
  process.exit(2);
}
if (!outBase.startsWith(ROOT + path.sep)) {
  console.error('--out must be inside the repository');
  process.exit(2);
}

async function env() {
  const out = { ...process.env };
  const f = path.join(ROOT, '.env');
  if (existsSync(f)) {
    for (const line of (await readFile(f, 'utf8')).split('\n')) {
      const m = /^(CANVAS_\w+)=(.*)$/.exec(line.trim());
      if (m && !out[m[1]]) out[m[1]] = m[2];
    }
  }
  return out;
}

const E = await env();
const base = new URL(E.CANVAS_URL ?? 'https://invalid.instructure.com');
if (base.protocol !== 'https:' || !base.hostname.endsWith('.instructure.com') || !E.CANVAS_TOKEN) {
  console.error('CANVAS_URL (https://<school>.instructure.com) and CANVAS_TOKEN are required');
  process.exit(1);
}

async function get(pathOrUrl) {
  const url = pathOrUrl instanceof URL ? pathOrUrl : new URL(`/api/v1${pathOrUrl}`, base);
  if (url.host !== base.host) throw new Error(`refusing request to ${url.host}`);
  for (let attempt = 0; attempt < 4; attempt++) {
    const res = await fetch(url, { headers: { Accept: 'application/json', Authorization: `Bearer ${E.CANVAS_TOKEN}` } });
    if (res.status === 403 && (await res.clone().text()).includes('Rate Limit')) {
      await new Promise((r) => setTimeout(r, 1500 * (attempt + 1)));
      continue;
    }
    if (!res.ok) throw new Error(`GET ${url.pathname}: ${res.status}`);
    const link = res.headers.get('link') ?? '';
    const next = /<([^>]+)>;\s*rel="next"/.exec(link)?.[1];
    return { body: await res.json(), next: next ? new URL(next) : null };
  }
  throw new Error('rate limited');
}

async function all(p) {
  const out = [];
  let target = new URL(`/api/v1${p}${p.includes('?') ? '&' : '?'}per_page=50`, base);
  while (target) {
    const { body, next } = await get(target);
    out.push(...body);
    target = next;
  }
  return out;
}

function htmlToMd(html = '') {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>/gi, '\n\n')
    .replace(/<li>/gi, '- ')
    .replace(/<a [^>]*href="([^"]+)"[^>]*>(.*?)<\/a>/gi, '[$2]($1)')
    .replace(/<(strong|b)>(.*?)<\/\1>/gi, '**$2**')
    .replace(/<(em|i)>(.*?)<\/\1>/gi, '_$2_')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const slug = (s) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'untitled';

function pseudonymiser() {
  const map = new Map();
  return (id, name) => {
    if (keepNames) return name;
    if (!map.has(id)) map.set(id, `Student ${map.size + 1}`);
    return map.get(id);
  };
}

async function replies(topicId, who) {
  const { body } = await get(`/courses/${courseId}/discussion_topics/${topicId}/view`);
  const names = new Map((body.participants ?? []).map((p) => [p.id, p.display_name]));
  const lines = [];
  const walk = (entries, depth) => {
    for (const e of entries ?? []) {
      if (e.deleted) continue;
      const author = who(e.user_id, names.get(e.user_id) ?? 'unknown');
      lines.push(`${'  '.repeat(depth)}- **${author}** (${e.created_at?.slice(0, 10)}): ${htmlToMd(e.message).replace(/\n+/g, ' ')}`);
      walk(e.replies, depth + 1);
    }
  };
  walk(body.view, 0);
  return lines;
}

// Files attached to announcements are listed (not downloaded): the archive
// records what existed, the files themselves stay in Canvas Files.
function attachmentsOf(item) {
  return (item.attachments ?? []).map((a) => ({
    name: a.display_name,
    size: a.size,
    type: a['content-type'],
  }));
}

function attachmentList(items) {
  const rows = [];
  for (const it of items) {
    for (const a of attachmentsOf(it)) {
      rows.push(`| ${it.title.replace(/\|/g, '/')} | ${a.name} | ${(a.size / 1024).toFixed(0)} KB | ${a.type} |`);
    }
  }
  if (!rows.length) return '';
  return ['| item | file | size | type |', '|---|---|---|---|', ...rows, ''].join('\n');
}

function monthCounts(items) {
  const counts = {};
  for (const it of items) {
    const m = (it.posted_at ?? it.created_at ?? '').slice(0, 7) || 'undated';
    counts[m] = (counts[m] ?? 0) + 1;
  }
  return Object.entries(counts)
    .sort()
    .map(([m, n]) => `- ${m}: ${n}`)
    .join('\n');
}

const outDir = path.join(outBase, String(courseId));
await rm(outDir, { recursive: true, force: true });
await mkdir(path.join(outDir, 'announcements'), { recursive: true });
await mkdir(path.join(outDir, 'discussions'), { recursive: true });

const announcements = await all(`/courses/${courseId}/discussion_topics?only_announcements=true`);
for (const a of announcements) {
  const file = path.join(outDir, 'announcements', `${a.posted_at?.slice(0, 10) ?? 'undated'}-${slug(a.title)}.md`);
  await writeFile(file, `# ${a.title}\n\n_${a.posted_at ?? ''}_\n\n${htmlToMd(a.message)}\n`);
}

const who = pseudonymiser();
const topics = await all(`/courses/${courseId}/discussion_topics`);
for (const t of topics) {
  const body = [`# ${t.title}`, '', htmlToMd(t.message), ''];
  if (withReplies && t.discussion_subentry_count > 0) {
    body.push('## Replies', '', ...(await replies(t.id, who)), '');
  }
  await writeFile(path.join(outDir, 'discussions', `${slug(t.title)}.md`), body.join('\n'));
}

const index = [
  `# Course ${courseId} archive`,
  '',
  `Archived ${new Date().toISOString().slice(0, 10)}; ${announcements.length} announcements, ${topics.length} discussions.`,
  keepNames ? '' : 'Student names are pseudonymised.',
  '',
  '## Announcements per month',
  '',
  monthCounts(announcements),
  '',
  '## Attachments',
  '',
  attachmentList([...announcements, ...topics]) || '_none_',
  '',
];
await writeFile(path.join(outDir, 'README.md'), index.join('\n'));
console.log(`archived ${announcements.length} announcements and ${topics.length} discussions to ${path.relative(ROOT, outDir)}`);
