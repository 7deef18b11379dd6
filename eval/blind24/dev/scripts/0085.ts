/**
 * test/global-setup.ts -- Vitest globalSetup that starts Postgres and Redis
 * with Testcontainers, applies migrations and seeds fixtures, and tears the
 * containers down afterwards.
 *
 * Containers are started through the local Docker API that Testcontainers
 * discovers itself; nothing mounts the Docker socket into a container
 * (Ryuk is disabled and we stop our own containers in teardown). Ports are
 * bound to 127.0.0.1 only.
 */
import { GenericContainer, Wait, type StartedTestContainer } from 'testcontainers';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync, rmSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

type Started = { pg: StartedTestContainer; redis: StartedTestContainer };

const ROOT = path.resolve(__dirname, '..');
const STATE_DIR = path.join(ROOT, '.vitest');
const STATE_FILE = path.join(STATE_DIR, 'containers.json');
const PG_IMAGE = 'postgres:16-alpine';
const REDIS_IMAGE = 'redis:7-alpine';

let started: Started | null = null;

function log(msg: string): void {
  if (process.env.VITEST_SETUP_QUIET !== '1') console.log(`[global-setup] ${msg}`);
}

async function startPostgres(): Promise<StartedTestContainer> {
  return new GenericContainer(PG_IMAGE)
    .withEnvironment({ POSTGRES_USER: 'test', POSTGRES_PASSWORD: 'test', POSTGRES_DB: 'app_test' })
    .withExposedPorts({ container: 5432, host: 0 })
    .withTmpFs({ '/var/lib/postgresql/data': 'rw' })
    .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
    .withStartupTimeout(60_000)
    .start();
}

async function startRedis(): Promise<StartedTestContainer> {
  return new GenericContainer(REDIS_IMAGE)
    .withExposedPorts(6379)
    .withCommand(['redis-server', '--save', '', '--appendonly', 'no'])
    .withWaitStrategy(Wait.forLogMessage('Ready to accept connections'))
    .start();
}

function databaseUrl(pg: StartedTestContainer): string {
  return `postgres://test:test@127.0.0.1:${pg.getMappedPort(5432)}/app_test`;
}

function redisUrl(redis: StartedTestContainer): string {
  return `redis://127.0.0.1:${redis.getMappedPort(6379)}`;
}

function assertLocal(url: string): void {
  const host = new URL(url).hostname;
  if (host !== '127.0.0.1' && host !== 'localhost') {
    throw new Error(`test database must be local, got ${host}`);
  }
}

function migrate(url: string): void {
  assertLocal(url);
  const prisma = path.join(ROOT, 'node_modules', '.bin', 'prisma');
  if (!existsSync(prisma)) throw new Error('prisma CLI missing (npm i -D prisma)');
  execFileSync(prisma, ['migrate', 'deploy'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: url },
  });
}

function seed(url: string): void {
  assertLocal(url);
  const fixtures = path.join(ROOT, 'test', 'fixtures', 'seed.sql');
  if (!existsSync(fixtures)) {
    log('no test/fixtures/seed.sql; skipping seed');
    return;
  }
  const psql = started?.pg;
  if (!psql) return;
  // run psql inside the postgres container we started, feeding the SQL on stdin
  const sql = readFileSync(fixtures, 'utf8');
  return void psql
    .exec(['psql', '-U', 'test', '-d', 'app_test', '-v', 'ON_ERROR_STOP=1', '-c', sql])
    .then((r) => {
      if (r.exitCode !== 0) throw new Error(`seed failed: ${r.output}`);
    });
}

function writeState(urls: Record<string, string>): void {
  mkdirSync(STATE_DIR, { recursive: true });
  writeFileSync(STATE_FILE, JSON.stringify({ ...urls, pid: process.pid, at: new Date().toISOString() }, null, 2));
}

function dockerAvailable(): boolean {
  // give a clear message instead of Testcontainers' generic strategy error
  try {
    execFileSync('docker', ['info', '--format', '{{.ServerVersion}}'], { stdio: 'pipe', timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

function staleState(): void {
  // a previous run that crashed leaves the state file; report its containers
  if (!existsSync(STATE_FILE)) return;
  try {
    const prev = JSON.parse(readFileSync(STATE_FILE, 'utf8')) as { pid?: number; at?: string };
    let alive = false;
    if (prev.pid) {
      try {
        process.kill(prev.pid, 0);
        alive = true;
      } catch {
        alive = false;
      }
    }
    if (!alive) {
      log(`stale state from ${prev.at ?? 'an earlier run'}; leftover containers can be listed with:`);
      log(`  docker ps --filter ancestor=${PG_IMAGE} --filter ancestor=${REDIS_IMAGE}`);
      rmSync(STATE_FILE, { force: true });
    }
  } catch {
    rmSync(STATE_FILE, { force: true });
  }
}

export async function setup(): Promise<void> {
  staleState();
  if (!process.env.TEST_DATABASE_URL && !dockerAvailable()) {
    throw new Error('Docker is not available; start Docker or set TEST_DATABASE_URL to a local database');
  }
  if (process.env.TEST_DATABASE_URL) {
    // CI provides a service container; reuse it instead of starting our own
    assertLocal(process.env.TEST_DATABASE_URL);
    process.env.DATABASE_URL = process.env.TEST_DATABASE_URL;
    migrate(process.env.DATABASE_URL);
    return;
  }
  process.env.TESTCONTAINERS_RYUK_DISABLED = 'true';
  const t0 = Date.now();
  const [pg, redis] = await Promise.all([startPostgres(), startRedis()]);
  started = { pg, redis };
  const db = databaseUrl(pg);
  const cache = redisUrl(redis);
  process.env.DATABASE_URL = db;
  process.env.REDIS_URL = cache;
  log(`containers up in ${((Date.now() - t0) / 1000).toFixed(1)}s`);
  migrate(db);
  await seed(db);
  writeState({ DATABASE_URL: db, REDIS_URL: cache });
}

export async function teardown(): Promise<void> {
  if (!started) return;
  const { pg, redis } = started;
  started = null;
  await Promise.allSettled([pg.stop({ timeout: 5_000 }), redis.stop({ timeout: 5_000 })]);
  rmSync(STATE_FILE, { force: true });
  log('containers stopped');
}

// allow `npx tsx test/global-setup.ts up|down` for debugging outside vitest
if (require.main === module) {
  const cmd = process.argv[2];
  if (cmd === 'up') {
    setup()
      .then(() => {
        log(`DATABASE_URL=${process.env.DATABASE_URL}`);
        log('press Ctrl-C to stop');
        process.on('SIGINT', () => void teardown().then(() => process.exit(0)));
      })
      .catch((err: Error) => {
        console.error(err.message);
        process.exit(1);
      });
  } else {
    console.error('usage: npx tsx test/global-setup.ts up');
    process.exit(2);
  }
}
