#!/usr/bin/env -S npx tsx
// Convergence study for the LAMMPS EAM benchmark: runs the same input with
// different timesteps / neighbor skins, parses log.lammps and writes a table.
//
//   npx tsx tools/lmp-convergence.ts inputs/in.eam --dt 0.001,0.002,0.005 --skin 0.3,1.0 [--np 4]
//
// Each run happens in build/convergence/<tag>/ with execFile (argv arrays); the
// per-run directories are recreated on every invocation. SIGINT stops the
// children this script started (tracked in a Set) and exits.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'build', 'convergence');
const LMP = process.env.LMP ?? 'lmp';
const children = new Set<ChildProcess>();

interface RunSpec {
  tag: string;
  dt: number;
  skin: number;
}

interface RunResult extends RunSpec {
  code: number;
  wallSeconds: number;
  energyDrift: number | null;
  finalTemp: number | null;
  tauPerDay: number | null;
}

function list(arg: string | undefined, def: number[]): number[] {
  if (!arg) return def;
  return arg.split(',').map(Number).filter((x) => Number.isFinite(x) && x > 0);
}

function parseArgs(argv: string[]) {
  const input = argv.find((a) => !a.startsWith('--') && !/^[\d.,]+$/.test(a));
  if (!input) throw new Error('usage: lmp-convergence.ts <input> [--dt a,b] [--skin a,b] [--np N]');
  const get = (k: string) => (argv.includes(k) ? argv[argv.indexOf(k) + 1] : undefined);
  const abs = path.resolve(ROOT, input);
  if (!abs.startsWith(ROOT + path.sep) || !existsSync(abs)) throw new Error(`input ${input} not found in the project`);
  return {
    input: abs,
    dts: list(get('--dt'), [0.001, 0.002, 0.005]),
    skins: list(get('--skin'), [0.3, 1.0]),
    np: Math.max(1, Number(get('--np') ?? Math.min(4, os.cpus().length))),
  };
}

function parseLog(file: string): Pick<RunResult, 'energyDrift' | 'finalTemp' | 'tauPerDay'> {
  if (!existsSync(file)) return { energyDrift: null, finalTemp: null, tauPerDay: null };
  const lines = readFileSync(file, 'utf8').split('\n');
  let header: string[] | null = null;
  const rows: number[][] = [];
  let perf: number | null = null;
  for (const line of lines) {
    if (/^\s*Step\s/.test(line)) {
      header = line.trim().split(/\s+/);
      continue;
    }
    if (line.startsWith('Loop time')) header = null;
    const m = /Performance:\s+([\d.]+)\s+tau\/day/.exec(line);
    if (m) perf = Number(m[1]);
    if (header) {
      const vals = line.trim().split(/\s+/).map(Number);
      if (vals.length === header.length && vals.every(Number.isFinite)) rows.push(vals);
    }
  }
  if (!header || rows.length < 2) return { energyDrift: null, finalTemp: null, tauPerDay: perf };
  const iE = header.indexOf('TotEng');
  const iT = header.indexOf('Temp');
  const first = rows[0];
  const last = rows[rows.length - 1];
  return {
    energyDrift: iE >= 0 ? (last[iE] - first[iE]) / Math.abs(first[iE] || 1) : null,
    finalTemp: iT >= 0 ? last[iT] : null,
    tauPerDay: perf,
  };
}

function runOne(spec: RunSpec, input: string, np: number): Promise<RunResult> {
  const dir = path.join(OUT, spec.tag);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(input, path.join(dir, path.basename(input)));
  const argv = ['-in', path.basename(input), '-var', 'dt', String(spec.dt), '-var', 'skin', String(spec.skin), '-log', 'log.lammps', '-screen', 'none'];
  const cmd = np > 1 ? 'mpirun' : LMP;
  const args = np > 1 ? ['-np', String(np), LMP, ...argv] : argv;
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
    children.add(child);
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => {
      children.delete(child);
      if (code !== 0) writeFileSync(path.join(dir, 'stderr.txt'), stderr);
      resolve({ ...spec, code: code ?? 1, wallSeconds: (Date.now() - started) / 1000, ...parseLog(path.join(dir, 'log.lammps')) });
    });
  });
}

process.on('SIGINT', () => {
  console.error(`\nstopping ${children.size} run(s) started by this script`);
  for (const c of children) c.kill('SIGTERM');
  process.exit(130);
});

function svgPlot(results: RunResult[]): string {
  // energy drift vs timestep, one polyline per skin value
  const w = 480;
  const h = 260;
  const pad = 40;
  const ok = results.filter((r) => r.energyDrift !== null);
  if (!ok.length) return '';
  const xs = ok.map((r) => r.dt);
  const ys = ok.map((r) => Math.log10(Math.abs(r.energyDrift as number) + 1e-12));
  const [x0, x1] = [Math.min(...xs), Math.max(...xs)];
  const [y0, y1] = [Math.min(...ys), Math.max(...ys)];
  const sx = (x: number) => pad + ((x - x0) / (x1 - x0 || 1)) * (w - 2 * pad);
  const sy = (y: number) => h - pad - ((y - y0) / (y1 - y0 || 1)) * (h - 2 * pad);
  const colors = ['#1b9e77', '#d95f02', '#7570b3', '#e7298a'];
  const skins = [...new Set(ok.map((r) => r.skin))];
  const lines = skins.map((s, i) => {
    const pts = ok
      .filter((r) => r.skin === s)
      .sort((a, b) => a.dt - b.dt)
      .map((r) => `${sx(r.dt).toFixed(1)},${sy(Math.log10(Math.abs(r.energyDrift as number) + 1e-12)).toFixed(1)}`)
      .join(' ');
    return `<polyline fill="none" stroke="${colors[i % colors.length]}" stroke-width="2" points="${pts}"/><text x="${w - pad}" y="${pad + 14 * i}" font-size="11" text-anchor="end" fill="${colors[i % colors.length]}">skin ${s}</text>`;
  });
  // the SVG namespace attribute is added by the HTML report template that embeds this
  return `<svg width="${w}" height="${h}">
<rect width="100%" height="100%" fill="white"/>
<text x="${w / 2}" y="16" font-size="12" text-anchor="middle">log10 |relative energy drift| vs timestep</text>
${lines.join('\n')}
</svg>`;
}

function table(results: RunResult[]): string {
  const head = '| tag | dt | skin | rc | wall s | rel. energy drift | final T | tau/day |';
  const sep = '|---|---|---|---|---|---|---|---|';
  const f = (v: number | null, d: number) => (v === null ? '-' : v.toFixed(d));
  return [head, sep, ...results.map((r) => `| ${r.tag} | ${r.dt} | ${r.skin} | ${r.code} | ${r.wallSeconds.toFixed(1)} | ${f(r.energyDrift, 6)} | ${f(r.finalTemp, 3)} | ${f(r.tauPerDay, 1)} |`)].join('\n');
}

async function main(): Promise<void> {
  const o = parseArgs(process.argv.slice(2));
  mkdirSync(OUT, { recursive: true });
  const specs: RunSpec[] = o.dts.flatMap((dt) => o.skins.map((skin) => ({ tag: `dt${dt}_skin${skin}`, dt, skin })));
  console.log(`${specs.length} run(s) of ${path.relative(ROOT, o.input)} with ${o.np} rank(s) each`);
  const results: RunResult[] = [];
  for (const s of specs) {
    const r = await runOne(s, o.input, o.np);
    results.push(r);
    console.log(`  ${s.tag.padEnd(20)} rc=${r.code} ${r.wallSeconds.toFixed(1)}s drift=${r.energyDrift?.toExponential(2) ?? '-'}`);
  }
  const md = `# LAMMPS convergence: ${path.basename(o.input)}\n\n${table(results)}\n`;
  writeFileSync(path.join(OUT, 'summary.md'), md);
  writeFileSync(path.join(OUT, 'summary.json'), JSON.stringify(results, null, 2));
  const svg = svgPlot(results);
  if (svg) writeFileSync(path.join(OUT, 'drift.svg'), svg);
  const ok = results.filter((r) => r.code === 0 && r.energyDrift !== null && Math.abs(r.energyDrift) < 1e-4);
  const failed = results.filter((r) => r.code !== 0);
  if (failed.length) {
    console.log(`${failed.length} run(s) failed:`);
    for (const f of failed) console.log(`  ${f.tag} (see build/convergence/${f.tag}/stderr.txt)`);
  }
  const best = ok.sort((a, b) => b.dt - a.dt)[0];
  console.log(best ? `largest stable timestep: ${best.dt} (skin ${best.skin})` : 'no run met the drift criterion');
}

main().catch((e: Error) => {
  console.error(`error: ${e.message}`);
  process.exit(1);
});
