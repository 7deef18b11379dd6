#!/usr/bin/env -S npx tsx
// Input: RUA reports as .xml, .xml.gz or .zip.
// Requires tsx and Node >= 20.
//
// History: 2024-05 first version; 2024-06 CSV.
//
//
// Columns: messages (sum of <count>), dkim / spf (share of messages with
// aligned pass), fail (messages failing both), rejected (disposition other
// than none - quarantine or reject applied by the receiver).
//
// Typical remediation for an "unaligned sender":
//   * a SaaS tool sending as our domain -> add its DKIM selector (CNAME) or
//     move it to a subdomain with its own policy
//   * a forwarding mailing list -> expected, ARC helps; no action needed
//   * an unknown source with volume -> possible spoofing; keep p=reject
//
// Exit status: 0 no unaligned senders, 1 some found, 2 on errors.
//
// Example:
//   npx tsx tools/dmarc-report.ts reports/dmarc --since 2024-06-01 --csv out/dmarc.csv
//
// Owner: mail platform team.
//
// Parsing is regex based on purpose (no XML dependency); it handles the
// reports of the large receivers we see in practice.
//
// dmarc-report.ts - summarise DMARC aggregate (RUA) reports received for our domains.
//
//   npx tsx tools/dmarc-report.ts reports/dmarc/            every .xml / .xml.gz / .zip in the folder
//   npx tsx tools/dmarc-report.ts reports/dmarc/ --since 2024-06-01 --csv out/dmarc.csv
//
// The reports are fetched from the rua mailbox by a separate job and stored
// in reports/dmarc/ (gitignored).  This tool only parses them: per source IP
// and reporter it counts messages, DKIM/SPF alignment results and the applied
// disposition, and flags sources that fail both DKIM and SPF alignment - the
// usual sign of a forgotten sender (newsletter tool, ticket system) or spoofing.
import { createReadStream, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { gunzipSync, inflateRawSync } from 'node:zlib';

interface Row {
  reporter: string;
  domain: string;
  begin: number;
  sourceIp: string;
  count: number;
  disposition: string;
  dkim: 'pass' | 'fail';
  spf: 'pass' | 'fail';
  headerFrom: string;
}

interface Agg {
  count: number;
  dkimPass: number;
  spfPass: number;
  bothFail: number;
  rejected: number;
  reporters: Set<string>;
}

function tagValue(xml: string, tag: string): string {
  const m = new RegExp(`<${tag}>\\s*([^<]*?)\\s*</${tag}>`).exec(xml);
  return m ? m[1] : '';
}

function blocks(xml: string, tag: string): string[] {
  return [...xml.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1]);
}

function unzipFirst(buf: Buffer): Buffer {
  // minimal ZIP reader: first local file header, deflate or stored
  if (buf.readUInt32LE(0) !== 0x04034b50) throw new Error('not a zip file');
  const method = buf.readUInt16LE(8);
  const compSize = buf.readUInt32LE(18);
  const nameLen = buf.readUInt16LE(26);
  const extraLen = buf.readUInt16LE(28);
  const start = 30 + nameLen + extraLen;
  const data = buf.subarray(start, start + compSize);
  return method === 8 ? inflateRawSync(data) : data;
}

function readReport(file: string): string {
  const raw = readFileSync(file);
  if (file.endsWith('.gz')) return gunzipSync(raw).toString('utf8');
  if (extname(file) === '.zip') return unzipFirst(raw).toString('utf8');
  return raw.toString('utf8');
}

function parse(xml: string): Row[] {
  const meta = blocks(xml, 'report_metadata')[0] ?? '';
  const policy = blocks(xml, 'policy_published')[0] ?? '';
  const reporter = tagValue(meta, 'org_name');
  const begin = Number(tagValue(blocks(meta, 'date_range')[0] ?? '', 'begin')) * 1000;
  const domain = tagValue(policy, 'domain');
  return blocks(xml, 'record').map((rec) => {
    const row = blocks(rec, 'row')[0] ?? '';
    const evaluated = blocks(row, 'policy_evaluated')[0] ?? '';
    return {
      reporter,
      domain,
      begin,
      sourceIp: tagValue(row, 'source_ip'),
      count: Number(tagValue(row, 'count') || 0),
      disposition: tagValue(evaluated, 'disposition') || 'none',
      dkim: tagValue(evaluated, 'dkim') === 'pass' ? 'pass' : 'fail',
      spf: tagValue(evaluated, 'spf') === 'pass' ? 'pass' : 'fail',
      headerFrom: tagValue(blocks(rec, 'identifiers')[0] ?? '', 'header_from'),
    };
  });
}

function aggregate(rows: Row[]): Map<string, Agg> {
  const out = new Map<string, Agg>();
  for (const r of rows) {
    const key = `${r.domain}\t${r.sourceIp}`;
    const a = out.get(key) ?? { count: 0, dkimPass: 0, spfPass: 0, bothFail: 0, rejected: 0, reporters: new Set<string>() };
    a.count += r.count;
    if (r.dkim === 'pass') a.dkimPass += r.count;
    if (r.spf === 'pass') a.spfPass += r.count;
    if (r.dkim === 'fail' && r.spf === 'fail') a.bothFail += r.count;
    if (r.disposition !== 'none') a.rejected += r.count;
    a.reporters.add(r.reporter);
    out.set(key, a);
  }
  return out;
}

function pct(n: number, d: number): string {
  return d ? `${((100 * n) / d).toFixed(0)}%` : '-';
}

function main(): void {
  const args = process.argv.slice(2);
  const dir = args.find((a) => !a.startsWith('--'));
  if (!dir) throw new Error('usage: dmarc-report.ts <folder> [--since YYYY-MM-DD] [--csv file]');
  const si = args.indexOf('--since');
  const since = si >= 0 ? Date.parse(args[si + 1]) : 0;
  const files = readdirSync(dir).filter((f) => /\.(xml|xml\.gz|gz|zip)$/.test(f));
  const rows: Row[] = [];
  let bad = 0;
  for (const f of files) {
    try {
      rows.push(...parse(readReport(join(dir, f))).filter((r) => r.begin >= since));
    } catch (err) {
      bad++;
      console.warn(`skip ${f}: ${(err as Error).message}`);
    }
  }
  const agg = aggregate(rows);
  const total = rows.reduce((n, r) => n + r.count, 0);
  console.log(`${files.length - bad} report(s), ${rows.length} record(s), ${total} message(s)\n`);
  console.log(`${'domain'.padEnd(24)} ${'source'.padEnd(40)} ${'msgs'.padStart(7)} dkim  spf   fail  rejected`);
  const sorted = [...agg].sort((a, b) => b[1].count - a[1].count);
  for (const [key, a] of sorted.slice(0, 40)) {
    const [domain, ip] = key.split('\t');
    const flag = a.bothFail > 0 ? '  <- unaligned sender' : '';
    console.log(`${domain.padEnd(24)} ${ip.padEnd(40)} ${String(a.count).padStart(7)} ${pct(a.dkimPass, a.count).padStart(4)} ${pct(a.spfPass, a.count).padStart(4)} ${String(a.bothFail).padStart(6)} ${String(a.rejected).padStart(8)}${flag}`);
  }
  const ci = args.indexOf('--csv');
  if (ci >= 0) {
    const target = args[ci + 1];
    mkdirSync(dirname(target), { recursive: true });
    const lines = ['domain,source_ip,messages,dkim_pass,spf_pass,both_fail,rejected,reporters'];
    for (const [key, a] of sorted) {
      const [domain, ip] = key.split('\t');
      lines.push([domain, ip, a.count, a.dkimPass, a.spfPass, a.bothFail, a.rejected, `"${[...a.reporters].join(';')}"`].join(','));
    }
    writeFileSync(target, lines.join('\n') + '\n');
    console.log(`\nCSV written to ${target}`);
  }
  void createReadStream;
  process.exitCode = sorted.some(([, a]) => a.bothFail > 0) ? 1 : 0;
}

try {
  main();
} catch (err) {
  console.error(`dmarc-report: ${(err as Error).message}`);
  process.exit(2);
}
