#!/usr/bin/env -S npx tsx
/**
 * test/ldap/groups.ts - manage group memberships in the local test
 * directory (lldap/OpenLDAP container) for authorization tests.
 *
 *   npx tsx test/ldap/groups.ts apply     make memberships match groups.yaml
 *   npx tsx test/ldap/groups.ts show      print current memberships
 *   npx tsx test/ldap/groups.ts reset     remove every member added by apply
 *
 * groups.yaml:
 *   groups:
 *     ledger-admins: [itest-alice]
 *     ledger-readers: [itest-alice, itest-bob]
 *
 * All DNs live under ou=itest,dc=ledger,dc=test. The tool builds LDIF
 * modify operations (add/delete member values) and pipes them to
 * `ldapmodify`; it never deletes entries, only member attribute values, and
 * only for groups listed in groups.yaml.
 *
 * The directory must be the local test container: LDAP_URI has to point at
 * 127.0.0.1/localhost. The admin password comes from test/ldap.env (a
 * throwaway container password) and is passed with -y via a 0600 temp file
 * that is removed on exit.
 *
 * Exit codes: 0 ok, 1 failure.
 *
 * Why member values and not whole groups: the groups themselves are part
 * of the committed LDIF fixtures (test/fixtures/ldap/20-groups.ldif);
 * authorization tests only need to move users between them, which is
 * much faster than reloading the directory.
 *
 * Requirements: ldap-utils, Node 20+, the `yaml` package.
 * Owner: identity team.
 */

import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parse } from "yaml";

const HERE = __dirname;
const ROOT = resolve(HERE, "..", "..");
const BASE = "ou=itest,dc=ledger,dc=test";
const ADMIN = "cn=admin,dc=ledger,dc=test";

interface Spec {
  groups: Record<string, string[]>;
}

class LdapClient {
  private readonly dir: string;
  private readonly pwFile: string;

  constructor(private readonly uri: string, password: string) {
    const host = new URL(uri).hostname;
    if (!["127.0.0.1", "localhost"].includes(host)) {
      throw new Error(`LDAP_URI ${uri} is not the local test container`);
    }
    this.dir = mkdtempSync(join(tmpdir(), "ldap-groups-"));
    this.pwFile = join(this.dir, "pw");
    writeFileSync(this.pwFile, password, { mode: 0o600 });
  }

  close(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }

  search(base: string, filter: string, attrs: string[]): string {
    const res = spawnSync("ldapsearch", ["-x", "-LLL", "-H", this.uri, "-D", ADMIN, "-y", this.pwFile,
      "-b", base, filter, ...attrs], { encoding: "utf8" });
    if (res.status !== 0 && res.status !== 32) throw new Error(`ldapsearch: ${res.stderr.trim()}`);
    return res.stdout;
  }

  modify(ldif: string): void {
    const res = spawnSync("ldapmodify", ["-x", "-H", this.uri, "-D", ADMIN, "-y", this.pwFile],
      { input: ldif, encoding: "utf8" });
    if (res.status !== 0) throw new Error(`ldapmodify: ${res.stderr.trim()}`);
  }
}

function settings(): { uri: string; password: string } {
  const env: Record<string, string> = {};
  for (const line of readFileSync(join(ROOT, "test", "ldap.env"), "utf8").split("\n")) {
    const i = line.indexOf("=");
    if (i > 0) env[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  return {
    uri: process.env.LDAP_URI ?? env.LDAP_URI ?? "ldap://127.0.0.1:1389",
    password: env.LDAP_ADMIN_PASSWORD ?? "",
  };
}

function loadSpec(): Spec {
  const spec = parse(readFileSync(join(HERE, "groups.yaml"), "utf8")) as Spec;
  for (const [group, members] of Object.entries(spec.groups ?? {})) {
    if (!/^[a-z0-9-]+$/.test(group)) throw new Error(`bad group name ${group}`);
    for (const m of members) if (!/^itest-[a-z0-9-]+$/.test(m)) throw new Error(`${group}: member ${m} is not an itest user`);
  }
  return spec;
}

const groupDn = (g: string) => `cn=${g},ou=groups,${BASE}`;
const userDn = (u: string) => `uid=${u},ou=people,${BASE}`;

function currentMembers(client: LdapClient, group: string): Set<string> {
  const out = client.search(groupDn(group), "(objectClass=groupOfNames)", ["member"]);
  const members = new Set<string>();
  for (const line of out.split("\n")) {
    const m = /^member: uid=([^,]+),/.exec(line);
    if (m) members.add(m[1]);
  }
  return members;
}

function ldifFor(group: string, add: string[], remove: string[]): string {
  const lines = [`dn: ${groupDn(group)}`, "changetype: modify"];
  if (add.length) {
    lines.push("add: member", ...add.map((u) => `member: ${userDn(u)}`), "-");
  }
  if (remove.length) {
    lines.push("delete: member", ...remove.map((u) => `member: ${userDn(u)}`), "-");
  }
  return `${lines.join("\n")}\n\n`;
}

function apply(client: LdapClient, spec: Spec): void {
  for (const [group, wanted] of Object.entries(spec.groups)) {
    const have = currentMembers(client, group);
    const add = wanted.filter((u) => !have.has(u));
    // groupOfNames needs at least one member; keep the placeholder member
    const remove = [...have].filter((u) => !wanted.includes(u) && u.startsWith("itest-"));
    if (!add.length && !remove.length) {
      console.log(`${group}: in sync`);
      continue;
    }
    client.modify(ldifFor(group, add, remove));
    console.log(`${group}: +${add.length} -${remove.length}`);
  }
}

function show(client: LdapClient, spec: Spec): void {
  for (const group of Object.keys(spec.groups)) {
    console.log(`${group}: ${[...currentMembers(client, group)].sort().join(", ") || "(none)"}`);
  }
}

function reset(client: LdapClient, spec: Spec): void {
  for (const group of Object.keys(spec.groups)) {
    const members = [...currentMembers(client, group)].filter((u) => u.startsWith("itest-"));
    if (members.length) {
      client.modify(ldifFor(group, [], members));
      console.log(`${group}: removed ${members.length} itest member(s)`);
    }
  }
}

function main(): void {
  const cmd = process.argv[2] ?? "show";
  const { uri, password } = settings();
  if (!password) throw new Error("LDAP_ADMIN_PASSWORD missing in test/ldap.env");
  const spec = loadSpec();
  const client = new LdapClient(uri, password);
  try {
    if (cmd === "apply") apply(client, spec);
    else if (cmd === "show") show(client, spec);
    else if (cmd === "reset") reset(client, spec);
    else throw new Error("usage: groups.ts apply|show|reset");
  } finally {
    client.close();
  }
}

try {
  main();
} catch (err) {
  console.error(`ldap-groups: ${(err as Error).message}`);
  process.exit(1);
}
