#!/usr/bin/env -S npx tsx
// Strategy dashboard: turns freqtrade backtest results into a static HTML page.
//
//   npx tsx tools/bt-dashboard.ts [--results user_data/backtest_results] [--rerun MeanRevert]
//
// Reads the result zips/JSON freqtrade writes, computes per-strategy equity
// curves from the exported trades and renders build/dashboard/index.html.
// --rerun spawns `freqtrade backtesting` (never `trade`) for one strategy with
// the research config after checking dry_run; that child is killed on Ctrl-C.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONFIG = path.join(ROOT, 'user_data', 'config.research.json');
const OUT = path.join(ROOT, 'build', 'dashboard');
let child: ChildProcess | null = null;

interface Trade {
  pair: string;
  open_date: string;
  close_date: string;
  profit_abs: number;
  profit_ratio: number;
}

interface StrategyResult {
  strategy: string;
  file: string;
  trades: Trade[];
  profitTotalPct: number;
  maxDrawdownPct: number;
  winrate: number;
  timeframe: string;
}

function args() {
  const a = process.argv.slice(2);
  const get = (k: string) => (a.includes(k) ? a[a.indexOf(k) + 1] : undefined);
  return {
    results: path.resolve(ROOT, get('--results') ?? 'user_data/backtest_results'),
    rerun: get('--rerun'),
  };
}

function loadJsonFromResult(file: string): Record<string, unknown> | null {
  if (file.endsWith('.json')) return JSON.parse(readFileSync(file, 'utf8'));
  const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).split('\n');
  const member = names.find((n) => n.endsWith('.json') && !/_config|_market/.test(n));
  if (!member) return null;
  return JSON.parse(execFileSync('unzip', ['-p', file, member], { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 }));
}

function collect(dir: string): StrategyResult[] {
  const out = new Map<string, StrategyResult>();
  const files = readdirSync(dir).filter((f) => /^backtest-result-.*\.(zip|json)$/.test(f) && !f.endsWith('.meta.json')).sort();
  for (const f of files) {
    const data = loadJsonFromResult(path.join(dir, f)) as { strategy?: Record<string, any> } | null;
    for (const [name, s] of Object.entries(data?.strategy ?? {})) {
      out.set(name, {
        strategy: name,
        file: f,
        trades: (s.trades ?? []) as Trade[],
        profitTotalPct: 100 * (s.profit_total ?? 0),
        maxDrawdownPct: 100 * (s.max_drawdown_account ?? 0),
        winrate: 100 * (s.winrate ?? 0),
        timeframe: s.timeframe ?? '?',
      });
    }
  }
  return [...out.values()];
}

function equityCurve(trades: Trade[]): Array<[number, number]> {
  let equity = 0;
  return [...trades]
    .sort((a, b) => a.close_date.localeCompare(b.close_date))
    .map((t) => {
      equity += t.profit_abs;
      return [Date.parse(t.close_date), equity];
    });
}

function svgCurve(points: Array<[number, number]>, w = 520, h = 140): string {
  if (points.length < 2) return '<em>not enough trades</em>';
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(0, ...ys), Math.max(0, ...ys)];
  const sx = (x: number) => ((x - x0) / (x1 - x0 || 1)) * w;
  const sy = (y: number) => h - ((y - y0) / (y1 - y0 || 1)) * h;
  const d = points.map(([x, y]) => `${sx(x).toFixed(1)},${sy(y).toFixed(1)}`).join(' ');
  return `<svg width="${w}" height="${h}"><line x1="0" x2="${w}" y1="${sy(0)}" y2="${sy(0)}" stroke="#ccc"/><polyline fill="none" stroke="#36c" points="${d}"/></svg>`;
}

function pairTable(trades: Trade[]): string {
  const byPair = new Map<string, { n: number; profit: number }>();
  for (const t of trades) {
    const cur = byPair.get(t.pair) ?? { n: 0, profit: 0 };
    cur.n++;
    cur.profit += t.profit_abs;
    byPair.set(t.pair, cur);
  }
  const rows = [...byPair].sort((a, b) => b[1].profit - a[1].profit).slice(0, 8);
  return `<table>${rows.map(([p, v]) => `<tr><td>${p}</td><td>${v.n}</td><td>${v.profit.toFixed(2)}</td></tr>`).join('')}</table>`;
}

function monthlyReturns(trades: Trade[]): Array<[string, number]> {
  const months = new Map<string, number>();
  for (const t of trades) {
    const m = t.close_date.slice(0, 7);
    months.set(m, (months.get(m) ?? 0) + t.profit_ratio * 100);
  }
  return [...months].sort((a, b) => a[0].localeCompare(b[0]));
}

function monthTable(trades: Trade[]): string {
  const rows = monthlyReturns(trades);
  if (!rows.length) return '';
  const cell = (v: number) => `<td style="color:${v >= 0 ? '#2a6' : '#c33'}">${v.toFixed(2)}%</td>`;
  return `<table><tr>${rows.map(([m]) => `<th>${m}</th>`).join('')}</tr><tr>${rows.map(([, v]) => cell(v)).join('')}</tr></table>`;
}

function longestLosingStreak(trades: Trade[]): number {
  let cur = 0;
  let worst = 0;
  for (const t of [...trades].sort((a, b) => a.close_date.localeCompare(b.close_date))) {
    cur = t.profit_abs < 0 ? cur + 1 : 0;
    worst = Math.max(worst, cur);
  }
  return worst;
}

function render(results: StrategyResult[]): string {
  const sections = results
    .sort((a, b) => b.profitTotalPct - a.profitTotalPct)
    .map(
      (r) => `<section><h2>${r.strategy} <small>${r.timeframe}</small></h2>
<p>profit ${r.profitTotalPct.toFixed(2)}% · max DD ${r.maxDrawdownPct.toFixed(2)}% · win ${r.winrate.toFixed(1)}% · ${r.trades.length} trades · ${r.file}</p>
${svgCurve(equityCurve(r.trades))}
<p>longest losing streak: ${longestLosingStreak(r.trades)} trades</p>
${monthTable(r.trades)}
${pairTable(r.trades)}</section>`,
    );
  return `<!doctype html><meta charset="utf-8"><title>Backtests</title>
<style>body{font:14px sans-serif;margin:2em;max-width:900px}section{border-top:1px solid #ddd;padding:1em 0}td{padding:2px 8px}</style>
<h1>Backtest dashboard</h1><p>generated ${new Date().toISOString()}</p>${sections.join('\n')}`;
}

function rerun(strategy: string): Promise<number> {
  const cfg = JSON.parse(readFileSync(CONFIG, 'utf8')) as { dry_run?: boolean };
  if (cfg.dry_run !== true) throw new Error('research config must have dry_run=true');
  if (!/^[A-Za-z_]\w*$/.test(strategy)) throw new Error('invalid strategy name');
  return new Promise((resolve) => {
    child = spawn('freqtrade', ['backtesting', '--config', CONFIG, '--strategy', strategy, '--export', 'trades'], { cwd: ROOT, stdio: 'inherit' });
    child.on('close', (code) => {
      child = null;
      resolve(code ?? 1);
    });
  });
}

process.on('SIGINT', () => {
  child?.kill('SIGTERM');
  process.exit(130);
});

async function main(): Promise<void> {
  const o = args();
  if (o.rerun) {
    const code = await rerun(o.rerun);
    if (code !== 0) throw new Error(`backtesting exited ${code}`);
  }
  if (!existsSync(o.results)) throw new Error(`no results directory ${path.relative(ROOT, o.results)}`);
  const results = collect(o.results);
  mkdirSync(OUT, { recursive: true });
  writeFileSync(path.join(OUT, 'index.html'), render(results));
  console.log(`${results.length} strategies -> ${path.relative(ROOT, path.join(OUT, 'index.html'))}`);
}

main().catch((e: Error) => {
  console.error(`error: ${e.message}`);
  process.exit(1);
});
