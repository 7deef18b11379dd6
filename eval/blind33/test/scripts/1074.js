#!/usr/bin/env node
/*
 * gedcom-diff.js - semantic diff of two GEDCOM files.
 *
 * Line diffs of GEDCOM exports are useless because every export renumbers
 * xrefs and reorders records. This tool matches individuals by a key built
 * from name + birth date + birth place (falling back to xref), families by the
 * matched spouses, and reports:
 *
 *   + people/families only in the new file
 *   - people/families only in the old file
 *   ~ changed facts (BIRT/DEAT/MARR dates and places, SEX, NAME)
 *   ! structural changes (child moved to another family)
 *
 * Used in review of fixture changes: `node tools/gedcom-diff.js old.ged new.ged`.
 * Exit code 1 when there are differences, 0 when equivalent.
 */
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const LINE = /^(\d+) +(?:(@[^@]+@) +)?(\w+)(?: (.*))?$/;
const FACTS = ['BIRT', 'DEAT', 'BURI', 'MARR', 'DIV'];

function parse(file) {
  const text = fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  const records = new Map();
  let current = null;
  let event = null;
  for (const raw of text.split(/\r?\n/)) {
    const m = LINE.exec(raw);
    if (!m) continue;
    const level = Number(m[1]);
    const [, , xref, tag, value = ''] = m;
    if (level === 0) {
      current = xref ? { xref, tag, name: '', sex: '', facts: {}, famc: [], fams: [], husb: null, wife: null, chil: [] } : null;
      if (current) records.set(xref, current);
      event = null;
      continue;
    }
    if (!current) continue;
    if (level === 1) {
      event = FACTS.includes(tag) ? tag : null;
      if (event) current.facts[event] = current.facts[event] || { date: '', place: '' };
      switch (tag) {
        case 'NAME': current.name = value.replace(/\//g, '').replace(/\s+/g, ' ').trim(); break;
        case 'SEX': current.sex = value.trim(); break;
        case 'FAMC': current.famc.push(value); break;
        case 'FAMS': current.fams.push(value); break;
        case 'HUSB': current.husb = value; break;
        case 'WIFE': current.wife = value; break;
        case 'CHIL': current.chil.push(value); break;
        default: break;
      }
    } else if (level === 2 && event) {
      if (tag === 'DATE') current.facts[event].date = value.trim().toUpperCase();
      if (tag === 'PLAC') current.facts[event].place = value.trim();
    }
  }
  return records;
}

function personKey(p) {
  const b = p.facts.BIRT || {};
  const key = [p.name.toLowerCase(), b.date || '', (b.place || '').toLowerCase()].join('|');
  return key === '||' ? `xref:${p.xref}` : key;
}

function index(records) {
  const people = new Map();
  const dupes = [];
  for (const r of records.values()) {
    if (r.tag !== 'INDI') continue;
    const key = personKey(r);
    if (people.has(key)) dupes.push(key);
    people.set(key, r);
  }
  return { people, dupes };
}

function familyKey(fam, records) {
  const who = (x) => (x && records.get(x) ? personKey(records.get(x)) : '?');
  return `${who(fam.husb)} + ${who(fam.wife)}`;
}

function describe(p) {
  const b = p.facts.BIRT?.date ? ` *${p.facts.BIRT.date}` : '';
  return `${p.name || '(no name)'}${b}`;
}

function compareFacts(a, b) {
  const changes = [];
  if (a.sex !== b.sex) changes.push(`SEX ${a.sex || '-'} -> ${b.sex || '-'}`);
  for (const f of FACTS) {
    const x = a.facts[f] || { date: '', place: '' };
    const y = b.facts[f] || { date: '', place: '' };
    if (x.date !== y.date) changes.push(`${f} date ${x.date || '-'} -> ${y.date || '-'}`);
    if (x.place !== y.place) changes.push(`${f} place ${x.place || '-'} -> ${y.place || '-'}`);
  }
  return changes;
}

function parentsOf(p, records) {
  return p.famc
    .map((f) => records.get(f))
    .filter(Boolean)
    .map((fam) => familyKey(fam, records))
    .sort()
    .join(' ; ');
}

function counts(records) {
  const out = { INDI: 0, FAM: 0, SOUR: 0, NOTE: 0, OBJE: 0 };
  for (const r of records.values()) if (r.tag in out) out[r.tag] += 1;
  return out;
}

function printCounts(oldRecs, newRecs) {
  // record counts per type help to spot exports that silently dropped data
  const a = counts(oldRecs);
  const b = counts(newRecs);
  const lines = [];
  for (const tag of Object.keys(a)) {
    if (a[tag] !== b[tag]) lines.push(`  ${tag}: ${a[tag]} -> ${b[tag]}`);
  }
  if (lines.length) {
    console.log('record counts changed:');
    lines.forEach((l) => console.log(l));
  }
}

function main() {
  const [oldFile, newFile] = process.argv.slice(2);
  if (!oldFile || !newFile) {
    console.error('usage: gedcom-diff.js OLD.ged NEW.ged');
    process.exitCode = 2;
    return;
  }
  const oldRecs = parse(oldFile);
  const newRecs = parse(newFile);
  printCounts(oldRecs, newRecs);
  const a = index(oldRecs);
  const b = index(newRecs);
  for (const d of [...a.dupes, ...b.dupes]) console.log(`? ambiguous person key ${d} (matching may be off)`);

  let diffs = 0;
  for (const [key, p] of b.people) {
    if (!a.people.has(key)) {
      console.log(`+ ${describe(p)}`);
      diffs += 1;
    }
  }
  for (const [key, p] of a.people) {
    if (!b.people.has(key)) {
      console.log(`- ${describe(p)}`);
      diffs += 1;
      continue;
    }
    const q = b.people.get(key);
    for (const c of compareFacts(p, q)) {
      console.log(`~ ${describe(p)}: ${c}`);
      diffs += 1;
    }
    const before = parentsOf(p, oldRecs);
    const after = parentsOf(q, newRecs);
    if (before !== after) {
      console.log(`! ${describe(p)}: parents ${before || '(none)'} -> ${after || '(none)'}`);
      diffs += 1;
    }
  }
  const famsOld = new Set([...oldRecs.values()].filter((r) => r.tag === 'FAM').map((f) => familyKey(f, oldRecs)));
  const famsNew = new Set([...newRecs.values()].filter((r) => r.tag === 'FAM').map((f) => familyKey(f, newRecs)));
  for (const f of famsNew) if (!famsOld.has(f)) { console.log(`+ family ${f}`); diffs += 1; }
  for (const f of famsOld) if (!famsNew.has(f)) { console.log(`- family ${f}`); diffs += 1; }

  console.log(
    `${path.basename(oldFile)} (${a.people.size} people) vs ${path.basename(newFile)} (${b.people.size} people): ${diffs} difference(s)`,
  );
  process.exitCode = diffs ? 1 : 0;
}

main();
