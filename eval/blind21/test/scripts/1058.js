#!/usr/bin/env node
/*
 * dns/route53-report.js
 *
 * Read-only report of the Route 53 record sets for the ledger zones,
 * compared with the octoDNS YAML in dns/zones/. Uses the AWS SDK with the
 * default credential chain (AWS_PROFILE / SSO); the only API calls are
 * ListHostedZonesByName and ListResourceRecordSets.
 *
 *   node dns/route53-report.js
 *   node dns/route53-report.js --zone ledger.example.com --json > build/r53.json
 *
 * Changes are made by octodns-sync in the release pipeline after review;
 * this tool has no write path at all.
 *
 * Output symbols:
 *   +  in YAML, missing in Route 53 (octodns would create it)
 *   -  in Route 53, missing in YAML (octodns would delete it)
 *   ~  present in both with different TTL or values
 */
'use strict';

// Requirements: Node 20+, @aws-sdk/client-route-53 and yaml from the
// repository's devDependencies, and AWS credentials with the managed
// policy AmazonRoute53ReadOnlyAccess (the ops-readonly SSO role has it).
//
// Route 53 is a global service; the client uses us-east-1 as its region
// regardless of where the zones "live".
//
// Exit codes: 0 report printed, 1 error.
//
// Typical use before reviewing an octoDNS change:
//   AWS_PROFILE=ops-readonly node dns/route53-report.js --zone ledger.example.com
//

const fs = require('node:fs');
const path = require('node:path');
const { parseArgs } = require('node:util');
const YAML = require('yaml');
const {
  Route53Client,
  ListHostedZonesByNameCommand,
  ListResourceRecordSetsCommand,
} = require('@aws-sdk/client-route-53');

const ZONES_DIR = path.join(__dirname, 'zones');
const SKIP_TYPES = new Set(['SOA', 'NS']);

function fqdn(name, zone) {
  if (name === '' || name === '@') return `${zone}.`;
  return `${name}.${zone}.`;
}

function keyOf(r) {
  return `${r.name}|${r.type}`;
}

function fromYaml(zone) {
  const file = path.join(ZONES_DIR, `${zone}.yaml`);
  const doc = YAML.parse(fs.readFileSync(file, 'utf8')) || {};
  const out = [];
  for (const [name, entries] of Object.entries(doc)) {
    for (const e of Array.isArray(entries) ? entries : [entries]) {
      if (SKIP_TYPES.has(e.type)) continue;
      const raw = e.values || (e.value !== undefined ? [e.value] : []);
      const values = raw.map((v) => (typeof v === 'object' ? `${v.preference ?? ''} ${v.exchange ?? v.value ?? ''}`.trim() : String(v)));
      out.push({ name: fqdn(name, zone), type: e.type, ttl: e.ttl ?? 3600, values: values.sort() });
    }
  }
  return out;
}

async function zoneId(client, zone) {
  const res = await client.send(new ListHostedZonesByNameCommand({ DNSName: zone, MaxItems: 1 }));
  const hz = (res.HostedZones || []).find((z) => z.Name === `${zone}.` && !z.Config?.PrivateZone);
  if (!hz) throw new Error(`hosted zone ${zone} not found`);
  return hz.Id.split('/').pop();
}

async function fromRoute53(client, id) {
  const out = [];
  let start = {};
  for (;;) {
    const res = await client.send(new ListResourceRecordSetsCommand({ HostedZoneId: id, ...start }));
    for (const rr of res.ResourceRecordSets) {
      if (SKIP_TYPES.has(rr.Type)) continue;
      const values = rr.AliasTarget
        ? [`ALIAS ${rr.AliasTarget.DNSName}`]
        : (rr.ResourceRecords || []).map((r) => r.Value.replace(/^"|"$/g, ''));
      out.push({ name: rr.Name.replace('\\052', '*'), type: rr.Type, ttl: rr.TTL ?? 0, values: values.sort() });
    }
    if (!res.IsTruncated) break;
    start = { StartRecordName: res.NextRecordName, StartRecordType: res.NextRecordType };
  }
  return out;
}

function compare(want, have) {
  const w = new Map(want.map((r) => [keyOf(r), r]));
  const h = new Map(have.map((r) => [keyOf(r), r]));
  const rows = [];
  for (const [k, r] of w) {
    const live = h.get(k);
    if (!live) rows.push({ op: '+', ...r });
    else if (live.ttl !== r.ttl || live.values.join() !== r.values.join()) rows.push({ op: '~', ...r, live });
  }
  for (const [k, r] of h) if (!w.has(k)) rows.push({ op: '-', ...r });
  return rows.sort((a, b) => a.name.localeCompare(b.name));
}

/*
 * Notes on the comparison
 * -----------------------
 * - octoDNS YAML keys are record names relative to the zone ('' is the
 *   apex); Route 53 returns absolute names with a trailing dot. fqdn()
 *   normalises both to the absolute form.
 * - TXT values come back from Route 53 quoted; quotes are stripped so the
 *   comparison matches the YAML, which stores them unquoted.
 * - MX values in YAML are objects {preference, exchange}; they are rendered
 *   as "10 mx1.example.com." to match Route 53's value format.
 * - Alias records have no TTL in Route 53; they are reported with ttl=0 and
 *   will always show as "~" against a YAML record with a TTL. That is
 *   expected: octoDNS manages them through the Route 53 provider's alias
 *   support.
 * - SOA and NS at the apex are managed by Route 53 and skipped.
 */

function summaryCounts(report) {
  const counts = { '+': 0, '-': 0, '~': 0 };
  for (const rows of Object.values(report)) for (const r of rows) counts[r.op] += 1;
  return counts;
}

function printSummary(report) {
  const c = summaryCounts(report);
  const zones = Object.keys(report).length;
  console.log(`\n${zones} zone(s): ${c['+']} to create, ${c['-']} to delete, ${c['~']} to change`);
  if (c['-'] > 0) {
    console.log('records marked "-" exist only in Route 53; add them to YAML or octodns will delete them');
  }
}

function checkZonesDir() {
  if (!fs.existsSync(ZONES_DIR)) {
    console.error(`route53-report: ${ZONES_DIR} does not exist`);
    process.exit(1);
  }
}

function printRows(zone, rows) {
  console.log(`\n${zone}: ${rows.length ? `${rows.length} difference(s)` : 'in sync'}`);
  for (const r of rows) {
    console.log(` ${r.op} ${r.type.padEnd(6)} ${r.name.padEnd(44)} ttl=${r.ttl} ${r.values.join(' | ')}`);
    if (r.live) console.log(`        live: ttl=${r.live.ttl} ${r.live.values.join(' | ')}`);
  }
}

async function main() {
  const { values } = parseArgs({
    options: { zone: { type: 'string', multiple: true }, json: { type: 'boolean', default: false } },
  });
  checkZonesDir();
  const zones = values.zone?.length
    ? values.zone
    : fs.readdirSync(ZONES_DIR).filter((f) => f.endsWith('.yaml')).map((f) => f.slice(0, -5));
  const client = new Route53Client({ region: 'us-east-1', maxAttempts: 8 });
  const report = {};
  for (const zone of zones) {
    const rows = compare(fromYaml(zone), await fromRoute53(client, await zoneId(client, zone)));
    report[zone] = rows;
    if (!values.json) printRows(zone, rows);
  }
  if (values.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else printSummary(report);
}

main().catch((err) => {
  console.error(`route53-report: ${err.message}`);
  process.exit(1);
});
