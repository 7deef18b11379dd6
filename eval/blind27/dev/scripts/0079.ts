#!/usr/bin/env -S npx tsx
// Moodle course housekeeping report via moosh (runs on the Moodle host).
//
//   npx tsx tools/moodle-report.ts [--category 12] [--inactive-days 400]
//
// All moosh calls go through runMoosh(), which only accepts a fixed set of
// read-only subcommands and runs `sudo -u www-data moosh -n` (moosh must run
// as the owner of moodledata). Results: reports/moodle-<date>.json + .md.
// Deleting or hiding courses is done by the LMS team after reviewing this.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const execFileP = promisify(execFile);
const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const MOODLE_DIR = process.env.MOODLE_DIR ?? '/var/www/moodle';
const WEB_USER = process.env.MOODLE_WEB_USER ?? 'www-data';

const READ_ONLY = new Set([
  'course-list',
  'category-list',
  'course-info',
  'user-list',
  'config-get',
  'plugin-list',
  'info',
]);

interface Course {
  id: number;
  category: number;
  shortname: string;
  fullname: string;
  visible: boolean;
}

interface CourseInfo extends Course {
  enrolments: number;
  lastAccess: Date | null;
  sizeMB: number | null;
}

interface Args {
  category?: number;
  inactiveDays: number;
  concurrency: number;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { inactiveDays: 400, concurrency: 4 };
  for (let i = 0; i < argv.length; i++) {
    switch (argv[i]) {
      case '--category':
        args.category = Number(argv[++i]);
        break;
      case '--inactive-days':
        args.inactiveDays = Number(argv[++i]);
        break;
      case '--concurrency':
        args.concurrency = Number(argv[++i]);
        break;
      default:
        throw new Error(`unknown argument ${argv[i]}`);
    }
  }
  return args;
}

async function runMoosh(sub: string, ...rest: string[]): Promise<string> {
  if (!READ_ONLY.has(sub)) throw new Error(`moosh ${sub} is not in the read-only allow-list`);
  const argv = ['-u', WEB_USER, 'moosh', '-n', '-p', MOODLE_DIR, sub, ...rest];
  const { stdout } = await execFileP('sudo', argv, { maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

function parseCourseList(out: string): Course[] {
  // moosh course-list prints CSV: "id","category","shortname","fullname","visible"
  const lines = out.trim().split('\n');
  return lines.slice(1).map((l) => {
    const f = l.split('","').map((s) => s.replace(/^"|"$/g, ''));
    return { id: Number(f[0]), category: Number(f[1]), shortname: f[2], fullname: f[3], visible: f[4] === '1' };
  });
}

function parseInfo(out: string): Pick<CourseInfo, 'enrolments' | 'lastAccess' | 'sizeMB'> {
  const get = (label: string) => new RegExp(`^${label}:\\s*(.+)$`, 'mi').exec(out)?.[1]?.trim();
  const enrol = Number(get('Number of enrolled users') ?? get('Enrolled users') ?? 0);
  const last = get('Last access');
  const size = get('Files size');
  return {
    enrolments: Number.isFinite(enrol) ? enrol : 0,
    lastAccess: last && last !== 'never' ? new Date(last) : null,
    sizeMB: size ? Number.parseFloat(size) : null,
  };
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.max(1, limit) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]);
      }
    }),
  );
  return out;
}

async function pluginSummary(): Promise<string[]> {
  // third-party plugins are listed so upgrades can be planned
  const out = await runMoosh('plugin-list', '-n');
  return out.split('\n').filter((l) => l.trim() && !l.startsWith('mod_') && !l.startsWith('core'));
}

function daysSince(d: Date | null): number {
  return d ? Math.floor((Date.now() - d.getTime()) / 86_400_000) : Infinity;
}

function markdown(rows: CourseInfo[], args: Args): string {
  const inactive = rows.filter((r) => daysSince(r.lastAccess) >= args.inactiveDays);
  const empty = rows.filter((r) => r.enrolments === 0);
  const big = [...rows].filter((r) => r.sizeMB).sort((a, b) => (b.sizeMB ?? 0) - (a.sizeMB ?? 0)).slice(0, 15);
  const line = (r: CourseInfo) =>
    `| ${r.id} | ${r.shortname} | ${r.enrolments} | ${r.lastAccess?.toISOString().slice(0, 10) ?? 'never'} | ${r.sizeMB ?? ''} |`;
  const table = (title: string, list: CourseInfo[]) => [
    `## ${title} (${list.length})`,
    '',
    '| id | shortname | enrolled | last access | size MB |',
    '|---|---|---|---|---|',
    ...list.slice(0, 50).map(line),
    '',
  ];
  return [
    `# Moodle housekeeping report ${new Date().toISOString().slice(0, 10)}`,
    '',
    `${rows.length} courses${args.category ? ` in category ${args.category}` : ''}.`,
    '',
    ...table(`Inactive for ${args.inactiveDays}+ days`, inactive),
    ...table('No enrolments', empty),
    ...table('Largest courses', big),
    'Candidates are reviewed by the LMS team; nothing is hidden or deleted by this tool.',
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const version = (await runMoosh('config-get', 'core', 'release')).trim();
  console.log(`Moodle ${version} at ${MOODLE_DIR}`);
  const listArgs = args.category ? ['-c', String(args.category)] : [];
  const courses = parseCourseList(await runMoosh('course-list', ...listArgs)).filter((c) => c.id !== 1);
  console.log(`${courses.length} courses; collecting details with ${args.concurrency} workers`);

  let done = 0;
  const rows = await mapLimit(courses, args.concurrency, async (c): Promise<CourseInfo> => {
    try {
      const info = parseInfo(await runMoosh('course-info', String(c.id)));
      return { ...c, ...info };
    } catch (e) {
      console.error(`course ${c.id}: ${(e as Error).message}`);
      return { ...c, enrolments: 0, lastAccess: null, sizeMB: null };
    } finally {
      if (++done % 25 === 0) console.log(`  ${done}/${courses.length}`);
    }
  });

  const outDir = path.join(ROOT, 'reports');
  await mkdir(outDir, { recursive: true });
  const stamp = new Date().toISOString().slice(0, 10);
  await writeFile(path.join(outDir, `moodle-${stamp}.json`), JSON.stringify(rows, null, 2));
  await writeFile(path.join(outDir, `moodle-${stamp}.md`), markdown(rows, args));
  const inactive = rows.filter((r) => daysSince(r.lastAccess) >= args.inactiveDays).length;
  console.log(`${inactive} inactive courses; report reports/moodle-${stamp}.md`);
  const plugins = await pluginSummary().catch(() => []);
  console.log(`${plugins.length} additional plugins installed`);
}

main().catch((e: Error) => {
  console.error(`error: ${e.message}`);
  process.exit(1);
});
