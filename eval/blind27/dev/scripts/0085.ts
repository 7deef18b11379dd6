#!/usr/bin/env -S npx tsx
// Trajectory analysis orchestrator for the membrane-protein campaign.
//
// For each replica listed in analysis/replicas.json it runs, via execFile
// (no shell), the GROMACS tools we need: trjconv (pbc/center/fit), rms, rmsf,
// hbond and a density profile, with the group selections fed on stdin. Results
// go into build/analysis/<replica>/. Intermediate trajectories are written into
// a per-run temp dir inside build/ that is removed when the run ends; the final
// fitted trajectory can be kept with --keep-fitted.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, createWriteStream } from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const OUT = path.join(ROOT, 'build', 'analysis');

interface Replica {
  name: string;
  dir: string;
  tpr: string;
  xtc: string;
  index?: string;
}

interface Step {
  tool: string;
  args: (ctx: Ctx) => string[];
  groups: string[];
}

interface Ctx {
  r: Replica;
  tpr: string;
  ndx: string[];
  tmp: string;
  out: string;
}

const GMX = process.env.GMX ?? 'gmx';

const STEPS: Step[] = [
  {
    tool: 'trjconv',
    args: (c) => ['-s', c.tpr, '-f', path.join(c.r.dir, c.r.xtc), '-o', path.join(c.tmp, 'whole.xtc'), '-pbc', 'mol', '-center', ...c.ndx],
    groups: ['Protein', 'System'],
  },
  {
    tool: 'trjconv',
    args: (c) => ['-s', c.tpr, '-f', path.join(c.tmp, 'whole.xtc'), '-o', path.join(c.out, 'fitted.xtc'), '-fit', 'rot+trans', ...c.ndx],
    groups: ['Backbone', 'System'],
  },
  {
    tool: 'rms',
    args: (c) => ['-s', c.tpr, '-f', path.join(c.out, 'fitted.xtc'), '-o', path.join(c.out, 'rmsd.xvg'), '-tu', 'ns', ...c.ndx],
    groups: ['Backbone', 'Backbone'],
  },
  {
    tool: 'rmsf',
    args: (c) => ['-s', c.tpr, '-f', path.join(c.out, 'fitted.xtc'), '-o', path.join(c.out, 'rmsf.xvg'), '-res', ...c.ndx],
    groups: ['C-alpha'],
  },
  {
    tool: 'hbond',
    args: (c) => ['-s', c.tpr, '-f', path.join(c.out, 'fitted.xtc'), '-num', path.join(c.out, 'hbnum.xvg'), ...c.ndx],
    groups: ['Protein', 'Membrane'],
  },
  {
    tool: 'density',
    args: (c) => ['-s', c.tpr, '-f', path.join(c.tmp, 'whole.xtc'), '-o', path.join(c.out, 'density.xvg'), '-d', 'Z', '-sl', '100', ...c.ndx],
    groups: ['Membrane'],
  },
];

function runTool(step: Step, ctx: Ctx, log: NodeJS.WritableStream): Promise<void> {
  const argv = [step.tool, ...step.args(ctx)];
  log.write(`\n$ ${GMX} ${argv.join(' ')}\n`);
  return new Promise((resolve, reject) => {
    const child = spawn(GMX, ['-quiet', ...argv], { cwd: ctx.out, stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.stdin.end(step.groups.join('\n') + '\n');
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${step.tool} exited ${code}`))));
  });
}

function lastValue(xvg: string): number | null {
  if (!existsSync(xvg)) return null;
  const rows = readFileSync(xvg, 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#') && !l.startsWith('@'));
  const last = rows.at(-1)?.trim().split(/\s+/);
  return last && last.length > 1 ? Number(last[1]) : null;
}

function mean(xvg: string): number | null {
  if (!existsSync(xvg)) return null;
  const vals = readFileSync(xvg, 'utf8')
    .split('\n')
    .filter((l) => l && !/^[#@]/.test(l))
    .map((l) => Number(l.trim().split(/\s+/)[1]))
    .filter(Number.isFinite);
  return vals.length ? vals.reduce((a, b) => a + b, 0) / vals.length : null;
}

async function analyse(r: Replica, keepFitted: boolean): Promise<Record<string, unknown>> {
  const dir = path.resolve(ROOT, r.dir);
  if (!dir.startsWith(ROOT + path.sep)) throw new Error(`${r.name}: replica dir outside the project`);
  const out = path.join(OUT, r.name);
  mkdirSync(out, { recursive: true });
  mkdirSync(path.join(ROOT, 'build'), { recursive: true });
  const tmp = mkdtempSync(path.join(ROOT, 'build', `.tmp-${r.name}-`));
  const log = createWriteStream(path.join(out, 'gmx.log'));
  const ctx: Ctx = {
    r: { ...r, dir },
    tpr: path.join(dir, r.tpr),
    ndx: r.index ? ['-n', path.join(dir, r.index)] : [],
    tmp,
    out,
  };
  const started = Date.now();
  try {
    for (const step of STEPS) {
      await runTool(step, ctx, log);
    }
  } finally {
    log.end();
    rmSync(tmp, { recursive: true, force: true });
    if (!keepFitted) rmSync(path.join(out, 'fitted.xtc'), { force: true });
  }
  return {
    replica: r.name,
    minutes: +((Date.now() - started) / 60000).toFixed(1),
    rmsd_final_nm: lastValue(path.join(out, 'rmsd.xvg')),
    rmsf_mean_nm: mean(path.join(out, 'rmsf.xvg')),
    hbonds_mean: mean(path.join(out, 'hbnum.xvg')),
  };
}

function checkGmx(): void {
  // fail early with a helpful message when GROMACS is not loaded
  const probe = spawn(GMX, ['--version'], { stdio: 'ignore' });
  probe.on('error', () => {
    console.error(`cannot run "${GMX}"; source GMXRC or set GMX=/path/to/gmx`);
    process.exit(127);
  });
}

async function main(): Promise<void> {
  checkGmx();
  const argv = process.argv.slice(2);
  const keepFitted = argv.includes('--keep-fitted');
  const only = argv.filter((a) => !a.startsWith('--'));
  const replicas = (JSON.parse(readFileSync(path.join(ROOT, 'analysis', 'replicas.json'), 'utf8')) as Replica[]).filter(
    (r) => !only.length || only.includes(r.name),
  );
  const parallel = Math.max(1, Math.min(replicas.length, Math.floor(os.cpus().length / 4)));
  console.log(`${replicas.length} replica(s), ${parallel} at a time`);
  const summary: Record<string, unknown>[] = [];
  const queue = [...replicas];
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let r = queue.shift(); r; r = queue.shift()) {
        try {
          const res = await analyse(r, keepFitted);
          summary.push(res);
          console.log(`${r.name}: done in ${res.minutes} min`);
        } catch (e) {
          console.error(`${r.name}: ${(e as Error).message} (see build/analysis/${r.name}/gmx.log)`);
          summary.push({ replica: r.name, error: (e as Error).message });
        }
      }
    }),
  );
  mkdirSync(OUT, { recursive: true });
  writeFileSync(path.join(OUT, 'summary.json'), JSON.stringify(summary, null, 2));
  console.table(summary);
  process.exitCode = summary.some((s) => 'error' in s) ? 1 : 0;
}

main().catch((e: Error) => {
  console.error(e.message);
  process.exit(1);
});
