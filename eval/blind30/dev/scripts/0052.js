#!/usr/bin/env node
// listmonk campaign runner for the release newsletter (test list only unless told otherwise).
//
//   node tools/newsletter.mjs draft  content/newsletter/2024-07.md
//   node tools/newsletter.mjs send   <campaign-id> --yes        # test list
//   node tools/newsletter.mjs send   <campaign-id> --live --yes  # real list, needs both flags
//
// The Markdown issue is rendered to HTML with the project's template and created as a
// draft campaign in listmonk (LISTMONK_URL, default http://localhost:9000). "send" first
// retargets the campaign to the list chosen by the flags and prints the subscriber count
// before it changes the status to running.
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import readline from 'node:readline/promises';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONFIG = JSON.parse(readFileSync(path.join(ROOT, 'config', 'newsletter.json'), 'utf8'));

function env(name, fallback) {
  if (process.env[name]) return process.env[name];
  const file = path.join(ROOT, '.env');
  if (existsSync(file)) {
    const m = readFileSync(file, 'utf8').match(new RegExp(`^${name}=(.*)$`, 'm'));
    if (m) return m[1].trim().replace(/^"|"$/g, '');
  }
  if (fallback !== undefined) return fallback;
  throw new Error(`${name} is not set (see .env.example)`);
}

const BASE = env('LISTMONK_URL', 'http://localhost:9000').replace(/\/$/, '');
const AUTH = 'Basic ' + Buffer.from(`${env('LISTMONK_API_USER')}:${env('LISTMONK_API_TOKEN')}`).toString('base64');

const log = (...a) => console.error('[newsletter]', ...a);

async function api(method, route, body) {
  const res = await fetch(`${BASE}/api${route}`, {
    method,
    headers: { Authorization: AUTH, 'Content-Type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text).data : null;
}

// Minimal Markdown subset used by the newsletter issues.
function renderMarkdown(md) {
  const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const inline = (s) => esc(s)
    .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
    .replace(/\*(.+?)\*/g, '<em>$1</em>')
    .replace(/`(.+?)`/g, '<code>$1</code>')
    .replace(/\[(.+?)\]\((https?:[^)\s]+)\)/g, '<a href="$2">$1</a>');
  const out = [];
  let list = false;
  for (const line of md.split(/\r?\n/)) {
    const h = line.match(/^(#{1,3})\s+(.*)$/);
    const li = line.match(/^[-*]\s+(.*)$/);
    if (!li && list) { out.push('</ul>'); list = false; }
    if (h) out.push(`<h${h[1].length}>${inline(h[2])}</h${h[1].length}>`);
    else if (li) { if (!list) { out.push('<ul>'); list = true; } out.push(`<li>${inline(li[1])}</li>`); }
    else if (line.trim()) out.push(`<p>${inline(line)}</p>`);
  }
  if (list) out.push('</ul>');
  return out.join('\n');
}

function frontMatter(text) {
  const m = text.match(/^---\n([\s\S]*?)\n---\n/);
  if (!m) return [{}, text];
  const meta = Object.fromEntries(m[1].split('\n').map((l) => {
    const i = l.indexOf(':');
    return [l.slice(0, i).trim(), l.slice(i + 1).trim()];
  }));
  return [meta, text.slice(m[0].length)];
}

async function listInfo(id) {
  const list = await api('GET', `/lists/${id}`);
  return { id: list.id, name: list.name, count: list.subscriber_count, type: list.type };
}

async function draft(file) {
  const [meta, body] = frontMatter(await readFile(path.resolve(file), 'utf8'));
  if (!meta.subject) throw new Error('front matter needs a subject');
  const html = renderMarkdown(body);
  const test = await listInfo(CONFIG.testListId);
  const campaign = await api('POST', '/campaigns', {
    name: `${meta.subject} (${new Date().toISOString().slice(0, 10)})`,
    subject: meta.subject,
    lists: [test.id],
    from_email: CONFIG.fromEmail,
    content_type: 'html',
    body: html,
    template_id: CONFIG.templateId,
    type: 'regular',
    tags: ['newsletter', 'draft'],
  });
  const previewDir = path.join(ROOT, 'build', 'newsletter');
  await mkdir(previewDir, { recursive: true });
  await writeFile(path.join(previewDir, `campaign-${campaign.id}.html`), html);
  log(`draft campaign #${campaign.id} created for test list "${test.name}" (${test.count} subscribers)`);
  log(`preview: build/newsletter/campaign-${campaign.id}.html`);
}

async function confirm(question, yes) {
  if (yes) return true;
  const rl = readline.createInterface({ input: process.stdin, output: process.stderr });
  const answer = await rl.question(`${question} [y/N] `);
  rl.close();
  return /^y(es)?$/i.test(answer.trim());
}

async function send(id, { live, yes }) {
  const campaign = await api('GET', `/campaigns/${id}`);
  if (!['draft', 'paused'].includes(campaign.status)) {
    throw new Error(`campaign #${id} is ${campaign.status}, not draft/paused`);
  }
  const target = await listInfo(live ? CONFIG.liveListId : CONFIG.testListId);
  if (!live && !/test/i.test(target.name)) {
    throw new Error(`configured test list "${target.name}" does not look like a test list`);
  }
  if (!live && target.count > CONFIG.maxTestSubscribers) {
    throw new Error(`test list has ${target.count} subscribers, more than ${CONFIG.maxTestSubscribers}`);
  }
  const current = campaign.lists.map((l) => l.id);
  if (current.length !== 1 || current[0] !== target.id) {
    await api('PUT', `/campaigns/${id}`, {
      name: campaign.name,
      subject: campaign.subject,
      lists: [target.id],
      from_email: campaign.from_email,
      content_type: campaign.content_type,
      body: campaign.body,
      template_id: campaign.template_id,
    });
    log(`campaign #${id} retargeted to "${target.name}"`);
  }
  const question = `Send "${campaign.subject}" to ${target.name} (${target.count} subscribers)?`;
  if (!(await confirm(question, yes))) {
    log('not sent');
    return;
  }
  await api('PUT', `/campaigns/${id}/status`, { status: 'running' });
  log(`campaign #${id} is running`);
}

async function status() {
  const campaigns = await api('GET', '/campaigns?per_page=10&order_by=created_at&order=desc');
  for (const c of campaigns.results) {
    console.log(`#${String(c.id).padEnd(5)} ${c.status.padEnd(10)} ${c.sent}/${c.to_send}  ${c.name}`);
  }
}

async function lists() {
  // Show the two configured lists so people can check the config before sending.
  for (const [label, id] of [['test', CONFIG.testListId], ['live', CONFIG.liveListId]]) {
    try {
      const info = await listInfo(id);
      console.log(`${label.padEnd(5)} #${info.id} ${info.name} (${info.type}, ${info.count} subscribers)`);
    } catch (err) {
      console.log(`${label.padEnd(5)} #${id} not readable: ${err.message}`);
    }
  }
}

async function main() {
  const [cmd, arg, ...rest] = process.argv.slice(2);
  const flags = { live: rest.includes('--live'), yes: rest.includes('--yes') };
  if (flags.live && !rest.includes('--yes')) {
    throw new Error('--live requires --yes as well, so a live send is never a single typo away');
  }
  switch (cmd) {
    case 'draft': return draft(arg);
    case 'send': return send(Number(arg), flags);
    case 'status': return status();
    case 'lists': return lists();
    default:
      console.error('usage: newsletter.mjs draft <file.md> | send <id> [--live] [--yes] | status');
      process.exitCode = 2;
  }
}

main().catch((err) => {
  log(err.message);
  process.exit(1);
});
