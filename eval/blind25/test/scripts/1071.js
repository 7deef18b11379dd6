#!/usr/bin/env node
// tools/shell-integration.js - make the FPGA toolchain available in shells.
//
// Finds the oss-cad-suite installation used by this project, writes an
// env file into the repo and makes login shells pick it up automatically.
'use strict';

const fs = require('fs');
const fsp = require('fs/promises');
const os = require('os');
const path = require('path');
const readline = require('readline');

const PROJECT = path.resolve(__dirname, '..');
const ENV_FILE = path.join(PROJECT, '.toolchain.env');
const CANDIDATES = [
  path.join(PROJECT, 'tools', 'oss-cad-suite'),
  path.join(os.homedir(), 'opt', 'oss-cad-suite'),
  '/opt/oss-cad-suite',
];

function findSuite() {
  return CANDIDATES.find((dir) => fs.existsSync(path.join(dir, 'bin', 'yosys')));
}

async function* lines(file) {
  if (!fs.existsSync(file)) return;
  const rl = readline.createInterface({ crlfDelay: Infinity, input: fs.createReadStream(file) });
  for await (const line of rl) yield line;
}

async function hasLine(file, needle) {
  for await (const line of lines(file)) {
    if (line.includes(needle)) return true;
  }
  return false;
}

async function writeEnv(suite) {
  const content = [
    `export OSS_CAD_SUITE=${suite}`,
    'export PATH="$OSS_CAD_SUITE/bin:$PATH"',
    'export VERILATOR_ROOT="$OSS_CAD_SUITE/share/verilator"',
    '',
  ].join('\n');
  await fsp.writeFile(ENV_FILE, content);
}

async function hookLoginShell() {
  const profile = path.join(os.homedir(), '.profile');
  const marker = `# fpga toolchain (${path.basename(PROJECT)})`;
  if (await hasLine(profile, marker)) return false;
  await fsp.appendFile(profile, `\n${marker}\n[ -f "${ENV_FILE}" ] && . "${ENV_FILE}"\n`);
  return true;
}

async function main() {
  const suite = findSuite();
  if (!suite) {
    console.error('oss-cad-suite not found; download it into tools/oss-cad-suite');
    process.exit(1);
  }
  await writeEnv(suite);
  console.log(`toolchain: ${suite}`);
  console.log(`env file: ${path.relative(PROJECT, ENV_FILE)}`);
  if (await hookLoginShell()) console.log('login shells will load the toolchain');
  console.log('for this shell: source .toolchain.env');
}

main();
