// tools/kmod-test.ts - integration test harness for the `adcread` kernel module.
//
//   tsx tools/kmod-test.ts            build, load (asks), run tests, unload
//   tsx tools/kmod-test.ts --yes      no confirmation before insmod/rmmod
//   tsx tools/kmod-test.ts --keep     leave the module loaded afterwards
//
// The module is always the one built from ./driver against the running
// kernel. We use sudo only for insmod/rmmod/dmesg and read the device through
// sudo as well instead of loosening its permissions. Nothing is installed
// system-wide (no modules_install, no modules-load.d, no udev rules).

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { release } from 'node:os';
import path from 'node:path';
import readline from 'node:readline/promises';

const ROOT = path.resolve(__dirname, '..');
const DRIVER = path.join(ROOT, 'driver');
const MODULE = 'adcread';
const KO = path.join(DRIVER, `${MODULE}.ko`);
const KDIR = `/lib/modules/${release()}/build`;
const DEV = '/dev/adcread0';

type Outcome = { name: string; ok: boolean; detail: string };
type TestFn = () => Outcome | Promise<Outcome>;

function sh(cmd: string, args: string[], opts: { sudo?: boolean; allowFail?: boolean } = {}): string {
  const argv = opts.sudo && process.getuid?.() !== 0 ? ['sudo', '--', cmd, ...args] : [cmd, ...args];
  const res = spawnSync(argv[0], argv.slice(1), { encoding: 'utf8' });
  if (res.status !== 0 && !opts.allowFail) {
    throw new Error(`${argv.join(' ')} failed: ${(res.stderr || res.stdout).trim()}`);
  }
  return res.stdout ?? '';
}

function loaded(): boolean {
  return readFileSync('/proc/modules', 'utf8')
    .split('\n')
    .some((l) => l.split(' ')[0] === MODULE);
}

async function confirm(q: string, yes: boolean): Promise<boolean> {
  if (yes) return true;
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^y(es)?$/i.test((await rl.question(`${q} [y/N] `)).trim());
  } finally {
    rl.close();
  }
}

function build(): void {
  if (!existsSync(KDIR)) throw new Error(`kernel headers missing for ${release()}`);
  execFileSync('make', ['-C', KDIR, `M=${DRIVER}`, 'modules'], { stdio: 'inherit' });
  const vermagic = sh('modinfo', ['-F', 'vermagic', KO]).split(' ')[0];
  if (vermagic !== release()) throw new Error(`built for ${vermagic}, running ${release()}`);
}

function dmesgSince(marker: string): string[] {
  const all = sh('dmesg', [], { sudo: true, allowFail: true }).split('\n');
  const idx = all.findIndex((l) => l.includes(marker));
  return (idx >= 0 ? all.slice(idx + 1) : all.slice(-50)).filter((l) => l.includes(MODULE) || /BUG|WARNING|Oops/.test(l));
}

const readDevice = (): string => sh('cat', [DEV], { sudo: true }).trim();

const tests: Record<string, TestFn> = {
  'device node appears': () => ({ name: '', ok: existsSync(DEV), detail: DEV }),
  'read returns a sample': () => {
    const v = readDevice();
    return { name: '', ok: /^\d+$/.test(v), detail: `value ${v}` };
  },
  'samples stay in 12-bit range': () => {
    const values = Array.from({ length: 20 }, () => Number(readDevice()));
    const bad = values.filter((v) => v < 0 || v > 4095);
    return { name: '', ok: bad.length === 0, detail: `${values.length} reads, ${bad.length} out of range` };
  },
  'sysfs sample_rate is writable via module param only': () => {
    const p = `/sys/module/${MODULE}/parameters/sample_rate`;
    const v = existsSync(p) ? readFileSync(p, 'utf8').trim() : 'missing';
    return { name: '', ok: v !== 'missing', detail: `sample_rate=${v}` };
  },
};

// Optional slow tests, enabled with --stress. They exercise concurrent readers
// and repeated open/close, which is where the driver's refcounting broke before.
const stressTests: Record<string, TestFn> = {
  'concurrent readers': async () => {
    const readers = Array.from({ length: 8 }, () =>
      new Promise<string>((resolve) => resolve(readDevice())),
    );
    const values = await Promise.all(readers);
    const ok = values.every((v) => /^\d+$/.test(v));
    return { name: '', ok, detail: `${values.length} parallel reads` };
  },
  'open/close 200 times': () => {
    let errors = 0;
    for (let i = 0; i < 200; i++) {
      try {
        readDevice();
      } catch {
        errors++;
      }
    }
    return { name: '', ok: errors === 0, detail: `${errors} error(s)` };
  },
};

function writeReport(results: Outcome[]): void {
  // JUnit-ish JSON for the lab's CI dashboard, kept in the repo's build dir
  const dir = path.join(ROOT, 'build');
  const file = path.join(dir, 'kmod-test.json');
  const payload = {
    kernel: release(),
    module: MODULE,
    at: new Date().toISOString(),
    passed: results.filter((r) => r.ok).length,
    failed: results.filter((r) => !r.ok).length,
    results,
  };
  spawnSync('mkdir', ['-p', dir]);
  spawnSync('tee', [file], { input: JSON.stringify(payload, null, 2), stdio: ['pipe', 'ignore', 'inherit'] });
}

async function runTests(): Promise<Outcome[]> {
  const results: Outcome[] = [];
  const selected = process.argv.includes('--stress') ? { ...tests, ...stressTests } : tests;
  for (const [name, fn] of Object.entries(selected)) {
    try {
      const r = await fn();
      results.push({ ...r, name });
    } catch (err) {
      results.push({ name, ok: false, detail: err instanceof Error ? err.message : String(err) });
    }
  }
  return results;
}

async function main(): Promise<void> {
  const args = new Set(process.argv.slice(2));
  const yes = args.has('--yes');
  build();
  const loadedByUs = !loaded();
  const marker = `kmod-test-${Date.now()}`;
  if (loadedByUs) {
    if (!(await confirm(`insmod ${path.relative(ROOT, KO)} into ${release()}?`, yes))) {
      console.log('not loading; nothing tested');
      return;
    }
    sh('sh', ['-c', `echo ${marker} > /dev/kmsg`], { sudo: true, allowFail: true });
    sh('insmod', [KO, 'sample_rate=1000'], { sudo: true });
  }
  let failed = 0;
  try {
    for (let i = 0; i < 20 && !existsSync(DEV); i++) await new Promise((r) => setTimeout(r, 100));
    const results = await runTests();
    for (const r of results) {
      console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name}  (${r.detail})`);
      if (!r.ok) failed++;
    }
    writeReport(results);
    const kernelLines = dmesgSince(marker);
    if (kernelLines.some((l) => /BUG|WARNING|Oops/.test(l))) {
      console.log('kernel reported problems:');
      kernelLines.forEach((l) => console.log(`  ${l}`));
      failed++;
    }
  } finally {
    if (loadedByUs && !args.has('--keep')) {
      sh('rmmod', [MODULE], { sudo: true, allowFail: true });
      console.log(loaded() ? 'warning: module still loaded' : 'module unloaded');
    }
  }
  console.log(failed ? `${failed} failure(s)` : 'all tests passed');
  process.exitCode = failed ? 1 : 0;
}

main().catch((err: unknown) => {
  console.error(`kmod-test: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
