#!/usr/bin/env -S npx tsx
// pipeline/run.ts - launch the Nextflow QC pipeline with a reproducible setup.
//
//   npx tsx pipeline/run.ts --samples samples.csv --profile conda
//   npx tsx pipeline/run.ts --resume
//   npx tsx pipeline/run.ts --clean        remove work/ entries of finished runs
//
// NXF_HOME, the conda cache and the work dir all live in the repository
// (.nextflow-home/, .conda-cache/, work/) so runs do not depend on ~/.nextflow.
import { spawn, spawnSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';

const ROOT = path.resolve(__dirname, '..');
const MAIN = path.join(ROOT, 'pipeline', 'main.nf');
const CONFIG = path.join(ROOT, 'pipeline', 'nextflow.config');
const RESULTS = path.join(ROOT, 'results');
const WORK = path.join(ROOT, 'work');
const LOGS = path.join(ROOT, 'logs');

type Profile = 'conda' | 'docker' | 'singularity' | 'test';

interface RunOptions {
  samples: string;
  profile: Profile;
  resume: boolean;
  clean: boolean;
  maxCpus: number;
  maxMemory: string;
}

const PROFILES: readonly Profile[] = ['conda', 'docker', 'singularity', 'test'];
const REQUIRED_COLUMNS = ['sample', 'fastq_1', 'fastq_2'];

function parse(argv: string[]): RunOptions {
  const opts: RunOptions = {
    samples: path.join(ROOT, 'samples.csv'),
    profile: 'conda',
    resume: false,
    clean: false,
    maxCpus: 8,
    maxMemory: '16.GB',
  };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--samples') opts.samples = path.resolve(argv[++i]);
    else if (a === '--profile') opts.profile = argv[++i] as Profile;
    else if (a === '--resume') opts.resume = true;
    else if (a === '--clean') opts.clean = true;
    else if (a === '--max-cpus') opts.maxCpus = Number(argv[++i]);
    else if (a === '--max-memory') opts.maxMemory = argv[++i];
    else throw new Error(`unknown argument ${a}`);
  }
  if (!PROFILES.includes(opts.profile)) throw new Error(`profile must be one of ${PROFILES.join(', ')}`);
  return opts;
}

async function validateSamples(file: string): Promise<number> {
  if (!existsSync(file)) throw new Error(`${file} not found`);
  const rl = readline.createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  let header: string[] | null = null;
  let rows = 0;
  const seen = new Set<string>();
  for await (const line of rl) {
    if (!line.trim()) continue;
    const cols = line.split(',').map((c) => c.trim());
    if (!header) {
      header = cols;
      const missing = REQUIRED_COLUMNS.filter((c) => !header!.includes(c));
      if (missing.length) throw new Error(`samples sheet lacks columns: ${missing.join(', ')}`);
      continue;
    }
    const record = Object.fromEntries(header.map((h, i) => [h, cols[i] ?? '']));
    if (seen.has(record.sample)) throw new Error(`duplicate sample ${record.sample}`);
    seen.add(record.sample);
    for (const key of ['fastq_1', 'fastq_2']) {
      const p = record[key];
      if (p && !p.startsWith('s3://') && !existsSync(path.resolve(path.dirname(file), p))) {
        throw new Error(`sample ${record.sample}: ${key} ${p} does not exist`);
      }
    }
    rows += 1;
  }
  return rows;
}

function env(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NXF_HOME: path.join(ROOT, '.nextflow-home'),
    NXF_CONDA_CACHEDIR: path.join(ROOT, '.conda-cache'),
    NXF_OPTS: '-Xms1g -Xmx4g',
    NXF_ANSI_LOG: 'false',
  };
}

function nextflowArgs(opts: RunOptions, runName: string): string[] {
  const args = [
    'run', MAIN,
    '-c', CONFIG,
    '-profile', opts.profile,
    '-work-dir', WORK,
    '-name', runName,
    '-with-report', path.join(LOGS, `${runName}-report.html`),
    '-with-trace', path.join(LOGS, `${runName}-trace.tsv`),
    '--input', opts.samples,
    '--outdir', RESULTS,
    '--max_cpus', String(opts.maxCpus),
    '--max_memory', opts.maxMemory,
  ];
  if (opts.resume) args.push('-resume');
  return args;
}

function checkNextflow(): void {
  const res = spawnSync('nextflow', ['-version'], { encoding: 'utf8', env: env() });
  if (res.error) throw new Error('nextflow not on PATH (see docs/pipeline.md)');
  const m = /version (\d+)\.(\d+)/.exec(res.stdout);
  if (m && (Number(m[1]) < 23 || (Number(m[1]) === 23 && Number(m[2]) < 10))) {
    throw new Error(`nextflow ${m[1]}.${m[2]} too old; the pipeline needs DSL2 features from 23.10`);
  }
}

function runName(): string {
  const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 12);
  return `qc_${stamp}`;
}

function cleanFinished(): void {
  const res = spawnSync('nextflow', ['log', '-q'], { cwd: ROOT, env: env(), encoding: 'utf8' });
  const names = res.stdout.split('\n').map((s) => s.trim()).filter(Boolean);
  for (const name of names.slice(0, -1)) {
    const out = spawnSync('nextflow', ['clean', '-f', '-k', name], { cwd: ROOT, env: env(), encoding: 'utf8' });
    if (out.status === 0) console.log(`cleaned work files of ${name}`);
  }
  const stale = path.join(WORK, 'tmp');
  if (existsSync(stale)) rmSync(stale, { recursive: true, force: true });
}

function launch(args: string[]): Promise<number> {
  console.log(`+ nextflow ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn('nextflow', args, { cwd: ROOT, env: env(), stdio: 'inherit' });
    const stop = () => child.kill('SIGTERM'); // nextflow cancels its own tasks on SIGTERM
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

function writeProvenance(name: string, opts: RunOptions, code: number): void {
  const git = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
  const data = {
    run: name,
    exitCode: code,
    gitCommit: git,
    profile: opts.profile,
    samples: path.relative(ROOT, opts.samples),
    finishedAt: new Date().toISOString(),
    configSha: readFileSync(CONFIG, 'utf8').length,
  };
  writeFileSync(path.join(LOGS, `${name}-provenance.json`), JSON.stringify(data, null, 2));
}

async function main(): Promise<void> {
  const opts = parse(process.argv.slice(2));
  if (opts.clean) {
    cleanFinished();
    return;
  }
  mkdirSync(LOGS, { recursive: true });
  checkNextflow();
  const rows = await validateSamples(opts.samples);
  console.log(`${rows} samples validated`);
  const name = runName();
  const code = await launch(nextflowArgs(opts, name));
  writeProvenance(name, opts, code);
  process.exitCode = code;
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
