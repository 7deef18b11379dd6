// test/fixtures/storage.ts - Vitest fixtures for the upload service.
//
// Spins up LocalStack (S3 only) in a docker container bound to 127.0.0.1 on
// a random port, creates a throwaway bucket, provides a temp directory for
// files, and tears everything down afterwards. Only the container this
// fixture started is stopped; the temp dir is the fixture's own.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import {
  S3Client,
  CreateBucketCommand,
  ListObjectsV2Command,
  DeleteObjectsCommand,
  DeleteBucketCommand,
} from "@aws-sdk/client-s3";

export interface StorageFixture {
  endpoint: string;
  bucket: string;
  client: S3Client;
  workdir: string;
  writeFile(name: string, content: string | Buffer): string;
  teardown(): Promise<void>;
}

const IMAGE = "localstack/localstack:3.4";
const CONTAINER_PREFIX = "upload-svc-test-";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const a = srv.address();
      const port = typeof a === "object" && a ? a.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function dockerAvailable(): boolean {
  return spawnSync("docker", ["info"], { stdio: "ignore" }).status === 0;
}

async function waitReady(endpoint: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${endpoint}/_localstack/health`);
      if (res.ok) {
        const body = (await res.json()) as { services?: Record<string, string> };
        if (body.services?.s3 === "running" || body.services?.s3 === "available") return;
      }
    } catch {
      /* container still booting */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("localstack did not become ready");
}

function startContainer(port: number): string {
  const name = `${CONTAINER_PREFIX}${randomBytes(4).toString("hex")}`;
  execFileSync("docker", [
    "run", "-d", "--rm",
    "--name", name,
    "-p", `127.0.0.1:${port}:4566`,
    "-e", "SERVICES=s3",
    "-e", "EAGER_SERVICE_LOADING=1",
    IMAGE,
  ], { stdio: ["ignore", "pipe", "inherit"] });
  return name;
}

function stopContainer(name: string): void {
  // we only ever stop the container we created above
  if (!name.startsWith(CONTAINER_PREFIX)) throw new Error(`refusing to stop ${name}`);
  spawnSync("docker", ["stop", "-t", "2", name], { stdio: "ignore" });
}

async function emptyBucket(client: S3Client, bucket: string): Promise<void> {
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
    const keys = (page.Contents ?? []).map((o) => ({ Key: o.Key! }));
    if (keys.length) await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys } }));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

export async function createStorageFixture(): Promise<StorageFixture> {
  if (!dockerAvailable()) throw new Error("docker is required for storage tests");
  const port = await freePort();
  const container = startContainer(port);
  const endpoint = `http://127.0.0.1:${port}`;
  const workdir = mkdtempSync(join(tmpdir(), "upload-svc-"));
  try {
    await waitReady(endpoint);
  } catch (e) {
    stopContainer(container);
    rmSync(workdir, { recursive: true, force: true });
    throw e;
  }
  const client = new S3Client({
    endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: "test", secretAccessKey: "test" },
  });
  const bucket = `test-${randomBytes(6).toString("hex")}`;
  await client.send(new CreateBucketCommand({ Bucket: bucket }));

  return {
    endpoint,
    bucket,
    client,
    workdir,
    writeFile(name: string, content: string | Buffer): string {
      if (!/^[\w.-]+$/.test(name)) throw new Error(`bad fixture file name ${name}`);
      const p = join(workdir, name);
      writeFileSync(p, content);
      return p;
    },
    async teardown(): Promise<void> {
      try {
        await emptyBucket(client, bucket);
        await client.send(new DeleteBucketCommand({ Bucket: bucket }));
      } catch {
        /* the container is going away anyway */
      }
      client.destroy();
      stopContainer(container);
      rmSync(workdir, { recursive: true, force: true });
    },
  };
}

// Example use in a test file:
//
//   let fx: StorageFixture;
//   beforeAll(async () => { fx = await createStorageFixture(); }, 90_000);
//   afterAll(async () => { await fx.teardown(); });
//
//   it("uploads", async () => {
//     const file = fx.writeFile("a.txt", "hello");
//     await uploadFile({ endpoint: fx.endpoint, bucket: fx.bucket, file });
//     const list = await fx.client.send(new ListObjectsV2Command({ Bucket: fx.bucket }));
//     expect(list.KeyCount).toBe(1);
//   });

export async function withStorage<T>(fn: (fx: StorageFixture) => Promise<T>): Promise<T> {
  const fx = await createStorageFixture();
  try {
    return await fn(fx);
  } finally {
    await fx.teardown();
  }
}

if (process.argv[1] && process.argv[1].endsWith("storage.ts")) {
  withStorage(async (fx) => {
    const p = fx.writeFile("hello.txt", "hi");
    console.log(`fixture up: ${fx.endpoint} bucket=${fx.bucket} file=${p}`);
  }).catch((e) => {
    console.error(e);
    process.exitCode = 1;
  });
}
