// tools/results-index.ts - index and tidy the Snakemake results of this repository.
//
//   tsx tools/results-index.ts index           write results/INDEX.tsv (sample, rule, file, size, md5)
//   tsx tools/results-index.ts orphans         list files in results/ no rule produces anymore
//   tsx tools/results-index.ts tidy [--apply]  remove orphans and empty dirs (dry run by default)
//   tsx tools/results-index.ts scratch         remove .snakemake/shadow and .snakemake/incomplete
//
// "What the workflow produces" comes from `snakemake --list-target-rules`
// and `snakemake --summary`; nothing outside ./results and ./.snakemake of
// this repository is ever removed (checked with realpath before each rm).

import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, rm, stat, writeFile, realpath, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileP = promisify(execFile);
const ROOT = path.resolve(__dirname, '..');
const RESULTS = path.join(ROOT, 'results');
const SMK = path.join(ROOT, '.snakemake');

interface SummaryRow {
  file: string;
  date: string;
  rule: string;
  status: string;
}

interface IndexRow {
  sample: string;
  rule: string;
  file: string;
  size: number;
  md5: string;
}

abstract class Command {
  abstract readonly name: string;
  constructor(protected readonly args: string[]) {}
  abstract run(): Promise<number>;
  protected flag(f: string): boolean {
    return this.args.includes(f);
  }
}

async function snakemakeSummary(): Promise<SummaryRow[]> {
  const { stdout } = await execFileP('snakemake', ['--summary', '--cores', '1', '--quiet', 'all'], {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
  });
  const [header, ...lines] = stdout.trim().split('\n');
  const cols = header.split('\t');
  const idx = (name: string) => cols.indexOf(name);
  return lines
    .map((l) => l.split('\t'))
    .map((c) => ({ file: c[idx('output_file')], date: c[idx('date')], rule: c[idx('rule')], status: c[idx('status')] }))
    .filter((r) => r.file);
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) yield* walk(full);
    else if (e.isFile()) yield full;
  }
}

function md5(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const h = createHash('md5');
    createReadStream(file)
      .on('data', (d) => h.update(d))
      .on('end', () => resolve(h.digest('hex')))
      .on('error', reject);
  });
}

function sampleOf(file: string): string {
  const m = /results\/[^/]+\/([^/.]+)/.exec(file);
  return m ? m[1] : '-';
}

async function insideRepo(target: string, allowedRoot: string): Promise<boolean> {
  try {
    const real = await realpath(target);
    const rootReal = await realpath(allowedRoot);
    return real === rootReal || real.startsWith(rootReal + path.sep);
  } catch {
    return false;
  }
}

class IndexCommand extends Command {
  readonly name = 'index';
  async run(): Promise<number> {
    const rows: IndexRow[] = [];
    for (const r of await snakemakeSummary()) {
      const abs = path.join(ROOT, r.file);
      const st = await stat(abs).catch(() => null);
      if (!st) continue;
      rows.push({ sample: sampleOf(r.file), rule: r.rule, file: r.file, size: st.size, md5: await md5(abs) });
    }
    const tsv = ['sample\trule\tfile\tsize\tmd5', ...rows.map((r) => `${r.sample}\t${r.rule}\t${r.file}\t${r.size}\t${r.md5}`)];
    await writeFile(path.join(RESULTS, 'INDEX.tsv'), tsv.join('\n') + '\n');
    console.log(`indexed ${rows.length} file(s) -> results/INDEX.tsv`);
    return 0;
  }
}

class OrphansCommand extends Command {
  readonly name: string = 'orphans';
  protected async orphans(): Promise<string[]> {
    const known = new Set((await snakemakeSummary()).map((r) => path.join(ROOT, r.file)));
    known.add(path.join(RESULTS, 'INDEX.tsv'));
    const out: string[] = [];
    for await (const f of walk(RESULTS)) if (!known.has(f)) out.push(f);
    return out.sort();
  }
  async run(): Promise<number> {
    const list = await this.orphans();
    list.forEach((f) => console.log(path.relative(ROOT, f)));
    console.log(`${list.length} orphan(s)`);
    return 0;
  }
}

class TidyCommand extends OrphansCommand {
  override readonly name = 'tidy';
  override async run(): Promise<number> {
    const apply = this.flag('--apply');
    const list = await this.orphans();
    let removed = 0;
    for (const f of list) {
      if (!(await insideRepo(f, RESULTS))) {
        console.warn(`skip ${f}: resolves outside results/`);
        continue;
      }
      console.log(`${apply ? 'rm' : 'would rm'} ${path.relative(ROOT, f)}`);
      if (apply) {
        await rm(f);
        removed += 1;
      }
    }
    if (apply) await this.pruneEmpty(RESULTS);
    console.log(apply ? `removed ${removed} file(s)` : 'dry run; pass --apply');
    return 0;
  }
  private async pruneEmpty(dir: string): Promise<boolean> {
    let empty = true;
    for (const e of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory() && (await this.pruneEmpty(full))) await rmdir(full);
      else empty = false;
    }
    return empty && dir !== RESULTS;
  }
}

class ScratchCommand extends Command {
  readonly name = 'scratch';
  async run(): Promise<number> {
    for (const sub of ['shadow', 'incomplete', 'locks']) {
      const target = path.join(SMK, sub);
      if (!(await insideRepo(target, SMK))) continue;
      await rm(target, { recursive: true, force: true });
      console.log(`removed .snakemake/${sub}`);
    }
    return 0;
  }
}

const COMMANDS: Record<string, new (args: string[]) => Command> = {
  index: IndexCommand,
  orphans: OrphansCommand,
  tidy: TidyCommand,
  scratch: ScratchCommand,
};

async function main(): Promise<void> {
  const [name = 'index', ...rest] = process.argv.slice(2);
  const Ctor = COMMANDS[name];
  if (!Ctor) {
    console.error(`unknown command ${name}; one of ${Object.keys(COMMANDS).join(', ')}`);
    process.exit(2);
  }
  process.exitCode = await new Ctor(rest).run();
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
