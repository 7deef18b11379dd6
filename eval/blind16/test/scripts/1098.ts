#!/usr/bin/env -S npx tsx
/**
 * Run `terraform test` for every lattice module with a tests/ folder, offline
 * from real infrastructure.
 *
 *   tsx tools/tf-test.ts [--module infra/modules/network] [--filter name] [--json]
 *
 * Each module is copied into a fresh temp working directory (removed afterwards)
 * so .terraform/ and lock files of the developer's checkout are not touched.
 * The tests use mocked providers (`mock_provider` blocks in *.tftest.hcl), and a
 * backend override forces the local backend in the temp directory, so no remote
 * state is read or written and nothing is created in any cloud account. Plugins
 * come from the shared cache ~/.cache/lattice-terraform/plugins.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';

const WS = path.resolve(__dirname, '..');
const MODULES_ROOT = path.join(WS, 'infra', 'modules');
const PLUGIN_CACHE = path.join(process.env.XDG_CACHE_HOME ?? path.join(homedir(), '.cache'), 'lattice-terraform', 'plugins');

interface Options {
  modules: string[];
  filter: string | null;
  json: boolean;
}

interface ModuleResult {
  module: string;
  passed: number;
  failed: number;
  skipped: number;
  seconds: number;
  output: string;
}

function parse(argv: string[]): Options {
  const o: Options = { modules: [], filter: null, json: false };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--module') o.modules.push(path.resolve(WS, argv[++i]));
    else if (a === '--filter') o.filter = argv[++i];
    else if (a === '--json') o.json = true;
    else throw new Error(`unrecognised option ${a}`);
  }
  for (const m of o.modules) {
    if (!m.startsWith(MODULES_ROOT + path.sep)) throw new Error(`${m} is not under infra/modules`);
  }
  return o;
}

function discover(): string[] {
  if (!existsSync(MODULES_ROOT)) return [];
  return readdirSync(MODULES_ROOT)
    .map((n) => path.join(MODULES_ROOT, n))
    .filter((p) => statSync(p).isDirectory() && existsSync(path.join(p, 'tests')));
}

function prepareWorkdir(moduleDir: string): string {
  const work = mkdtempSync(path.join(tmpdir(), 'tf-test-'));
  cpSync(moduleDir, work, {
    recursive: true,
    filter: (src) => !src.includes(`${path.sep}.terraform${path.sep}`) && !src.endsWith('.terraform') && !src.endsWith('.terraform.lock.hcl'),
  });
  // force the local backend inside the temp dir, whatever the module declares
  writeFileSync(
    path.join(work, 'zz_test_backend_override.tf'),
    'terraform {\n  backend "local" {\n    path = "terraform.tfstate"\n  }\n}\n',
  );
  return work;
}

function terraform(args: string[], cwd: string): { code: number; out: string } {
  mkdirSync(PLUGIN_CACHE, { recursive: true });
  const res = spawnSync('terraform', args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, TF_PLUGIN_CACHE_DIR: PLUGIN_CACHE, TF_IN_AUTOMATION: '1', TF_INPUT: '0' },
    maxBuffer: 1 << 26,
  });
  return { code: res.status ?? 1, out: `${res.stdout}${res.stderr}` };
}

function countResults(out: string): { passed: number; failed: number; skipped: number } {
  const summary = /(\d+) passed, (\d+) failed(?:, (\d+) skipped)?/.exec(out);
  if (summary) return { passed: Number(summary[1]), failed: Number(summary[2]), skipped: Number(summary[3] ?? 0) };
  const passed = (out.match(/\.\.\. pass/g) ?? []).length;
  const failed = (out.match(/\.\.\. fail/g) ?? []).length;
  return { passed, failed, skipped: 0 };
}

function runModule(moduleDir: string, o: Options): ModuleResult {
  const started = Date.now();
  const work = prepareWorkdir(moduleDir);
  try {
    const init = terraform(['init', '-backend=true', '-no-color'], work);
    if (init.code !== 0) {
      return { module: path.relative(WS, moduleDir), passed: 0, failed: 1, skipped: 0, seconds: 0, output: init.out };
    }
    const args = ['test', '-no-color'];
    if (o.filter) args.push(`-filter=tests/${o.filter}.tftest.hcl`);
    const test = terraform(args, work);
    const counts = countResults(test.out);
    if (test.code !== 0 && counts.failed === 0) counts.failed = 1;
    return {
      module: path.relative(WS, moduleDir),
      ...counts,
      seconds: Math.round((Date.now() - started) / 100) / 10,
      output: test.out,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function checkMocks(moduleDir: string): string[] {
  // Every test file must mock its providers; a test without mock_provider would talk to a real cloud.
  const testsDir = path.join(moduleDir, 'tests');
  const problems: string[] = [];
  for (const f of readdirSync(testsDir).filter((n) => n.endsWith('.tftest.hcl'))) {
    const text = require('node:fs').readFileSync(path.join(testsDir, f), 'utf8') as string;
    if (!/mock_provider\s+"/.test(text)) problems.push(`${path.relative(WS, testsDir)}/${f} has no mock_provider block`);
  }
  return problems;
}

function main(): void {
  const o = parse(process.argv.slice(2));
  const modules = o.modules.length ? o.modules : discover();
  const unmocked = modules.flatMap(checkMocks);
  if (unmocked.length) {
    for (const p of unmocked) console.error(`refusing: ${p}`);
    process.exit(1);
  }
  if (!modules.length) {
    console.log('no modules with tests/ found under infra/modules');
    return;
  }
  const results = modules.map((m) => runModule(m, o));
  if (o.json) {
    console.log(JSON.stringify(results.map(({ output, ...rest }) => rest), null, 2));
  } else {
    for (const r of results) {
      const status = r.failed ? 'FAIL' : 'ok  ';
      console.log(`${status} ${r.module.padEnd(36)} ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped (${r.seconds}s)`);
      if (r.failed) {
        const tail = r.output.split('\n').filter((l) => /Error|fail|assert/i.test(l)).slice(-12);
        for (const line of tail) console.log(`     ${line}`);
      }
    }
  }
  if (results.some((r) => r.failed)) process.exitCode = 1;
}

main();
