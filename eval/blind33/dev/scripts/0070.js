#!/usr/bin/env node
// Convert the GEDCOM test fixtures into the JSON shape used by the frontend
// family-tree component, and check a few invariants on the way.
//
//   node scripts/gedcom-to-json.js                         all fixtures
//   node scripts/gedcom-to-json.js tests/fixtures/gedcom/royals.ged --pretty
//
// Input:  tests/fixtures/gedcom/*.ged   (GEDCOM 5.5.1, UTF-8 or ANSEL-free ASCII)
// Output: web/src/fixtures/trees/<name>.json
// The fixtures are synthetic; living-person records are still stripped of
// dates/places (privacy rule from docs/privacy.md) so the UI code path for
// redaction is exercised.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const FIXTURES = path.join(ROOT, 'tests', 'fixtures', 'gedcom');
const OUT = path.join(ROOT, 'web', 'src', 'fixtures', 'trees');
const LINE = /^(\d+)\s+(?:(@[^@]+@)\s+)?(\w+)(?:\s(.*))?$/;
const LIVING_YEARS = 100;

function parseLines(text, file) {
  const records = [];
  const stack = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    if (!raw.trim()) return;
    const m = LINE.exec(raw.replace(/^\uFEFF/, ''));
    if (!m) throw new Error(`${path.basename(file)}:${i + 1}: cannot parse "${raw.slice(0, 40)}"`);
    const node = { level: Number(m[1]), xref: m[2] || null, tag: m[3], value: m[4] || '', children: [] };
    while (stack.length && stack[stack.length - 1].level >= node.level) stack.pop();
    if (node.level === 0) records.push(node);
    else if (stack.length) {
      const parent = stack[stack.length - 1];
      if (node.tag === 'CONC') parent.value += node.value;
      else if (node.tag === 'CONT') parent.value += `\n${node.value}`;
      else parent.children.push(node);
    } else {
      throw new Error(`${path.basename(file)}:${i + 1}: level ${node.level} without parent`);
    }
    if (node.tag !== 'CONC' && node.tag !== 'CONT') stack.push(node);
  });
  return records;
}

const child = (node, tag) => node.children.find((c) => c.tag === tag);
const children = (node, tag) => node.children.filter((c) => c.tag === tag);

function year(dateValue) {
  const m = /(\d{3,4})\s*$/.exec(dateValue || '');
  return m ? Number(m[1]) : null;
}

function event(node, tag) {
  const ev = child(node, tag);
  if (!ev) return null;
  return { date: child(ev, 'DATE')?.value || null, place: child(ev, 'PLAC')?.value || null };
}

function name(node) {
  const n = child(node, 'NAME');
  if (!n) return { given: '', surname: '' };
  const m = /^(.*?)\s*\/(.*)\/\s*(.*)$/.exec(n.value);
  return m
    ? { given: m[1].trim(), surname: m[2].trim(), suffix: m[3].trim() || undefined }
    : { given: n.value.trim(), surname: '' };
}

function isLiving(person, now) {
  if (person.death) return false;
  const born = year(person.birth?.date);
  return born === null || now - born < LIVING_YEARS;
}

function convert(records) {
  const now = new Date().getUTCFullYear();
  const people = {};
  const families = {};
  for (const r of records) {
    if (r.tag === 'INDI') {
      const p = {
        id: r.xref,
        ...name(r),
        sex: child(r, 'SEX')?.value || 'U',
        birth: event(r, 'BIRT'),
        death: event(r, 'DEAT'),
        famc: children(r, 'FAMC').map((c) => c.value),
        fams: children(r, 'FAMS').map((c) => c.value),
      };
      if (isLiving(p, now)) {
        p.living = true;
        p.birth = p.birth ? { date: null, place: null } : null;
      }
      people[r.xref] = p;
    } else if (r.tag === 'FAM') {
      families[r.xref] = {
        id: r.xref,
        husband: child(r, 'HUSB')?.value || null,
        wife: child(r, 'WIFE')?.value || null,
        children: children(r, 'CHIL').map((c) => c.value),
        marriage: event(r, 'MARR'),
      };
    }
  }
  return { people, families };
}

function check({ people, families }) {
  const problems = [];
  for (const f of Object.values(families)) {
    for (const ref of [f.husband, f.wife, ...f.children].filter(Boolean)) {
      if (!people[ref]) problems.push(`${f.id} references missing ${ref}`);
    }
    for (const c of f.children) {
      const kid = people[c];
      if (kid && !kid.famc.includes(f.id)) problems.push(`${c} is a child of ${f.id} but has no FAMC link`);
    }
  }
  for (const p of Object.values(people)) {
    const b = year(p.birth?.date);
    const d = year(p.death?.date);
    if (b && d && d < b) problems.push(`${p.id} dies (${d}) before birth (${b})`);
    for (const fam of [...p.famc, ...p.fams]) if (!families[fam]) problems.push(`${p.id} links missing ${fam}`);
  }
  return problems;
}

function generations(tree, rootIds) {
  // depth of the deepest descendant line, used by the UI to size the canvas
  const memo = new Map();
  const depth = (id, seen = new Set()) => {
    if (memo.has(id)) return memo.get(id);
    if (seen.has(id)) return 0; // cycles are reported by check()
    seen.add(id);
    const person = tree.people[id];
    let best = 1;
    for (const famId of person?.fams || []) {
      for (const kid of tree.families[famId]?.children || []) best = Math.max(best, 1 + depth(kid, seen));
    }
    memo.set(id, best);
    return best;
  };
  return Math.max(0, ...rootIds.map((r) => depth(r)));
}

function roots({ people }) {
  return Object.values(people)
    .filter((p) => p.famc.length === 0)
    .map((p) => p.id)
    .sort();
}

function main() {
  const args = process.argv.slice(2);
  const pretty = args.includes('--pretty');
  const files = args.filter((a) => !a.startsWith('--'));
  const inputs = files.length
    ? files
    : fs.readdirSync(FIXTURES).filter((f) => f.endsWith('.ged')).map((f) => path.join(FIXTURES, f));
  fs.mkdirSync(OUT, { recursive: true });
  let failed = 0;
  for (const file of inputs.sort()) {
    const text = fs.readFileSync(file, 'utf8');
    let tree;
    try {
      tree = convert(parseLines(text, file));
    } catch (err) {
      console.error(`FAIL ${path.basename(file)}: ${err.message}`);
      failed++;
      continue;
    }
    const problems = check(tree);
    problems.forEach((p) => console.error(`  ${path.basename(file)}: ${p}`));
    if (problems.length) failed++;
    const out = path.join(OUT, `${path.basename(file, '.ged')}.json`);
    const rootIds = roots(tree);
    const doc = { source: path.relative(ROOT, file), roots: rootIds, generations: generations(tree, rootIds), ...tree };
    fs.writeFileSync(out, `${JSON.stringify(doc, null, pretty ? 2 : 0)}\n`);
    const living = Object.values(tree.people).filter((p) => p.living).length;
    console.log(
      `${path.basename(file)}: ${Object.keys(tree.people).length} people (${living} redacted), ` +
        `${Object.keys(tree.families).length} families -> ${path.relative(ROOT, out)}`,
    );
  }
  process.exitCode = failed ? 1 : 0;
}

main();
