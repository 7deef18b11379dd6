/**
 * scripts/publish-updates.ts — publish the auto-update feed of the `Quiver`
 * Electron app to the project's own S3 bucket.
 *
 *   tsx scripts/publish-updates.ts             plan only: what would be uploaded
 *   tsx scripts/publish-updates.ts --publish   upload installers + latest*.yml
 *
 * Credentials come from the standard AWS SDK chain (profile `quiver-release` by
 * default); the bucket and prefix are constants below. Uploads are verified by
 * comparing the SHA-512 that electron-builder wrote into latest*.yml with the
 * local file before anything is sent.
 *
 * Notes:
 *  - Installers and blockmaps are immutable (versioned file names) and get a
 *    one-year cache header; latest*.yml must revalidate on every check.
 *  - The feed files are uploaded after all installers, so a client polling in
 *    the middle of a publish never sees a feed pointing at a missing file.
 *  - Existing immutable objects are skipped (HeadObject), which makes re-running
 *    a failed publish safe.
 *  - QUIVER_CHANNEL=beta publishes under updates/beta for the beta channel.
 *  - The bucket policy only allows this role to write under updates/; the
 *    CloudFront distribution in front of it is managed in the infra repo.
 *  - Run electron-builder with --publish never first; this script does not build.
 *  - The SHA-512 in the feeds is base64, as electron-updater expects.
 *  - Sizes are checked too, so a truncated local file is caught before upload.
 */
import { createHash } from "node:crypto";
import { createReadStream, existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { S3Client, PutObjectCommand, HeadObjectCommand } from "@aws-sdk/client-s3";
import { fromIni } from "@aws-sdk/credential-providers";
import YAML from "yaml";

const APP = path.resolve(__dirname, "..");
const RELEASE_DIR = path.join(APP, "release");
const BUCKET = "quiver-desktop-updates";
const REGION = "eu-central-1";
const CHANNEL = process.env.QUIVER_CHANNEL ?? "stable";
const PREFIX = `updates/${CHANNEL}`;

interface FeedFile {
  url: string;
  sha512: string;
  size: number;
}

interface Feed {
  version: string;
  files: FeedFile[];
  path: string;
  sha512: string;
  releaseDate: string;
}

const CONTENT_TYPES: Record<string, string> = {
  ".yml": "text/yaml",
  ".dmg": "application/x-apple-diskimage",
  ".zip": "application/zip",
  ".exe": "application/vnd.microsoft.portable-executable",
  ".AppImage": "application/octet-stream",
  ".blockmap": "application/octet-stream",
};

function feeds(): { file: string; feed: Feed }[] {
  return readdirSync(RELEASE_DIR)
    .filter((f) => /^latest(-mac|-linux)?\.yml$/.test(f))
    .map((f) => ({ file: path.join(RELEASE_DIR, f), feed: YAML.parse(readFileSync(path.join(RELEASE_DIR, f), "utf8")) as Feed }));
}

function sha512(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash("sha512");
    createReadStream(file)
      .on("data", (c) => hash.update(c))
      .on("error", reject)
      .on("end", () => resolve(hash.digest("base64")));
  });
}

async function verifyFeed(feed: Feed): Promise<string[]> {
  const problems: string[] = [];
  for (const f of feed.files) {
    const local = path.join(RELEASE_DIR, f.url);
    if (!existsSync(local)) {
      problems.push(`${f.url}: missing locally`);
      continue;
    }
    if (statSync(local).size !== f.size) problems.push(`${f.url}: size differs from feed`);
    if ((await sha512(local)) !== f.sha512) problems.push(`${f.url}: sha512 differs from feed`);
  }
  return problems;
}

function releaseNotes(version: string): string | undefined {
  const file = path.join(APP, "release-notes", `${version}.md`);
  return existsSync(file) ? readFileSync(file, "utf8") : undefined;
}

export { releaseNotes };

function contentType(file: string): string {
  const ext = Object.keys(CONTENT_TYPES).find((e) => file.endsWith(e));
  return ext ? CONTENT_TYPES[ext] : "application/octet-stream";
}

function client(): S3Client {
  return new S3Client({
    region: REGION,
    credentials: fromIni({ profile: process.env.AWS_PROFILE ?? "quiver-release" }),
  });
}

async function exists(s3: S3Client, key: string): Promise<boolean> {
  try {
    await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
    return true;
  } catch {
    return false;
  }
}

async function upload(s3: S3Client, file: string, key: string, cacheControl: string): Promise<void> {
  await s3.send(
    new PutObjectCommand({
      Bucket: BUCKET,
      Key: key,
      Body: createReadStream(file),
      ContentType: contentType(file),
      CacheControl: cacheControl,
      ContentLength: statSync(file).size,
    }),
  );
}

function plan(list: { file: string; feed: Feed }[]): { file: string; key: string; immutable: boolean }[] {
  const out: { file: string; key: string; immutable: boolean }[] = [];
  for (const { file, feed } of list) {
    for (const f of feed.files) {
      out.push({ file: path.join(RELEASE_DIR, f.url), key: `${PREFIX}/${f.url}`, immutable: true });
      const blockmap = path.join(RELEASE_DIR, `${f.url}.blockmap`);
      if (existsSync(blockmap)) out.push({ file: blockmap, key: `${PREFIX}/${f.url}.blockmap`, immutable: true });
    }
    // the feed itself goes last so clients never see a feed pointing at missing files
    out.push({ file, key: `${PREFIX}/${path.basename(file)}`, immutable: false });
  }
  return out;
}

async function main(): Promise<void> {
  const doPublish = process.argv.includes("--publish");
  const list = feeds();
  if (!list.length) throw new Error("no latest*.yml in release/ — run electron-builder first");
  const versions = new Set(list.map((l) => l.feed.version));
  if (versions.size !== 1) throw new Error(`feeds disagree on version: ${[...versions].join(", ")}`);
  for (const { feed, file } of list) {
    const problems = await verifyFeed(feed);
    if (problems.length) throw new Error(`${path.basename(file)}:\n  ${problems.join("\n  ")}`);
  }
  const steps = plan(list);
  const s3 = client();
  for (const step of steps) {
    const already = step.immutable && (await exists(s3, step.key));
    const mb = (statSync(step.file).size / 1048576).toFixed(1);
    if (already) {
      console.log(`skip   s3://${BUCKET}/${step.key} (exists)`);
      continue;
    }
    if (!doPublish) {
      console.log(`would  s3://${BUCKET}/${step.key} (${mb} MB)`);
      continue;
    }
    await upload(s3, step.file, step.key, step.immutable ? "public, max-age=31536000, immutable" : "no-cache");
    console.log(`put    s3://${BUCKET}/${step.key} (${mb} MB)`);
  }
  console.log(doPublish ? `published ${[...versions][0]} to ${CHANNEL}` : "plan only; pass --publish to upload");
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
