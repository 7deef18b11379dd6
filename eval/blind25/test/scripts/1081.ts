// tools/driver-matrix.ts - build the kernel driver against several kernel header
// trees and run its KUnit tests under UML (user-mode Linux), no hardware needed.
//
//   tsx tools/driver-matrix.ts                  all trees listed in matrix.json
//   tsx tools/driver-matrix.ts --only 6.6       one tree
//   tsx tools/driver-matrix.ts --kunit          also run tools/testing/kunit in each tree
//   tsx tools/driver-matrix.ts --clean          remove build/matrix/
//
// Kernel trees live in ~/src/linux-<ver> (the developer's own clones, read
// only: out-of-tree builds go to build/matrix/<ver> via O=/M=). The module is
// never loaded into the running kernel by this script.
//
// matrix.json format:
//   {
//     "trees": [
//       { "version": "6.1",  "arch": "x86_64" },
//       { "version": "6.6",  "arch": "arm64", "cross": "aarch64-linux-gnu-" },
//       { "version": "6.12", "arch": "um" }
//     ]
//   }
//
// Outputs per tree in build/matrix/<ver>/: defconfig.log, prepare.log,
// build.log, kunit.log; plus build/matrix/junit.xml and SUMMARY.md.
// The first run per tree prepares an out-of-tree kernel build dir
// (defconfig + modules_prepare), which takes a few minutes; later runs
// reuse it.
//
// KUnit (--kunit) uses the tree's own tools/testing/kunit/kunit.py with the
// driver's .kunitconfig; it builds a UML kernel in build/matrix/<ver>/kunit
// and runs the tests as a normal user process, so no root is needed.
// Exit status is non-zero when any tree fails to build or its KUnit run fails;
// skipped trees (not cloned locally) do not fail the run.

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, cpus } from 'node:os';
import path from 'node:path';

const DRIVER_REPO = path.resolve(__dirname, '..');
const MATRIX_FILE = path.join(DRIVER_REPO, 'matrix.json');
const OUT_ROOT = path.join(DRIVER_REPO, 'build', 'matrix');

interface Tree {
  version: string;
  path: string;
  arch: 'x86_64' | 'arm64' | 'um';
  cross?: string;
}

interface Result {
  version: string;
  build: 'ok' | 'fail' | 'skipped';
  kunit: 'pass' | 'fail' | 'skipped';
  warnings: number;
  seconds: number;
}

function loadMatrix(): Tree[] {
  const raw = JSON.parse(readFileSync(MATRIX_FILE, 'utf8')) as { trees: Omit<Tree, 'path'>[] };
  return raw.trees.map((t) => ({ ...t, path: path.join(homedir(), 'src', `linux-${t.version}`) }));
}

function exec(cmd: string, args: string[], cwd: string, logFile: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (code) => {
      writeFileSync(logFile, output);
      resolve({ code: code ?? 1, output });
    });
  });
}

function makeArgs(tree: Tree, outDir: string, target: string[]): string[] {
  const args = ['-C', tree.path, `O=${outDir}/kernel`, `M=${path.join(DRIVER_REPO, 'driver')}`, `-j${cpus().length}`, 'W=1'];
  if (tree.arch !== 'x86_64') args.push(`ARCH=${tree.arch}`);
  if (tree.cross) args.push(`CROSS_COMPILE=${tree.cross}`);
  return [...args, ...target];
}

async function prepareTree(tree: Tree, outDir: string): Promise<boolean> {
  const kernelOut = path.join(outDir, 'kernel');
  if (existsSync(path.join(kernelOut, '.config'))) return true;
  mkdirSync(kernelOut, { recursive: true });
  const base = ['-C', tree.path, `O=${kernelOut}`];
  if (tree.arch !== 'x86_64') base.push(`ARCH=${tree.arch}`);
  const cfg = await exec('make', [...base, 'defconfig'], DRIVER_REPO, path.join(outDir, 'defconfig.log'));
  if (cfg.code !== 0) return false;
  const prep = await exec('make', [...base, `-j${cpus().length}`, 'modules_prepare'], DRIVER_REPO, path.join(outDir, 'prepare.log'));
  return prep.code === 0;
}

async function buildOne(tree: Tree, kunit: boolean): Promise<Result> {
  const started = Date.now();
  const outDir = path.join(OUT_ROOT, tree.version);
  mkdirSync(outDir, { recursive: true });
  const result: Result = { version: tree.version, build: 'skipped', kunit: 'skipped', warnings: 0, seconds: 0 };
  if (!existsSync(path.join(tree.path, 'Makefile'))) {
    console.log(`${tree.version}: no tree at ${tree.path}, skipped`);
    return result;
  }
  if (!(await prepareTree(tree, outDir))) {
    result.build = 'fail';
    return result;
  }
  const build = await exec('make', makeArgs(tree, outDir, ['modules']), DRIVER_REPO, path.join(outDir, 'build.log'));
  result.build = build.code === 0 ? 'ok' : 'fail';
  result.warnings = (build.output.match(/warning:/g) ?? []).length;
  if (kunit && result.build === 'ok') {
    const kunitArgs = ['run', `--build_dir=${path.join(outDir, 'kunit')}`, `--kunitconfig=${path.join(DRIVER_REPO, 'driver', '.kunitconfig')}`];
    const k = await exec(path.join(tree.path, 'tools', 'testing', 'kunit', 'kunit.py'), kunitArgs, tree.path, path.join(outDir, 'kunit.log'));
    result.kunit = k.code === 0 ? 'pass' : 'fail';
  }
  result.seconds = Math.round((Date.now() - started) / 1000);
  return result;
}

function printTable(results: Result[]): void {
  console.log('\nkernel     build  kunit    warnings  time');
  for (const r of results) {
    console.log(`${r.version.padEnd(10)} ${r.build.padEnd(6)} ${r.kunit.padEnd(8)} ${String(r.warnings).padStart(8)}  ${r.seconds}s`);
  }
}

function writeJunit(results: Result[]): void {
  const cases = results
    .map((r) => {
      const failure = r.build === 'fail' || r.kunit === 'fail' ? `<failure message="build=${r.build} kunit=${r.kunit}"/>` : '';
      const skipped = r.build === 'skipped' ? '<skipped/>' : '';
      return `  <testcase name="linux-${r.version}" time="${r.seconds}">${failure}${skipped}</testcase>`;
    })
    .join('\n');
  mkdirSync(OUT_ROOT, { recursive: true });
  writeFileSync(path.join(OUT_ROOT, 'junit.xml'), `<testsuite name="driver-matrix" tests="${results.length}">\n${cases}\n</testsuite>\n`);
}

function writeSummary(results: Result[]): void {
  const lines = [
    '# Driver build matrix',
    '',
    `Generated ${new Date().toISOString()}`,
    '',
    '| kernel | build | kunit | warnings | time |',
    '|---|---|---|---:|---:|',
    ...results.map((r) => `| ${r.version} | ${r.build} | ${r.kunit} | ${r.warnings} | ${r.seconds}s |`),
    '',
  ];
  const worst = results.filter((r) => r.warnings > 0).sort((a, b) => b.warnings - a.warnings)[0];
  if (worst) lines.push(`Most warnings: linux ${worst.version} (${worst.warnings}); see build/matrix/${worst.version}/build.log`, '');
  writeFileSync(path.join(OUT_ROOT, 'SUMMARY.md'), lines.join('\n'));
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--clean')) {
    rmSync(OUT_ROOT, { recursive: true, force: true });
    console.log('removed build/matrix/');
    return;
  }
  const onlyIdx = args.indexOf('--only');
  const only = onlyIdx >= 0 ? args[onlyIdx + 1] : null;
  const trees = loadMatrix().filter((t) => !only || t.version === only);
  if (!trees.length) throw new Error(only ? `no tree ${only} in matrix.json` : 'matrix.json lists no trees');
  const results: Result[] = [];
  for (const tree of trees) {
    console.log(`== linux ${tree.version} (${tree.arch})`);
    results.push(await buildOne(tree, args.includes('--kunit')));
  }
  printTable(results);
  writeJunit(results);
  writeSummary(results);
  process.exitCode = results.some((r) => r.build === 'fail' || r.kunit === 'fail') ? 1 : 0;
}

main().catch((err: unknown) => {
  process.stderr.write(`driver-matrix: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
