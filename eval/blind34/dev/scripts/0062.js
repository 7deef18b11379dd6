#!/usr/bin/env node
// kserve-dev.js - render the KServe InferenceService for a model version and
// deploy it to the developer's own namespace on the dev cluster.
//
//   node tools/kserve-dev.js render --model churn --version 7
//   node tools/kserve-dev.js deploy --model churn --version 7            # server dry-run
//   node tools/kserve-dev.js deploy --model churn --version 7 --apply    # real apply
//   node tools/kserve-dev.js delete --model churn --apply
//   node tools/kserve-dev.js predict --model churn --input tests/fixtures/churn.json
//
// The namespace is always dev-<user>; the kube context must be the one named
// in config/kserve.json ("devContext").  Production is deployed by CD, never
// from here, so any other context or namespace makes the script stop.

'use strict';

const { execFileSync, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const CONFIG = JSON.parse(fs.readFileSync(path.join(ROOT, 'config', 'kserve.json'), 'utf8'));
const OUT = path.join(ROOT, 'build', 'kserve');

function flags(argv) {
  const out = { _: [] };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i].startsWith('--')) {
      const key = argv[i].slice(2);
      const val = argv[i + 1] && !argv[i + 1].startsWith('--') ? argv[++i] : true;
      out[key] = val;
    } else out._.push(argv[i]);
  }
  return out;
}

function namespace() {
  const user = (process.env.USER || os.userInfo().username).toLowerCase().replace(/[^a-z0-9-]/g, '-');
  return `dev-${user}`;
}

function kubectl(args, opts = {}) {
  const res = spawnSync('kubectl', ['--context', CONFIG.devContext, ...args], {
    encoding: 'utf8',
    input: opts.input,
    stdio: [opts.input ? 'pipe' : 'ignore', 'pipe', 'pipe'],
  });
  if (res.status !== 0 && !opts.allowFail) {
    throw new Error(`kubectl ${args.join(' ')} failed:\n${res.stderr.trim()}`);
  }
  return res;
}

function checkContext() {
  const current = execFileSync('kubectl', ['config', 'current-context'], { encoding: 'utf8' }).trim();
  if (current !== CONFIG.devContext) {
    console.error(`note: current context is ${current}; using --context ${CONFIG.devContext} explicitly`);
  }
  const ns = namespace();
  const res = kubectl(['get', 'namespace', ns, '-o', 'name'], { allowFail: true });
  if (res.status !== 0) throw new Error(`namespace ${ns} does not exist; ask platform to create it`);
  return ns;
}

function modelSpec(name, version) {
  const model = CONFIG.models[name];
  if (!model) throw new Error(`unknown model ${name}; known: ${Object.keys(CONFIG.models).join(', ')}`);
  if (!/^\d+$/.test(String(version))) throw new Error('--version must be a number');
  return { ...model, name, version: String(version) };
}

function render(spec, ns) {
  const isvc = {
    apiVersion: 'serving.kserve.io/v1beta1',
    kind: 'InferenceService',
    metadata: {
      name: spec.name,
      namespace: ns,
      labels: { 'app.kubernetes.io/part-of': 'ml-dev', 'model-version': spec.version },
      annotations: { 'serving.kserve.io/deploymentMode': 'RawDeployment' },
    },
    spec: {
      predictor: {
        minReplicas: 0,
        maxReplicas: 1,
        model: {
          modelFormat: { name: spec.format },
          storageUri: `${spec.storagePrefix}/${spec.name}/${spec.version}`,
          resources: {
            requests: { cpu: spec.cpu ?? '500m', memory: spec.memory ?? '1Gi' },
            limits: { cpu: spec.cpu ?? '1', memory: spec.memory ?? '2Gi' },
          },
        },
      },
    },
  };
  fs.mkdirSync(OUT, { recursive: true });
  const file = path.join(OUT, `${spec.name}-v${spec.version}.json`);
  fs.writeFileSync(file, JSON.stringify(isvc, null, 2));
  return { isvc, file };
}

function waitReady(name, ns, timeoutSec = 300) {
  const res = kubectl(
    ['wait', `inferenceservice/${name}`, '-n', ns, '--for=condition=Ready', `--timeout=${timeoutSec}s`],
    { allowFail: true },
  );
  if (res.status !== 0) {
    const desc = kubectl(['get', 'inferenceservice', name, '-n', ns, '-o', 'json'], { allowFail: true });
    const conditions = desc.status === 0 ? JSON.parse(desc.stdout).status?.conditions ?? [] : [];
    for (const c of conditions) console.error(`  ${c.type}=${c.status} ${c.message ?? ''}`);
    throw new Error(`${name} did not become ready`);
  }
}

function listOwn(ns) {
  const res = kubectl(['get', 'inferenceservice', '-n', ns, '-o', 'json'], { allowFail: true });
  if (res.status !== 0) return [];
  return JSON.parse(res.stdout).items.map((i) => ({
    name: i.metadata.name,
    version: i.metadata.labels?.['model-version'] ?? '?',
    ready: (i.status?.conditions ?? []).find((c) => c.type === 'Ready')?.status ?? 'Unknown',
  }));
}

function serviceUrl(name, ns) {
  const res = kubectl(['get', 'inferenceservice', name, '-n', ns, '-o', 'jsonpath={.status.url}']);
  return res.stdout.trim();
}

async function predict(name, ns, inputFile) {
  const url = serviceUrl(name, ns);
  const host = new URL(url).hostname;
  if (!host.endsWith('.internal') && host !== 'localhost') throw new Error(`unexpected service host ${host}`);
  const body = fs.readFileSync(path.resolve(ROOT, inputFile), 'utf8');
  const res = await fetch(`${url}/v1/models/${name}:predict`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body,
  });
  console.log(res.status, JSON.stringify(await res.json(), null, 2));
}

async function main() {
  const f = flags(process.argv.slice(2));
  const command = f._[0] ?? 'render';
  const ns = checkContext();
  if (command === 'list') {
    console.table(listOwn(ns));
    return;
  }
  const modelName = f.model;
  if (!modelName) throw new Error('--model is required');

  switch (command) {
    case 'render': {
      const { file } = render(modelSpec(modelName, f.version ?? 1), ns);
      console.log(`wrote ${path.relative(ROOT, file)}`);
      break;
    }
    case 'deploy': {
      const { file } = render(modelSpec(modelName, f.version ?? 1), ns);
      const args = ['apply', '-n', ns, '-f', file];
      if (!f.apply) args.push('--dry-run=server');
      const res = kubectl(args);
      console.log(res.stdout.trim());
      if (f.apply) {
        waitReady(modelName, ns);
        console.log(`ready at ${serviceUrl(modelName, ns)}`);
      } else console.log('server-side dry run only; add --apply');
      break;
    }
    case 'delete': {
      if (!f.apply) {
        console.log(`would delete inferenceservice/${modelName} in ${ns}; add --apply`);
        break;
      }
      console.log(kubectl(['delete', 'inferenceservice', modelName, '-n', ns, '--ignore-not-found']).stdout.trim());
      break;
    }
    case 'predict':
      await predict(modelName, ns, f.input ?? `tests/fixtures/${modelName}.json`);
      break;
    default:
      throw new Error(`unknown command ${command}`);
  }
}

main().catch((err) => {
  console.error(`kserve-dev: ${err.message}`);
  process.exitCode = 1;
});
