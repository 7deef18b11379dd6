/**
 * prisma/seed.ts -- development/test seed data, run by `npx prisma db seed`.
 *
 * Guards: DATABASE_URL must point at localhost, 127.0.0.1, the compose service
 * `postgres`, or a *.dev.internal host, and the database name must end in
 * _dev / _test. SEED_RESET=1 deletes existing rows in seeded tables first
 * (children before parents) -- on the same guarded database only.
 */
import { PrismaClient, Prisma } from '@prisma/client';
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';

const prisma = new PrismaClient();

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', 'postgres']);
const SAFE_NAME = /_(dev|test)$/;

interface FixtureUser {
  email: string;
  name: string;
  role: 'ADMIN' | 'MEMBER' | 'VIEWER';
  projects?: string[];
}

interface FixtureProject {
  slug: string;
  title: string;
  archived?: boolean;
}

interface Fixtures {
  users: FixtureUser[];
  projects: FixtureProject[];
}

function guard(url: string | undefined): URL {
  if (!url) throw new Error('DATABASE_URL is not set');
  const parsed = new URL(url);
  const host = parsed.hostname;
  const db = parsed.pathname.replace(/^\//, '');
  const hostOk = LOCAL_HOSTS.has(host) || host.endsWith('.dev.internal');
  if (!hostOk) throw new Error(`refusing to seed ${host}: not a local or dev host`);
  if (!SAFE_NAME.test(db)) throw new Error(`refusing to seed database "${db}" (must end in _dev or _test)`);
  if (process.env.NODE_ENV === 'production') throw new Error('NODE_ENV=production');
  return parsed;
}

function masked(u: URL): string {
  const copy = new URL(u.toString());
  if (copy.password) copy.password = '****';
  return copy.toString();
}

function loadFixtures(): Fixtures {
  const file = path.join(__dirname, 'fixtures', 'seed.json');
  if (!existsSync(file)) {
    return {
      users: [
        { email: 'admin@example.com', name: 'Admin', role: 'ADMIN', projects: ['demo'] },
        { email: 'member@example.com', name: 'Member', role: 'MEMBER', projects: ['demo'] },
        { email: 'viewer@example.com', name: 'Viewer', role: 'VIEWER' },
      ],
      projects: [{ slug: 'demo', title: 'Demo project' }],
    };
  }
  const data = JSON.parse(readFileSync(file, 'utf8')) as Fixtures;
  if (!Array.isArray(data.users) || !Array.isArray(data.projects)) {
    throw new Error('prisma/fixtures/seed.json must have users[] and projects[]');
  }
  return data;
}

async function reset(): Promise<void> {
  // order matters because of FK constraints
  const deleted = await prisma.$transaction([
    prisma.membership.deleteMany(),
    prisma.task.deleteMany(),
    prisma.project.deleteMany(),
    prisma.user.deleteMany(),
  ]);
  console.log(`reset: removed ${deleted.map((d) => d.count).join('/')} rows (memberships/tasks/projects/users)`);
}

async function upsertProjects(projects: FixtureProject[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const p of projects) {
    const row = await prisma.project.upsert({
      where: { slug: p.slug },
      update: { title: p.title, archived: p.archived ?? false },
      create: { slug: p.slug, title: p.title, archived: p.archived ?? false },
    });
    ids.set(p.slug, row.id);
  }
  return ids;
}

async function upsertUsers(users: FixtureUser[], projects: Map<string, number>): Promise<number> {
  let memberships = 0;
  for (const u of users) {
    const user = await prisma.user.upsert({
      where: { email: u.email },
      update: { name: u.name, role: u.role },
      create: { email: u.email, name: u.name, role: u.role },
    });
    for (const slug of u.projects ?? []) {
      const projectId = projects.get(slug);
      if (!projectId) throw new Error(`user ${u.email} references unknown project ${slug}`);
      try {
        await prisma.membership.create({ data: { userId: user.id, projectId } });
        memberships += 1;
      } catch (err) {
        if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') continue;
        throw err;
      }
    }
  }
  return memberships;
}

async function seedTasks(projects: Map<string, number>, perProject = 12): Promise<number> {
  const statuses = ['TODO', 'DOING', 'DONE'] as const;
  let created = 0;
  for (const [slug, projectId] of projects) {
    const existing = await prisma.task.count({ where: { projectId } });
    if (existing >= perProject) continue;
    const data = Array.from({ length: perProject - existing }, (_, i) => ({
      projectId,
      title: `${slug} task ${existing + i + 1}`,
      status: statuses[(existing + i) % statuses.length],
    }));
    const res = await prisma.task.createMany({ data });
    created += res.count;
  }
  return created;
}

async function verifyMigrations(): Promise<void> {
  // seeding an unmigrated database produces confusing errors; check first
  try {
    const rows = await prisma.$queryRaw<Array<{ count: bigint }>>`
      SELECT count(*)::bigint AS count FROM "_prisma_migrations" WHERE finished_at IS NULL
    `;
    if (rows[0] && rows[0].count > 0n) {
      throw new Error('there are unfinished migrations; run `npx prisma migrate dev` first');
    }
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2010') {
      throw new Error('database has no migrations table; run `npx prisma migrate dev` first');
    }
    throw err;
  }
}

async function summary(): Promise<void> {
  const [users, projects, tasks] = await Promise.all([
    prisma.user.count(),
    prisma.project.count(),
    prisma.task.count(),
  ]);
  console.table({ users, projects, tasks });
}

async function main(): Promise<void> {
  const url = guard(process.env.DATABASE_URL);
  await verifyMigrations();
  console.log(`seeding ${masked(url)}`);
  if (process.env.SEED_RESET === '1') await reset();
  const fixtures = loadFixtures();
  const projects = await upsertProjects(fixtures.projects);
  const memberships = await upsertUsers(fixtures.users, projects);
  const tasks = await seedTasks(projects, Number(process.env.SEED_TASKS ?? 12));
  console.log(
    `seeded ${fixtures.users.length} users, ${projects.size} projects, ${memberships} memberships, ${tasks} tasks`,
  );
  await summary();
}

main()
  .catch((err: Error) => {
    console.error(`seed failed: ${err.message}`);
    process.exitCode = 1;
  })
  .finally(async () => {
    await prisma.$disconnect();
  });
