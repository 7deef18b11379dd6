// tools/print-queue.ts - small CUPS front-end for the lab's shared printers.
//
//   tsx tools/print-queue.ts status                  printers, accepting?, queue length
//   tsx tools/print-queue.ts send FILE [-p PRINTER] [-n COPIES] [--duplex] [--yes]
//   tsx tools/print-queue.ts mine                    jobs submitted by this user
//   tsx tools/print-queue.ts cancel JOB_ID           cancel one of *your* jobs
//   tsx tools/print-queue.ts convert FILE...         office -> PDF into out/print/
//
// Cancelling is restricted to jobs owned by $USER (checked against
// `lpstat -o` before calling `cancel`); there is deliberately no "cancel
// all" here, other people's jobs are not ours to touch.

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import readline from 'node:readline/promises';

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'out', 'print');
const ME = process.env.USER ?? userInfo().username;
const OFFICE = new Set(['.doc', '.docx', '.odt', '.xls', '.xlsx', '.ods', '.ppt', '.pptx', '.odp']);

interface Printer {
  name: string;
  enabled: boolean;
  accepting: boolean;
}

interface Job {
  id: string;
  user: string;
  sizeBytes: number;
  when: string;
}

function lpstat(args: string[]): string {
  try {
    return execFileSync('lpstat', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    const e = err as { stdout?: string };
    return e.stdout ?? '';
  }
}

function printers(): Printer[] {
  const enabled = lpstat(['-p']);
  const accepting = lpstat(['-a']);
  return [...enabled.matchAll(/^printer (\S+) (?:is idle|now printing|disabled)/gm)].map((m) => ({
    name: m[1],
    enabled: !new RegExp(`^printer ${m[1]} disabled`, 'm').test(enabled),
    accepting: new RegExp(`^${m[1]} accepting requests`, 'm').test(accepting),
  }));
}

function defaultPrinter(): string | undefined {
  return /system default destination: (\S+)/.exec(lpstat(['-d']))?.[1];
}

function jobs(printer?: string): Job[] {
  const out = lpstat(printer ? ['-o', printer] : ['-o']);
  return out
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [id, user, size, ...rest] = line.trim().split(/\s+/);
      return { id, user, sizeBytes: Number(size), when: rest.join(' ') };
    });
}

async function confirm(q: string): Promise<boolean> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^y(es)?$/i.test((await rl.question(`${q} [y/N] `)).trim());
  } finally {
    rl.close();
  }
}

function convert(files: string[]): string[] {
  mkdirSync(OUT, { recursive: true });
  const profile = mkdtempSync(path.join(tmpdir(), 'lo-'));
  try {
    const res = spawnSync(
      'soffice',
      [`-env:UserInstallation=file://${profile}`, '--headless', '--convert-to', 'pdf', '--outdir', OUT, ...files],
      { stdio: 'inherit' },
    );
    if (res.status !== 0) throw new Error('LibreOffice conversion failed');
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
  return files.map((f) => path.join(OUT, `${path.parse(f).name}.pdf`));
}

function pageCount(pdf: string): number {
  const out = execFileSync('qpdf', ['--show-npages', pdf], { encoding: 'utf8' });
  return Number(out.trim());
}

async function send(args: string[]): Promise<void> {
  const file = args.find((a) => !a.startsWith('-') && !/^\d+$/.test(a) && existsSync(a));
  if (!file) throw new Error('send needs an existing FILE');
  const pi = args.indexOf('-p');
  const ni = args.indexOf('-n');
  const printer = pi >= 0 ? args[pi + 1] : defaultPrinter();
  const copies = ni >= 0 ? Number(args[ni + 1]) : 1;
  if (!printer) throw new Error('no printer given and no default set');
  const p = printers().find((x) => x.name === printer);
  if (!p) throw new Error(`unknown printer ${printer}`);
  if (!p.enabled || !p.accepting) throw new Error(`${printer} is not accepting jobs`);
  if (!Number.isInteger(copies) || copies < 1 || copies > 50) throw new Error('copies must be 1..50');
  const pdf = OFFICE.has(path.extname(file).toLowerCase()) ? convert([file])[0] : file;
  const pages = path.extname(pdf).toLowerCase() === '.pdf' ? pageCount(pdf) : NaN;
  const summary = `${path.basename(pdf)}: ${Number.isNaN(pages) ? '?' : pages} page(s) x ${copies} on ${printer}`;
  if (!args.includes('--yes') && !(await confirm(`print ${summary}?`))) return;
  const lpArgs = ['-d', printer, '-n', String(copies), '-t', path.basename(pdf)];
  if (args.includes('--duplex')) lpArgs.push('-o', 'sides=two-sided-long-edge');
  const out = execFileSync('lp', [...lpArgs, pdf], { encoding: 'utf8' });
  console.log(out.trim());
}

function status(): void {
  const def = defaultPrinter();
  const list = printers();
  if (!list.length) {
    console.log('no printers configured in CUPS (lpstat -p printed nothing)');
    return;
  }
  const total = jobs().length;
  console.log(`${list.length} printer(s), ${total} job(s) queued in total; default ${def ?? 'none'}`);
  for (const p of printers()) {
    const q = jobs(p.name).length;
    const flags = [p.enabled ? 'enabled' : 'DISABLED', p.accepting ? 'accepting' : 'REJECTING'].join(', ');
    console.log(`${p.name === def ? '*' : ' '} ${p.name.padEnd(24)} ${flags.padEnd(22)} ${q} job(s)`);
  }
}

function mine(): Job[] {
  const list = jobs().filter((j) => j.user === ME);
  list.forEach((j) => console.log(`${j.id.padEnd(28)} ${(j.sizeBytes / 1024).toFixed(0).padStart(8)} KiB  ${j.when}`));
  if (!list.length) console.log('no jobs of yours in any queue');
  return list;
}

function cancelOne(id: string | undefined): void {
  if (!id) throw new Error('cancel needs a JOB_ID (see: mine)');
  const job = jobs().find((j) => j.id === id);
  if (!job) throw new Error(`no such job ${id}`);
  if (job.user !== ME) throw new Error(`job ${id} belongs to ${job.user}, not you`);
  execFileSync('cancel', [id], { stdio: 'inherit' });
  console.log(`cancelled ${id}`);
}

async function main(): Promise<void> {
  const [cmd = 'status', ...rest] = process.argv.slice(2);
  switch (cmd) {
    case 'status':
      return status();
    case 'send':
      return send(rest);
    case 'mine':
      mine();
      return;
    case 'cancel':
      return cancelOne(rest[0]);
    case 'convert': {
      const files = rest.filter((f) => existsSync(f) && statSync(f).isFile());
      convert(files).forEach((p) => console.log(path.relative(ROOT, p)));
      return;
    }
    default:
      throw new Error(`unknown command ${cmd}`);
  }
}

main().catch((err: unknown) => {
  console.error(`print-queue: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
