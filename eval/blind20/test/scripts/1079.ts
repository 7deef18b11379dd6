#!/usr/bin/env -S npx tsx
/**
 * images/build.ts - orchestrate `packer build` for the CI runner images.
 *
 *   npx tsx images/build.ts                    all templates in images/*.pkr.hcl
 *   npx tsx images/build.ts runner-jammy --only qemu.runner
 *   npx tsx images/build.ts --validate         init + validate only
 *
 * Each build writes into build/images/<template>/ (packer's output_directory is
 * passed as a variable), logs to build/images/<template>.log, and the resulting
 * artifact manifest is merged into build/images/manifest.json. Previous output
 * of the same template is removed first because packer refuses non-empty dirs.
 *
 * Requires packer >= 1.10 and the qemu plugin (packer init installs it into
 * .cache/packer-plugins). KVM is used when /dev/kvm is accessible.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

interface BuildResult {
  template: string;
  ok: boolean;
  seconds: number;
  artifacts: string[];
}

interface PackerManifest {
  builds: Array<{ name: string; builder_type: string; files?: Array<{ name: string; size: number }>; artifact_id: string }>;
}

const ROOT = path.resolve(__dirname, '..');
const IMAGES = path.join(ROOT, 'images');
const OUT = path.join(ROOT, 'build', 'images');
const VARS_FILE = path.join(IMAGES, 'common.pkrvars.hcl');

function templates(filter: string[]): string[] {
  const all = readdirSync(IMAGES).filter((f) => f.endsWith('.pkr.hcl')).map((f) => f.replace(/\.pkr\.hcl$/, ''));
  if (!filter.length) return all;
  const unknown = filter.filter((t) => !all.includes(t));
  if (unknown.length) throw new Error(`unknown templates: ${unknown.join(', ')}`);
  return filter;
}

function packerSync(args: string[]): void {
  console.error(`$ packer ${args.join(' ')}`);
  const res = spawnSync('packer', args, { cwd: IMAGES, stdio: 'inherit', env: packerEnv() });
  if (res.error) throw new Error('packer is not installed');
  if (res.status !== 0) throw new Error(`packer ${args[0]} failed`);
}

function packerEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PACKER_CACHE_DIR: path.join(ROOT, '.cache', 'packer'),
    PACKER_PLUGIN_PATH: path.join(ROOT, '.cache', 'packer-plugins'),
    CHECKPOINT_DISABLE: '1',
  };
}

function commonArgs(template: string): string[] {
  const args = ['-var', `output_directory=${path.join(OUT, template)}`, '-var', `git_sha=${gitSha()}`];
  if (existsSync(VARS_FILE)) args.push('-var-file', VARS_FILE);
  return args;
}

function gitSha(): string {
  return spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
}

function validate(list: string[]): void {
  packerSync(['init', '-upgrade=false', '.']);
  for (const t of list) {
    packerSync(['fmt', '-check', `${t}.pkr.hcl`]);
    packerSync(['validate', ...commonArgs(t), `${t}.pkr.hcl`]);
  }
}

function build(template: string, only: string | undefined): Promise<BuildResult> {
  const outDir = path.join(OUT, template);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const manifestFile = path.join(OUT, `${template}.manifest.json`);
  rmSync(manifestFile, { force: true });
  const args = ['build', '-color=false', '-timestamp-ui', '-on-error=cleanup',
    ...commonArgs(template), '-var', `manifest_path=${manifestFile}`];
  if (only) args.push(`-only=${only}`);
  args.push(`${template}.pkr.hcl`);
  const log = createWriteStream(path.join(OUT, `${template}.log`));
  const started = Date.now();
  console.error(`building ${template} (log: build/images/${template}.log)`);
  return new Promise((resolve) => {
    const child = spawn('packer', args, { cwd: IMAGES, env: packerEnv() });
    child.stdout.on('data', (d: Buffer) => {
      log.write(d);
      for (const line of d.toString().split('\n')) {
        if (/==> |Build '.*' (finished|errored)/.test(line)) console.error(`  ${line.trim()}`);
      }
    });
    child.stderr.pipe(log);
    const stop = () => child.kill('SIGINT'); // packer cleans up its VMs on SIGINT
    process.once('SIGINT', stop);
    child.on('close', (code) => {
      process.removeListener('SIGINT', stop);
      log.end();
      const artifacts = existsSync(manifestFile) ? artifactsFrom(manifestFile) : [];
      resolve({ template, ok: code === 0, seconds: (Date.now() - started) / 1000, artifacts });
    });
  });
}

function artifactsFrom(file: string): string[] {
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as PackerManifest;
  return manifest.builds.flatMap((b) => (b.files ?? []).map((f) => f.name));
}

function mergeManifest(results: BuildResult[]): void {
  const file = path.join(OUT, 'manifest.json');
  const current = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown> : {};
  for (const r of results) {
    if (!r.ok) continue;
    current[r.template] = { artifacts: r.artifacts, builtAt: new Date().toISOString(), git: gitSha() };
  }
  writeFileSync(file, JSON.stringify(current, null, 2));
}

/**
 * Disk space guard: a qcow2 build needs the full disk size temporarily plus
 * the compressed copy; refuse to start below 25 GiB free in build/.
 */
function checkFreeSpace(minGiB = 25): void {
  mkdirSync(OUT, { recursive: true });
  const res = spawnSync('df', ['-Pk', OUT], { encoding: 'utf8' });
  const line = res.stdout.trim().split('\n')[1] ?? '';
  const availKiB = Number(line.split(/\s+/)[3] ?? 0);
  const availGiB = availKiB / 1024 / 1024;
  if (availKiB && availGiB < minGiB) {
    throw new Error(`only ${availGiB.toFixed(1)} GiB free under build/; need ${minGiB} GiB`);
  }
}

function pruneOldLogs(keep = 10): void {
  if (!existsSync(OUT)) return;
  const logs = readdirSync(OUT).filter((f) => f.endsWith('.log')).sort();
  for (const f of logs.slice(0, Math.max(0, logs.length - keep))) rmSync(path.join(OUT, f), { force: true });
}

function describeTemplates(list: string[]): void {
  for (const t of list) {
    const text = readFileSync(path.join(IMAGES, `${t}.pkr.hcl`), 'utf8');
    const sources = [...text.matchAll(/^source\s+"([^"]+)"\s+"([^"]+)"/gm)].map((m) => `${m[1]}.${m[2]}`);
    console.error(`${t}: sources ${sources.join(', ') || '(none found)'}`);
  }
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  checkFreeSpace();
  pruneOldLogs();
  const onlyIdx = argv.indexOf('--only');
  const only = onlyIdx >= 0 ? argv[onlyIdx + 1] : undefined;
  const validateOnly = argv.includes('--validate');
  const names = argv.filter((a, i) => !a.startsWith('--') && argv[i - 1] !== '--only');
  const list = templates(names);
  describeTemplates(list);
  validate(list);
  if (validateOnly) return;
  const results: BuildResult[] = [];
  for (const t of list) results.push(await build(t, only));
  mergeManifest(results);
  for (const r of results) {
    console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.template.padEnd(20)} ${(r.seconds / 60).toFixed(1)} min  ${r.artifacts.join(', ')}`);
  }
  if (results.some((r) => !r.ok)) process.exitCode = 1;
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
