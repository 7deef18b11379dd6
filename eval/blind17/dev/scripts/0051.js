#!/usr/bin/env node
/**
 * prisma/seed-dev.js — reset and seed the local development database.
 *
 * Called by `pnpm db:seed` and by `prisma migrate reset` (package.json "prisma.seed").
 * It TRUNCATEs every application table of the local Postgres and refills it with
 * deterministic fake data, so screenshots and e2e tests are stable.
 *
 * Safety: refuses to run unless DATABASE_URL points at localhost / the compose
 * service and the database name ends in _dev or _test.
 */
'use strict';

const path = require('node:path');
const fs = require('node:fs');
const { PrismaClient } = require('@prisma/client');
const { faker } = require('@faker-js/faker');

const ROOT = path.resolve(__dirname, '..');
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', 'postgres', 'db']);
const SEED = Number(process.env.SEED ?? 4242);

const COUNTS = {
  users: Number(process.env.SEED_USERS ?? 50),
  projectsPerUser: 3,
  tasksPerProject: 12,
  commentsPerTask: 2,
};

// order matters only for documentation; TRUNCATE ... CASCADE handles FKs
const TABLES = ['Comment', 'Task', 'ProjectMember', 'Project', 'Session', 'User'];

function loadDotenv() {
  for (const name of ['.env.local', '.env']) {
    const file = path.join(ROOT, name);
    if (!fs.existsSync(file)) continue;
    for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
      const m = line.match(/^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/);
      if (!m || line.trim().startsWith('#')) continue;
      const [, key, raw] = m;
      if (process.env[key] === undefined) {
        process.env[key] = raw.replace(/^['"]|['"]$/g, '');
      }
    }
  }
}

function assertLocal(url) {
  if (!url) throw new Error('DATABASE_URL is not set');
  const u = new URL(url);
  if (!LOCAL_HOSTS.has(u.hostname)) {
    throw new Error(`refusing to seed non-local database host "${u.hostname}"`);
  }
  const db = u.pathname.replace(/^\//, '');
  if (!/_(dev|test)$/.test(db)) {
    throw new Error(`refusing to seed database "${db}" (name must end in _dev or _test)`);
  }
  return { host: u.hostname, db };
}

async function truncateAll(prisma) {
  const quoted = TABLES.map((t) => `"${t}"`).join(', ');
  // table names are constants above, never user input
  await prisma.$executeRawUnsafe(`TRUNCATE TABLE ${quoted} RESTART IDENTITY CASCADE`);
}

function makeUser(i) {
  const first = faker.person.firstName();
  const last = faker.person.lastName();
  return {
    email: `${first}.${last}.${i}@example.test`.toLowerCase(),
    name: `${first} ${last}`,
    role: i === 0 ? 'ADMIN' : faker.helpers.arrayElement(['MEMBER', 'MEMBER', 'VIEWER']),
    createdAt: faker.date.past({ years: 2 }),
  };
}

function makeProject(ownerId) {
  return {
    name: faker.commerce.productName(),
    slug: faker.helpers.slugify(faker.lorem.words(3)).toLowerCase() + '-' + faker.string.alphanumeric(4),
    ownerId,
    archived: faker.datatype.boolean({ probability: 0.1 }),
  };
}

function makeTask(projectId, assigneeId) {
  return {
    projectId,
    assigneeId,
    title: faker.hacker.phrase().slice(0, 120),
    status: faker.helpers.arrayElement(['TODO', 'IN_PROGRESS', 'REVIEW', 'DONE']),
    priority: faker.number.int({ min: 1, max: 4 }),
    dueAt: faker.date.soon({ days: 60 }),
  };
}

async function seedUsers(prisma) {
  const data = Array.from({ length: COUNTS.users }, (_, i) => makeUser(i));
  await prisma.user.createMany({ data });
  return prisma.user.findMany({ select: { id: true } });
}

async function seedProjects(prisma, users) {
  const projects = [];
  for (const u of users) {
    for (let i = 0; i < COUNTS.projectsPerUser; i++) {
      projects.push(makeProject(u.id));
    }
  }
  await prisma.project.createMany({ data: projects });
  const created = await prisma.project.findMany({ select: { id: true, ownerId: true } });
  const members = [];
  for (const p of created) {
    members.push({ projectId: p.id, userId: p.ownerId, role: 'OWNER' });
    for (const u of faker.helpers.arrayElements(users, 3)) {
      if (u.id !== p.ownerId) members.push({ projectId: p.id, userId: u.id, role: 'EDITOR' });
    }
  }
  await prisma.projectMember.createMany({ data: members, skipDuplicates: true });
  return created;
}

async function seedTasks(prisma, projects, users) {
  let total = 0;
  for (const p of projects) {
    const tasks = Array.from({ length: COUNTS.tasksPerProject }, () =>
      makeTask(p.id, faker.helpers.arrayElement(users).id),
    );
    const res = await prisma.task.createMany({ data: tasks });
    total += res.count;
  }
  return total;
}

async function seedComments(prisma, users) {
  const tasks = await prisma.task.findMany({ select: { id: true } });
  const comments = [];
  for (const t of tasks) {
    for (let i = 0; i < COUNTS.commentsPerTask; i++) {
      comments.push({
        taskId: t.id,
        authorId: faker.helpers.arrayElement(users).id,
        body: faker.lorem.sentences({ min: 1, max: 3 }),
      });
    }
  }
  // createMany has a parameter limit; chunk it
  for (let i = 0; i < comments.length; i += 1000) {
    await prisma.comment.createMany({ data: comments.slice(i, i + 1000) });
  }
  return comments.length;
}

async function writeLoginHint(prisma) {
  const admin = await prisma.user.findFirst({ where: { role: 'ADMIN' } });
  const hintFile = path.join(ROOT, 'tmp', 'seed-login.txt');
  fs.mkdirSync(path.dirname(hintFile), { recursive: true });
  fs.writeFileSync(hintFile, `admin login for local dev: ${admin.email} (magic link via mailpit)\n`);
  return hintFile;
}

async function main() {
  loadDotenv();
  const { host, db } = assertLocal(process.env.DATABASE_URL);
  faker.seed(SEED);
  const prisma = new PrismaClient();
  const started = Date.now();
  try {
    console.log(`seeding ${db} on ${host} (seed ${SEED})`);
    await truncateAll(prisma);
    const users = await seedUsers(prisma);
    const projects = await seedProjects(prisma, users);
    const tasks = await seedTasks(prisma, projects, users);
    const comments = await seedComments(prisma, users);
    const hint = await writeLoginHint(prisma);
    console.table({ users: users.length, projects: projects.length, tasks, comments });
    console.log(`login hint: ${path.relative(ROOT, hint)}`);
    console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  } finally {
    await prisma.$disconnect();
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
