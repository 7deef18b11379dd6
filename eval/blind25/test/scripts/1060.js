#!/usr/bin/env node
/**
 * tools/release-notify.js - announce a release in Discord through the team's webhook.
 *
 *   node tools/release-notify.js --tag v2.4.0            preview the embed (default)
 *   node tools/release-notify.js --tag v2.4.0 --send     post it
 *
 * Builds an embed from the annotated tag message and the commits since the
 * previous tag. DISCORD_RELEASE_WEBHOOK (a discord.com webhook URL, which
 * contains its own secret) comes from the environment or .env; the script
 * refuses any webhook URL that is not on discord.com and never prints it.
 */
'use strict';

const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const REPO_ROOT = path.resolve(__dirname, '..');
const MAX_FIELD = 1024;
const MAX_DESC = 4096;

function git(...args) {
  return execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
}

function envValue(name) {
  if (process.env[name]) return process.env[name];
  const file = path.join(REPO_ROOT, '.env');
  if (!fs.existsSync(file)) return '';
  const line = fs.readFileSync(file, 'utf8').split('\n').find((l) => l.startsWith(`${name}=`));
  return line ? line.slice(name.length + 1).trim() : '';
}

function webhookUrl() {
  const raw = envValue('DISCORD_RELEASE_WEBHOOK');
  if (!raw) throw new Error('DISCORD_RELEASE_WEBHOOK not set');
  const url = new URL(raw);
  if (url.protocol !== 'https:' || !['discord.com', 'discordapp.com'].includes(url.hostname) || !url.pathname.startsWith('/api/webhooks/')) {
    throw new Error('DISCORD_RELEASE_WEBHOOK must be a discord.com webhook URL');
  }
  return url;
}

function previousTag(tag) {
  try {
    return git('describe', '--tags', '--abbrev=0', `${tag}^`);
  } catch {
    return null;
  }
}

function commitsBetween(from, to) {
  const range = from ? `${from}..${to}` : to;
  const out = git('log', '--no-merges', '--format=%h%x09%an%x09%s', range);
  return out ? out.split('\n').map((l) => {
    const [hash, author, subject] = l.split('\t');
    return { hash, author, subject };
  }) : [];
}

function groupCommits(commits) {
  const groups = { Features: [], Fixes: [], Other: [] };
  for (const c of commits) {
    if (/^feat(\(.+\))?!?:/.test(c.subject)) groups.Features.push(c);
    else if (/^fix(\(.+\))?!?:/.test(c.subject)) groups.Fixes.push(c);
    else if (!/^(chore|ci|docs|test)(\(.+\))?:/.test(c.subject)) groups.Other.push(c);
  }
  return groups;
}

function truncate(text, max) {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function buildEmbed(tag) {
  const message = git('tag', '-l', '--format=%(contents)', tag) || `Release ${tag}`;
  const prev = previousTag(tag);
  const commits = commitsBetween(prev, tag);
  const groups = groupCommits(commits);
  const fields = Object.entries(groups)
    .filter(([, list]) => list.length)
    .map(([name, list]) => ({
      name: `${name} (${list.length})`,
      value: truncate(list.map((c) => `• ${c.subject.replace(/^\w+(\(.+\))?!?:\s*/, '')} (\`${c.hash}\`)`).join('\n'), MAX_FIELD),
    }));
  const authors = [...new Set(commits.map((c) => c.author))];
  return {
    username: 'Release bot',
    embeds: [
      {
        title: `${path.basename(REPO_ROOT)} ${tag}`,
        description: truncate(message, MAX_DESC),
        color: 0x2f9e44,
        fields,
        footer: { text: `${commits.length} commits since ${prev || 'the beginning'} · ${authors.length} contributor(s)` },
        timestamp: new Date().toISOString(),
      },
    ],
    allowed_mentions: { parse: [] },
  };
}

async function post(url, payload) {
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const res = await fetch(`${url.toString()}?wait=true`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'User-Agent': 'release-notify' },
      body: JSON.stringify(payload),
    });
    if (res.status === 429) {
      const body = await res.json().catch(() => ({}));
      await new Promise((r) => setTimeout(r, Math.ceil((body.retry_after || 1) * 1000)));
      continue;
    }
    if (!res.ok) throw new Error(`webhook returned ${res.status}`);
    return res.json();
  }
  throw new Error('rate limited too often');
}

function changelogSection(tag) {
  // the same grouping, rendered as markdown for CHANGELOG.md
  const prev = previousTag(tag);
  const groups = groupCommits(commitsBetween(prev, tag));
  const date = git('log', '-1', '--format=%as', tag);
  const lines = [`## ${tag.replace(/^v/, '')} - ${date}`, ''];
  for (const [name, list] of Object.entries(groups)) {
    if (!list.length) continue;
    lines.push(`### ${name}`, '');
    for (const c of list) lines.push(`- ${c.subject.replace(/^\w+(\(.+\))?!?:\s*/, '')} (${c.hash})`);
    lines.push('');
  }
  return lines.join('\n');
}

function updateChangelog(tag) {
  const file = path.join(REPO_ROOT, 'CHANGELOG.md');
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Changelog\n\n';
  const heading = `## ${tag.replace(/^v/, '')} `;
  if (current.includes(heading)) {
    console.log(`CHANGELOG.md already has ${tag}`);
    return;
  }
  const section = changelogSection(tag);
  const idx = current.indexOf('\n## ');
  const next = idx < 0 ? `${current.trimEnd()}\n\n${section}` : `${current.slice(0, idx + 1)}${section}\n${current.slice(idx + 1)}`;
  fs.writeFileSync(file, next);
  console.log(`added ${tag} to CHANGELOG.md (not committed)`);
}

function contributors(tag) {
  const prev = previousTag(tag);
  const counts = new Map();
  for (const c of commitsBetween(prev, tag)) counts.set(c.author, (counts.get(c.author) || 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]);
}

async function main() {
  const args = process.argv.slice(2);
  if (args.includes('--changelog')) {
    updateChangelog(args.includes('--tag') ? args[args.indexOf('--tag') + 1] : git('describe', '--tags', '--abbrev=0'));
    return;
  }
  if (args.includes('--contributors')) {
    const t = args.includes('--tag') ? args[args.indexOf('--tag') + 1] : git('describe', '--tags', '--abbrev=0');
    contributors(t).forEach(([name, n]) => console.log(`${String(n).padStart(4)}  ${name}`));
    return;
  }
  const tag = args.includes('--tag') ? args[args.indexOf('--tag') + 1] : git('describe', '--tags', '--abbrev=0');
  if (!/^v\d+\.\d+\.\d+(-[\w.]+)?$/.test(tag)) throw new Error(`unexpected tag format: ${tag}`);
  const payload = buildEmbed(tag);
  if (!args.includes('--send')) {
    console.log(JSON.stringify(payload, null, 2));
    console.log('\npreview only; pass --send to post');
    return;
  }
  const msg = await post(webhookUrl(), payload);
  console.log(`posted message ${msg.id}`);
}

main().catch((err) => {
  console.error(`release-notify: ${err.message}`);
  process.exit(1);
});
