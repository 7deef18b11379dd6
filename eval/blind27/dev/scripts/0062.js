#!/usr/bin/env node
// Compare freqtrade backtest result files and produce a leaderboard.
//
//   node tools/bt-leaderboard.js [--dir user_data/backtest_results] [--rerun Sample,MeanRevert]
//
// Reads the .zip / .json result files freqtrade writes, extracts per-strategy
// stats and writes build/leaderboard.{json,md}. --rerun spawns
// `freqtrade backtesting` (never `trade`) for the named strategies using the
// dry-run config; the child processes are killed on Ctrl-C.
'use strict';

const fs = require('fs');
const path = require('path');
const { spawn, execFileSync } = require('child_process');

const ROOT = path.resolve(__dirname, '..');
const CONFIG = path.join(ROOT, 'user_data', 'config.json');
const OUT = path.join(ROOT, 'build');
const children = new Set();

function args() {
  const a = process.argv.slice(2);
  const get = (flag, def) => {
    const i = a.indexOf(flag);
    return i >= 0 ? a[i + 1] : def;
  };
  return {
    dir: path.resolve(ROOT, get('--dir', 'user_data/backtest_results')),
    rerun: (get('--rerun', '') || '').split(',').filter(Boolean),
    timerange: get('--timerange', '20260601-20261101'),
  };
}

function ensureDryRun() {
  const cfg = JSON.parse(fs.readFileSync(CONFIG, 'utf8'));
  if (cfg.dry_run !== true) {
    throw new Error(`${path.relative(ROOT, CONFIG)} is not a dry-run config; refusing to run freqtrade`);
  }
}

function freqtrade() {
  const local = path.join(ROOT, '.venv', 'bin', 'freqtrade');
  return fs.existsSync(local) ? local : 'freqtrade';
}

function runBacktest(strategy, timerange) {
  return new Promise((resolve) => {
    const argv = ['backtesting', '--config', CONFIG, '--strategy', strategy, '--timerange', timerange, '--export', 'trades'];
    const child = spawn(freqtrade(), argv, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    let tail = '';
    const keep = (d) => {
      tail = (tail + d.toString()).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('close', (code) => {
      children.delete(child);
      if (code !== 0) console.error(`${strategy}: freqtrade exited ${code}\n${tail}`);
      resolve(code);
    });
  });
}

function readResultFile(file) {
  if (file.endsWith('.json')) return JSON.parse(fs.readFileSync(file, 'utf8'));
  // .zip: use the system unzip to stream the main JSON member to stdout
  const listing = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).split('\n');
  const member = listing.find((m) => m.endsWith('.json') && !m.includes('_config') && !m.includes('_market'));
  if (!member) return null;
  return JSON.parse(execFileSync('unzip', ['-p', file, member], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }));
}

function collect(dir) {
  const rows = [];
  const files = fs
    .readdirSync(dir)
    .filter((f) => /^backtest-result-.*\.(zip|json)$/.test(f) && !f.endsWith('.meta.json'))
    .sort();
  for (const f of files) {
    let data;
    try {
      data = readResultFile(path.join(dir, f));
    } catch (e) {
      console.error(`skip ${f}: ${e.message}`);
      continue;
    }
    for (const [name, s] of Object.entries(data?.strategy || {})) {
      rows.push({
        file: f,
        strategy: name,
        timeframe: s.timeframe,
        timerange: `${s.backtest_start?.slice(0, 10)}..${s.backtest_end?.slice(0, 10)}`,
        trades: s.total_trades,
        profitPct: +(100 * (s.profit_total || 0)).toFixed(2),
        drawdownPct: +(100 * (s.max_drawdown_account || 0)).toFixed(2),
        winrate: s.winrate != null ? +(100 * s.winrate).toFixed(1) : null,
        sharpe: s.sharpe != null ? +s.sharpe.toFixed(2) : null,
      });
    }
  }
  return rows;
}

function latestPerStrategy(rows) {
  const map = new Map();
  for (const r of rows) map.set(`${r.strategy}|${r.timeframe}`, r);
  return [...map.values()];
}

function score(r) {
  // simple risk-adjusted score used in the weekly review
  if (!r.trades || r.trades < 20) return -Infinity;
  return r.profitPct / Math.max(1, r.drawdownPct);
}

function markdown(rows) {
  const lines = ['# Backtest leaderboard', '', `_generated ${new Date().toISOString()}_`, ''];
  lines.push('| # | strategy | tf | trades | profit % | max DD % | win % | sharpe | range |');
  lines.push('|---|---|---|---|---|---|---|---|---|');
  rows.forEach((r, i) => {
    lines.push(`| ${i + 1} | ${r.strategy} | ${r.timeframe} | ${r.trades} | ${r.profitPct} | ${r.drawdownPct} | ${r.winrate ?? ''} | ${r.sharpe ?? ''} | ${r.timerange} |`);
  });
  lines.push('', 'Strategies with fewer than 20 trades are ranked last.', '');
  return lines.join('\n');
}

function pruneOldResults(dir, keepPerStrategy = 5) {
  // freqtrade never deletes results; keep the newest N files per strategy
  // (only backtest-result-* files inside the results dir are considered)
  const byStrategy = new Map();
  for (const f of fs.readdirSync(dir).filter((x) => /^backtest-result-.*\.zip$/.test(x)).sort()) {
    const metaFile = path.join(dir, f.replace(/\.zip$/, '.meta.json'));
    if (!fs.existsSync(metaFile)) continue;
    const meta = JSON.parse(fs.readFileSync(metaFile, 'utf8'));
    for (const s of Object.keys(meta)) {
      if (!byStrategy.has(s)) byStrategy.set(s, []);
      byStrategy.get(s).push(f);
    }
  }
  let removed = 0;
  for (const files of byStrategy.values()) {
    for (const f of files.slice(0, Math.max(0, files.length - keepPerStrategy))) {
      fs.rmSync(path.join(dir, f), { force: true });
      fs.rmSync(path.join(dir, f.replace(/\.zip$/, '.meta.json')), { force: true });
      removed++;
    }
  }
  return removed;
}

process.on('SIGINT', () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(130);
});

async function main() {
  const opts = args();
  if (opts.rerun.length) {
    ensureDryRun();
    for (const s of opts.rerun) {
      if (!/^[A-Za-z_][\w]*$/.test(s)) throw new Error(`bad strategy name ${s}`);
      console.log(`backtesting ${s} over ${opts.timerange}`);
      await runBacktest(s, opts.timerange);
    }
  }
  if (!fs.existsSync(opts.dir)) throw new Error(`no results dir ${opts.dir}`);
  const rows = latestPerStrategy(collect(opts.dir)).sort((a, b) => score(b) - score(a));
  fs.mkdirSync(OUT, { recursive: true });
  fs.writeFileSync(path.join(OUT, 'leaderboard.json'), JSON.stringify(rows, null, 2));
  fs.writeFileSync(path.join(OUT, 'leaderboard.md'), markdown(rows));
  for (const r of rows.slice(0, 10)) {
    console.log(`${r.strategy.padEnd(22)} ${String(r.timeframe).padEnd(4)} ${String(r.profitPct).padStart(8)}%  DD ${r.drawdownPct}%  n=${r.trades}`);
  }
  console.log(`leaderboard: build/leaderboard.md (${rows.length} entries)`);
  if (process.argv.includes('--prune')) {
    console.log(`pruned ${pruneOldResults(opts.dir)} old result file(s)`);
  }
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
