#!/usr/bin/env -S npx tsx
// Watch src/ and re-run only the affected unit tests; status page on localhost.
import { watch } from 'node:fs';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { basename, extname } from 'node:path';

const PORT = Number(process.env.STATUS_PORT ?? 7357);
let last = { file: '', ok: true, at: new Date().toISOString(), output: '' };
let running = false;
let queued: string | null = null;

function testFor(file: string): string {
  const base = basename(file, extname(file));
  return base.endsWith('.test') ? file : `${base}.test`;
}

function runTests(file: string): void {
  if (running) {
    queued = file;
    return;
  }
  running = true;
  const child = spawn('pnpm', ['vitest', 'run', testFor(file)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  child.on('close', (code) => {
    last = { file, ok: code === 0, at: new Date().toISOString(), output: output.slice(-5000) };
    console.log(`${code === 0 ? 'PASS' : 'FAIL'} ${file}`);
    running = false;
    if (queued) {
      const next = queued;
      queued = null;
      runTests(next);
    }
  });
}

watch('src', { recursive: true }, (_e, name) => {
  if (name && /\.(ts|tsx)$/.test(name)) runTests(String(name));
});

createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html' });
  const colour = last.ok ? '#2a2' : '#c22';
  res.end(`<meta http-equiv="refresh" content="2"><h1 style="color:${colour}">${last.ok ? 'passing' : 'failing'}</h1>` +
    `<p>${last.file} at ${last.at}</p><pre>${last.output.replace(/</g, '&lt;')}</pre>`);
}).listen(PORT, '127.0.0.1', () => console.log(`status on http://127.0.0.1:${PORT}`));
