#!/usr/bin/env -S npx tsx
// Prompt regression suite for the trip-summary feature.
//
//   tsx tools/eval-prompts.ts [--suite evals/trip-summary.jsonl] [--model gpt-4o-mini] [--limit 50]
//
// Each JSONL case has an input trip and a list of checks (must_include,
// must_not_include, max_words, json_schema keys). The prompt template is the
// project's own src/prompts/trip-summary.ts, imported dynamically so the suite
// always evaluates the current version. Completions come from api.openai.com
// with OPENAI_API_KEY sent only in the Authorization header. Responses are
// cached under ~/.cache/trailmix-evals/<sha256 of request> so re-runs are free;
// results are written to reports/evals/<timestamp>.json and a Markdown summary.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(__dirname, '..');
const CACHE = path.join(process.env.XDG_CACHE_HOME ?? path.join(homedir(), '.cache'), 'trailmix-evals');
const OUT = path.join(ROOT, 'reports', 'evals');
const API = 'https://api.openai.com/v1/chat/completions';

interface Case {
  id: string;
  trip: Record<string, unknown>;
  checks: {
    must_include?: string[];
    must_not_include?: string[];
    max_words?: number;
    json_keys?: string[];
  };
}

interface CaseResult {
  id: string;
  passed: boolean;
  failures: string[];
  words: number;
  cached: boolean;
  ms: number;
}

interface Options {
  suite: string;
  model: string;
  limit: number | null;
  temperature: number;
}

function parseArgs(argv: string[]): Options {
  const o: Options = { suite: 'evals/trip-summary.jsonl', model: 'gpt-4o-mini', limit: null, temperature: 0 };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--suite') o.suite = argv[++i];
    else if (a === '--model') o.model = argv[++i];
    else if (a === '--limit') o.limit = Number(argv[++i]);
    else if (a === '--temperature') o.temperature = Number(argv[++i]);
    else throw new Error(`unknown argument ${a}`);
  }
  return o;
}

function loadCases(file: string, limit: number | null): Case[] {
  const lines = readFileSync(path.join(ROOT, file), 'utf8').split('\n').filter((l) => l.trim());
  const cases = lines.map((l) => JSON.parse(l) as Case);
  return limit ? cases.slice(0, limit) : cases;
}

async function loadTemplate(): Promise<(trip: Record<string, unknown>) => { system: string; user: string }> {
  const modPath = path.join(ROOT, 'src', 'prompts', 'trip-summary.ts');
  const mod = await import(pathToFileURL(modPath).href);
  if (typeof mod.buildTripSummaryPrompt !== 'function') {
    throw new Error('src/prompts/trip-summary.ts must export buildTripSummaryPrompt');
  }
  return mod.buildTripSummaryPrompt;
}

async function complete(body: object): Promise<{ text: string; cached: boolean }> {
  const key = createHash('sha256').update(JSON.stringify(body)).digest('hex');
  const cacheFile = path.join(CACHE, `${key}.json`);
  if (existsSync(cacheFile)) {
    return { text: JSON.parse(readFileSync(cacheFile, 'utf8')).text, cached: true };
  }
  const apiKey = process.env.OPENAI_API_KEY;
  if (!apiKey) throw new Error('OPENAI_API_KEY is not set');
  for (let attempt = 1; attempt <= 4; attempt += 1) {
    const res = await fetch(API, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status === 429 || res.status >= 500) {
      await new Promise((r) => setTimeout(r, 1000 * 2 ** attempt));
      continue;
    }
    if (!res.ok) throw new Error(`OpenAI API returned ${res.status}`);
    const data = (await res.json()) as { choices: { message: { content: string } }[] };
    const text = data.choices[0]?.message?.content ?? '';
    mkdirSync(CACHE, { recursive: true });
    writeFileSync(cacheFile, JSON.stringify({ text }));
    return { text, cached: false };
  }
  throw new Error('OpenAI API kept failing after retries');
}

function check(c: Case, text: string): string[] {
  const failures: string[] = [];
  const lower = text.toLowerCase();
  for (const s of c.checks.must_include ?? []) if (!lower.includes(s.toLowerCase())) failures.push(`missing "${s}"`);
  for (const s of c.checks.must_not_include ?? []) if (lower.includes(s.toLowerCase())) failures.push(`contains "${s}"`);
  const words = text.split(/\s+/).filter(Boolean).length;
  if (c.checks.max_words && words > c.checks.max_words) failures.push(`${words} words > ${c.checks.max_words}`);
  if (c.checks.json_keys) {
    try {
      const obj = JSON.parse(text);
      for (const k of c.checks.json_keys) if (!(k in obj)) failures.push(`JSON lacks key ${k}`);
    } catch {
      failures.push('response is not valid JSON');
    }
  }
  return failures;
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const build = await loadTemplate();
  const cases = loadCases(opts.suite, opts.limit);
  const results: CaseResult[] = [];
  for (const c of cases) {
    const prompt = build(c.trip);
    const started = Date.now();
    const { text, cached } = await complete({
      model: opts.model,
      temperature: opts.temperature,
      messages: [
        { role: 'system', content: prompt.system },
        { role: 'user', content: prompt.user },
      ],
    });
    const failures = check(c, text);
    results.push({
      id: c.id,
      passed: failures.length === 0,
      failures,
      words: text.split(/\s+/).filter(Boolean).length,
      cached,
      ms: Date.now() - started,
    });
    process.stdout.write(failures.length ? 'F' : '.');
  }
  process.stdout.write('\n');

  const passed = results.filter((r) => r.passed).length;
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  mkdirSync(OUT, { recursive: true });
  writeFileSync(path.join(OUT, `${stamp}.json`), JSON.stringify({ opts, results }, null, 2));
  const md = [`# Prompt eval ${stamp}`, '', `Model: ${opts.model}. Passed ${passed}/${results.length}.`, ''];
  for (const r of results.filter((x) => !x.passed)) md.push(`- **${r.id}**: ${r.failures.join('; ')}`);
  writeFileSync(path.join(OUT, `${stamp}.md`), md.join('\n') + '\n');
  console.log(`passed ${passed}/${results.length}; report in reports/evals/${stamp}.md`);
  if (passed < results.length) process.exitCode = 1;
}

main().catch((err) => {
  console.error(`eval-prompts: ${(err as Error).message}`);
  process.exit(1);
});
