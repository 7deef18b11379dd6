#!/usr/bin/env -S npx tsx
// Build a docker image for each service with fixed args, tag with the git sha.
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const REGISTRY = process.env.IMAGE_REGISTRY ?? 'ghcr.io/acme';
const SERVICES_DIR = 'services';

function sha(): string {
  return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { encoding: 'utf8' }).trim();
}

function services(only: string[]): string[] {
  return readdirSync(SERVICES_DIR)
    .filter((d) => existsSync(join(SERVICES_DIR, d, 'Dockerfile')))
    .filter((d) => only.length === 0 || only.includes(d));
}

function build(service: string, tag: string, push: boolean): boolean {
  const image = `${REGISTRY}/${service}:${tag}`;
  const args = [
    'build',
    '--file', join(SERVICES_DIR, service, 'Dockerfile'),
    '--tag', image,
    '--label', `org.opencontainers.image.revision=${tag}`,
    '--build-arg', 'NODE_ENV=production',
    '.',
  ];
  console.log(`> docker ${args.join(' ')}`);
  const r = spawnSync('docker', args, { stdio: 'inherit' });
  if (r.status !== 0) return false;
  if (push) {
    const p = spawnSync('docker', ['push', image], { stdio: 'inherit' });
    return p.status === 0;
  }
  return true;
}

function main(): void {
  const argv = process.argv.slice(2);
  const push = argv.includes('--push');
  const only = argv.filter((a) => !a.startsWith('--'));
  const tag = sha();
  const list = services(only);
  if (list.length === 0) {
    console.error('no services with a Dockerfile found');
    process.exit(1);
  }
  const failed = list.filter((s) => !build(s, tag, push));
  console.log(`${list.length - failed.length}/${list.length} images built (${tag})`);
  if (failed.length) {
    console.error('failed:', failed.join(', '));
    process.exit(1);
  }
}

main();
