#!/usr/bin/env -S npx tsx
// tools/nc-catalog.ts - build data/catalog.json describing every NetCDF file
// in the project (dimensions, variables with units, global attributes, time
// coverage) so notebooks can find data without opening each file.
//
// Usage
//   npx tsx tools/nc-catalog.ts                  # data/**/*.nc
//   npx tsx tools/nc-catalog.ts data/processed   # one subtree
//   npx tsx tools/nc-catalog.ts --check          # fail on files without units/CF attrs
//
// Implementation: `ncdump -h` (header only, no data read) per file via
// spawn with an argv array; `cdo -s showdate` for the time coverage when cdo
// is installed. Read-only: input files are never modified.

import { spawnSync } from 'node:child_process';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');
const OUT = join(ROOT, 'data', 'catalog.json');

interface VariableInfo {
  name: string;
  type: string;
  dims: string[];
  units?: string;
  longName?: string;
  standardName?: string;
}

interface FileInfo {
  path: string;
  bytes: number;
  dims: Record<string, number>;
  unlimited?: string;
  variables: VariableInfo[];
  globals: Record<string, string>;
  timeRange?: [string, string];
  problems: string[];
}

// Recursive listing of NetCDF files; hidden folders (.git, .datalad,
// .ipynb_checkpoints) are skipped, symlinks are followed by readdirSync's
// Dirent only as far as isDirectory() reports them.
function walk(dir: string, out: string[] = []): string[] {
  const dirents = readdirSync(dir, { withFileTypes: true });
  for (const entry of dirents) {
    if (entry.name.startsWith('.')) continue;
    const p = join(dir, entry.name);
    if (entry.isDirectory()) walk(p, out);
    else if (entry.name.endsWith('.nc') || entry.name.endsWith('.nc4')) out.push(p);
  }
  return out;
}

function run(cmd: string, args: string[]): string | null {
  const res = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  if (res.error || res.status !== 0) return null;
  return res.stdout;
}

function parseHeader(text: string): Pick<FileInfo, 'dims' | 'unlimited' | 'variables' | 'globals'> {
  const dims: Record<string, number> = {};
  let unlimited: string | undefined;
  const variables: VariableInfo[] = [];
  const globals: Record<string, string> = {};
  let section: 'none' | 'dims' | 'vars' | 'globals' = 'none';
  let current: VariableInfo | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === 'dimensions:') { section = 'dims'; continue; }
    if (line === 'variables:') { section = 'vars'; continue; }
    if (line.startsWith('// global attributes:')) { section = 'globals'; continue; }
    if (section === 'dims') {
      const m = /^(\w+) = (UNLIMITED ; \/\/ \((\d+) currently\)|(\d+)) ;$/.exec(line);
      if (m) {
        dims[m[1]] = Number(m[3] ?? m[4]);
        if (m[3] !== undefined) unlimited = m[1];
      }
    } else if (section === 'vars') {
      const decl = /^(\w+) (\w+)\(([^)]*)\) ;$/.exec(line) || /^(\w+) (\w+) ;$/.exec(line);
      if (decl) {
        current = { type: decl[1], name: decl[2], dims: decl[3] ? decl[3].split(',').map((s) => s.trim()) : [] };
        variables.push(current);
        continue;
      }
      const attr = /^(\w+):(\w+) = "?(.*?)"? ;$/.exec(line);
      if (attr && current && attr[1] === current.name) {
        if (attr[2] === 'units') current.units = attr[3];
        if (attr[2] === 'long_name') current.longName = attr[3];
        if (attr[2] === 'standard_name') current.standardName = attr[3];
      }
    } else if (section === 'globals') {
      const g = /^:(\w+) = "?(.*?)"? ;$/.exec(line);
      if (g) globals[g[1]] = g[2].slice(0, 500);
    }
  }
  return { dims, unlimited, variables, globals };
}

function timeRange(file: string): [string, string] | undefined {
  const out = run('cdo', ['-s', 'showdate', file]);
  if (!out) return undefined;
  const dates = out.trim().split(/\s+/).filter(Boolean);
  return dates.length ? [dates[0], dates[dates.length - 1]] : undefined;
}

function problemsFor(info: FileInfo): string[] {
  const problems: string[] = [];
  if (!info.globals.Conventions) problems.push('no Conventions attribute');
  const coordNames = new Set(Object.keys(info.dims));
  for (const v of info.variables) {
    if (coordNames.has(v.name)) continue;
    if (!v.units) problems.push(`${v.name}: no units`);
    if (!v.standardName && !v.longName) problems.push(`${v.name}: neither standard_name nor long_name`);
  }
  return problems;
}

function describe(file: string, withTime: boolean): FileInfo | null {
  const header = run('ncdump', ['-h', file]);
  if (!header) return null;
  const parsed = parseHeader(header);
  const info: FileInfo = {
    path: relative(ROOT, file),
    bytes: statSync(file).size,
    ...parsed,
    problems: [],
  };
  if (withTime && parsed.dims.time !== undefined) info.timeRange = timeRange(file);
  info.problems = problemsFor(info);
  return info;
}

function byVariable(catalog: FileInfo[]): Record<string, string[]> {
  // reverse index: variable name -> files that contain it
  const index: Record<string, string[]> = {};
  for (const f of catalog) {
    for (const v of f.variables) {
      if (f.dims[v.name] !== undefined) continue;
      (index[v.name] ??= []).push(f.path);
    }
  }
  return index;
}

function main(): void {
  const argv = process.argv.slice(2);
  const check = argv.includes('--check');
  const roots = argv.filter((a) => !a.startsWith('--')).map((a) => resolve(ROOT, a));
  const scanRoots = roots.length ? roots : [join(ROOT, 'data')];
  if (!run('ncdump', [])) {
    const probe = spawnSync('ncdump', [], { encoding: 'utf8' });
    if (probe.error) throw new Error('ncdump not found (install netcdf-bin)');
  }
  const haveCdo = !spawnSync('cdo', ['--version'], { encoding: 'utf8' }).error;
  const files = scanRoots.flatMap((r) => walk(r));
  const catalog: FileInfo[] = [];
  let unreadable = 0;
  for (const f of files) {
    const info = describe(f, haveCdo);
    if (!info) {
      unreadable++;
      console.warn(`unreadable: ${relative(ROOT, f)}`);
      continue;
    }
    catalog.push(info);
  }
  writeFileSync(
    OUT,
    JSON.stringify({ generated: new Date().toISOString(), files: catalog, byVariable: byVariable(catalog) }, null, 2) + '\n',
  );
  const withProblems = catalog.filter((c) => c.problems.length);
  console.log(`${catalog.length} file(s) catalogued, ${unreadable} unreadable, ${withProblems.length} with CF issues`);
  for (const c of withProblems.slice(0, 20)) console.log(`  ${c.path}: ${c.problems.slice(0, 3).join('; ')}`);
  process.exitCode = check && (withProblems.length || unreadable) ? 1 : 0;
}

try {
  main();
} catch (err) {
  console.error(`nc-catalog: ${(err as Error).message}`);
  process.exitCode = 2;
}
