#!/usr/bin/env -S npx tsx
// Draft human-friendly release notes from the raw changelog section using the
// OpenAI API. OPENAI_API_KEY is read from the environment and sent only to
// https://api.openai.com. The draft is written to release-notes/<version>.md for
// a human to edit; nothing is published automatically.
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const API_URL = 'https://api.openai.com/v1/chat/completions';
const MODEL = process.env.OPENAI_MODEL ?? 'gpt-4o-mini';

interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

interface ChatResponse {
  choices: { message: ChatMessage; finish_reason: string }[];
  usage?: { prompt_tokens: number; completion_tokens: number };
}

class OpenAIError extends Error {
  constructor(public status: number, body: string) {
    super(`OpenAI API ${status}: ${body.slice(0, 300)}`);
  }
}

async function chat(messages: ChatMessage[], apiKey: string, retries = 3): Promise<ChatResponse> {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(API_URL, {
      method: 'POST',
      headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ model: MODEL, messages, temperature: 0.3 }),
    });
    if (res.ok) return (await res.json()) as ChatResponse;
    const body = await res.text();
    if ((res.status === 429 || res.status >= 500) && attempt < retries) {
      await new Promise((r) => setTimeout(r, 1500 * 2 ** attempt));
      continue;
    }
    throw new OpenAIError(res.status, body);
  }
}

function extractSection(changelog: string, version: string): string {
  const lines = changelog.split('\n');
  const start = lines.findIndex((l) => l.startsWith(`## ${version}`) || l.startsWith(`## [${version}]`));
  if (start === -1) throw new Error(`no section for ${version} in CHANGELOG.md`);
  const end = lines.findIndex((l, i) => i > start && l.startsWith('## '));
  return lines.slice(start + 1, end === -1 ? undefined : end).join('\n').trim();
}

const SYSTEM_PROMPT = [
  'You write release notes for a developer tool.',
  'Group changes into "Highlights", "Improvements" and "Fixes".',
  'Keep PR numbers, drop commit hashes, do not invent features.',
].join(' ');

async function main(): Promise<number> {
  const apiKey = process.env.OPENAI_API_KEY;
  if (!apiKey) {
    console.error('OPENAI_API_KEY is not set');
    return 2;
  }
  const pkg = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
  const version = process.argv[2] ?? pkg.version;
  const changelog = await readFile(path.join(ROOT, 'CHANGELOG.md'), 'utf8');
  const section = extractSection(changelog, version);
  if (section.length > 20_000) {
    console.error('changelog section is too long; trim it first');
    return 1;
  }
  const response = await chat(
    [
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'user', content: `Version ${version}. Raw changelog:\n\n${section}` },
    ],
    apiKey,
  );
  const draft = response.choices[0]?.message.content?.trim();
  if (!draft) throw new Error('empty response');
  const outDir = path.join(ROOT, 'release-notes');
  await mkdir(outDir, { recursive: true });
  const out = path.join(outDir, `${version}.md`);
  await writeFile(out, `# ${version}\n\n${draft}\n`);
  const usage = response.usage;
  console.log(`draft written to ${path.relative(ROOT, out)}`);
  if (usage) console.log(`tokens: ${usage.prompt_tokens} in / ${usage.completion_tokens} out`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
