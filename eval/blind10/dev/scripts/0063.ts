// Seed the local Postgres (docker compose service on localhost) with
// deterministic demo data. Refuses to touch a non-local database.
import { Client } from "pg";
import { readFile } from "node:fs/promises";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const DEFAULT_URL = "postgres://app:app@localhost:5432/app_dev";

interface SeedFile {
  users: { email: string; name: string; role: "admin" | "member" }[];
  projects: { slug: string; owner: string; title: string }[];
}

function assertLocal(url: string): void {
  const parsed = new URL(url);
  if (!["localhost", "127.0.0.1"].includes(parsed.hostname)) {
    throw new Error(`refusing to seed ${parsed.hostname}: not a local database`);
  }
  if (!/_(dev|test)$/.test(parsed.pathname.slice(1))) {
    throw new Error(`database ${parsed.pathname.slice(1)} is not a _dev/_test database`);
  }
}

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function loadSeed(): Promise<SeedFile> {
  const text = await readFile(path.join(ROOT, "db", "seed.json"), "utf8");
  return JSON.parse(text) as SeedFile;
}

async function truncate(client: Client): Promise<void> {
  await client.query("TRUNCATE tasks, projects, users RESTART IDENTITY CASCADE");
}

async function insertUsers(client: Client, seed: SeedFile): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const u of seed.users) {
    const res = await client.query<{ id: number }>(
      "INSERT INTO users(email, name, role) VALUES ($1, $2, $3) RETURNING id",
      [u.email, u.name, u.role],
    );
    ids.set(u.email, res.rows[0].id);
  }
  return ids;
}

async function insertProjects(client: Client, seed: SeedFile, users: Map<string, number>): Promise<number[]> {
  const ids: number[] = [];
  for (const p of seed.projects) {
    const owner = users.get(p.owner);
    if (owner === undefined) throw new Error(`unknown owner ${p.owner} for ${p.slug}`);
    const res = await client.query<{ id: number }>(
      "INSERT INTO projects(slug, owner_id, title) VALUES ($1, $2, $3) RETURNING id",
      [p.slug, owner, p.title],
    );
    ids.push(res.rows[0].id);
  }
  return ids;
}

async function insertTasks(client: Client, projectIds: number[], perProject: number): Promise<number> {
  const rand = mulberry32(42);
  let count = 0;
  for (const pid of projectIds) {
    for (let i = 1; i <= perProject; i++) {
      const status = ["todo", "doing", "done"][Math.floor(rand() * 3)];
      await client.query("INSERT INTO tasks(project_id, title, status) VALUES ($1, $2, $3)", [
        pid,
        `Task ${i}`,
        status,
      ]);
      count++;
    }
  }
  return count;
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL ?? DEFAULT_URL;
  assertLocal(url);
  const seed = await loadSeed();
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("BEGIN");
    await truncate(client);
    const users = await insertUsers(client, seed);
    const projects = await insertProjects(client, seed, users);
    const tasks = await insertTasks(client, projects, Number(process.env.TASKS_PER_PROJECT ?? 12));
    await client.query("COMMIT");
    console.log(`seeded ${users.size} users, ${projects.length} projects, ${tasks} tasks`);
  } catch (err) {
    await client.query("ROLLBACK");
    throw err;
  } finally {
    await client.end();
  }
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
