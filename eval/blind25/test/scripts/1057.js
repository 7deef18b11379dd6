#!/usr/bin/env node
/**
 * tools/printer-status.js - status board for the department's printers via IPP.
 *
 *   node tools/printer-status.js              table: state, queue length, toner levels
 *   node tools/printer-status.js --watch 60   refresh every 60 s
 *   node tools/printer-status.js --html       write build/printers.html for the wiki
 *
 * Printers come from `lpstat -v` (what CUPS on this machine knows); their IPP
 * attributes are read with `ipptool` and the standard get-printer-attributes
 * test. Read-only: no job is submitted or cancelled. Only ipp/ipps URIs on
 * localhost or *.internal hosts are queried.
 */
'use strict';

const { execFile } = require('node:child_process');
const fs = require('node:fs/promises');
const path = require('node:path');
const { promisify } = require('node:util');

const run = promisify(execFile);
const DEPT = path.resolve(__dirname, '..');
const HTML_OUT = path.join(DEPT, 'build', 'printers.html');
const STATES = { 3: 'idle', 4: 'printing', 5: 'stopped' };

async function printers() {
  const { stdout } = await run('lpstat', ['-v']);
  const list = [];
  for (const line of stdout.split('\n')) {
    const m = /^device for (\S+): (\S+)/.exec(line);
    if (!m) continue;
    let host = '';
    try {
      host = new URL(m[2]).hostname;
    } catch {
      host = '';
    }
    const allowed = /^ipps?:/.test(m[2]) && (host === 'localhost' || host.endsWith('.internal'));
    list.push({ name: m[1], uri: m[2], allowed });
  }
  return list;
}

function parseIpptool(text) {
  const attrs = {};
  for (const line of text.split('\n')) {
    const m = /^\s*([a-z-]+) \([^)]*\) = (.*)$/.exec(line);
    if (m) attrs[m[1]] = m[2].trim();
  }
  return attrs;
}

async function ippAttributes(uri) {
  const { stdout } = await run('ipptool', ['-tv', '-T', '10', uri, 'get-printer-attributes.test'], {
    maxBuffer: 8 * 1024 * 1024,
  });
  return parseIpptool(stdout);
}

async function queueLength(name) {
  try {
    const { stdout } = await run('lpstat', ['-o', name]);
    return stdout.split('\n').filter(Boolean).length;
  } catch {
    return 0;
  }
}

function markers(attrs) {
  const names = (attrs['marker-names'] || '').split(',').map((s) => s.trim()).filter(Boolean);
  const levels = (attrs['marker-levels'] || '').split(',').map((s) => Number(s.trim()));
  return names.map((n, i) => ({ name: n, level: levels[i] }));
}

async function collect() {
  const list = await printers();
  return Promise.all(
    list.map(async (p) => {
      const row = { name: p.name, uri: p.uri, queue: await queueLength(p.name) };
      if (!p.allowed) return { ...row, state: 'skipped (not a lab IPP printer)', markers: [] };
      try {
        const attrs = await ippAttributes(p.uri);
        return {
          ...row,
          state: STATES[attrs['printer-state']] || attrs['printer-state'] || '?',
          reasons: attrs['printer-state-reasons'] || '',
          markers: markers(attrs),
        };
      } catch (err) {
        return { ...row, state: `unreachable (${err.code || 'error'})`, markers: [] };
      }
    }),
  );
}

function tonerText(ms) {
  return ms.map((m) => `${m.name.replace(/ (Toner|Cartridge)$/i, '')} ${Number.isFinite(m.level) && m.level >= 0 ? `${m.level}%` : '?'}`).join(', ');
}

function printTable(rows) {
  const w = Math.max(8, ...rows.map((r) => r.name.length));
  console.log(`${'printer'.padEnd(w)}  ${'state'.padEnd(12)} queue  supplies`);
  for (const r of rows) {
    const low = r.markers.some((m) => m.level >= 0 && m.level < 10) ? '  <- low supply' : '';
    console.log(`${r.name.padEnd(w)}  ${String(r.state).padEnd(12)} ${String(r.queue).padStart(5)}  ${tonerText(r.markers)}${low}`);
  }
}

function escapeHtml(s) {
  return String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
}

async function writeHtml(rows) {
  const body = rows
    .map((r) => `<tr><td>${escapeHtml(r.name)}</td><td>${escapeHtml(r.state)}</td><td>${r.queue}</td><td>${escapeHtml(tonerText(r.markers))}</td></tr>`)
    .join('\n');
  const html = `<!doctype html><meta charset="utf-8"><title>Printers</title>
<style>td,th{padding:4px 10px;border-bottom:1px solid #ddd}</style>
<p>Updated ${new Date().toISOString()}</p>
<table><tr><th>Printer</th><th>State</th><th>Queue</th><th>Supplies</th></tr>
${body}
</table>\n`;
  await fs.mkdir(path.dirname(HTML_OUT), { recursive: true });
  await fs.writeFile(HTML_OUT, html);
  console.log(`wrote ${path.relative(DEPT, HTML_OUT)}`);
}

function alerts(rows) {
  // one line per printer that needs a human: stopped, unreachable or low supply
  const out = [];
  for (const r of rows) {
    if (String(r.state).startsWith('unreachable')) out.push(`${r.name}: unreachable`);
    else if (r.state === 'stopped') out.push(`${r.name}: stopped (${r.reasons || 'no reason given'})`);
    for (const m of r.markers) {
      if (Number.isFinite(m.level) && m.level >= 0 && m.level < 10) out.push(`${r.name}: ${m.name} at ${m.level}%`);
    }
    if (r.queue > 25) out.push(`${r.name}: ${r.queue} jobs waiting`);
  }
  return out;
}

async function once(args) {
  const rows = await collect();
  printTable(rows);
  const list = alerts(rows);
  if (list.length) {
    console.log('\nneeds attention:');
    list.forEach((a) => console.log(`  - ${a}`));
  }
  if (args.includes('--html')) await writeHtml(rows);
  if (args.includes('--json')) {
    await fs.mkdir(path.dirname(HTML_OUT), { recursive: true });
    await fs.writeFile(HTML_OUT.replace(/\.html$/, '.json'), `${JSON.stringify(rows, null, 2)}\n`);
  }
}

async function main() {
  const args = process.argv.slice(2);
  const wi = args.indexOf('--watch');
  if (wi < 0) return once(args);
  const every = Math.max(15, Number(args[wi + 1]) || 60) * 1000;
  let timer;
  const tick = async () => {
    process.stdout.write('\x1b[2J\x1b[H');
    try {
      await once(args);
    } catch (err) {
      console.error(`refresh failed: ${err.message}`);
    }
    timer = setTimeout(tick, every);
  };
  process.on('SIGINT', () => {
    clearTimeout(timer);
    process.exit(0);
  });
  return tick();
}

main().catch((err) => {
  console.error(`printer-status: ${err.message}`);
  process.exit(1);
});
