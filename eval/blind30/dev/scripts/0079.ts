/**
 * Seed the local Ory Kratos with test identities for the end-to-end tests.
 *
 *   npx tsx tools/kratos-seed.ts            # create missing seed identities
 *   npx tsx tools/kratos-seed.ts --reset    # delete seed identities first, then create
 *   npx tsx tools/kratos-seed.ts --list
 *
 * Talks to the Kratos *admin* API of the docker-compose stack on 127.0.0.1:4434.
 * Every identity created here carries metadata_admin.seed = "e2e"; --reset deletes
 * only identities with that marker, so identities created by hand stay untouched.
 * Passwords are the documented test passwords from test/fixtures/users.json.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const ADMIN = process.env.KRATOS_ADMIN_URL ?? "http://127.0.0.1:4434";
const SEED_MARKER = "e2e";

interface SeedUser {
  email: string;
  name: { first: string; last: string };
  password: string;
  roles?: string[];
  verified?: boolean;
}

interface Identity {
  id: string;
  schema_id: string;
  state: "active" | "inactive";
  traits: { email: string; name?: { first: string; last: string } };
  metadata_admin?: { seed?: string; roles?: string[] } | null;
  created_at: string;
}

class KratosAdmin {
  constructor(private readonly base: string) {
    const { hostname } = new URL(base);
    if (!["127.0.0.1", "localhost"].includes(hostname)) {
      throw new Error(`KRATOS_ADMIN_URL must point at the local stack, got ${base}`);
    }
  }

  private async call<T>(method: string, route: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.base}${route}`, {
      method,
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status === 404 && method === "DELETE") return undefined as T;
    if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
    return (res.status === 204 ? undefined : await res.json()) as T;
  }

  async health(): Promise<boolean> {
    try {
      const res = await fetch(`${this.base}/health/ready`);
      return res.ok;
    } catch {
      return false;
    }
  }

  async *identities(): AsyncGenerator<Identity> {
    let pageToken: string | null = "";
    while (pageToken !== null) {
      const qs = new URLSearchParams({ page_size: "250" });
      if (pageToken) qs.set("page_token", pageToken);
      const res = await fetch(`${this.base}/admin/identities?${qs}`);
      if (!res.ok) throw new Error(`list identities: ${res.status}`);
      const batch = (await res.json()) as Identity[];
      yield* batch;
      const link = res.headers.get("link") ?? "";
      const next = /page_token=([^&>]+)[^>]*>;\s*rel="next"/.exec(link);
      pageToken = next ? decodeURIComponent(next[1]) : null;
    }
  }

  create(user: SeedUser): Promise<Identity> {
    return this.call<Identity>("POST", "/admin/identities", {
      schema_id: "default",
      state: "active",
      traits: { email: user.email, name: user.name },
      credentials: { password: { config: { password: user.password } } },
      verifiable_addresses: user.verified
        ? [{ value: user.email, verified: true, via: "email", status: "completed" }]
        : undefined,
      metadata_admin: { seed: SEED_MARKER, roles: user.roles ?? [] },
    });
  }

  delete(id: string): Promise<void> {
    return this.call<void>("DELETE", `/admin/identities/${encodeURIComponent(id)}`);
  }
}

function loadFixtures(): SeedUser[] {
  const file = path.join(ROOT, "test", "fixtures", "users.json");
  const users = JSON.parse(readFileSync(file, "utf8")) as SeedUser[];
  for (const u of users) {
    if (!u.email.endsWith("@example.com")) {
      throw new Error(`fixture ${u.email}: seed users must use @example.com addresses`);
    }
  }
  return users;
}

function isSeed(identity: Identity): boolean {
  return identity.metadata_admin?.seed === SEED_MARKER;
}

async function waitForKratos(admin: KratosAdmin, seconds = 60): Promise<void> {
  for (let i = 0; i < seconds; i++) {
    if (await admin.health()) return;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error("Kratos admin API not ready; is `docker compose up kratos` running?");
}

async function list(admin: KratosAdmin): Promise<void> {
  let total = 0;
  for await (const id of admin.identities()) {
    total++;
    const flag = isSeed(id) ? "seed" : "    ";
    console.log(`${flag} ${id.id} ${id.traits.email.padEnd(36)} ${id.state} ${(id.metadata_admin?.roles ?? []).join(",")}`);
  }
  console.log(`${total} identit${total === 1 ? "y" : "ies"}`);
}

async function reset(admin: KratosAdmin): Promise<number> {
  const doomed: Identity[] = [];
  for await (const id of admin.identities()) if (isSeed(id)) doomed.push(id);
  for (const id of doomed) {
    await admin.delete(id.id);
    console.log(`deleted seed identity ${id.traits.email}`);
  }
  return doomed.length;
}

async function seed(admin: KratosAdmin, users: SeedUser[]): Promise<number> {
  const existing = new Set<string>();
  for await (const id of admin.identities()) existing.add(id.traits.email.toLowerCase());
  let created = 0;
  for (const user of users) {
    if (existing.has(user.email.toLowerCase())) continue;
    const identity = await admin.create(user);
    console.log(`created ${user.email} (${identity.id})`);
    created++;
  }
  return created;
}

async function verifyLogins(users: SeedUser[]): Promise<number> {
  // Try the password login flow on the public API for each seed user (API flow, no browser).
  const publicUrl = process.env.KRATOS_PUBLIC_URL ?? "http://127.0.0.1:4433";
  let failures = 0;
  for (const user of users) {
    const flow = (await (await fetch(`${publicUrl}/self-service/login/api`)).json()) as { id: string };
    const res = await fetch(`${publicUrl}/self-service/login?flow=${flow.id}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ method: "password", identifier: user.email, password: user.password }),
    });
    if (!res.ok) {
      failures++;
      console.log(`login failed for ${user.email}: HTTP ${res.status}`);
    }
  }
  return failures;
}

async function main(): Promise<void> {
  const admin = new KratosAdmin(ADMIN);
  await waitForKratos(admin);
  const argv = new Set(process.argv.slice(2));
  if (argv.has("--list")) return list(admin);
  const users = loadFixtures();
  if (argv.has("--reset")) {
    const removed = await reset(admin);
    console.log(`${removed} seed identit${removed === 1 ? "y" : "ies"} removed`);
  }
  const created = await seed(admin, users);
  console.log(`${created} created, ${users.length - created} already present`);
  if (argv.has("--verify")) {
    const failures = await verifyLogins(users);
    console.log(failures ? `${failures} login(s) failed` : "all seed users can log in");
    process.exitCode = failures ? 1 : 0;
  }
}

main().catch((err: Error) => {
  console.error(`kratos-seed: ${err.message}`);
  process.exit(1);
});
