#!/usr/bin/env node
/**
 * tools/kind-dev.mjs-style CommonJS helper for the tidepool kind cluster.
 *
 *   node tools/kind-dev.js up         create tidepool-e2e, install ingress-nginx, wait for it
 *   node tools/kind-dev.js load       docker build + kind load for every service in services/
 *   node tools/kind-dev.js down       delete tidepool-e2e (refuses any other cluster name)
 *   node tools/kind-dev.js url        print the ingress URLs
 *
 * The cluster config is generated from this file, the ingress manifest is the
 * one vendored in deploy/vendor/, and kubectl always receives --context.
 */
'use strict';

const childProcess = require('node:child_process');
const fs = require('node:fs');
const fsp = require('node:fs/promises');
const os = require('node:os');
const path = require('node:path');

const REPO_ROOT = path.join(__dirname, '..');
const CLUSTER = 'tidepool-e2e';
const CONTEXT = `kind-${CLUSTER}`;
const NODE_IMAGE = 'kindest/node:v1.30.0';
const INGRESS_MANIFEST = path.join(REPO_ROOT, 'deploy', 'vendor', 'ingress-nginx-kind-v1.10.1.yaml');
const HOST_HTTP = 8180;
const HOST_HTTPS = 8543;

const kindConfig = `kind: Cluster
apiVersion: kind.x-k8s.io/v1alpha4
name: ${CLUSTER}
networking:
  apiServerAddress: "127.0.0.1"
nodes:
  - role: control-plane
    kubeadmConfigPatches:
      - |
        kind: InitConfiguration
        nodeRegistration:
          kubeletExtraArgs:
            node-labels: "ingress-ready=true"
    extraPortMappings:
      - { containerPort: 80, hostPort: ${HOST_HTTP}, listenAddress: "127.0.0.1" }
      - { containerPort: 443, hostPort: ${HOST_HTTPS}, listenAddress: "127.0.0.1" }
  - role: worker
  - role: worker
`;

function execOut(file, args, opts = {}) {
  return childProcess.execFileSync(file, args, { encoding: 'utf8', cwd: REPO_ROOT, ...opts });
}

function execLoud(file, args, opts = {}) {
  process.stderr.write(`$ ${file} ${args.join(' ')}\n`);
  const result = childProcess.spawnSync(file, args, { stdio: 'inherit', cwd: REPO_ROOT, ...opts });
  if (result.status !== 0) {
    const err = new Error(`${file} ${args[0]} failed with status ${result.status}`);
    err.status = result.status;
    throw err;
  }
}

function listClusters() {
  try {
    return execOut('kind', ['get', 'clusters']).split('\n').map((l) => l.trim()).filter(Boolean);
  } catch (err) {
    throw new Error(`kind is not available: ${err.message}`);
  }
}

function kubectl(args, opts) {
  return execLoud('kubectl', ['--context', CONTEXT, ...args], opts);
}

async function withTempFile(name, content, fn) {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'kind-dev-'));
  const file = path.join(dir, name);
  try {
    await fsp.writeFile(file, content);
    return await fn(file);
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

async function pause(ms) {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

async function waitForIngress(timeoutMs = 240000) {
  const started = Date.now();
  let attempt = 0;
  while (Date.now() - started < timeoutMs) {
    attempt += 1;
    const res = childProcess.spawnSync('kubectl', [
      '--context', CONTEXT, '-n', 'ingress-nginx', 'get', 'pods',
      '-l', 'app.kubernetes.io/component=controller',
      '-o', 'jsonpath={.items[*].status.containerStatuses[*].ready}',
    ], { encoding: 'utf8' });
    if (res.status === 0 && res.stdout.trim() && !res.stdout.includes('false')) {
      process.stderr.write(`ingress controller ready (check ${attempt})\n`);
      return;
    }
    await pause(Math.min(2000 * attempt, 10000));
  }
  throw new Error('ingress-nginx controller did not become ready');
}

async function up() {
  if (listClusters().includes(CLUSTER)) {
    process.stderr.write(`${CLUSTER} already exists\n`);
  } else {
    await withTempFile('kind.yaml', kindConfig, (file) => {
      execLoud('kind', ['create', 'cluster', '--name', CLUSTER, '--image', NODE_IMAGE, '--config', file, '--wait', '2m']);
    });
  }
  if (!fs.existsSync(INGRESS_MANIFEST)) {
    throw new Error(`vendored ingress manifest missing: ${path.relative(REPO_ROOT, INGRESS_MANIFEST)}`);
  }
  kubectl(['apply', '-f', INGRESS_MANIFEST]);
  await waitForIngress();
  kubectl(['apply', '-k', path.join(REPO_ROOT, 'deploy', 'overlays', 'kind')]);
}

function services() {
  const dir = path.join(REPO_ROOT, 'services');
  return fs.readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, 'Dockerfile')))
    .map((d) => d.name);
}

function load(only) {
  if (!listClusters().includes(CLUSTER)) throw new Error(`${CLUSTER} does not exist; run up first`);
  const sha = execOut('git', ['rev-parse', '--short', 'HEAD']).trim();
  const names = only.length ? only : services();
  for (const name of names) {
    const tag = `tidepool/${name}:${sha}`;
    execLoud('docker', ['build', '-q', '-t', tag, path.join('services', name)]);
    execLoud('kind', ['load', 'docker-image', tag, '--name', CLUSTER]);
    kubectl(['-n', 'tidepool', 'set', 'image', `deployment/${name}`, `${name}=${tag}`]);
  }
  for (const name of names) {
    kubectl(['-n', 'tidepool', 'rollout', 'status', `deployment/${name}`, '--timeout=120s']);
  }
}

function down(args) {
  const name = args[0] || CLUSTER;
  if (name !== CLUSTER) {
    throw new Error(`this script only manages ${CLUSTER}; refusing to delete ${name}`);
  }
  if (!listClusters().includes(CLUSTER)) {
    process.stderr.write(`${CLUSTER} is not running\n`);
    return;
  }
  execLoud('kind', ['delete', 'cluster', '--name', CLUSTER]);
}

function urls() {
  const hosts = ['app.tidepool.localhost', 'api.tidepool.localhost', 'grafana.tidepool.localhost'];
  for (const host of hosts) {
    console.log(`http://${host}:${HOST_HTTP}/   https://${host}:${HOST_HTTPS}/`);
  }
}

async function main() {
  const [command = 'url', ...rest] = process.argv.slice(2);
  const table = {
    up: () => up(),
    load: () => load(rest),
    down: () => down(rest),
    url: () => urls(),
  };
  const handler = table[command];
  if (!handler) {
    console.error(`unknown command ${command}; expected ${Object.keys(table).join(', ')}`);
    process.exitCode = 2;
    return;
  }
  await handler();
}

main().catch((err) => {
  console.error(`kind-dev: ${err.message}`);
  process.exitCode = err.status || 1;
});
