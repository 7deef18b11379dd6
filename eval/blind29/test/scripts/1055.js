#!/usr/bin/env node
// Post-process volatility3 JSON output into analyst-friendly tables.
//
//   node tools/vol-report.js out/ws01/vol            # reads *.json from the triage run
//   node tools/vol-report.js out/ws01/vol --ioc config/ioc.json --html
//
// Joins pslist/pstree/cmdline/netscan/malfind by PID, marks processes that
//   * have no parent in the list (orphans, often injected or hollowed)
//   * run from user-writable paths (AppData, Temp, Downloads, ProgramData)
//   * appear in malfind with PAGE_EXECUTE_READWRITE regions
//   * talk to addresses from the IOC list
// and writes out/<case>/vol/report.md (+ report.html with --html).  Purely
// offline: no lookups of IPs or hashes are made.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const SUSPICIOUS_PATHS = [/\\appdata\\/i, /\\temp\\/i, /\\downloads\\/i, /\\programdata\\/i, /\\users\\public\\/i];
const SYSTEM_PARENTS = new Set(['System', 'smss.exe', 'wininit.exe', 'services.exe']);

function usage() {
  console.error('usage: vol-report.js <vol-output-dir> [--ioc file.json] [--html]');
  process.exit(2);
}

function loadJson(dir, name) {
  const file = path.join(dir, `${name}.json`);
  if (!fs.existsSync(file)) return [];
  const text = fs.readFileSync(file, 'utf8').trim();
  if (!text) return [];
  try {
    const data = JSON.parse(text);
    return Array.isArray(data) ? data : [];
  } catch (err) {
    console.error(`[vol-report] ${name}.json is not valid JSON: ${err.message}`);
    return [];
  }
}

function flatten(rows) {
  // volatility's JSON renderer nests children under "__children"
  const out = [];
  const walk = (list) => {
    for (const r of list) {
      const { __children: kids, ...rest } = r;
      out.push(rest);
      if (Array.isArray(kids) && kids.length) walk(kids);
    }
  };
  walk(rows);
  return out;
}

function loadIocs(file) {
  if (!file) return { ips: new Set(), names: new Set() };
  const data = JSON.parse(fs.readFileSync(file, 'utf8'));
  return {
    ips: new Set((data.ips || []).map(String)),
    names: new Set((data.process_names || []).map((n) => n.toLowerCase())),
  };
}

function buildProcesses(dir) {
  const procs = new Map();
  for (const p of flatten(loadJson(dir, 'windows.pslist'))) {
    procs.set(p.PID, {
      pid: p.PID,
      ppid: p.PPID,
      name: p.ImageFileName,
      created: p.CreateTime,
      exited: p.ExitTime,
      wow64: p.Wow64,
      cmdline: '',
      path: '',
      connections: [],
      malfind: 0,
      flags: [],
    });
  }
  for (const c of loadJson(dir, 'windows.cmdline')) {
    const p = procs.get(c.PID);
    if (p && typeof c.Args === 'string') {
      p.cmdline = c.Args;
      const m = /^"?([a-z]:\\[^"]+?\.exe)/i.exec(c.Args);
      if (m) p.path = m[1];
    }
  }
  for (const n of loadJson(dir, 'windows.netscan')) {
    const p = procs.get(n.PID);
    if (p) p.connections.push({ proto: n.Proto, local: `${n.LocalAddr}:${n.LocalPort}`, remote: `${n.ForeignAddr}:${n.ForeignPort}`, state: n.State, remoteAddr: n.ForeignAddr });
  }
  for (const m of loadJson(dir, 'windows.malfind')) {
    const p = procs.get(m.PID);
    if (p && /EXECUTE_READWRITE/.test(m.Protection || '')) p.malfind += 1;
  }
  return procs;
}

function flag(procs, iocs) {
  for (const p of procs.values()) {
    const parent = procs.get(p.ppid);
    if (!parent && !SYSTEM_PARENTS.has(p.name) && p.ppid !== 0 && p.ppid !== 4) p.flags.push('orphan');
    if (p.path && SUSPICIOUS_PATHS.some((re) => re.test(p.path))) p.flags.push('user-writable path');
    if (p.malfind) p.flags.push(`malfind x${p.malfind}`);
    if (iocs.names.has(String(p.name).toLowerCase())) p.flags.push('IOC name');
    const hits = p.connections.filter((c) => iocs.ips.has(c.remoteAddr));
    if (hits.length) p.flags.push(`IOC ip x${hits.length}`);
    if (parent && /^(winword|excel|powerpnt|outlook)\.exe$/i.test(parent.name) && /^(cmd|powershell|wscript|cscript|mshta)\.exe$/i.test(p.name)) {
      p.flags.push('office spawned shell');
    }
  }
}

function escapeMd(s) {
  return String(s ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function markdown(procs, dir) {
  const flagged = [...procs.values()].filter((p) => p.flags.length).sort((a, b) => b.flags.length - a.flags.length);
  const lines = [
    `# Memory triage report – ${path.basename(path.dirname(dir))}`,
    '',
    `Processes: ${procs.size}, flagged: ${flagged.length}`,
    '',
    '| PID | PPID | name | flags | command line |',
    '|---:|---:|---|---|---|',
    ...flagged.map((p) => `| ${p.pid} | ${p.ppid} | ${escapeMd(p.name)} | ${p.flags.join(', ')} | ${escapeMd(p.cmdline).slice(0, 160)} |`),
    '',
    '## Network connections of flagged processes',
    '',
  ];
  for (const p of flagged) {
    for (const c of p.connections) lines.push(`- ${p.name} (${p.pid}): ${c.proto} ${c.local} → ${c.remote} ${c.state || ''}`);
  }
  return lines.join('\n') + '\n';
}

function creationTimeline(procs) {
  // processes started in the 30 minutes before the newest one: often the
  // interesting window when the image was taken right after an alert
  const started = [...procs.values()].filter((p) => p.created).sort((a, b) => Date.parse(a.created) - Date.parse(b.created));
  if (!started.length) return [];
  const newest = Date.parse(started[started.length - 1].created);
  return started
    .filter((p) => newest - Date.parse(p.created) <= 30 * 60 * 1000)
    .map((p) => `- ${p.created} ${p.name} (${p.pid}, parent ${p.ppid})${p.flags.length ? ' ⚑' : ''}`);
}

function appendTimeline(md, procs) {
  const lines = creationTimeline(procs);
  if (!lines.length) return md;
  return `${md}\n## Processes started in the last 30 minutes before acquisition\n\n${lines.join('\n')}\n`;
}

function html(md) {
  const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<!doctype html><meta charset="utf-8"><title>memory triage</title><pre>${esc(md)}</pre>\n`;
}

function main() {
  const argv = process.argv.slice(2);
  const dir = argv.find((a) => !a.startsWith('--'));
  if (!dir || !fs.existsSync(dir)) usage();
  const iocIdx = argv.indexOf('--ioc');
  const iocs = loadIocs(iocIdx >= 0 ? argv[iocIdx + 1] : null);
  const procs = buildProcesses(dir);
  if (!procs.size) {
    console.error('[vol-report] no windows.pslist.json found – run the triage first');
    process.exit(1);
  }
  flag(procs, iocs);
  const md = appendTimeline(markdown(procs, path.resolve(dir)), procs);
  fs.writeFileSync(path.join(dir, 'report.md'), md);
  if (argv.includes('--html')) fs.writeFileSync(path.join(dir, 'report.html'), html(md));
  const flagged = [...procs.values()].filter((p) => p.flags.length).length;
  console.error(`[vol-report] ${procs.size} processes, ${flagged} flagged → ${path.join(dir, 'report.md')}`);
}

main();
