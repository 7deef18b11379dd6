/**
 * db/seed.ts — seed the local Postgres of `quarry` with Drizzle ORM.
 *
 *   tsx db/seed.ts            wipe the app tables and insert demo data
 *   tsx db/seed.ts --append   insert without wiping
 *   tsx db/seed.ts --stats    print row counts only
 *
 * Safety: DATABASE_URL must point at localhost (or the compose `db` service) and
 * the database name must end with _dev or _test; NODE_ENV=production is refused.
 * The wipe is one TRUNCATE ... RESTART IDENTITY CASCADE over the tables below.
 *
 * Notes:
 *  - The random generator is seeded, so every developer gets identical data and
 *    screenshot tests stay stable.
 *  - Demo accounts use @example.test addresses; none of them can receive mail.
 *  - Inserts run in one transaction; a failure leaves the previous data intact.
 */
import { drizzle } from "drizzle-orm/node-postgres";
import { sql } from "drizzle-orm";
import pg from "pg";
import { readFileSync, existsSync } from "node:fs";
import path from "node:path";
import * as schema from "../src/db/schema";

const repoRoot = path.resolve(__dirname, "..");
const TABLE_ORDER = ["audit_log", "comments", "tickets", "memberships", "teams", "users"] as const;
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "db", "postgres"]);

type Db = ReturnType<typeof drizzle<typeof schema>>;

function readEnvLocal(): Record<string, string> {
  const file = path.join(repoRoot, ".env.local");
  if (!existsSync(file)) return {};
  const out: Record<string, string> = {};
  for (const line of readFileSync(file, "utf8").split(/\r?\n/)) {
    const match = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (match) out[match[1]] = match[2].replace(/^"|"$/g, "");
  }
  return out;
}

function connectionString(): string {
  const url = process.env.DATABASE_URL ?? readEnvLocal().DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL missing (.env.local)");
  if (process.env.NODE_ENV === "production") throw new Error("refusing to seed with NODE_ENV=production");
  const parsed = new URL(url);
  if (!LOCAL_HOSTS.has(parsed.hostname)) {
    throw new Error(`refusing to seed ${parsed.hostname}: not a local database`);
  }
  const dbName = parsed.pathname.slice(1);
  if (!dbName.endsWith("_dev") && !dbName.endsWith("_test")) {
    throw new Error(`refusing to seed ${dbName}: name must end with _dev or _test`);
  }
  return url;
}

// small deterministic generator so screenshots stay stable between runs
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

const random = mulberry32(7331);
const choose = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];

const FIRST = ["Ada", "Linus", "Grace", "Ken", "Barbara", "Dennis", "Margaret", "Guido"] as const;
const LAST = ["Lovelace", "Torvalds", "Hopper", "Thompson", "Liskov", "Ritchie", "Hamilton", "Rossum"] as const;
const STATUSES = ["open", "in_progress", "blocked", "done"] as const;
const PRIORITIES = ["low", "normal", "high", "urgent"] as const;

async function wipe(db: Db): Promise<void> {
  const list = TABLE_ORDER.map((t) => `"${t}"`).join(", ");
  await db.execute(sql.raw(`TRUNCATE TABLE ${list} RESTART IDENTITY CASCADE`));
  console.log(`wiped ${TABLE_ORDER.length} table(s)`);
}

async function seedUsers(db: Db): Promise<number[]> {
  const rows = Array.from({ length: 30 }, (_, i) => {
    const first = choose(FIRST);
    const last = choose(LAST);
    return {
      email: `${first}.${last}+${i}@example.test`.toLowerCase(),
      name: `${first} ${last}`,
      role: i === 0 ? "admin" : "member",
    };
  });
  const inserted = await db.insert(schema.users).values(rows).returning({ id: schema.users.id });
  return inserted.map((r) => r.id);
}

async function seedTeams(db: Db, userIds: number[]): Promise<number[]> {
  const names = ["Platform", "Payments", "Growth", "Mobile", "Data"];
  const teams = await db
    .insert(schema.teams)
    .values(names.map((name) => ({ name, slug: name.toLowerCase() })))
    .returning({ id: schema.teams.id });
  const memberships = [];
  for (const userId of userIds) {
    memberships.push({ userId, teamId: choose(teams).id, role: random() < 0.2 ? "lead" : "member" });
  }
  await db.insert(schema.memberships).values(memberships);
  return teams.map((t) => t.id);
}

async function seedTickets(db: Db, userIds: number[], teamIds: number[]): Promise<number> {
  const rows = [];
  for (let i = 1; i <= 250; i++) {
    rows.push({
      teamId: choose(teamIds),
      reporterId: choose(userIds),
      assigneeId: random() < 0.8 ? choose(userIds) : null,
      title: `Demo ticket ${i}`,
      status: choose(STATUSES),
      priority: choose(PRIORITIES),
      createdAt: new Date(Date.UTC(2025, 0, 1) + i * 3_600_000 * 7),
    });
  }
  for (let i = 0; i < rows.length; i += 100) {
    await db.insert(schema.tickets).values(rows.slice(i, i + 100));
  }
  return rows.length;
}

async function seedComments(db: Db, userIds: number[]): Promise<number> {
  const ticketIds = (await db.select({ id: schema.tickets.id }).from(schema.tickets)).map((t) => t.id);
  const rows = [];
  for (const ticketId of ticketIds) {
    const count = Math.floor(random() * 4);
    for (let j = 0; j < count; j++) {
      rows.push({ ticketId, authorId: choose(userIds), body: `Comment ${j + 1} on ticket ${ticketId}` });
    }
  }
  if (rows.length) await db.insert(schema.comments).values(rows);
  return rows.length;
}

async function stats(db: Db): Promise<void> {
  const counts: Record<string, number> = {};
  for (const table of TABLE_ORDER) {
    const result = await db.execute(sql.raw(`SELECT count(*)::int AS n FROM "${table}"`));
    counts[table] = (result.rows[0] as { n: number }).n;
  }
  console.table(counts);
}

async function main(): Promise<void> {
  const args = new Set(process.argv.slice(2));
  const pool = new pg.Pool({ connectionString: connectionString(), max: 2 });
  const db = drizzle(pool, { schema });
  try {
    if (args.has("--stats")) {
      await stats(db);
      return;
    }
    const started = performance.now();
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      if (!args.has("--append")) await wipe(t);
      const userIds = await seedUsers(t);
      const teamIds = await seedTeams(t, userIds);
      const tickets = await seedTickets(t, userIds, teamIds);
      const comments = await seedComments(t, userIds);
      console.log(`users ${userIds.length}, teams ${teamIds.length}, tickets ${tickets}, comments ${comments}`);
    });
    await stats(db);
    console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)}s`);
  } finally {
    await pool.end();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
