#!/usr/bin/env node
// scripts/aws-cost-digest.js - read-only AWS cost digest for the sandbox
// accounts. Uses the AWS SDK v3 with the profile in AWS_PROFILE (SSO).
//
// Produces reports/aws-cost-<yyyy-mm-dd>.md with:
//   - month-to-date spend per service (Cost Explorer GetCostAndUsage)
//   - forecast for the month (GetCostForecast)
//   - resources without an `owner` tag (Resource Groups Tagging API)
//   - idle candidates: unattached EBS volumes and unused Elastic IPs
// It never modifies or deletes anything; cleanup is a human decision made
// from the report.

'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { CostExplorerClient, GetCostAndUsageCommand, GetCostForecastCommand } = require('@aws-sdk/client-cost-explorer');
const { EC2Client, DescribeVolumesCommand, DescribeAddressesCommand, DescribeRegionsCommand } = require('@aws-sdk/client-ec2');
const { ResourceGroupsTaggingAPIClient, GetResourcesCommand } = require('@aws-sdk/client-resource-groups-tagging-api');

const ROOT = path.resolve(__dirname, '..');
const REPORTS = path.join(ROOT, 'reports');
const MAX_REGIONS = Number(process.env.COST_MAX_REGIONS || 20);

const iso = (d) => d.toISOString().slice(0, 10);

function monthRange(now = new Date()) {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  if (end <= start) end.setUTCDate(start.getUTCDate() + 1);
  return { start: iso(start), end: iso(end), monthEnd: iso(nextMonth) };
}

async function withRetry(fn, label, attempts = 4) {
  let delay = 500;
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      const retriable = err.name === 'ThrottlingException' || err.$metadata?.httpStatusCode >= 500;
      if (!retriable || i >= attempts) throw err;
      console.error(`${label}: ${err.name}, retry ${i} in ${delay} ms`);
      await new Promise((r) => setTimeout(r, delay));
      delay *= 2;
    }
  }
}

async function spendByService(ce, range) {
  const out = await withRetry(
    () =>
      ce.send(
        new GetCostAndUsageCommand({
          TimePeriod: { Start: range.start, End: range.end },
          Granularity: 'MONTHLY',
          Metrics: ['UnblendedCost'],
          GroupBy: [{ Type: 'DIMENSION', Key: 'SERVICE' }],
        }),
      ),
    'GetCostAndUsage',
  );
  const groups = out.ResultsByTime?.[0]?.Groups ?? [];
  return groups
    .map((g) => ({ service: g.Keys[0], usd: Number(g.Metrics.UnblendedCost.Amount) }))
    .filter((r) => r.usd >= 0.01)
    .sort((a, b) => b.usd - a.usd);
}

async function forecast(ce, range) {
  try {
    const out = await withRetry(
      () =>
        ce.send(
          new GetCostForecastCommand({
            TimePeriod: { Start: range.end, End: range.monthEnd },
            Metric: 'UNBLENDED_COST',
            Granularity: 'MONTHLY',
          }),
        ),
      'GetCostForecast',
    );
    return Number(out.Total?.Amount ?? 0);
  } catch (err) {
    // not enough history in new accounts
    return null;
  }
}

async function regions() {
  const ec2 = new EC2Client({ region: 'us-east-1' });
  const out = await ec2.send(new DescribeRegionsCommand({}));
  return out.Regions.map((r) => r.RegionName).sort().slice(0, MAX_REGIONS);
}

async function idleInRegion(region) {
  const ec2 = new EC2Client({ region });
  const [vols, addrs] = await Promise.all([
    withRetry(() => ec2.send(new DescribeVolumesCommand({ Filters: [{ Name: 'status', Values: ['available'] }] })), 'DescribeVolumes'),
    withRetry(() => ec2.send(new DescribeAddressesCommand({})), 'DescribeAddresses'),
  ]);
  return {
    region,
    volumes: (vols.Volumes ?? []).map((v) => ({ id: v.VolumeId, gib: v.Size, type: v.VolumeType })),
    addresses: (addrs.Addresses ?? []).filter((a) => !a.AssociationId).map((a) => a.AllocationId),
  };
}

async function untagged(region) {
  const client = new ResourceGroupsTaggingAPIClient({ region });
  const missing = [];
  let token;
  do {
    const page = await withRetry(
      () => client.send(new GetResourcesCommand({ PaginationToken: token, ResourcesPerPage: 100 })),
      'GetResources',
    );
    for (const r of page.ResourceTagMappingList ?? []) {
      if (!(r.Tags ?? []).some((t) => t.Key === 'owner')) missing.push(r.ResourceARN);
    }
    token = page.PaginationToken;
  } while (token);
  return missing;
}

function render(date, spend, fc, idle, noOwner) {
  const total = spend.reduce((s, r) => s + r.usd, 0);
  const lines = [`# AWS cost digest ${date}`, '', `Month to date: **${total.toFixed(2)} USD**`];
  if (fc !== null) lines.push(`Forecast for the rest of the month: ${fc.toFixed(2)} USD`);
  lines.push('', '| service | USD |', '|---|---:|');
  for (const r of spend.slice(0, 15)) lines.push(`| ${r.service} | ${r.usd.toFixed(2)} |`);
  const idleRows = idle.filter((r) => r.volumes.length || r.addresses.length);
  if (idleRows.length) {
    lines.push('', '## Idle candidates (review, do not auto-delete)', '');
    for (const r of idleRows) {
      for (const v of r.volumes) lines.push(`- ${r.region}: EBS ${v.id} (${v.gib} GiB ${v.type}) unattached`);
      for (const a of r.addresses) lines.push(`- ${r.region}: Elastic IP ${a} not associated`);
    }
  }
  if (noOwner.length) {
    lines.push('', `## ${noOwner.length} resource(s) without an owner tag`, '');
    for (const arn of noOwner.slice(0, 50)) lines.push(`- ${arn}`);
    if (noOwner.length > 50) lines.push(`- ... and ${noOwner.length - 50} more`);
  }
  return lines.join('\n') + '\n';
}

// Keep the last twelve digests; older ones are in the team wiki already.
function pruneOldReports(keep = 12) {
  if (!fs.existsSync(REPORTS)) return;
  const old = fs
    .readdirSync(REPORTS)
    .filter((f) => /^aws-cost-\d{4}-\d{2}-\d{2}\.md$/.test(f))
    .sort()
    .reverse()
    .slice(keep);
  for (const f of old) {
    fs.rmSync(path.join(REPORTS, f));
    console.log(`removed old report ${f}`);
  }
}

async function main() {
  pruneOldReports();
  if (!process.env.AWS_PROFILE && !process.env.AWS_ACCESS_KEY_ID) {
    throw new Error('set AWS_PROFILE (run `aws sso login --profile sandbox-readonly` first)');
  }
  const range = monthRange();
  const ce = new CostExplorerClient({ region: 'us-east-1' });
  const [spend, fc, regionList] = await Promise.all([spendByService(ce, range), forecast(ce, range), regions()]);
  const idle = [];
  for (const r of regionList) idle.push(await idleInRegion(r));
  const noOwner = (await Promise.all(regionList.map((r) => untagged(r).catch(() => [])))).flat();
  fs.mkdirSync(REPORTS, { recursive: true });
  const file = path.join(REPORTS, `aws-cost-${iso(new Date())}.md`);
  fs.writeFileSync(file, render(iso(new Date()), spend, fc, idle, noOwner));
  console.log(`wrote ${path.relative(ROOT, file)}`);
}

main().catch((e) => {
  console.error(`aws-cost-digest: ${e.name || 'Error'}: ${e.message}`);
  process.exit(1);
});
