#!/usr/bin/env -S npx tsx
// test/fixtures/ldap/seed.ts - seed the lldap / OpenLDAP test container used
// by the auth service's integration tests.
//
//   npx tsx test/fixtures/ldap/seed.ts            reset ou=it-fixtures and load users.json
//   npx tsx test/fixtures/ldap/seed.ts --check    only verify the expected entries exist
//
// Connection settings come from test/.env.ldap (committed; the container's
// admin password is a throwaway value). The script refuses to run against
// any host other than localhost / 127.0.0.1 / the compose service name.

import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

interface LdapSettings {
  url: string;
  baseDn: string;
  bindDn: string;
  bindPassword: string;
}

interface FixtureUser {
  uid: string;
  givenName: string;
  sn: string;
  mail: string;
  password: string;
  groups: string[];
}

interface Fixtures {
  users: FixtureUser[];
  groups: string[];
}

const HERE = __dirname;
const ROOT = resolve(HERE, "..", "..", "..");
const FIXTURE_OU = "ou=it-fixtures";
const ALLOWED_HOSTS = new Set(["localhost", "127.0.0.1", "ldap"]);

function fail(msg: string): never {
  console.error(`ldap-seed: ${msg}`);
  process.exit(1);
}

function readEnv(file: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of readFileSync(file, "utf8").split(/\r?\n/)) {
    const m = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (m) out[m[1]] = m[2].replace(/^["']|["']$/g, "");
  }
  return out;
}

function settings(): LdapSettings {
  const env = { ...readEnv(join(ROOT, "test", ".env.ldap")), ...process.env } as Record<string, string>;
  const s: LdapSettings = {
    url: env.LDAP_URL ?? "ldap://localhost:3890",
    baseDn: env.LDAP_BASE_DN ?? "dc=example,dc=org",
    bindDn: env.LDAP_BIND_DN ?? "cn=admin,dc=example,dc=org",
    bindPassword: env.LDAP_BIND_PASSWORD ?? "",
  };
  const host = new URL(s.url).hostname;
  if (!ALLOWED_HOSTS.has(host)) fail(`LDAP_URL host ${host} is not the local test container`);
  if (!s.bindPassword) fail("LDAP_BIND_PASSWORD is empty");
  return s;
}

function ldap(tool: string, s: LdapSettings, args: string[], input?: string) {
  // the password goes through a 0600 temp file (-y) so it is not in argv
  const dir = mkdtempSync(join(tmpdir(), "ldapseed-"));
  const pwFile = join(dir, "pw");
  writeFileSync(pwFile, s.bindPassword, { mode: 0o600 });
  try {
    return spawnSync(tool, ["-x", "-H", s.url, "-D", s.bindDn, "-y", pwFile, ...args], {
      encoding: "utf8",
      input,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function waitReady(s: LdapSettings, seconds = 60): void {
  const until = Date.now() + seconds * 1000;
  let delay = 250;
  while (Date.now() < until) {
    const res = spawnSync("ldapsearch", ["-x", "-H", s.url, "-b", "", "-s", "base", "namingContexts"], {
      encoding: "utf8",
    });
    if (res.status === 0) return;
    spawnSync("sleep", [String(delay / 1000)]);
    delay = Math.min(delay * 2, 3000);
  }
  fail(`no LDAP server answering at ${s.url}`);
}

function fixtureBase(s: LdapSettings): string {
  return `${FIXTURE_OU},${s.baseDn}`;
}

function deleteFixtures(s: LdapSettings): void {
  const base = fixtureBase(s);
  const exists = ldap("ldapsearch", s, ["-LLL", "-b", base, "-s", "base", "dn"]);
  if (exists.status === 32) return; // no such object
  if (exists.status !== 0) fail(`search failed: ${exists.stderr}`);
  const del = ldap("ldapdelete", s, ["-r", base]);
  if (del.status !== 0) fail(`could not delete ${base}: ${del.stderr}`);
  console.log(`deleted ${base}`);
}

function ldif(s: LdapSettings, f: Fixtures): string {
  const base = fixtureBase(s);
  const blocks: string[] = [
    `dn: ${base}\nobjectClass: organizationalUnit\nou: it-fixtures\n`,
    `dn: ou=people,${base}\nobjectClass: organizationalUnit\nou: people\n`,
    `dn: ou=groups,${base}\nobjectClass: organizationalUnit\nou: groups\n`,
  ];
  for (const u of f.users) {
    blocks.push([
      `dn: uid=${u.uid},ou=people,${base}`,
      "objectClass: inetOrgPerson",
      `uid: ${u.uid}`,
      `cn: ${u.givenName} ${u.sn}`,
      `givenName: ${u.givenName}`,
      `sn: ${u.sn}`,
      `mail: ${u.mail}`,
      `userPassword: ${u.password}`,
      "",
    ].join("\n"));
  }
  for (const g of f.groups) {
    const members = f.users.filter((u) => u.groups.includes(g));
    if (!members.length) continue;
    blocks.push([
      `dn: cn=${g},ou=groups,${base}`,
      "objectClass: groupOfNames",
      `cn: ${g}`,
      ...members.map((m) => `member: uid=${m.uid},ou=people,${base}`),
      "",
    ].join("\n"));
  }
  return blocks.join("\n");
}

function loadFixtures(): Fixtures {
  const f = JSON.parse(readFileSync(join(HERE, "users.json"), "utf8")) as Fixtures;
  for (const u of f.users) {
    if (!/^[a-z][a-z0-9.-]+$/.test(u.uid)) fail(`bad uid ${u.uid}`);
    if (!u.mail.endsWith("@example.org")) fail(`fixture mail ${u.mail} must use example.org`);
    for (const g of u.groups) if (!f.groups.includes(g)) fail(`${u.uid} is in unknown group ${g}`);
  }
  return f;
}

function check(s: LdapSettings, f: Fixtures): number {
  let missing = 0;
  for (const u of f.users) {
    const res = ldap("ldapsearch", s, ["-LLL", "-b", `ou=people,${fixtureBase(s)}`, `(uid=${u.uid})`, "dn"]);
    if (!res.stdout.includes(`uid=${u.uid},`)) {
      console.log(`  missing ${u.uid}`);
      missing += 1;
    }
  }
  console.log(`${f.users.length - missing}/${f.users.length} fixture users present`);
  return missing;
}

function main(): void {
  const s = settings();
  const fixtures = loadFixtures();
  waitReady(s);
  if (process.argv.includes("--check")) {
    process.exitCode = check(s, fixtures) ? 1 : 0;
    return;
  }
  deleteFixtures(s);
  const res = ldap("ldapadd", s, ["-c"], ldif(s, fixtures));
  if (res.status !== 0 && res.status !== 68) fail(`ldapadd failed: ${res.stderr}`);
  console.log(`loaded ${fixtures.users.length} users and ${fixtures.groups.length} groups under ${fixtureBase(s)}`);
  if (check(s, fixtures)) fail("some users did not load");
}

main();
