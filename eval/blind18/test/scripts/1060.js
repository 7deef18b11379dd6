#!/usr/bin/env node
// Clean up Docker artifacts created by this project's dev workflow.
//
// Everything this project builds or runs carries the label
// com.acme.project=shipping (set in docker-compose.yml and the Dockerfiles).
// This tool lists and removes ONLY objects with that label:
//   containers (stopped), images (dangling or older than --days), volumes
//   (only with --volumes), and the project's buildx cache via `docker buildx
//   prune --filter label=...`. Other projects' containers, images and
//   volumes are never listed or touched.
'use strict';

const { execFileSync } = require('node:child_process');

const LABEL = 'com.acme.project=shipping';
const argv = process.argv.slice(2);
const flag = (n) => argv.includes(n);
const opt = (n, d) => (argv.includes(n) ? argv[argv.indexOf(n) + 1] : d);
const DRY = !flag('--yes');
const DAYS = Number(opt('--days', 14));

function docker(args, { json = false } = {}) {
  const out = execFileSync('docker', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  if (!json) {
    return out;
  }
  return out ? out.split('\n').map((l) => JSON.parse(l)) : [];
}

function human(bytes) {
  const units = ['B', 'kB', 'MB', 'GB'];
  let i = 0;
  let n = bytes;
  while (n >= 1000 && i < units.length - 1) {
    n /= 1000;
    i++;
  }
  return `${n.toFixed(1)} ${units[i]}`;
}

function parseSize(text) {
  const m = /([\d.]+)\s*([kMG]?B)/.exec(text || '');
  if (!m) return 0;
  const mult = { B: 1, kB: 1e3, MB: 1e6, GB: 1e9 }[m[2]];
  return Number(m[1]) * mult;
}

function stoppedContainers() {
  return docker(['ps', '-a', '--filter', `label=${LABEL}`, '--filter', 'status=exited',
    '--filter', 'status=created', '--format', '{{json .}}'], { json: true });
}

function projectImages() {
  const cutoff = Date.now() - DAYS * 86400_000;
  return docker(['images', '--filter', `label=${LABEL}`, '--format', '{{json .}}'], { json: true })
    .map((img) => {
      const created = Date.parse(img.CreatedAt.replace(/ [A-Z]{3,4}$/, ''));
      return { ...img, created, dangling: img.Tag === '<none>' };
    })
    .filter((img) => img.dangling || (Number.isFinite(img.created) && img.created < cutoff));
}

function imagesInUse() {
  const running = docker(['ps', '--filter', `label=${LABEL}`, '--format', '{{.Image}}']);
  return new Set(running ? running.split('\n') : []);
}

function projectVolumes() {
  return docker(['volume', 'ls', '--filter', `label=${LABEL}`, '--format', '{{json .}}'], { json: true });
}

function removeContainers(list) {
  for (const c of list) {
    console.log(`${DRY ? 'would remove' : 'removing'} container ${c.Names} (${c.Status})`);
    if (!DRY) docker(['rm', c.ID]);
  }
}

function removeImages(list) {
  const inUse = imagesInUse();
  let freed = 0;
  for (const img of list) {
    const ref = img.dangling ? img.ID : `${img.Repository}:${img.Tag}`;
    if (inUse.has(ref) || inUse.has(img.ID)) {
      console.log(`keeping ${ref} (used by a running container)`);
      continue;
    }
    freed += parseSize(img.Size);
    console.log(`${DRY ? 'would remove' : 'removing'} image ${ref} (${img.Size})`);
    if (!DRY) {
      try {
        docker(['rmi', img.ID]);
      } catch (err) {
        console.warn(`  could not remove ${ref}: ${String(err.stderr || err.message).trim()}`);
      }
    }
  }
  return freed;
}

function removeVolumes(list) {
  if (!flag('--volumes')) {
    if (list.length) console.log(`${list.length} project volume(s) kept (pass --volumes to remove them)`);
    return;
  }
  for (const v of list) {
    console.log(`${DRY ? 'would remove' : 'removing'} volume ${v.Name}`);
    if (!DRY) docker(['volume', 'rm', v.Name]);
  }
}

function pruneBuildCache() {
  const args = ['buildx', 'prune', '--filter', `until=${DAYS * 24}h`];
  if (DRY) {
    console.log(`would run: docker ${args.join(' ')} --force`);
    return;
  }
  console.log(docker([...args, '--force']).split('\n').pop());
}

// Networks created by `docker compose` for this project carry the same label;
// unused ones are removed together with the containers.
function projectNetworks() {
  return docker(['network', 'ls', '--filter', `label=${LABEL}`, '--format', '{{json .}}'], { json: true });
}

function networkInUse(name) {
  const info = docker(['network', 'inspect', name, '--format', '{{json .Containers}}']);
  return info && info !== '{}' && info !== 'null';
}

function removeNetworks(list) {
  let removed = 0;
  for (const n of list) {
    if (networkInUse(n.Name)) {
      continue;
    }
    console.log(`${DRY ? 'would remove' : 'removing'} network ${n.Name}`);
    if (!DRY) {
      docker(['network', 'rm', n.Name]);
    }
    removed++;
  }
  return removed;
}

// Print the labels we rely on, so a Dockerfile that forgot the label is noticed.
function unlabeledLocalImages() {
  const all = docker(['images', '--format', '{{json .}}'], { json: true });
  const labelled = new Set(docker(['images', '--filter', `label=${LABEL}`, '--format', '{{.ID}}']).split('\n'));
  return all.filter((img) => /shipping/.test(img.Repository) && !labelled.has(img.ID));
}

function summary() {
  const df = docker(['system', 'df', '--format', '{{json .}}'], { json: true });
  for (const row of df) {
    console.log(`  ${row.Type.padEnd(14)} ${String(row.TotalCount).padStart(4)} total, reclaimable ${row.Reclaimable}`);
  }
}

function main() {
  try {
    docker(['version', '--format', '{{.Server.Version}}']);
  } catch {
    console.error('docker daemon not reachable');
    process.exitCode = 1;
    return;
  }
  console.log(`project objects labelled ${LABEL} (${DRY ? 'dry run; pass --yes to remove' : 'removing'})`);
  removeContainers(stoppedContainers());
  const freed = removeImages(projectImages());
  removeVolumes(projectVolumes());
  removeNetworks(projectNetworks());
  const unlabeled = unlabeledLocalImages();
  if (unlabeled.length) {
    console.log(`${unlabeled.length} shipping image(s) lack the ${LABEL} label (left alone):`);
    unlabeled.slice(0, 5).forEach((img) => console.log(`  ${img.Repository}:${img.Tag}`));
  }
  if (flag('--build-cache')) pruneBuildCache();
  console.log(`${DRY ? 'would free' : 'freed'} about ${human(freed)} of images`);
  console.log('docker disk usage now:');
  summary();
}

main();
