#!/usr/bin/env node
// triage-reports.js - triage fatal errors of the orbit API server and its native
// image addon from local dev/test runs.
//
// Two sources, both produced by *our* processes:
//   1. Node diagnostic reports: the dev server runs with
//      --report-on-fatalerror --report-uncaught-exception --report-directory=out/reports
//   2. core files of the addon's gtest binary (build/Release/addon_test) which the
//      test script runs with `ulimit -c unlimited` inside out/cores/
//
// For each report we extract the JS and native stacks; for each core we run
// `gdb -batch` (argv array, no shell, with a timeout).  Findings are grouped by
// a stack fingerprint and written to out/triage/summary.{md,json}.
//
// --prune removes processed reports/cores from out/ afterwards.
// --issue opens a GitHub issue through the REST API (GITHUB_TOKEN, api.github.com).

import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPORTS = path.join(ROOT, 'out', 'reports');
const CORES = path.join(ROOT, 'out', 'cores');
const OUT = path.join(ROOT, 'out', 'triage');
const ADDON_TEST = path.join(ROOT, 'build', 'Release', 'addon_test');
const REPO_SLUG = process.env.GITHUB_REPOSITORY ?? 'orbit-dev/orbit-api';

const args = new Set(process.argv.slice(2));
const PRUNE = args.has('--prune');
const ISSUE = args.has('--issue');

const info = (...m) => console.error('[triage]', ...m);

function fingerprint(frames) {
  const key = frames
    .slice(0, 4)
    .map((f) => f.replace(/0x[0-9a-f]+/gi, '').replace(/:\d+:\d+\)?$/, '').trim())
    .join('|');
  return createHash('sha256').update(key).digest('hex').slice(0, 10);
}

async function listFiles(dir, predicate) {
  if (!existsSync(dir)) return [];
  const names = await readdir(dir);
  const out = [];
  for (const name of names) {
    const full = path.join(dir, name);
    const st = await stat(full);
    if (st.isFile() && predicate(name)) out.push({ full, name, mtime: st.mtimeMs, size: st.size });
  }
  return out.sort((a, b) => b.mtime - a.mtime);
}

async function parseReport(file) {
  const report = JSON.parse(await readFile(file.full, 'utf8'));
  const header = report.header ?? {};
  const jsFrames = (report.javascriptStack?.stack ?? []).map((s) => s.trim());
  const nativeFrames = (report.nativeStack ?? []).map((f) => `${f.symbol ?? '?'} ${f.pc ?? ''}`.trim());
  return {
    kind: 'node-report',
    source: path.relative(ROOT, file.full),
    trigger: header.trigger,
    message: report.javascriptStack?.message ?? header.event ?? 'unknown',
    node: header.nodejsVersion,
    frames: jsFrames.length ? jsFrames : nativeFrames,
    native: nativeFrames.slice(0, 12),
  };
}

async function symbolizeCore(file) {
  if (!existsSync(ADDON_TEST)) {
    return { kind: 'core', source: path.relative(ROOT, file.full), message: 'addon_test missing', frames: [] };
  }
  const gdbArgs = ['-q', '-nx', '-batch', '-ex', 'set pagination off', '-ex', 'bt 30', ADDON_TEST, file.full];
  let stdout = '';
  try {
    ({ stdout } = await run('gdb', gdbArgs, { timeout: 90_000, maxBuffer: 16 << 20 }));
  } catch (err) {
    stdout = err.stdout ?? '';
  }
  const frames = stdout
    .split('\n')
    .filter((l) => /^#\d+ /.test(l))
    .map((l) => l.replace(/^#\d+\s+(0x[0-9a-f]+ in )?/, ''));
  const signal = /Program terminated with signal (\w+)/.exec(stdout)?.[1] ?? 'unknown signal';
  return { kind: 'core', source: path.relative(ROOT, file.full), message: signal, frames };
}

function group(findings) {
  const groups = new Map();
  for (const f of findings) {
    const fp = fingerprint(f.frames);
    if (!groups.has(fp)) groups.set(fp, { fingerprint: fp, kind: f.kind, message: f.message, frames: f.frames, sources: [] });
    groups.get(fp).sources.push(f.source);
  }
  return [...groups.values()].sort((a, b) => b.sources.length - a.sources.length);
}

function markdown(groups) {
  const lines = ['# orbit crash triage', '', `generated ${new Date().toISOString()}`, ''];
  for (const g of groups) {
    lines.push(`## ${g.fingerprint} (${g.kind}, ${g.sources.length}x)`, '', `> ${g.message}`, '', '```');
    lines.push(...(g.frames.length ? g.frames.slice(0, 15) : ['(no frames)']));
    lines.push('```', '', ...g.sources.map((s) => `- \`${s}\``), '');
  }
  return lines.join('\n');
}

async function openIssue(body) {
  const token = process.env.GITHUB_TOKEN;
  if (!token) {
    info('GITHUB_TOKEN not set; skipping --issue');
    return;
  }
  const res = await fetch(`https://api.github.com/repos/${REPO_SLUG}/issues`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/vnd.github+json',
      'content-type': 'application/json',
      'x-github-api-version': '2022-11-28',
    },
    body: JSON.stringify({ title: 'Crash triage from local runs', body: body.slice(0, 60000), labels: ['crash'] }),
  });
  info(res.ok ? `issue created: ${(await res.json()).html_url}` : `issue failed: HTTP ${res.status}`);
}

// Reports older than the current build are usually already fixed; flag them so
// the summary does not send people chasing stale crashes.
async function buildTime() {
  const candidates = [path.join(ROOT, 'dist', 'server.js'), ADDON_TEST];
  let newest = 0;
  for (const c of candidates) {
    try {
      newest = Math.max(newest, (await stat(c)).mtimeMs);
    } catch {
      /* not built */
    }
  }
  return newest;
}

function annotateStale(findings, files, builtAt) {
  if (!builtAt) return;
  const bySource = new Map(files.map((f) => [path.relative(ROOT, f.full), f.mtime]));
  for (const f of findings) {
    const t = bySource.get(f.source);
    if (t && t < builtAt) f.message = `${f.message} (predates current build)`;
  }
}

async function main() {
  const reports = await listFiles(REPORTS, (n) => /^report\..*\.json$/.test(n));
  const cores = await listFiles(CORES, (n) => n.startsWith('core.addon_test'));
  if (!reports.length && !cores.length) {
    info('nothing to triage');
    return 0;
  }
  const findings = [];
  for (const r of reports) {
    try {
      findings.push(await parseReport(r));
    } catch (err) {
      info(`unreadable report ${r.name}: ${err.message}`);
    }
  }
  for (const c of cores) {
    info(`gdb ${c.name} (${(c.size / 1e6).toFixed(1)} MB)`);
    findings.push(await symbolizeCore(c));
  }
  annotateStale(findings, [...reports, ...cores], await buildTime());
  const groups = group(findings);
  await mkdir(OUT, { recursive: true });
  const md = markdown(groups);
  await writeFile(path.join(OUT, 'summary.md'), md);
  await writeFile(path.join(OUT, 'summary.json'), JSON.stringify(groups, null, 2));
  info(`${findings.length} finding(s), ${groups.length} group(s) -> out/triage/summary.md`);
  if (ISSUE) await openIssue(md);
  if (PRUNE) {
    for (const f of [...reports, ...cores]) await rm(f.full, { force: true });
    info(`pruned ${reports.length + cores.length} processed file(s) from out/`);
  }
  return groups.length ? 1 : 0;
}

process.exitCode = await main().catch((err) => {
  info(err.stack ?? String(err));
  return 2;
});
