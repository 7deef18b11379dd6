#!/usr/bin/env node
// Build an HTML summary of a GROMACS production run.
//
//   node tools/md-report.js runs/abl1_wt [--energy-terms "Potential,Temperature,Pressure"]
//
// Runs `gmx energy`, `gmx rms` and `gmx gyrate` through execFile (argv arrays,
// group selections written to stdin), parses the .xvg outputs and renders
// build/reports/<run>.html with inline SVG sparklines. Temporary .xvg files go
// to a per-run temp dir under build/ that is removed when the report is done.
'use strict';

const { execFile } = require('child_process');
const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const GMX = process.env.GMX || 'gmx';

function gmx(args, stdinText, cwd) {
  return new Promise((resolve, reject) => {
    const child = execFile(GMX, ['-quiet', ...args], { cwd, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) {
        err.message += `\n${stderr.split('\n').slice(-15).join('\n')}`;
        reject(err);
      } else resolve(stdout);
    });
    child.stdin.end(stdinText);
  });
}

function readXvg(file) {
  const legends = [];
  const rows = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('#')) continue;
    if (line.startsWith('@')) {
      const m = /^@ s\d+ legend "(.*)"/.exec(line);
      if (m) legends.push(m[1]);
      continue;
    }
    const parts = line.trim().split(/\s+/).map(Number);
    if (parts.length > 1 && parts.every(Number.isFinite)) rows.push(parts);
  }
  return { legends, rows };
}

function stats(values) {
  const n = values.length;
  if (!n) return { n: 0 };
  const mean = values.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, n - 1));
  // drift: slope of a least-squares line over the series, per 1000 points
  const xm = (n - 1) / 2;
  let num = 0;
  let den = 0;
  values.forEach((v, i) => {
    num += (i - xm) * (v - mean);
    den += (i - xm) ** 2;
  });
  return { n, mean, sd, min: Math.min(...values), max: Math.max(...values), drift: den ? (num / den) * 1000 : 0 };
}

function sparkline(values, width = 320, height = 48) {
  if (values.length < 2) return '';
  const step = Math.max(1, Math.floor(values.length / width));
  const pts = values.filter((_, i) => i % step === 0);
  const lo = Math.min(...pts);
  const hi = Math.max(...pts);
  const span = hi - lo || 1;
  const d = pts
    .map((v, i) => `${((i / (pts.length - 1)) * width).toFixed(1)},${(height - ((v - lo) / span) * height).toFixed(1)}`)
    .join(' ');
  return `<svg width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><polyline fill="none" stroke="#2a6" stroke-width="1" points="${d}"/></svg>`;
}

const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
const fmt = (v, d = 3) => (typeof v === 'number' && Number.isFinite(v) ? v.toFixed(d) : '-');

function section(title, series) {
  const rows = series
    .map((s) => {
      const st = stats(s.values);
      return `<tr><td>${esc(s.name)}</td><td>${fmt(st.mean)}</td><td>${fmt(st.sd)}</td><td>${fmt(st.min)}</td><td>${fmt(st.max)}</td><td>${fmt(st.drift, 4)}</td><td>${sparkline(s.values)}</td></tr>`;
    })
    .join('\n');
  return `<h2>${esc(title)}</h2><table><tr><th>series</th><th>mean</th><th>sd</th><th>min</th><th>max</th><th>drift/1000</th><th></th></tr>${rows}</table>`;
}

function equilibrationWarnings(sectionsData) {
  // flag series whose drift is large compared with their fluctuation
  const warnings = [];
  for (const s of sectionsData) {
    const st = stats(s.values);
    if (st.n > 100 && st.sd > 0 && Math.abs(st.drift) > 0.5 * st.sd) {
      warnings.push(`${s.name}: drift ${fmt(st.drift, 4)} per 1000 frames vs sd ${fmt(st.sd)}`);
    }
  }
  return warnings;
}

function logInfo(runDir) {
  // performance line from the mdrun log if present
  const log = fs.readdirSync(runDir).find((f) => f.endsWith('.log'));
  if (!log) return null;
  const text = fs.readFileSync(path.join(runDir, log), 'utf8');
  const perf = /Performance:\s+([\d.]+)\s+([\d.]+)/.exec(text);
  const ver = /GROMACS version:\s+(\S+)/.exec(text);
  return { log, nsPerDay: perf ? Number(perf[1]) : null, version: ver ? ver[1] : null };
}

function findInputs(runDir) {
  const pick = (ext) => {
    const files = fs.readdirSync(runDir).filter((f) => f.endsWith(ext));
    const pref = files.find((f) => f.startsWith('md') || f.startsWith('prod'));
    return pref || files[0];
  };
  const tpr = pick('.tpr');
  const edr = pick('.edr');
  const xtc = pick('.xtc');
  if (!tpr || !edr) throw new Error(`${runDir}: need at least a .tpr and an .edr`);
  return { tpr, edr, xtc };
}

async function main() {
  const args = process.argv.slice(2);
  const runArg = args.find((a) => !a.startsWith('--'));
  if (!runArg) throw new Error('usage: md-report.js <run-dir> [--energy-terms a,b,c]');
  const runDir = path.resolve(ROOT, runArg);
  if (!runDir.startsWith(ROOT + path.sep)) throw new Error('run directory must be inside the project');
  const termsIdx = args.indexOf('--energy-terms');
  const terms = (termsIdx >= 0 ? args[termsIdx + 1] : 'Potential,Temperature,Pressure,Density').split(',');
  const name = path.basename(runDir);
  const { tpr, edr, xtc } = findInputs(runDir);

  fs.mkdirSync(path.join(ROOT, 'build'), { recursive: true });
  const tmp = fs.mkdtempSync(path.join(ROOT, 'build', `.report-${name}-`));
  const sections = [];
  try {
    await gmx(['energy', '-f', path.join(runDir, edr), '-o', path.join(tmp, 'energy.xvg')], terms.join('\n') + '\n\n', tmp);
    const energy = readXvg(path.join(tmp, 'energy.xvg'));
    const energySeries = energy.legends.map((l, i) => ({ name: l, values: energy.rows.map((r) => r[i + 1]) }));
    for (const w of equilibrationWarnings(energySeries)) console.warn(`warning: ${w}`);
    sections.push(
      section(
        'Energy terms',
        energy.legends.map((l, i) => ({ name: l, values: energy.rows.map((r) => r[i + 1]) })),
      ),
    );
    if (xtc) {
      await gmx(['rms', '-s', path.join(runDir, tpr), '-f', path.join(runDir, xtc), '-o', path.join(tmp, 'rmsd.xvg'), '-tu', 'ns'], 'Backbone\nBackbone\n', tmp);
      await gmx(['gyrate', '-s', path.join(runDir, tpr), '-f', path.join(runDir, xtc), '-o', path.join(tmp, 'gyrate.xvg')], 'Protein\n', tmp);
      const rmsd = readXvg(path.join(tmp, 'rmsd.xvg'));
      const rg = readXvg(path.join(tmp, 'gyrate.xvg'));
      sections.push(
        section('Structure', [
          { name: 'Backbone RMSD (nm)', values: rmsd.rows.map((r) => r[1]) },
          { name: 'Radius of gyration (nm)', values: rg.rows.map((r) => r[1]) },
        ]),
      );
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }

  const html = `<!doctype html><meta charset="utf-8"><title>${esc(name)}</title>
<style>body{font:14px sans-serif;margin:2em}table{border-collapse:collapse}td,th{padding:4px 8px;border-bottom:1px solid #ddd;text-align:right}td:first-child{text-align:left}</style>
<h1>MD report: ${esc(name)}</h1><p>generated ${new Date().toISOString()} from ${esc(edr)}${xtc ? ` and ${esc(xtc)}` : ''}</p>
${sections.join('\n')}`;
  const info = logInfo(runDir);
  if (info) console.log(`mdrun: ${info.nsPerDay ?? '?'} ns/day, GROMACS ${info.version ?? '?'} (${info.log})`);
  const outDir = path.join(ROOT, 'build', 'reports');
  fs.mkdirSync(outDir, { recursive: true });
  const out = path.join(outDir, `${name}.html`);
  fs.writeFileSync(out, html);
  console.log(`report: ${path.relative(ROOT, out)}`);
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
