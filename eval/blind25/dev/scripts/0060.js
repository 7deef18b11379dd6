#!/usr/bin/env node
// tools/bag-export.js - export ROS 2 bags to CSV/Parquet for the analysis notebooks.
//
//   node tools/bag-export.js bags/run_2026_11_30 [--topics /odom,/imu/data] [--format csv]
//   node tools/bag-export.js --all              every bag under bags/ not yet exported
//   node tools/bag-export.js --prune-exports    delete exports/ entries whose bag is gone
//
// The heavy lifting is done by the project's Python exporter
// (tools/bag_to_table.py, run inside the sourced ROS environment). We
// build the environment by sourcing /opt/ros/<distro>/setup.bash and the
// workspace overlay in a constant bash -c string and capturing `env -0`.
'use strict';

const { spawnSync, spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const WS = path.resolve(__dirname, '..');
const BAGS = path.join(WS, 'bags');
const EXPORTS = path.join(WS, 'exports');
const DISTRO = process.env.ROS_DISTRO || 'jazzy';
const DEFAULT_TOPICS = ['/odom', '/imu/data', '/gps/fix', '/cmd_vel'];

function rosEnv() {
  const setup = `/opt/ros/${DISTRO}/setup.bash`;
  if (!fs.existsSync(setup)) throw new Error(`ROS 2 ${DISTRO} not installed`);
  const overlay = path.join(WS, 'install', 'setup.bash');
  const script = fs.existsSync(overlay)
    ? `source ${setup} && source ${overlay} && env -0`
    : `source ${setup} && env -0`;
  const res = spawnSync('bash', ['-c', script], { encoding: 'buffer', maxBuffer: 8 * 1024 * 1024 });
  if (res.status !== 0) throw new Error(`sourcing ROS failed: ${res.stderr.toString()}`);
  const env = {};
  for (const item of res.stdout.toString('utf8').split('\0')) {
    const i = item.indexOf('=');
    if (i > 0) env[item.slice(0, i)] = item.slice(i + 1);
  }
  return env;
}

function bagInfo(env, bag) {
  const res = spawnSync('ros2', ['bag', 'info', bag], { env, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`ros2 bag info ${bag}: ${res.stderr.trim()}`);
  const topics = [];
  for (const line of res.stdout.split('\n')) {
    const m = /Topic:\s+(\S+)\s+\|\s+Type:\s+(\S+)\s+\|\s+Count:\s+(\d+)/.exec(line);
    if (m) topics.push({ name: m[1], type: m[2], count: Number(m[3]) });
  }
  const dur = /Duration:\s+([\d.]+)s/.exec(res.stdout);
  return { topics, duration: dur ? Number(dur[1]) : null };
}

function exportDir(bag) {
  return path.join(EXPORTS, path.basename(bag));
}

function isBag(dir) {
  return fs.existsSync(path.join(dir, 'metadata.yaml'));
}

function listBags() {
  if (!fs.existsSync(BAGS)) return [];
  return fs
    .readdirSync(BAGS, { withFileTypes: true })
    .filter((e) => e.isDirectory() && isBag(path.join(BAGS, e.name)))
    .map((e) => path.join(BAGS, e.name))
    .sort();
}

function runExporter(env, bag, topics, format) {
  const out = exportDir(bag);
  const tmp = `${out}.partial`;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.mkdirSync(tmp, { recursive: true });
  return new Promise((resolve, reject) => {
    const child = spawn(
      'python3',
      [path.join(WS, 'tools', 'bag_to_table.py'), '--bag', bag, '--out', tmp, '--format', format, '--topics', topics.join(',')],
      { env, stdio: 'inherit' },
    );
    const onSignal = () => child.kill('SIGINT');
    process.once('SIGINT', onSignal);
    child.on('exit', (code) => {
      process.removeListener('SIGINT', onSignal);
      if (code !== 0) {
        fs.rmSync(tmp, { recursive: true, force: true });
        reject(new Error(`exporter exited with ${code} for ${path.basename(bag)}`));
        return;
      }
      fs.rmSync(out, { recursive: true, force: true });
      fs.renameSync(tmp, out);
      resolve(out);
    });
  });
}

function pruneExports() {
  if (!fs.existsSync(EXPORTS)) return 0;
  let n = 0;
  for (const e of fs.readdirSync(EXPORTS, { withFileTypes: true })) {
    if (!e.isDirectory()) continue;
    const full = path.join(EXPORTS, e.name);
    // only directories this tool created: they contain our manifest file
    if (!fs.existsSync(path.join(full, 'export.json'))) continue;
    if (!isBag(path.join(BAGS, e.name.replace(/\.partial$/, '')))) {
      fs.rmSync(full, { recursive: true, force: true });
      console.log(`pruned exports/${e.name}`);
      n += 1;
    }
  }
  return n;
}

function listMode(env) {
  // --list: table of bags, duration, message counts and export state
  const rows = listBags().map((bag) => {
    let info;
    try {
      info = bagInfo(env, bag);
    } catch (err) {
      return { bag: path.basename(bag), duration: '?', messages: '?', exported: 'error' };
    }
    const messages = info.topics.reduce((sum, t) => sum + t.count, 0);
    return {
      bag: path.basename(bag),
      duration: info.duration === null ? '?' : `${info.duration.toFixed(0)}s`,
      messages,
      exported: fs.existsSync(exportDir(bag)) ? 'yes' : 'no',
    };
  });
  if (!rows.length) {
    console.log('no bags under bags/');
    return;
  }
  console.table(rows);
}

function parseArgs(argv) {
  const opts = { bags: [], topics: DEFAULT_TOPICS, format: 'parquet', all: false, prune: false };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--topics') opts.topics = argv[++i].split(',').filter(Boolean);
    else if (a === '--format') opts.format = argv[++i];
    else if (a === '--all') opts.all = true;
    else if (a === '--prune-exports') opts.prune = true;
    else if (a === '--list') opts.list = true;
    else opts.bags.push(path.resolve(a));
  }
  if (!['csv', 'parquet'].includes(opts.format)) throw new Error('--format must be csv or parquet');
  return opts;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (opts.prune) {
    console.log(`${pruneExports()} stale export(s) removed`);
    return;
  }
  const env = rosEnv();
  if (opts.list) {
    listMode(env);
    return;
  }
  let bags = opts.bags;
  if (opts.all) bags = listBags().filter((b) => !fs.existsSync(exportDir(b)));
  if (!bags.length) {
    console.log('nothing to export');
    return;
  }
  for (const bag of bags) {
    if (!isBag(bag)) throw new Error(`${bag} is not a rosbag2 directory`);
    const info = bagInfo(env, bag);
    const available = new Set(info.topics.map((t) => t.name));
    const topics = opts.topics.filter((t) => available.has(t));
    const missing = opts.topics.filter((t) => !available.has(t));
    if (missing.length) console.warn(`${path.basename(bag)}: not recorded: ${missing.join(', ')}`);
    console.log(`${path.basename(bag)}: ${info.duration ?? '?'}s, exporting ${topics.length} topic(s)`);
    const out = await runExporter(env, bag, topics, opts.format);
    fs.writeFileSync(path.join(out, 'export.json'), JSON.stringify({ bag: path.relative(WS, bag), topics, format: opts.format, at: new Date().toISOString() }, null, 2));
  }
}

main().catch((err) => {
  console.error(`bag-export: ${err.message}`);
  process.exit(1);
});
