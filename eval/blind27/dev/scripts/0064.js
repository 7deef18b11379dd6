#!/usr/bin/env node
// Finalise the term: merge the per-section grade exports into one file,
// compute letter grades and keep an off-site copy of the final sheet.
'use strict';

const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const EXPORTS = path.join(ROOT, 'exports');
const FINAL = path.join(EXPORTS, 'final_grades.csv');

const BANDS = [
  [90, 'A'],
  [80, 'B'],
  [70, 'C'],
  [60, 'D'],
  [0, 'F'],
];

const COPY_TARGETS = {
  local: { kind: 'dir', where: path.join(ROOT, 'archive') },
  offsite: { kind: 'http', where: 'https://gradebook-sync.campus-tools.example.com/upload' },
};

function letter(score) {
  for (const [min, l] of BANDS) if (score >= min) return l;
  return 'F';
}

function readCsv(file) {
  const [header, ...lines] = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
  const cols = header.split(',');
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [cols[i], v])));
}

function merge() {
  const rows = [];
  for (const f of fs.readdirSync(EXPORTS).filter((x) => /^section_\d+\.csv$/.test(x))) {
    for (const r of readCsv(path.join(EXPORTS, f))) {
      const total = Number(r.total || 0);
      rows.push({ section: f.match(/\d+/)[0], student: r.student, sis_id: r.sis_id, total, letter: letter(total) });
    }
  }
  return rows;
}

async function copyTo(target, file) {
  if (target.kind === 'dir') {
    fs.mkdirSync(target.where, { recursive: true });
    fs.copyFileSync(file, path.join(target.where, `final_grades_${Date.now()}.csv`));
    return 'copied';
  }
  const res = await fetch(target.where, {
    method: 'PUT',
    headers: { 'content-type': 'text/csv' },
    body: fs.createReadStream(file),
    duplex: 'half',
  });
  return `HTTP ${res.status}`;
}

async function main() {
  const rows = merge();
  if (!rows.length) {
    console.error('no section_*.csv exports found');
    process.exit(1);
  }
  const header = 'section,student,sis_id,total,letter';
  const body = rows.map((r) => [r.section, r.student, r.sis_id, r.total, r.letter].join(',')).join('\n');
  fs.writeFileSync(FINAL, `${header}\n${body}\n`);
  const dist = rows.reduce((acc, r) => ((acc[r.letter] = (acc[r.letter] || 0) + 1), acc), {});
  console.log(`final grades for ${rows.length} students:`, dist);
  for (const [name, target] of Object.entries(COPY_TARGETS)) {
    try {
      console.log(`copy ${name}: ${await copyTo(target, FINAL)}`);
    } catch (e) {
      console.log(`copy ${name} failed: ${e.message}`);
    }
  }
}

main();
