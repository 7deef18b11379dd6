#!/usr/bin/env node
/*
 * mender-lint.js - check Mender artifacts before they are uploaded.
 *
 * For every *.mender under out/artifacts/ (or the files given) this runs
 * `mender-artifact read` and `mender-artifact validate` and enforces the
 * release rules of the firmware team:
 *
 *   - artifact name matches <device-family>-<semver>[-rcN]
 *   - device types are all in firmware/device-types.json
 *   - artifact is signed and verifies with keys/artifact-verify.pem
 *   - provides/depends do not contain the "rootfs-image.checksum" of a
 *     previously released artifact (accidental re-release)
 *   - payload size is under the limit of the smallest supported device
 *
 * Results: table on stdout + out/artifacts/lint.json. Nothing is uploaded.
 */
'use strict';

const { execFile } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { promisify } = require('node:util');

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..');
const ARTIFACT_DIR = path.join(ROOT, 'out', 'artifacts');
const DEVICE_TYPES = path.join(ROOT, 'firmware', 'device-types.json');
const RELEASED = path.join(ROOT, 'firmware', 'released-checksums.txt');
const VERIFY_KEY = path.join(ROOT, 'keys', 'artifact-verify.pem');
// e.g. sensor-gw-2.4.0 or sensor-gw-2.4.0-rc1
const NAME_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*-\d+\.\d+\.\d+(?:-rc\d+)?$/;

function listArtifacts(args) {
  if (args.length) return args.map((a) => path.resolve(a));
  if (!fs.existsSync(ARTIFACT_DIR)) return [];
  return fs
    .readdirSync(ARTIFACT_DIR)
    .filter((f) => f.endsWith('.mender'))
    .map((f) => path.join(ARTIFACT_DIR, f))
    .sort();
}

function parseRead(text) {
  const info = { name: null, deviceTypes: [], signed: false, checksums: [], payloadBytes: 0, format: null };
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    let m;
    if ((m = /^Name:\s*(.+)$/.exec(line)) && !info.name) info.name = m[1].trim();
    else if ((m = /^Format:\s*(.+)$/.exec(line))) info.format = m[1].trim();
    else if ((m = /^Compatible devices:\s*\[?([^\]]*)\]?$/.exec(line))) {
      info.deviceTypes = m[1].split(/[\s,]+/).map((s) => s.replace(/['"]/g, '')).filter(Boolean);
    } else if ((m = /^Signature:\s*(.+)$/.exec(line))) info.signed = !/no signature/i.test(m[1]);
    else if ((m = /rootfs-image\.checksum:\s*([0-9a-f]{64})/.exec(line))) info.checksums.push(m[1]);
    else if ((m = /^size:\s*(\d+)/i.exec(line))) info.payloadBytes += Number(m[1]);
  }
  return info;
}

async function inspect(file) {
  const { stdout } = await run('mender-artifact', ['read', file], { maxBuffer: 8 * 1024 * 1024 });
  return parseRead(stdout);
}

async function verifies(file) {
  if (!fs.existsSync(VERIFY_KEY)) return { ok: false, detail: 'verification key missing' };
  try {
    await run('mender-artifact', ['validate', '-k', VERIFY_KEY, file]);
    return { ok: true, detail: 'signature ok' };
  } catch (err) {
    return { ok: false, detail: (err.stderr || err.message).trim().split('\n').pop() };
  }
}

function loadDeviceTypes() {
  const doc = JSON.parse(fs.readFileSync(DEVICE_TYPES, 'utf8'));
  const limits = {};
  for (const d of doc.devices) limits[d.type] = d.maxPayloadMiB * 1024 * 1024;
  return limits;
}

function loadReleased() {
  if (!fs.existsSync(RELEASED)) return new Set();
  return new Set(
    fs
      .readFileSync(RELEASED, 'utf8')
      .split('\n')
      .map((l) => l.trim().split(/\s+/)[0])
      .filter((l) => /^[0-9a-f]{64}$/.test(l)),
  );
}

async function lint(file, limits, released) {
  const problems = [];
  const info = await inspect(file);
  if (!info.name || !NAME_RE.test(info.name)) problems.push(`name "${info.name}" does not match <family>-<semver>`);
  const unknown = info.deviceTypes.filter((t) => !(t in limits));
  if (unknown.length) problems.push(`unknown device type(s): ${unknown.join(', ')}`);
  if (!info.deviceTypes.length) problems.push('no compatible device types');
  if (!info.signed) problems.push('artifact is not signed');
  else {
    const v = await verifies(file);
    if (!v.ok) problems.push(`signature does not verify: ${v.detail}`);
  }
  const reused = info.checksums.filter((c) => released.has(c));
  if (reused.length) problems.push('rootfs checksum equals an already released artifact');
  const smallest = Math.min(...info.deviceTypes.filter((t) => t in limits).map((t) => limits[t]));
  if (Number.isFinite(smallest) && info.payloadBytes > smallest) {
    problems.push(`payload ${(info.payloadBytes / 1048576).toFixed(1)} MiB exceeds ${(smallest / 1048576).toFixed(0)} MiB`);
  }
  return { file: path.relative(ROOT, file), name: info.name, deviceTypes: info.deviceTypes, problems };
}

function duplicateNames(results) {
  // two artifacts with the same name would overwrite each other on the server
  const seen = new Map();
  const dupes = [];
  for (const r of results) {
    if (!r.name) continue;
    if (seen.has(r.name)) dupes.push(`${r.name}: ${seen.get(r.name)} and ${r.file}`);
    else seen.set(r.name, r.file);
  }
  return dupes;
}

function markdownSummary(results) {
  const lines = ['| artifact | name | devices | result |', '|---|---|---|---|'];
  for (const r of results) {
    const result = r.problems.length ? `❌ ${r.problems.length} problem(s)` : '✅';
    lines.push(`| \`${path.basename(r.file)}\` | ${r.name || '-'} | ${r.deviceTypes.join(', ')} | ${result} |`);
  }
  return `${lines.join('\n')}\n`;
}

function checksumFiles(files) {
  // SHA256SUMS next to the artifacts, for the upload job to verify
  const crypto = require('node:crypto');
  const rows = files.map((f) => {
    const hash = crypto.createHash('sha256').update(fs.readFileSync(f)).digest('hex');
    return `${hash}  ${path.basename(f)}`;
  });
  fs.writeFileSync(path.join(ARTIFACT_DIR, 'SHA256SUMS'), `${rows.join('\n')}\n`);
}

async function main() {
  const files = listArtifacts(process.argv.slice(2));
  if (!files.length) {
    console.log('no artifacts to check');
    return;
  }
  const limits = loadDeviceTypes();
  const released = loadReleased();
  console.log(`${files.length} artifact(s), ${Object.keys(limits).length} known device type(s), ${released.size} released checksum(s)`);
  if (!fs.existsSync(VERIFY_KEY)) {
    console.log('warning: keys/artifact-verify.pem missing; signature checks will fail');
  }
  const results = [];
  for (const file of files) {
    try {
      results.push(await lint(file, limits, released));
    } catch (err) {
      results.push({ file: path.relative(ROOT, file), name: null, deviceTypes: [], problems: [err.message] });
    }
  }
  for (const r of results) {
    console.log(`${r.problems.length ? 'FAIL' : 'ok  '} ${r.file}  ${r.name || ''}  [${r.deviceTypes.join(', ')}]`);
    for (const p of r.problems) console.log(`       - ${p}`);
  }
  for (const d of duplicateNames(results)) console.log(`duplicate artifact name ${d}`);
  fs.mkdirSync(ARTIFACT_DIR, { recursive: true });
  fs.writeFileSync(path.join(ARTIFACT_DIR, 'lint.json'), JSON.stringify(results, null, 2));
  fs.writeFileSync(path.join(ARTIFACT_DIR, 'lint.md'), markdownSummary(results));
  if (!results.some((r) => r.problems.length)) checksumFiles(files);
  process.exitCode = results.some((r) => r.problems.length) ? 1 : 0;
}

main().catch((err) => {
  console.error(`mender-lint: ${err.message}`);
  process.exitCode = 2;
});
