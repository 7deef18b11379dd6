#!/usr/bin/env -S npx tsx
// Build (and optionally push) the service images of the monorepo.
//
//   tsx tools/images.ts [--only ingest,web] [--platform linux/amd64,linux/arm64] [--push] [--tag v1.4.0]
//
// Default: build every image listed in deploy/images.json for the local
// platform with `docker buildx build --load`, tag it <name>:<git-sha> and
// <name>:dev, print sizes, and stop. --push switches to a multi-platform build
// pushed to the registry configured in deploy/images.json (the team registry on
// registry.internal) with the release tag; it refuses to push from a dirty
// tree or from a branch other than main. Registry credentials come from the
// user's existing `docker login`; this script never reads them.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const CONFIG = path.join(ROOT, 'deploy', 'images.json');

interface ImageSpec {
  name: string;
  context: string;
  dockerfile: string;
  buildArgs?: Record<string, string>;
}

interface Config {
  registry: string;
  images: ImageSpec[];
}

interface Options {
  only: string[] | null;
  platforms: string[];
  push: boolean;
  tag: string | null;
}

function parseArgs(argv: string[]): Options {
  const o: Options = { only: null, platforms: [], push: false, tag: null };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--only') o.only = argv[++i].split(',');
    else if (a === '--platform') o.platforms = argv[++i].split(',');
    else if (a === '--push') o.push = true;
    else if (a === '--tag') o.tag = argv[++i];
    else throw new Error(`unknown argument ${a}`);
  }
  if (o.push && !o.tag) throw new Error('--push requires --tag vX.Y.Z');
  if (o.tag && !/^v\d+\.\d+\.\d+(-[\w.]+)?$/.test(o.tag)) throw new Error(`tag ${o.tag} is not vX.Y.Z`);
  return o;
}

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
}

function loadConfig(): Config {
  const cfg = JSON.parse(readFileSync(CONFIG, 'utf8')) as Config;
  if (!cfg.registry.endsWith('.internal') && !cfg.registry.includes('.internal/')) {
    throw new Error(`registry ${cfg.registry} is not the team registry; refusing`);
  }
  for (const img of cfg.images) {
    const ctx = path.resolve(ROOT, img.context);
    if (!ctx.startsWith(ROOT)) throw new Error(`${img.name}: build context escapes the repository`);
  }
  return cfg;
}

function preflightPush(): void {
  if (git('status', '--porcelain')) throw new Error('working tree is dirty; commit before pushing images');
  const branch = git('rev-parse', '--abbrev-ref', 'HEAD');
  if (branch !== 'main') throw new Error(`pushing is only allowed from main (on ${branch})`);
}

function buildArgs(img: ImageSpec, sha: string): string[] {
  const args: string[] = [];
  for (const [k, v] of Object.entries({ GIT_SHA: sha, ...(img.buildArgs ?? {}) })) args.push('--build-arg', `${k}=${v}`);
  return args;
}

function buildLocal(img: ImageSpec, sha: string, platforms: string[]): void {
  const args = [
    'buildx', 'build', '--load',
    '-f', path.join(ROOT, img.dockerfile),
    '-t', `${img.name}:${sha}`,
    '-t', `${img.name}:dev`,
    ...buildArgs(img, sha),
  ];
  if (platforms.length === 1) args.push('--platform', platforms[0]);
  args.push(path.join(ROOT, img.context));
  const res = spawnSync('docker', args, { stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`build of ${img.name} failed`);
}

function buildAndPush(img: ImageSpec, sha: string, cfg: Config, o: Options): void {
  const repo = `${cfg.registry}/${img.name}`;
  const platforms = o.platforms.length ? o.platforms : ['linux/amd64', 'linux/arm64'];
  const args = [
    'buildx', 'build', '--push',
    '--platform', platforms.join(','),
    '-f', path.join(ROOT, img.dockerfile),
    '-t', `${repo}:${o.tag}`,
    '-t', `${repo}:${sha}`,
    '--provenance=true',
    ...buildArgs(img, sha),
    path.join(ROOT, img.context),
  ];
  const res = spawnSync('docker', args, { stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`push of ${img.name} failed`);
}

function imageSize(ref: string): string {
  try {
    const bytes = Number(execFileSync('docker', ['image', 'inspect', ref, '--format', '{{.Size}}'], { encoding: 'utf8' }).trim());
    return `${(bytes / 1e6).toFixed(0)} MB`;
  } catch {
    return '?';
  }
}

function checkBuilder(): void {
  // Multi-platform builds need a docker-container buildx builder; the default one cannot push manifests.
  try {
    const out = execFileSync('docker', ['buildx', 'inspect'], { encoding: 'utf8' });
    if (!/Driver:\s+docker-container/.test(out)) {
      console.warn('warning: active buildx builder is not docker-container; multi-platform pushes may fail');
    }
  } catch {
    throw new Error('docker buildx is not available');
  }
}

function main(): void {
  const o = parseArgs(process.argv.slice(2));
  checkBuilder();
  const cfg = loadConfig();
  const sha = git('rev-parse', '--short=12', 'HEAD');
  const images = o.only ? cfg.images.filter((i) => o.only!.includes(i.name)) : cfg.images;
  if (!images.length) throw new Error('no images selected');
  if (o.push) preflightPush();

  for (const img of images) {
    console.log(`\n== ${img.name}`);
    if (o.push) {
      buildAndPush(img, sha, cfg, o);
      console.log(`pushed ${cfg.registry}/${img.name}:${o.tag}`);
    } else {
      buildLocal(img, sha, o.platforms);
      console.log(`built ${img.name}:${sha} (${imageSize(`${img.name}:${sha}`)})`);
    }
  }
  if (!o.push) console.log('\nlocal build only; pass --push --tag vX.Y.Z from main to publish to the team registry');
}

try {
  main();
} catch (err) {
  console.error(`images: ${(err as Error).message}`);
  process.exit(1);
}
