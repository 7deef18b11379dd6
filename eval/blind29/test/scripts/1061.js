#!/usr/bin/env node
// Statistics over the MARC 008 fixed field and leader of a catalogue export.
//
//   node tools/marc-008-stats.js data/export.mrc
//   node tools/marc-008-stats.js data/*.mrc --csv build/008-stats.csv --problems build/008-problems.tsv
//
// Reads binary MARC 21 (ISO 2709) directly; for each record it takes the
// leader (record status, type, bibliographic level, encoding level) and the
// 008 positions for date type, dates 1/2, place of publication, language and
// cataloguing source.  Produces frequency tables and lists records whose 008
// is malformed (wrong length, invalid dates, language codes not in the MARC
// language list shipped in data/marc-languages.txt).  No network access.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const RT = 0x1d;
const FT = 0x1e;

function* records(buffer) {
  let start = 0;
  for (let i = 0; i < buffer.length; i++) {
    if (buffer[i] === RT) {
      yield buffer.subarray(start, i + 1);
      start = i + 1;
    }
  }
}

function parse(rec) {
  const leader = rec.subarray(0, 24).toString('latin1');
  const base = Number(leader.slice(12, 17));
  const dir = rec.subarray(24, base - 1).toString('latin1');
  const fields = {};
  for (let i = 0; i + 12 <= dir.length; i += 12) {
    const tag = dir.slice(i, i + 3);
    const len = Number(dir.slice(i + 3, i + 7));
    const off = Number(dir.slice(i + 7, i + 12));
    if (tag < '010') {
      let data = rec.subarray(base + off, base + off + len);
      if (data[data.length - 1] === FT) data = data.subarray(0, -1);
      fields[tag] = data.toString(leader[9] === 'a' ? 'utf8' : 'latin1');
    }
  }
  return { leader, fields };
}

function loadLanguages(file) {
  if (!fs.existsSync(file)) return null;
  return new Set(
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .map((l) => l.trim().slice(0, 3))
      .filter((l) => /^[a-z]{3}$/.test(l)),
  );
}

function validDate(s) {
  return /^[0-9u]{4}$/.test(s) || s === '    ' || s === '||||';
}

function analyse(files, languages) {
  const counters = {
    status: new Map(),
    type: new Map(),
    level: new Map(),
    encoding: new Map(),
    dateType: new Map(),
    language: new Map(),
    place: new Map(),
    source: new Map(),
    decade: new Map(),
  };
  const bump = (m, k) => m.set(k, (m.get(k) || 0) + 1);
  const problems = [];
  let total = 0;
  for (const file of files) {
    const buf = fs.readFileSync(file);
    for (const raw of records(buf)) {
      total++;
      let rec;
      try {
        rec = parse(raw);
      } catch (err) {
        problems.push([file, total, '', `unparseable record: ${err.message}`]);
        continue;
      }
      const { leader, fields } = rec;
      const id = fields['001'] || `#${total}`;
      bump(counters.status, leader[5]);
      bump(counters.type, leader[6]);
      bump(counters.level, leader[7]);
      bump(counters.encoding, leader[17] === ' ' ? 'full' : leader[17]);
      const f008 = fields['008'];
      if (!f008) {
        problems.push([file, total, id, 'no 008']);
        continue;
      }
      if (f008.length !== 40) problems.push([file, total, id, `008 has ${f008.length} characters`]);
      const dateType = f008[6];
      const d1 = f008.slice(7, 11);
      const d2 = f008.slice(11, 15);
      bump(counters.dateType, dateType);
      if (!validDate(d1)) problems.push([file, total, id, `invalid date1 "${d1}"`]);
      if (!validDate(d2)) problems.push([file, total, id, `invalid date2 "${d2}"`]);
      if (/^\d{4}$/.test(d1)) bump(counters.decade, `${d1.slice(0, 3)}0s`);
      const place = f008.slice(15, 18).trim();
      bump(counters.place, place || '(blank)');
      const lang = f008.slice(35, 38);
      bump(counters.language, lang);
      if (languages && lang.trim() && !languages.has(lang)) problems.push([file, total, id, `unknown language code "${lang}"`]);
      bump(counters.source, f008[39] === ' ' ? 'national' : f008[39]);
    }
  }
  return { total, counters, problems };
}

// leader/06 and leader/07 codes for readable output
const TYPE_NAMES = {
  a: 'language material',
  c: 'notated music',
  e: 'cartographic',
  g: 'projected medium',
  i: 'nonmusical sound',
  j: 'musical sound',
  m: 'computer file',
  t: 'manuscript text',
};
const LEVEL_NAMES = {
  a: 'component part',
  b: 'serial component',
  c: 'collection',
  m: 'monograph',
  s: 'serial',
};

function label(name, key) {
  if (name === 'type' && TYPE_NAMES[key]) return `${key} (${TYPE_NAMES[key]})`;
  if (name === 'level' && LEVEL_NAMES[key]) return `${key} (${LEVEL_NAMES[key]})`;
  return key;
}

function top(map, n = 15) {
  return [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);
}

function main() {
  const argv = process.argv.slice(2);
  const opt = (k) => (argv.includes(k) ? argv[argv.indexOf(k) + 1] : null);
  const skip = new Set([opt('--csv'), opt('--problems')]);
  const files = argv.filter((a) => !a.startsWith('--') && !skip.has(a));
  if (!files.length) {
    console.error('usage: marc-008-stats.js FILE.mrc… [--csv out.csv] [--problems out.tsv]');
    process.exit(2);
  }
  const languages = loadLanguages(path.resolve(__dirname, '..', 'data', 'marc-languages.txt'));
  const { total, counters, problems } = analyse(files, languages);

  console.log(`${total} records in ${files.length} file(s)`);
  for (const [name, map] of Object.entries(counters)) {
    console.log(`\n${name}:`);
    for (const [k, v] of top(map)) {
      console.log(`  ${JSON.stringify(label(name, k)).padEnd(28)} ${String(v).padStart(7)}  ${((v / total) * 100).toFixed(1)}%`);
    }
  }
  console.log(`\n${problems.length} problem(s)`);

  const csvOut = opt('--csv');
  if (csvOut) {
    const rows = ['field,value,count'];
    for (const [name, map] of Object.entries(counters)) for (const [k, v] of map) rows.push(`${name},"${String(k).replace(/"/g, '""')}",${v}`);
    fs.mkdirSync(path.dirname(csvOut), { recursive: true });
    fs.writeFileSync(csvOut, rows.join('\n') + '\n');
  }
  const probOut = opt('--problems');
  if (probOut) {
    fs.mkdirSync(path.dirname(probOut), { recursive: true });
    fs.writeFileSync(probOut, ['file\trecord\tid\tproblem', ...problems.map((p) => p.join('\t'))].join('\n') + '\n');
  }
  process.exitCode = problems.length ? 1 : 0;
}

main();
