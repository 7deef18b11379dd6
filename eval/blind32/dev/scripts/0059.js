#!/usr/bin/env node
// Checksum verifier for the emulator test ROMs (test/fixtures/roms).
//
// Reads the ZIP central directory by hand (no dependency) to get member names,
// sizes and CRC32s, inflates each member with zlib to compute SHA-1, and
// compares against test/fixtures/roms/manifest.json:
//   { "sets": { "hbdemo": [{ "name": "hbdemo.bin", "size": 32768, "crc": "1a2b3c4d", "sha1": "..." }] } }
// --update rewrites the manifest from the files (for newly added fixtures),
// --quarantine moves mismatching ZIPs to build/rom-quarantine/ (inside the repo).
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

const ROOT = path.resolve(__dirname, '..');
const ROMS = path.join(ROOT, 'test', 'fixtures', 'roms');
const MANIFEST = path.join(ROMS, 'manifest.json');
const QUARANTINE = path.join(ROOT, 'build', 'rom-quarantine');

const EOCD_SIG = 0x06054b50;
const CEN_SIG = 0x02014b50;
const LOC_SIG = 0x04034b50;

function findEocd(buf) {
  const min = Math.max(0, buf.length - 0xffff - 22);
  for (let i = buf.length - 22; i >= min; i--) {
    if (buf.readUInt32LE(i) === EOCD_SIG) return i;
  }
  throw new Error('not a zip file (no end of central directory)');
}

function readCentralDirectory(buf) {
  const eocd = findEocd(buf);
  const count = buf.readUInt16LE(eocd + 10);
  let offset = buf.readUInt32LE(eocd + 16);
  const entries = [];
  for (let i = 0; i < count; i++) {
    if (buf.readUInt32LE(offset) !== CEN_SIG) throw new Error('corrupt central directory');
    const method = buf.readUInt16LE(offset + 10);
    const crc = buf.readUInt32LE(offset + 16);
    const compSize = buf.readUInt32LE(offset + 20);
    const size = buf.readUInt32LE(offset + 24);
    const nameLen = buf.readUInt16LE(offset + 28);
    const extraLen = buf.readUInt16LE(offset + 30);
    const commentLen = buf.readUInt16LE(offset + 32);
    const localOffset = buf.readUInt32LE(offset + 42);
    const name = buf.toString('utf8', offset + 46, offset + 46 + nameLen);
    if (!name.endsWith('/')) {
      entries.push({ name, method, crc: crc.toString(16).padStart(8, '0'), compSize, size, localOffset });
    }
    offset += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

function memberData(buf, entry) {
  const off = entry.localOffset;
  if (buf.readUInt32LE(off) !== LOC_SIG) throw new Error(`bad local header for ${entry.name}`);
  const nameLen = buf.readUInt16LE(off + 26);
  const extraLen = buf.readUInt16LE(off + 28);
  const start = off + 30 + nameLen + extraLen;
  const raw = buf.subarray(start, start + entry.compSize);
  if (entry.method === 0) return raw;
  if (entry.method === 8) return zlib.inflateRawSync(raw);
  throw new Error(`${entry.name}: unsupported compression method ${entry.method}`);
}

function scanZip(file) {
  const buf = fs.readFileSync(file);
  return readCentralDirectory(buf).map((entry) => {
    const data = memberData(buf, entry);
    if (data.length !== entry.size) throw new Error(`${entry.name}: size mismatch after inflate`);
    return {
      name: entry.name,
      size: entry.size,
      crc: entry.crc,
      sha1: crypto.createHash('sha1').update(data).digest('hex'),
    };
  }).sort((a, b) => a.name.localeCompare(b.name));
}

function compareSet(expected, actual) {
  const problems = [];
  const byName = new Map(actual.map((m) => [m.name, m]));
  for (const want of expected) {
    const got = byName.get(want.name);
    if (!got) {
      problems.push(`missing ${want.name}`);
      continue;
    }
    byName.delete(want.name);
    if (got.size !== want.size) problems.push(`${want.name}: size ${got.size} != ${want.size}`);
    if (got.crc !== want.crc.toLowerCase()) problems.push(`${want.name}: crc ${got.crc} != ${want.crc}`);
    if (want.sha1 && got.sha1 !== want.sha1.toLowerCase()) problems.push(`${want.name}: sha1 differs`);
  }
  for (const extra of byName.keys()) problems.push(`unexpected member ${extra}`);
  return problems;
}

function loadManifest() {
  if (!fs.existsSync(MANIFEST)) return { sets: {} };
  return JSON.parse(fs.readFileSync(MANIFEST, 'utf8'));
}

function saveManifest(manifest) {
  const sorted = { ...manifest, sets: Object.fromEntries(Object.entries(manifest.sets).sort()) };
  const tmp = `${MANIFEST}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(sorted, null, 2) + '\n');
  fs.renameSync(tmp, MANIFEST);
}

function quarantine(file) {
  fs.mkdirSync(QUARANTINE, { recursive: true });
  const dest = path.join(QUARANTINE, path.basename(file));
  fs.renameSync(file, dest);
  return path.relative(ROOT, dest);
}

// Manifest entries must stay small and sorted so reviews of new fixtures are easy.
function lintManifest(manifest) {
  const warnings = [];
  for (const [set, members] of Object.entries(manifest.sets)) {
    const names = members.map((m) => m.name);
    if (names.join('\n') !== [...names].sort().join('\n')) warnings.push(`${set}: members not sorted`);
    if (members.some((m) => !/^[0-9a-f]{8}$/.test(m.crc))) warnings.push(`${set}: malformed crc`);
  }
  return warnings;
}

function main() {
  const args = new Set(process.argv.slice(2));
  const update = args.has('--update');
  const doQuarantine = args.has('--quarantine');
  const manifest = loadManifest();
  for (const w of lintManifest(manifest)) console.warn(`manifest: ${w}`);
  const zips = fs.readdirSync(ROMS).filter((f) => f.toLowerCase().endsWith('.zip')).sort();

  const results = { good: [], bad: [], unknown: [], corrupt: [] };
  for (const zip of zips) {
    const set = zip.replace(/\.zip$/i, '');
    const file = path.join(ROMS, zip);
    let members;
    try {
      members = scanZip(file);
    } catch (err) {
      results.corrupt.push(`${set}: ${err.message}`);
      continue;
    }
    if (update) {
      manifest.sets[set] = members;
      results.good.push(set);
      continue;
    }
    const expected = manifest.sets[set];
    if (!expected) {
      results.unknown.push(set);
      continue;
    }
    const problems = compareSet(expected, members);
    if (problems.length) {
      results.bad.push(set);
      console.log(`BAD      ${set}`);
      for (const p of problems) console.log(`           ${p}`);
      if (doQuarantine) console.log(`           moved to ${quarantine(file)}`);
    } else {
      results.good.push(set);
    }
  }

  const missing = Object.keys(manifest.sets).filter((s) => !zips.includes(`${s}.zip`));
  for (const s of results.unknown) console.log(`UNKNOWN  ${s} (run with --update to add it)`);
  for (const s of results.corrupt) console.log(`CORRUPT  ${s}`);
  for (const s of missing) console.log(`MISSING  ${s}.zip listed in manifest`);
  if (update) {
    saveManifest(manifest);
    console.log(`manifest updated with ${results.good.length} set(s)`);
    return;
  }
  console.log(`good ${results.good.length}, bad ${results.bad.length}, unknown ${results.unknown.length}, ` +
    `corrupt ${results.corrupt.length}, missing ${missing.length}`);
  if (results.bad.length || results.corrupt.length || missing.length) process.exitCode = 1;
}

main();
