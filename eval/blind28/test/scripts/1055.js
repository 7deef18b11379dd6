#!/usr/bin/env node
// Index files are consumed by tools/apply-rule.ts.
//
//
// Requirements: dicom-parser (npm ci in tools/).  Exit status: 0 ok,
// 1 de-identification check failed or error, 2 usage.
// Owner: viewer QA.
//
// dicom-index.js - index the de-identified DICOM corpus for the viewer test matrix.
//
//   node tools/dicom-index.js out/corpus                 write out/index/corpus.json
//   node tools/dicom-index.js out/corpus --csv           also out/index/corpus.csv
//   node tools/dicom-index.js out/corpus --check-deid    fail if any identifying tag is non-empty
//
// Uses the dicom-parser package to read only the header (stops before pixel
// data), groups instances by StudyInstanceUID / SeriesInstanceUID and records
// modality, transfer syntax, rows/columns, frame counts and file sizes.
// It reads files and writes the index; nothing else.
'use strict';

const fs = require('node:fs');
const fsp = require('node:fs/promises');
const path = require('node:path');
const dicomParser = require('dicom-parser');

const repoRoot = path.join(__dirname, '..');
const INDEX_DIR = path.join(repoRoot, 'out', 'index');
const TAGS = {
  study: 'x0020000d',
  series: 'x0020000e',
  sop: 'x00080018',
  modality: 'x00080060',
  seriesDescription: 'x0008103e',
  rows: 'x00280010',
  columns: 'x00280011',
  frames: 'x00280008',
  transferSyntax: 'x00020010',
  instanceNumber: 'x00200013',
};
const IDENTIFYING = {
  PatientName: 'x00100010',
  PatientBirthDate: 'x00100030',
  PatientAddress: 'x00101040',
  OtherPatientIDs: 'x00101000',
  InstitutionName: 'x00080080',
  ReferringPhysicianName: 'x00080090',
};
const ALLOWED_NAMES = new Set(['', 'ANON', 'ANONYMOUS', 'ANON^CASE', 'DEIDENTIFIED']);

async function* walk(dir) {
  for (const entry of await fsp.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

function readHeader(file) {
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    const buf = Buffer.alloc(Math.min(size, 256 * 1024));
    fs.readSync(fd, buf, 0, buf.length, 0);
    if (buf.length < 132 || buf.toString('latin1', 128, 132) !== 'DICM') return null;
    const ds = dicomParser.parseDicom(new Uint8Array(buf), { untilTag: 'x7fe00010' });
    return { ds, size };
  } catch {
    return null;
  } finally {
    fs.closeSync(fd);
  }
}

function str(ds, tag) {
  return (ds.string(tag) || '').trim();
}

function int(ds, tag) {
  const v = ds.uint16(tag);
  return v === undefined ? Number(str(ds, tag) || 0) : v;
}

function identifyingLeft(ds) {
  const left = [];
  for (const [name, tag] of Object.entries(IDENTIFYING)) {
    const value = str(ds, tag).toUpperCase();
    if (name === 'PatientName' ? !ALLOWED_NAMES.has(value) : value !== '') left.push(name);
  }
  return left;
}

async function buildIndex(root, checkDeid) {
  const studies = new Map();
  let files = 0;
  let skipped = 0;
  const problems = [];
  for await (const file of walk(root)) {
    const parsed = readHeader(file);
    if (!parsed) {
      skipped++;
      continue;
    }
    files++;
    const { ds, size } = parsed;
    const studyUid = str(ds, TAGS.study);
    const seriesUid = str(ds, TAGS.series);
    if (!studies.has(studyUid)) studies.set(studyUid, { uid: studyUid, series: new Map() });
    const study = studies.get(studyUid);
    if (!study.series.has(seriesUid)) {
      study.series.set(seriesUid, {
        uid: seriesUid,
        modality: str(ds, TAGS.modality),
        description: str(ds, TAGS.seriesDescription),
        transferSyntax: str(ds, TAGS.transferSyntax),
        rows: int(ds, TAGS.rows),
        columns: int(ds, TAGS.columns),
        instances: 0,
        frames: 0,
        bytes: 0,
        folder: path.relative(repoRoot, path.dirname(file)),
      });
    }
    const series = study.series.get(seriesUid);
    series.instances++;
    series.frames += Number(str(ds, TAGS.frames) || 1);
    series.bytes += size;
    if (checkDeid) {
      const left = identifyingLeft(ds);
      if (left.length) problems.push({ file: path.relative(repoRoot, file), tags: left });
    }
  }
  const list = [...studies.values()].map((s) => ({ uid: s.uid, series: [...s.series.values()] }));
  return { files, skipped, studies: list, problems };
}

function toCsv(index) {
  const lines = ['study_uid,series_uid,modality,description,transfer_syntax,rows,columns,instances,frames,mb,folder'];
  for (const study of index.studies) {
    for (const s of study.series) {
      const desc = `"${s.description.replace(/"/g, '""')}"`;
      lines.push([study.uid, s.uid, s.modality, desc, s.transferSyntax, s.rows, s.columns, s.instances, s.frames,
        (s.bytes / 2 ** 20).toFixed(2), s.folder].join(','));
    }
  }
  return lines.join('\n') + '\n';
}

async function main() {
  const args = process.argv.slice(2);
  const root = args.find((a) => !a.startsWith('--'));
  if (!root) {
    console.error('usage: dicom-index.js <folder> [--csv] [--check-deid]');
    process.exit(2);
  }
  const checkDeid = args.includes('--check-deid');
  const index = await buildIndex(path.resolve(root), checkDeid);
  await fsp.mkdir(INDEX_DIR, { recursive: true });
  const base = path.join(INDEX_DIR, path.basename(path.resolve(root)));
  await fsp.writeFile(`${base}.json`, JSON.stringify({ generated: new Date().toISOString(), ...index }, null, 2));
  if (args.includes('--csv')) await fsp.writeFile(`${base}.csv`, toCsv(index));
  const seriesCount = index.studies.reduce((n, s) => n + s.series.length, 0);
  const byModality = {};
  for (const st of index.studies) for (const s of st.series) byModality[s.modality] = (byModality[s.modality] || 0) + 1;
  console.log(`${index.files} DICOM file(s), ${index.skipped} other file(s) skipped`);
  console.log(`${index.studies.length} studies, ${seriesCount} series: ${Object.entries(byModality).map(([m, n]) => `${m}=${n}`).join(' ')}`);
  console.log(`index: ${path.relative(repoRoot, base)}.json`);
  if (checkDeid) {
    if (index.problems.length) {
      console.error(`${index.problems.length} file(s) still carry identifying tags, e.g.:`);
      for (const p of index.problems.slice(0, 10)) console.error(`  ${p.file}: ${p.tags.join(', ')}`);
      process.exitCode = 1;
    } else {
      console.log('de-identification check passed');
    }
  }
}

main().catch((err) => {
  console.error(`dicom-index: ${err.message}`);
  process.exit(1);
});
