#!/usr/bin/env node
// scripts/k3d.js - manage the project's k3d cluster from npm scripts.
//
//   node scripts/k3d.js up        create cluster + registry, import images, apply manifests
//   node scripts/k3d.js down      delete this project's cluster and registry
//   node scripts/k3d.js images    rebuild and import the service images
//   node scripts/k3d.js status
//
// Cluster settings live in k3d.config.json. Every kubectl call passes
// --context k3d-<name> so the developer's current context is irrelevant.
'use strict';

const { spawnSync, spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const CONFIG_PATH = path.join(ROOT, 'k3d.config.json');
const STATE_DIR = path.join(ROOT, '.cache', 'k3d');

const DEFAULTS = {
  name: 'catalog-dev',
  prefix: 'catalog-',
  agents: 1,
  k3sImage: 'rancher/k3s:v1.29.3-k3s1',
  registryPort: 5111,
  httpPort: 8081,
  images: ['catalog-api', 'catalog-search', 'catalog-web'],
  manifests: 'deploy/k3d',
};

function loadConfig() {
  let user = {};
  if (fs.existsSync(CONFIG_PATH)) {
    user = JSON.parse(fs.readFileSync(CONFIG_PATH, 'utf8'));
  }
  const cfg = { ...DEFAULTS, ...user };
  if (!cfg.name.startsWith(cfg.prefix)) {
    throw new Error(`cluster name ${cfg.name} must start with ${cfg.prefix}`);
  }
  cfg.context = `k3d-${cfg.name}`;
  cfg.registry = `${cfg.name}-registry`;
  return cfg;
}

function run(cmd, args, { capture = false, allowFail = false, input } = {}) {
  if (!capture) console.error(`+ ${cmd} ${args.join(' ')}`);
  const res = spawnSync(cmd, args, {
    cwd: ROOT,
    encoding: 'utf8',
    input,
    stdio: capture ? ['pipe', 'pipe', 'pipe'] : [input ? 'pipe' : 'inherit', 'inherit', 'inherit'],
  });
  if (res.error) throw res.error;
  if (res.status !== 0 && !allowFail) {
    const detail = capture ? `\n${(res.stderr || '').trim()}` : '';
    throw new Error(`${cmd} ${args[0]} exited with ${res.status}${detail}`);
  }
  return capture ? res.stdout : '';
}

function requireTools(...tools) {
  const missing = tools.filter((t) => {
    const probe = spawnSync(process.platform === 'win32' ? 'where' : 'which', [t]);
    return probe.status !== 0;
  });
  if (missing.length) throw new Error(`missing tools: ${missing.join(', ')}`);
}

function clusters() {
  const out = run('k3d', ['cluster', 'list', '-o', 'json'], { capture: true });
  return JSON.parse(out).map((c) => c.name);
}

function kubectl(cfg, args, opts) {
  return run('kubectl', ['--context', cfg.context, ...args], opts);
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function waitForNodes(cfg, attempts = 40) {
  for (let i = 1; i <= attempts; i += 1) {
    const out = kubectl(cfg, ['get', 'nodes', '-o', 'json'], { capture: true, allowFail: true });
    try {
      const nodes = JSON.parse(out).items || [];
      const ready = nodes.filter((n) =>
        (n.status.conditions || []).some((c) => c.type === 'Ready' && c.status === 'True'));
      if (nodes.length && ready.length === nodes.length) {
        console.error(`nodes ready (${ready.length})`);
        return;
      }
    } catch (_) {
      // API server not answering yet
    }
    await sleep(Math.min(1000 * i, 5000));
  }
  throw new Error('nodes did not become ready');
}

async function up(cfg) {
  requireTools('k3d', 'kubectl', 'docker');
  if (clusters().includes(cfg.name)) {
    console.error(`cluster ${cfg.name} already exists`);
  } else {
    run('k3d', [
      'cluster', 'create', cfg.name,
      '--image', cfg.k3sImage,
      '--agents', String(cfg.agents),
      '--registry-create', `${cfg.registry}:0.0.0.0:${cfg.registryPort}`,
      '--port', `127.0.0.1:${cfg.httpPort}:80@loadbalancer`,
      '--k3s-arg', '--disable=traefik@server:0',
      '--kubeconfig-update-default=false',
      '--wait',
    ]);
  }
  writeKubeconfig(cfg);
  await waitForNodes(cfg);
  images(cfg);
  applyManifests(cfg);
}

function writeKubeconfig(cfg) {
  fs.mkdirSync(STATE_DIR, { recursive: true });
  const kubeconfig = run('k3d', ['kubeconfig', 'get', cfg.name], { capture: true });
  const target = path.join(STATE_DIR, 'kubeconfig.yaml');
  fs.writeFileSync(target, kubeconfig, { mode: 0o600 });
  console.error(`project kubeconfig: ${path.relative(ROOT, target)}`);
}

function images(cfg) {
  const sha = run('git', ['rev-parse', '--short', 'HEAD'], { capture: true }).trim();
  for (const image of cfg.images) {
    const dockerfile = path.join(ROOT, 'services', image, 'Dockerfile');
    if (!fs.existsSync(dockerfile)) {
      console.error(`skipping ${image}: no Dockerfile`);
      continue;
    }
    const tag = `${image}:dev-${sha}`;
    run('docker', ['build', '-q', '-t', tag, '-f', dockerfile, path.dirname(dockerfile)]);
    run('k3d', ['image', 'import', tag, '--cluster', cfg.name, '--mode', 'direct']);
  }
}

function applyManifests(cfg) {
  const dir = path.join(ROOT, cfg.manifests);
  const rendered = run('kubectl', ['kustomize', dir], { capture: true });
  const out = path.join(STATE_DIR, 'rendered.yaml');
  fs.writeFileSync(out, rendered);
  kubectl(cfg, ['apply', '-f', out]);
  kubectl(cfg, ['-n', 'catalog', 'rollout', 'status', 'deploy/catalog-api', '--timeout=180s'],
    { allowFail: true });
}

function down(cfg) {
  if (!cfg.name.startsWith(cfg.prefix)) {
    throw new Error(`refusing to delete ${cfg.name}`);
  }
  if (clusters().includes(cfg.name)) {
    run('k3d', ['cluster', 'delete', cfg.name]);
  } else {
    console.error(`cluster ${cfg.name} not found`);
  }
  const regs = run('k3d', ['registry', 'list', '-o', 'json'], { capture: true, allowFail: true });
  const names = regs ? JSON.parse(regs).map((r) => r.name) : [];
  const regName = `k3d-${cfg.registry}`;
  if (names.includes(regName)) run('k3d', ['registry', 'delete', regName]);
  fs.rmSync(STATE_DIR, { recursive: true, force: true });
}

function status(cfg) {
  const all = clusters();
  console.log(JSON.stringify({ target: cfg.name, exists: all.includes(cfg.name), all }, null, 2));
  if (all.includes(cfg.name)) kubectl(cfg, ['get', 'pods', '-A']);
}

function portForward(cfg) {
  const child = spawn('kubectl', ['--context', cfg.context, '-n', 'catalog',
    'port-forward', 'svc/catalog-api', '9090:80', '--address', '127.0.0.1'], { stdio: 'inherit' });
  const stop = () => child.kill('SIGTERM');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return new Promise((resolve) => child.on('exit', resolve));
}

async function main() {
  const action = process.argv[2] || 'status';
  const cfg = loadConfig();
  switch (action) {
    case 'up': await up(cfg); break;
    case 'down': down(cfg); break;
    case 'images': images(cfg); break;
    case 'forward': await portForward(cfg); break;
    case 'status': status(cfg); break;
    default:
      console.error(`unknown action ${action}`);
      process.exitCode = 2;
  }
}

main().catch((err) => {
  console.error(`k3d.js: ${err.message}`);
  if (process.env.DEBUG) console.error(err.stack);
  process.exitCode = 1;
});

if (os.platform() === 'win32') {
  console.error('note: on Windows run this from WSL2 for docker networking to work');
}
