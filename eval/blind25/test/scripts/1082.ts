// tools/pdf-pipeline.ts - prepare the committee's reading packs.
//
//   tsx tools/pdf-pipeline.ts build            convert + merge + stamp -> out/packs/<member>.pdf
//   tsx tools/pdf-pipeline.ts build --print    also print each pack (asks once, CUPS `lp`)
//   tsx tools/pdf-pipeline.ts clean            remove out/packs and out/tmp
//   tsx tools/pdf-pipeline.ts check            overview of packs.yaml without converting
//
// Input: packs.yaml lists members and the documents each one receives
// (docx/odt/pdf under docs/). Office files are converted with soffice in a
// throwaway profile, packs are merged with qpdf and stamped with the member's
// name in the footer (pdfjam/pdflatex-free: qpdf --overlay with a generated
// one-page stamp from `soffice` as well). All files stay under out/.

import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import readline from 'node:readline/promises';
import { promisify } from 'node:util';
import { parse } from 'yaml';

const run = promisify(execFile);
const COMMITTEE = path.resolve(__dirname, '..');
const DOCS = path.join(COMMITTEE, 'docs');
const OUT = path.join(COMMITTEE, 'out');
const PACKS = path.join(OUT, 'packs');
const TMP = path.join(OUT, 'tmp');

interface Member {
  name: string;
  documents: string[];
  printer?: string;
  copies?: number;
}

interface PackSpec {
  defaultPrinter?: string;
  members: Member[];
}

// file types handed to soffice; everything else must already be a PDF
const OFFICE = new Set(['.docx', '.doc', '.odt', '.rtf', '.pptx']);

function loadSpec(): PackSpec {
  const spec = parse(readFileSync(path.join(COMMITTEE, 'packs.yaml'), 'utf8')) as PackSpec;
  for (const m of spec.members) {
    for (const d of m.documents) {
      const abs = path.resolve(DOCS, d);
      if (!abs.startsWith(DOCS + path.sep)) throw new Error(`${m.name}: ${d} is outside docs/`);
      if (!existsSync(abs)) throw new Error(`${m.name}: missing docs/${d}`);
    }
  }
  return spec;
}

async function convertAll(files: string[]): Promise<Map<string, string>> {
  const office = [...new Set(files.filter((f) => OFFICE.has(path.extname(f).toLowerCase())))];
  const map = new Map<string, string>();
  files.filter((f) => !office.includes(f)).forEach((f) => map.set(f, path.join(DOCS, f)));
  if (!office.length) return map;
  mkdirSync(TMP, { recursive: true });
  const profile = mkdtempSync(path.join(tmpdir(), 'soffice-'));
  try {
    await run('soffice', [
      `-env:UserInstallation=file://${profile}`,
      '--headless',
      '--convert-to',
      'pdf',
      '--outdir',
      TMP,
      ...office.map((f) => path.join(DOCS, f)),
    ], { timeout: 10 * 60 * 1000 });
  } finally {
    rmSync(profile, { force: true, recursive: true });
  }
  office.forEach((f) => map.set(f, path.join(TMP, `${path.parse(f).name}.pdf`)));
  return map;
}

async function stampFor(name: string): Promise<string> {
  // a one-page PDF with the member's name bottom-right, made via a tiny HTML page
  const html = path.join(TMP, `stamp-${name.replace(/\W+/g, '_')}.html`);
  writeFileSync(
    html,
    `<html><body style="margin:0"><div style="position:fixed;bottom:12mm;right:15mm;font:9pt sans-serif;color:#666">` +
      `Confidential - prepared for ${name.replace(/[<>&]/g, '')}</div></body></html>`,
  );
  const profile = mkdtempSync(path.join(tmpdir(), 'soffice-'));
  try {
    await run('soffice', [`-env:UserInstallation=file://${profile}`, '--headless', '--convert-to', 'pdf', '--outdir', TMP, html]);
  } finally {
    rmSync(profile, { force: true, recursive: true });
  }
  return html.replace(/\.html$/, '.pdf');
}

async function buildPack(member: Member, pdfs: Map<string, string>): Promise<string> {
  mkdirSync(PACKS, { recursive: true });
  const merged = path.join(TMP, `${member.name.replace(/\W+/g, '_')}-merged.pdf`);
  await run('qpdf', ['--empty', '--pages', ...member.documents.map((d) => pdfs.get(d)!), '--', merged]);
  const stamp = await stampFor(member.name);
  const target = path.join(PACKS, `${member.name.replace(/\W+/g, '_')}.pdf`);
  await run('qpdf', [merged, '--overlay', stamp, '--repeat=1', '--', target]);
  const { stdout } = await run('qpdf', ['--show-npages', target]);
  console.log(`${path.relative(COMMITTEE, target)}: ${stdout.trim()} pages`);
  return target;
}

async function askYesNo(q: string): Promise<boolean> {
  const rl = readline.createInterface({ output: process.stdout, input: process.stdin });
  try {
    return /^(y|yes)$/i.test((await rl.question(`${q} [y/N] `)).trim());
  } finally {
    rl.close();
  }
}

async function printPacks(spec: PackSpec, packs: Map<Member, string>): Promise<void> {
  const { stdout } = await run('lpstat', ['-p']);
  const known = new Set([...stdout.matchAll(/^printer (\S+)/gm)].map((m) => m[1]));
  const plan = [...packs].map(([m, file]) => ({ m, file, printer: m.printer ?? spec.defaultPrinter, copies: m.copies ?? 1 }));
  for (const p of plan) {
    if (!p.printer || !known.has(p.printer)) throw new Error(`${p.m.name}: printer ${p.printer ?? '(none)'} unknown to CUPS`);
  }
  plan.forEach((p) => console.log(`  ${p.m.name}: ${p.copies} x on ${p.printer}`));
  if (!(await askYesNo(`print ${plan.length} pack(s)?`))) return;
  for (const p of plan) {
    const { stdout: out } = await run('lp', ['-d', p.printer!, '-n', String(p.copies), '-o', 'sides=two-sided-long-edge', '-t', `pack ${p.m.name}`, p.file]);
    console.log(`  ${out.trim()}`);
  }
}

async function check(spec: PackSpec): Promise<void> {
  // dry overview without converting anything: documents per member, shared docs
  const counts = new Map<string, number>();
  for (const m of spec.members) for (const d of m.documents) counts.set(d, (counts.get(d) ?? 0) + 1);
  for (const m of spec.members) {
    const office = m.documents.filter((d) => OFFICE.has(path.extname(d).toLowerCase())).length;
    console.log(`${m.name.padEnd(28)} ${m.documents.length} document(s), ${office} to convert, printer ${m.printer ?? spec.defaultPrinter ?? '-'}`);
  }
  const shared = [...counts].filter(([, n]) => n === spec.members.length).map(([d]) => d);
  if (shared.length) console.log(`in every pack: ${shared.join(', ')}`);
  const pdfPages = await Promise.all(
    [...counts.keys()]
      .filter((d) => d.toLowerCase().endsWith('.pdf'))
      .map(async (d) => {
        const { stdout } = await run('qpdf', ['--show-npages', path.join(DOCS, d)]);
        return [d, Number(stdout.trim())] as const;
      }),
  );
  const total = pdfPages.reduce((sum, [, n]) => sum + n, 0);
  console.log(`${pdfPages.length} PDF input(s), ${total} page(s) before conversion of office files`);
}

async function main(): Promise<void> {
  const [cmd = 'build', ...rest] = process.argv.slice(2);
  if (cmd === 'check') {
    await check(loadSpec());
    return;
  }
  if (cmd === 'clean') {
    rmSync(PACKS, { recursive: true, force: true });
    rmSync(TMP, { recursive: true, force: true });
    console.log('removed out/packs and out/tmp');
    return;
  }
  if (cmd !== 'build') throw new Error(`unknown command ${cmd}`);
  const spec = loadSpec();
  const allDocs = [...new Set(spec.members.flatMap((m) => m.documents))];
  const pdfs = await convertAll(allDocs);
  const packs = new Map<Member, string>();
  for (const m of spec.members) packs.set(m, await buildPack(m, pdfs));
  rmSync(TMP, { recursive: true, force: true });
  if (rest.includes('--print')) await printPacks(spec, packs);
}

main().catch((err: unknown) => {
  process.stderr.write(`pdf-pipeline: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
