/**
 * kc-ldap-check.ts - verify the LDAP user federation of the local dev Keycloak realm
 *
 *   npx tsx tools/kc-ldap-check.ts [--realm staff-dev] [--sync changed]
 *
 * Reads the realm's user-storage components from the *local* Keycloak admin API
 * (http://localhost:8180, admin credentials from .env.dev), tests the LDAP connection and
 * bind through Keycloak's own "testLDAPConnection" endpoint, lists the configured mappers
 * and compares them with config/keycloak/ldap-mappers.json. --sync changed triggers an
 * incremental sync of changed users from the dev LDAP (the OpenLDAP container with test
 * data), which only affects the local dev realm. The bind credential is never printed.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1"]);

interface Component {
  id: string;
  name: string;
  providerId: string;
  providerType: string;
  parentId: string;
  config: Record<string, string[]>;
}

interface MapperSpec {
  name: string;
  providerId: string;
  ldapAttribute?: string;
  userModelAttribute?: string;
}

interface Args {
  realm: string;
  sync: "none" | "changed" | "full";
}

function devEnv(): Record<string, string> {
  const file = path.join(ROOT, ".env.dev");
  const out: Record<string, string> = {};
  if (existsSync(file)) {
    for (const line of readFileSync(file, "utf8").split("\n")) {
      const m = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
      if (m) out[m[1]] = m[2].replace(/^"|"$/g, "");
    }
  }
  return out;
}

const env = { ...devEnv(), ...process.env } as Record<string, string>;
const SERVER = (env.KC_DEV_URL ?? "http://localhost:8180").replace(/\/$/, "");

function parseArgs(argv: string[]): Args {
  const a: Args = { realm: "staff-dev", sync: "none" };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--realm") a.realm = argv[++i];
    else if (argv[i] === "--sync") {
      const v = argv[++i];
      if (v !== "changed" && v !== "full") throw new Error("--sync must be changed or full");
      a.sync = v;
    } else throw new Error(`unknown argument ${argv[i]}`);
  }
  return a;
}

async function adminToken(): Promise<string> {
  if (!LOCAL_HOSTS.has(new URL(SERVER).hostname)) throw new Error(`refusing non-local Keycloak ${SERVER}`);
  const res = await fetch(`${SERVER}/realms/master/protocol/openid-connect/token`, {
    method: "POST",
    body: new URLSearchParams({
      grant_type: "password",
      client_id: "admin-cli",
      username: env.KC_DEV_ADMIN ?? "admin",
      password: env.KC_DEV_ADMIN_PASSWORD ?? "",
    }),
  });
  if (!res.ok) throw new Error(`admin login: HTTP ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

function admin(token: string, realm: string) {
  const base = `${SERVER}/admin/realms/${encodeURIComponent(realm)}`;
  const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
  return {
    async get<T>(route: string): Promise<T> {
      const res = await fetch(`${base}${route}`, { headers });
      if (!res.ok) throw new Error(`GET ${route}: ${res.status}`);
      return (await res.json()) as T;
    },
    async post<T>(route: string, body?: unknown): Promise<T | null> {
      const res = await fetch(`${base}${route}`, { method: "POST", headers, body: body === undefined ? undefined : JSON.stringify(body) });
      if (!res.ok) throw new Error(`POST ${route}: ${res.status} ${await res.text()}`);
      const text = await res.text();
      return text ? (JSON.parse(text) as T) : null;
    },
  };
}

function first(config: Record<string, string[]>, key: string): string {
  return (config[key] ?? [])[0] ?? "";
}

function describe(c: Component): string[] {
  return [
    `provider:       ${c.name} (${c.id})`,
    `connection:     ${first(c.config, "connectionUrl")}`,
    `users DN:       ${first(c.config, "usersDn")}`,
    `bind DN:        ${first(c.config, "bindDn")}`,
    `bind password:  ${first(c.config, "bindCredential") ? "(set)" : "(empty)"}`,
    `edit mode:      ${first(c.config, "editMode")}`,
    `periodic sync:  full=${first(c.config, "fullSyncPeriod")}s changed=${first(c.config, "changedSyncPeriod")}s`,
  ];
}

function compareMappers(actual: Component[], expected: MapperSpec[]): string[] {
  const out: string[] = [];
  const byName = new Map(actual.map((m) => [m.name, m]));
  for (const spec of expected) {
    const m = byName.get(spec.name);
    if (!m) {
      out.push(`missing mapper ${spec.name}`);
      continue;
    }
    if (m.providerId !== spec.providerId) out.push(`${spec.name}: provider ${m.providerId}, expected ${spec.providerId}`);
    if (spec.ldapAttribute && first(m.config, "ldap.attribute") !== spec.ldapAttribute) out.push(`${spec.name}: ldap.attribute ${first(m.config, "ldap.attribute")}, expected ${spec.ldapAttribute}`);
    if (spec.userModelAttribute && first(m.config, "user.model.attribute") !== spec.userModelAttribute) out.push(`${spec.name}: user.model.attribute differs`);
  }
  for (const name of byName.keys()) if (!expected.some((e) => e.name === name)) out.push(`unexpected mapper ${name}`);
  return out;
}

async function sampleUsers(api: ReturnType<typeof admin>, providerId: string): Promise<string> {
  // a handful of federated users, to confirm the attribute mappers fill the profile
  const users = await api.get<{ username: string; email?: string; federationLink?: string; attributes?: Record<string, string[]> }[]>("/users?max=5&briefRepresentation=false");
  const linked = users.filter((u) => u.federationLink === providerId);
  if (!linked.length) return "no federated users imported yet";
  return linked
    .map((u) => `${u.username} <${u.email ?? "no email"}> dept=${(u.attributes?.department ?? ["-"])[0]}`)
    .join("; ");
}

async function main(): Promise<void> {
  const args: Args = parseArgs(process.argv.slice(2));
  const api = admin(await adminToken(), args.realm);
  const providers = await api.get<Component[]>("/components?type=org.keycloak.storage.UserStorageProvider");
  const ldap = providers.filter((p) => p.providerId === "ldap");
  if (!ldap.length) throw new Error(`realm ${args.realm} has no LDAP provider`);
  const expected = JSON.parse(readFileSync(path.join(ROOT, "config", "keycloak", "ldap-mappers.json"), "utf8")) as MapperSpec[];
  let problems = 0;
  for (const p of ldap) {
    console.log(describe(p).join("\n"));
    for (const action of ["testConnection", "testAuthentication"]) {
      try {
        await api.post("/testLDAPConnection", { action, componentId: p.id, connectionUrl: first(p.config, "connectionUrl"), bindDn: first(p.config, "bindDn"), bindCredential: "**********", useTruststoreSpi: first(p.config, "useTruststoreSpi") });
        console.log(`${action}: ok`);
      } catch (err) {
        problems++;
        console.log(`${action}: FAILED ${(err as Error).message}`);
      }
    }
    const mappers = await api.get<Component[]>(`/components?parent=${p.id}&type=org.keycloak.storage.ldap.mappers.LDAPStorageMapper`);
    const diffs = compareMappers(mappers, expected);
    problems += diffs.length;
    for (const d of diffs) console.log(`mapper: ${d}`);
    console.log(`sample: ${await sampleUsers(api, p.id)}`);
    if (args.sync !== "none") {
      const action = args.sync === "full" ? "triggerFullSync" : "triggerChangedUsersSync";
      const result = await api.post<{ added: number; updated: number; removed: number; failed: number }>(`/user-storage/${p.id}/sync?action=${action}`);
      console.log(`sync (${args.sync}): ${JSON.stringify(result)}`);
    }
  }
  process.exitCode = problems ? 1 : 0;
}

main().catch((err: Error) => {
  console.error(`kc-ldap-check: ${err.message}`);
  process.exit(2);
});
