// scripts/publish-docs.ts - upload the built docs site to its bucket and
// invalidate the CDN cache.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, extname } from "node:path";
import {
  S3Client,
  PutObjectCommand,
  ListObjectsV2Command,
  DeleteObjectsCommand,
} from "@aws-sdk/client-s3";

const SITE = join(process.cwd(), "site");
const MIME: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css",
  ".js": "text/javascript",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".json": "application/json",
};

const target = {
  bucket: process.env.DOCS_BUCKET ?? "acme-docs-prod",
  // old layout kept everything under "v1/"; new layout at the root
  stalePrefix: process.env.DOCS_STALE_PREFIX ?? "",
};

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) out.push(...walk(p));
    else out.push(p);
  }
  return out;
}

async function clearStale(s3: S3Client): Promise<number> {
  let removed = 0;
  let token: string | undefined;
  do {
    const page = await s3.send(
      new ListObjectsV2Command({ Bucket: target.bucket, Prefix: target.stalePrefix, ContinuationToken: token }),
    );
    const objects = (page.Contents ?? []).map((o) => ({ Key: o.Key! }));
    if (objects.length) {
      await s3.send(new DeleteObjectsCommand({ Bucket: target.bucket, Delete: { Objects: objects, Quiet: true } }));
      removed += objects.length;
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return removed;
}

async function upload(s3: S3Client, files: string[]): Promise<void> {
  for (const file of files) {
    const key = relative(SITE, file).split("\\").join("/");
    await s3.send(
      new PutObjectCommand({
        Bucket: target.bucket,
        Key: key,
        Body: readFileSync(file),
        ContentType: MIME[extname(file)] ?? "application/octet-stream",
        CacheControl: key.endsWith(".html") ? "no-cache" : "public, max-age=31536000, immutable",
      }),
    );
  }
}

async function main(): Promise<void> {
  const files = walk(SITE);
  if (!files.length) throw new Error("site/ is empty; run the docs build first");
  const s3 = new S3Client({ region: process.env.AWS_REGION ?? "us-east-1" });
  const removed = await clearStale(s3);
  console.log(`removed ${removed} stale object(s)`);
  await upload(s3, files);
  console.log(`uploaded ${files.length} file(s) to s3://${target.bucket}`);
}

main().catch((e: Error) => {
  console.error(e.message);
  process.exit(1);
});
