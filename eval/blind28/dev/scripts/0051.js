#!/usr/bin/env node
//
// Requires Node >= 18 (global fetch, util.parseArgs).  No npm dependencies.
// Output layout: build/labels/project-<id>-<timestamp>/{tasks.json,labels.csv}
// or build/labels/project-<id>-<timestamp>/project-<id>-coco.zip.
// Keep the newest N exports with --keep N (default 3) when pruning.
//
// ls-export.js - export annotations from the local Label Studio into build/labels/
//
//   node tools/ls-export.js --project 4                 # JSON-MIN + per-label CSV
//   node tools/ls-export.js --project 4 --format coco   # COCO via Label Studio's converter
//   node tools/ls-export.js --project 4 --prune         # drop older exports of this project
//
// Label Studio runs on this machine (LABEL_STUDIO_URL, default localhost:8080).
// The API token comes from .env (LABEL_STUDIO_API_KEY) and is sent only there.
'use strict';

const fs = require('node:fs');
const fsp = require('node:fs/promises');
const path = require('node:path');
const { parseArgs } = require('node:util');

const ROOT = path.resolve(__dirname, '..');
const OUT_ROOT = path.join(ROOT, 'build', 'labels');
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function readDotEnv(file) {
  const values = {};
  if (!fs.existsSync(file)) return values;
  for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const m = line.match(/^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/);
    if (m) values[m[1]] = m[2].replace(/^['"]|['"]$/g, '');
  }
  return values;
}

function mask(token) {
  return token && token.length > 8 ? `${token.slice(0, 4)}…${token.slice(-2)}` : '****';
}

function config() {
  const env = { ...readDotEnv(path.join(ROOT, '.env')), ...process.env };
  const base = new URL(env.LABEL_STUDIO_URL || 'http://localhost:8080');
  if (!LOCAL_HOSTS.has(base.hostname)) {
    throw new Error(`LABEL_STUDIO_URL must be local, got ${base.hostname}`);
  }
  const token = env.LABEL_STUDIO_API_KEY;
  if (!token) throw new Error('LABEL_STUDIO_API_KEY missing (.env)');
  return { base, token };
}

async function api(cfg, pathname, { query = {}, retries = 3 } = {}) {
  const url = new URL(pathname, cfg.base);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
  let delay = 500;
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(url, { headers: { Authorization: `Token ${cfg.token}` } });
    if (res.ok) return res;
    if (attempt > retries || res.status < 500) {
      throw new Error(`${res.status} ${res.statusText} for ${url.pathname}`);
    }
    await new Promise((r) => setTimeout(r, delay));
    delay *= 2;
  }
}

function labelsOf(task) {
  const out = [];
  for (const ann of task.annotations || []) {
    if (ann.was_cancelled) continue;
    for (const r of ann.result || []) {
      const v = r.value || {};
      const names = v.rectanglelabels || v.polygonlabels || v.choices || v.labels || [];
      for (const name of names) {
        out.push({ type: r.type, label: name, x: v.x, y: v.y, w: v.width, h: v.height });
      }
    }
  }
  return out;
}

function toCsvRow(fields) {
  return fields
    .map((f) => {
      const s = f === undefined || f === null ? '' : String(f);
      return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
    })
    .join(',');
}

async function writeAtomic(file, data) {
  await fsp.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp-${process.pid}`;
  await fsp.writeFile(tmp, data);
  await fsp.rename(tmp, file);
}

async function exportJson(cfg, project, outDir) {
  const res = await api(cfg, `/api/projects/${project}/export`, { query: { exportType: 'JSON' } });
  const tasks = await res.json();
  await writeAtomic(path.join(outDir, 'tasks.json'), JSON.stringify(tasks, null, 2));
  const counts = new Map();
  const rows = [toCsvRow(['task_id', 'image', 'type', 'label', 'x', 'y', 'w', 'h'])];
  for (const task of tasks) {
    for (const l of labelsOf(task)) {
      counts.set(l.label, (counts.get(l.label) || 0) + 1);
      rows.push(toCsvRow([task.id, task.data && task.data.image, l.type, l.label, l.x, l.y, l.w, l.h]));
    }
  }
  await writeAtomic(path.join(outDir, 'labels.csv'), rows.join('\n') + '\n');
  return { tasks: tasks.length, counts };
}

async function exportCoco(cfg, project, outDir) {
  const res = await api(cfg, `/api/projects/${project}/export`, { query: { exportType: 'COCO' } });
  const buf = Buffer.from(await res.arrayBuffer());
  const file = path.join(outDir, `project-${project}-coco.zip`);
  await writeAtomic(file, buf);
  return { file, bytes: buf.length };
}

async function pruneOld(project, keep) {
  if (!fs.existsSync(OUT_ROOT)) return 0;
  const prefix = `project-${project}-`;
  const dirs = (await fsp.readdir(OUT_ROOT, { withFileTypes: true }))
    .filter((d) => d.isDirectory() && d.name.startsWith(prefix))
    .map((d) => d.name)
    .sort()
    .reverse();
  let removed = 0;
  for (const name of dirs.slice(keep)) {
    const target = path.join(OUT_ROOT, name);
    if (path.dirname(target) !== OUT_ROOT) continue;
    await fsp.rm(target, { recursive: true, force: true });
    removed++;
  }
  return removed;
}

async function main() {
  const { values } = parseArgs({
    options: {
      project: { type: 'string' },
      format: { type: 'string', default: 'json' },
      prune: { type: 'boolean', default: false },
      keep: { type: 'string', default: '3' },
    },
  });
  if (!values.project || !/^\d+$/.test(values.project)) {
    console.error('usage: ls-export.js --project <id> [--format json|coco] [--prune]');
    process.exit(2);
  }
  const cfg = config();
  console.log(`Label Studio ${cfg.base.origin}, token ${mask(cfg.token)}`);
  const info = await (await api(cfg, `/api/projects/${values.project}/`)).json();
  console.log(`project ${info.id}: ${info.title} (${info.task_number} tasks)`);

  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const outDir = path.join(OUT_ROOT, `project-${values.project}-${stamp}`);
  if (values.format === 'coco') {
    const { file, bytes } = await exportCoco(cfg, values.project, outDir);
    console.log(`wrote ${path.relative(ROOT, file)} (${(bytes / 1024).toFixed(0)} KiB)`);
  } else if (values.format === 'json') {
    const { tasks, counts } = await exportJson(cfg, values.project, outDir);
    console.log(`wrote ${tasks} tasks to ${path.relative(ROOT, outDir)}`);
    for (const [label, n] of [...counts].sort((a, b) => b[1] - a[1])) {
      console.log(`  ${label.padEnd(24)} ${n}`);
    }
  } else {
    throw new Error(`unknown format ${values.format}`);
  }
  if (values.prune) {
    const removed = await pruneOld(values.project, Number(values.keep));
    console.log(`pruned ${removed} older export(s) of project ${values.project}`);
  }
}

main().catch((err) => {
  console.error(`ls-export: ${err.message}`);
  process.exit(1);
});
