#!/usr/bin/env node
// Draft release notes from merged PR titles using the OpenAI API.
// Reads PR titles from `gh`, sends them to api.openai.com, writes RELEASE_NOTES.md.
'use strict';

const { execFileSync } = require('child_process');
const fs = require('fs');

const OPENAI_URL = 'https://api.openai.com/v1/chat/completions';
const MODEL = process.env.OPENAI_MODEL || 'gpt-4o-mini';
const apiKey = process.env.OPENAI_API_KEY;

function mergedPrs(since) {
  const out = execFileSync('gh', [
    'pr', 'list', '--state', 'merged', '--limit', '200',
    '--search', `merged:>=${since}`, '--json', 'number,title,labels',
  ], { encoding: 'utf8' });
  return JSON.parse(out);
}

function lastTagDate() {
  try {
    const tag = execFileSync('git', ['describe', '--tags', '--abbrev=0'], { encoding: 'utf8' }).trim();
    return execFileSync('git', ['log', '-1', '--format=%cs', tag], { encoding: 'utf8' }).trim();
  } catch {
    return new Date(Date.now() - 30 * 864e5).toISOString().slice(0, 10);
  }
}

async function summarise(prs) {
  const list = prs.map((p) => `- #${p.number} ${p.title} [${p.labels.map((l) => l.name).join(', ')}]`).join('\n');
  const res = await fetch(OPENAI_URL, {
    method: 'POST',
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      model: MODEL,
      temperature: 0.2,
      messages: [
        { role: 'system', content: 'You write concise release notes grouped into Features, Fixes and Internal.' },
        { role: 'user', content: `Merged pull requests:\n${list}` },
      ],
    }),
  });
  if (!res.ok) throw new Error(`OpenAI ${res.status}: ${await res.text()}`);
  const data = await res.json();
  return data.choices[0].message.content.trim();
}

async function main() {
  if (!apiKey) {
    console.error('OPENAI_API_KEY is not set');
    process.exit(1);
  }
  const since = lastTagDate();
  const prs = mergedPrs(since);
  if (!prs.length) {
    console.log(`no merged PRs since ${since}`);
    return;
  }
  const notes = await summarise(prs);
  fs.writeFileSync('RELEASE_NOTES.md', `# Release notes (since ${since})\n\n${notes}\n`);
  console.log(`wrote RELEASE_NOTES.md from ${prs.length} PRs`);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
