#!/usr/bin/env node
// rgw-audit.mjs-style script — audit the project's buckets on the Ceph RADOS
// Gateway (S3 API) and optionally clean up leftovers of CI runs.
//
//   node tools/rgw-audit.js                          # report only
//   node tools/rgw-audit.js --cleanup-ci             # list CI leftovers older than 2 days
//   node tools/rgw-audit.js --cleanup-ci --apply     # delete them
//
// Uses the AWS SDK v3 S3 client pointed at the internal RGW endpoint
// (RGW_ENDPOINT, must be *.internal) with the project's access key from
// .env (RGW_ACCESS_KEY / RGW_SECRET_KEY). Per bucket we report versioning,
// lifecycle rules, object count / size by top-level prefix, and incomplete
// multipart uploads. The cleanup only touches keys under ci-tmp/ in buckets
// listed in CLEANUP_BUCKETS, and only objects older than the cutoff.
//
// Why this exists: CI jobs upload intermediate tiles under ci-tmp/<run-id>/
// and are supposed to delete them at the end; cancelled jobs do not, and the
// lifecycle rule that should catch them was missing on one bucket for months.
// The report shows whether every bucket now has an expiry rule for ci-tmp/.
//
// Output: reports/rgw-audit.json (one entry per bucket).
// Exit code: 0, or 1 on configuration / API errors.
// Needs: npm i -D @aws-sdk/client-s3 (already in devDependencies).

"use strict";

const fs = require("node:fs");
const path = require("node:path");
const {
  S3Client,
  ListBucketsCommand,
  GetBucketVersioningCommand,
  GetBucketLifecycleConfigurationCommand,
  ListObjectsV2Command,
  ListMultipartUploadsCommand,
  DeleteObjectsCommand,
} = require("@aws-sdk/client-s3");

const ROOT = path.resolve(__dirname, "..");
const CLEANUP_BUCKETS = new Set(["atlas-ci-artifacts", "atlas-ci-cache"]);
const CI_PREFIX = "ci-tmp/";
const CUTOFF_DAYS = 2;
const OUT = path.join(ROOT, "reports", "rgw-audit.json");

const args = new Set(process.argv.slice(2));
const CLEANUP = args.has("--cleanup-ci");
const APPLY = args.has("--apply");

function dotenv() {
  const file = path.join(ROOT, ".env");
  if (!fs.existsSync(file)) return {};
  const out = {};
  for (const line of fs.readFileSync(file, "utf8").split(/\n/)) {
    const idx = line.indexOf("=");
    if (idx > 0 && !line.trim().startsWith("#")) out[line.slice(0, idx).trim()] = line.slice(idx + 1).trim();
  }
  return out;
}

function client() {
  const env = { ...dotenv(), ...process.env };
  const endpoint = env.RGW_ENDPOINT;
  if (!endpoint) throw new Error("RGW_ENDPOINT is not set");
  const host = new URL(endpoint).hostname;
  if (!host.endsWith(".internal")) throw new Error(`${host} is not the internal RGW; refusing to send keys`);
  if (!env.RGW_ACCESS_KEY || !env.RGW_SECRET_KEY) throw new Error("RGW_ACCESS_KEY / RGW_SECRET_KEY missing");
  return new S3Client({
    endpoint,
    region: "default",
    forcePathStyle: true,
    credentials: { accessKeyId: env.RGW_ACCESS_KEY, secretAccessKey: env.RGW_SECRET_KEY },
    maxAttempts: 4,
  });
}

async function* listAll(s3, bucket, prefix) {
  let token;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
    for (const obj of page.Contents ?? []) yield obj;
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

async function bucketReport(s3, bucket) {
  const report = { bucket, versioning: "Disabled", lifecycle: [], prefixes: {}, objects: 0, bytes: 0, multipart: 0 };
  try {
    const v = await s3.send(new GetBucketVersioningCommand({ Bucket: bucket }));
    report.versioning = v.Status ?? "Disabled";
  } catch (err) {
    report.versioning = `error: ${err.name}`;
  }
  try {
    const lc = await s3.send(new GetBucketLifecycleConfigurationCommand({ Bucket: bucket }));
    report.lifecycle = (lc.Rules ?? []).map((r) => ({
      id: r.ID,
      status: r.Status,
      prefix: r.Filter?.Prefix ?? r.Prefix ?? "",
      expireDays: r.Expiration?.Days ?? null,
    }));
  } catch (err) {
    if (err.name !== "NoSuchLifecycleConfiguration") report.lifecycle = [{ error: err.name }];
  }
  for await (const obj of listAll(s3, bucket)) {
    const top = obj.Key.includes("/") ? obj.Key.split("/")[0] + "/" : "(root)";
    const entry = (report.prefixes[top] ??= { objects: 0, bytes: 0 });
    entry.objects += 1;
    entry.bytes += obj.Size ?? 0;
    report.objects += 1;
    report.bytes += obj.Size ?? 0;
  }
  const mp = await s3.send(new ListMultipartUploadsCommand({ Bucket: bucket }));
  report.multipart = (mp.Uploads ?? []).length;
  return report;
}

async function ciLeftovers(s3, bucket) {
  const cutoff = Date.now() - CUTOFF_DAYS * 86_400_000;
  const keys = [];
  for await (const obj of listAll(s3, bucket, CI_PREFIX)) {
    if (obj.LastModified && obj.LastModified.getTime() < cutoff) keys.push({ Key: obj.Key, Size: obj.Size ?? 0 });
  }
  return keys;
}

async function deleteKeys(s3, bucket, keys) {
  let deleted = 0;
  for (let i = 0; i < keys.length; i += 1000) {
    const chunk = keys.slice(i, i + 1000).filter((k) => k.Key.startsWith(CI_PREFIX));
    const res = await s3.send(new DeleteObjectsCommand({
      Bucket: bucket,
      Delete: { Objects: chunk.map(({ Key }) => ({ Key })), Quiet: true },
    }));
    deleted += chunk.length - (res.Errors?.length ?? 0);
    for (const e of res.Errors ?? []) console.warn(`  could not delete ${e.Key}: ${e.Code}`);
  }
  return deleted;
}

const gib = (b) => `${(b / 1024 ** 3).toFixed(2)} GiB`;

function printReport(r) {
  console.log(`\n${r.bucket}: ${r.objects} objects, ${gib(r.bytes)}, versioning ${r.versioning}, ${r.multipart} open multipart uploads`);
  for (const rule of r.lifecycle) console.log(`  lifecycle ${rule.id ?? "?"} [${rule.status}] prefix "${rule.prefix}" expire ${rule.expireDays ?? "-"}d`);
  if (!r.lifecycle.length) console.log("  no lifecycle rules");
  const top = Object.entries(r.prefixes).sort((a, b) => b[1].bytes - a[1].bytes).slice(0, 8);
  for (const [prefix, v] of top) console.log(`  ${prefix.padEnd(28)} ${String(v.objects).padStart(8)} obj ${gib(v.bytes).padStart(12)}`);
}

async function main() {
  const s3 = client();
  const { Buckets = [] } = await s3.send(new ListBucketsCommand({}));
  const reports = [];
  for (const b of Buckets) {
    const r = await bucketReport(s3, b.Name);
    printReport(r);
    reports.push(r);
  }
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, JSON.stringify(reports, null, 2));
  console.log(`\nreport: ${path.relative(ROOT, OUT)}`);

  if (!CLEANUP) return;
  for (const bucket of CLEANUP_BUCKETS) {
    if (!Buckets.some((b) => b.Name === bucket)) continue;
    const keys = await ciLeftovers(s3, bucket);
    const bytes = keys.reduce((n, k) => n + k.Size, 0);
    if (!APPLY) {
      console.log(`${bucket}: ${keys.length} CI leftovers under ${CI_PREFIX} (${gib(bytes)}); add --apply to delete`);
      continue;
    }
    const n = await deleteKeys(s3, bucket, keys);
    console.log(`${bucket}: deleted ${n} CI leftovers (${gib(bytes)})`);
  }
}

main().catch((err) => {
  console.error(`rgw-audit: ${err.message}`);
  process.exitCode = 1;
});
