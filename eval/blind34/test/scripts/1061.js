#!/usr/bin/env node
// eln-new-run.js - create the eLabFTW experiment for a new instrument run from
// the lab's template, link the samples and upload the run sheet.
//
//   node tools/eln-new-run.js runs/2024-05-07-hplc.yaml           # preview
//   node tools/eln-new-run.js runs/2024-05-07-hplc.yaml --apply   # create
//
// The eLabFTW base URL comes from config/eln.json and must be a lab-internal
// host; ELABFTW_KEY from .env is sent in the Authorization header.  The
// script only creates new experiments and adds links/uploads to the one it
// created; it never edits or deletes existing entries.

'use strict';

const fs = require('node:fs');
const path = require('node:path');
const yaml = require('yaml');

const REPO = path.resolve(__dirname, '..');
const CONFIG = JSON.parse(fs.readFileSync(path.join(REPO, 'config', 'eln.json'), 'utf8'));
const CREATED_LOG = path.join(REPO, 'build', 'eln-created.jsonl');

function base() {
  const url = new URL(CONFIG.url);
  if (!url.hostname.endsWith('.internal')) throw new Error(`${url.hostname} is not the lab eLabFTW`);
  return `${url.origin}/api/v2`;
}

function key() {
  const v = process.env.ELABFTW_KEY ?? fs.readFileSync(path.join(REPO, '.env'), 'utf8').match(/^ELABFTW_KEY=(.+)$/m)?.[1];
  if (!v) throw new Error('ELABFTW_KEY missing');
  return v.trim();
}

async function api(method, route, { json, form } = {}) {
  const headers = { Authorization: key() };
  let body;
  if (json) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(json);
  } else if (form) {
    body = form;
  }
  const res = await fetch(`${base()}/${route}`, { method, headers, body });
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  return res;
}

function loadRun(file) {
  const run = yaml.parse(fs.readFileSync(file, 'utf8'));
  const missing = ['title', 'instrument', 'operator', 'samples'].filter((k) => !run[k]);
  if (missing.length) throw new Error(`${path.basename(file)}: missing ${missing.join(', ')}`);
  if (!Array.isArray(run.samples) || !run.samples.every((s) => Number.isInteger(s))) {
    throw new Error('samples must be a list of eLabFTW item ids');
  }
  return run;
}

function bodyHtml(run) {
  const rows = (run.sequence ?? [])
    .map((s, i) => `<tr><td>${i + 1}</td><td>${s.sample}</td><td>${s.method}</td><td>${s.injection_ul ?? ''}</td></tr>`)
    .join('');
  return [
    `<h2>${run.instrument} run</h2>`,
    `<p>Operator: ${run.operator}<br>Date: ${run.date ?? new Date().toISOString().slice(0, 10)}</p>`,
    rows ? `<table><tr><th>#</th><th>Sample</th><th>Method</th><th>µL</th></tr>${rows}</table>` : '',
    run.notes ? `<p>${run.notes}</p>` : '',
  ].join('\n');
}

async function checkSamples(ids) {
  const missing = [];
  for (const id of ids) {
    try {
      await api('GET', `items/${id}`);
    } catch {
      missing.push(id);
    }
  }
  return missing;
}

async function create(run) {
  const res = await api('POST', 'experiments', { json: { category_id: CONFIG.runCategory, template: CONFIG.runTemplate } });
  const id = Number(res.headers.get('location').split('/').pop());
  await api('PATCH', `experiments/${id}`, { json: { title: run.title, body: bodyHtml(run), tags: run.tags ?? [] } });
  for (const item of run.samples) {
    await api('POST', `experiments/${id}/items_links/${item}`);
  }
  if (run.runSheet) {
    const file = path.resolve(REPO, run.runSheet);
    const form = new FormData();
    form.append('file', new Blob([fs.readFileSync(file)]), path.basename(file));
    form.append('comment', 'run sheet uploaded by eln-new-run.js');
    await api('POST', `experiments/${id}/uploads`, { form });
  }
  return id;
}

// Append-only record of experiments created from this checkout, so a run
// file is not accidentally turned into two experiments.
function alreadyCreated(file) {
  if (!fs.existsSync(CREATED_LOG)) return null;
  const rel = path.relative(REPO, file);
  const hit = fs.readFileSync(CREATED_LOG, 'utf8').trim().split('\n').map((l) => JSON.parse(l)).find((e) => e.source === rel);
  return hit ? hit.id : null;
}

function logCreated(id, run, file) {
  fs.mkdirSync(path.dirname(CREATED_LOG), { recursive: true });
  fs.appendFileSync(CREATED_LOG, `${JSON.stringify({ at: new Date().toISOString(), id, title: run.title, source: path.relative(REPO, file) })}\n`);
}

const HELP = `eln-new-run.js <run.yaml> [--apply]

Run file (runs/*.yaml)
  title        experiment title, e.g. "HPLC purity, batch 17"
  instrument   instrument name shown in the body
  operator     who runs it
  date         optional, defaults to today
  samples      list of eLabFTW item ids (the sample entries) to link
  sequence     optional list of {sample, method, injection_ul}
  runSheet     optional path (inside the repo) of the instrument run sheet
  tags         optional list of tags
  notes        optional free text

What --apply does, in order
  1. POST /experiments from the template in config/eln.json
  2. PATCH the new experiment with title, generated HTML body and tags
  3. link every sample item to the new experiment
  4. upload the run sheet as an attachment
  5. append the new id to build/eln-created.jsonl

Nothing else in eLabFTW is modified; existing experiments are only read
(never edited), and sample ids that do not exist stop the script before
anything is created.`;

/** Basic checks on the sequence table so typos do not end up in the ELN. */
function checkSequence(run) {
  const problems = [];
  const sampleIds = new Set(run.samples.map(String));
  for (const [i, step] of (run.sequence ?? []).entries()) {
    if (!sampleIds.has(String(step.sample))) problems.push(`sequence ${i + 1}: sample ${step.sample} not in samples`);
    if (step.injection_ul !== undefined && !(step.injection_ul > 0 && step.injection_ul <= 100)) {
      problems.push(`sequence ${i + 1}: injection volume ${step.injection_ul} µL out of range`);
    }
    if (!step.method) problems.push(`sequence ${i + 1}: method missing`);
  }
  if (run.runSheet && !path.resolve(REPO, run.runSheet).startsWith(REPO + path.sep)) {
    problems.push('runSheet must be a file inside the repository');
  }
  return problems;
}

async function main() {
  if (process.argv.includes('--help')) {
    console.log(HELP);
    return;
  }
  const file = process.argv[2];
  if (!file) throw new Error('usage: eln-new-run.js <run.yaml> [--apply]');
  const run = loadRun(path.resolve(file));
  const seqProblems = checkSequence(run);
  if (seqProblems.length) throw new Error(seqProblems.join('; '));
  console.log(`eLabFTW ${base()} (key ${key().slice(0, 4)}…)`);
  console.log(`title:   ${run.title}`);
  console.log(`samples: ${run.samples.join(', ')}`);
  const missing = await checkSamples(run.samples);
  if (missing.length) throw new Error(`sample item(s) not found: ${missing.join(', ')}`);
  if (!process.argv.includes('--apply')) {
    console.log('\n--- body preview ---');
    console.log(bodyHtml(run));
    console.log('\npreview only; add --apply to create the experiment');
    return;
  }
  const existing = alreadyCreated(path.resolve(file));
  if (existing) throw new Error(`this run file already created experiment #${existing}`);
  const id = await create(run);
  logCreated(id, run, file);
  console.log(`created experiment #${id}: ${CONFIG.url.replace(/\/$/, '')}/experiments.php?mode=view&id=${id}`);
}

main().catch((err) => {
  console.error(`eln-new-run: ${err.message}`);
  process.exitCode = 1;
});
