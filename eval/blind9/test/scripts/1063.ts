#!/usr/bin/env -S npx tsx
// `migrate` CLI for the Kysely-based schema migrations in src/db/migrations.
//
//   tsx tools/migrate.ts new add-orders-status
//   tsx tools/migrate.ts up           # against DATABASE_URL (defaults to local sqlite)
//   tsx tools/migrate.ts down --steps 1
import { Command, InvalidArgumentError } from 'commander';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { FileMigrationProvider, Kysely, Migrator, SqliteDialect, type MigrationResultSet } from 'kysely';
import SQLite from 'better-sqlite3';

const MIGRATIONS_DIR = path.resolve('src/db/migrations');
const DEFAULT_DB = path.resolve('var/dev.sqlite');

const TEMPLATE = (name: string) => `import type { Kysely } from 'kysely';

// ${name}
export async function up(db: Kysely<unknown>): Promise<void> {
  // await db.schema.alterTable('orders').addColumn('status', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // await db.schema.alterTable('orders').dropColumn('status').execute();
}
`;

function database(): Kysely<unknown> {
  const url = process.env.DATABASE_URL ?? `sqlite:${DEFAULT_DB}`;
  if (!url.startsWith('sqlite:')) {
    throw new Error('this helper only runs against local sqlite databases');
  }
  return new Kysely({ dialect: new SqliteDialect({ database: new SQLite(url.slice('sqlite:'.length)) }) });
}

function migrator(db: Kysely<unknown>): Migrator {
  return new Migrator({
    db,
    provider: new FileMigrationProvider({ fs, path, migrationFolder: MIGRATIONS_DIR }),
  });
}

function report({ error, results }: MigrationResultSet): void {
  for (const r of results ?? []) {
    const mark = r.status === 'Success' ? '✓' : r.status === 'Error' ? '✗' : '·';
    console.log(`${mark} ${r.direction.toLowerCase().padEnd(4)} ${r.migrationName}`);
  }
  if (error) {
    console.error('migration failed:', error);
    process.exitCode = 1;
  } else if (!results?.length) {
    console.log('nothing to do');
  }
}

const positiveInt = (v: string): number => {
  const n = Number.parseInt(v, 10);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('must be a positive integer');
  return n;
};

const program = new Command().name('migrate').description('schema migrations for the local database');

program
  .command('new')
  .argument('<name>', 'kebab-case description')
  .action(async (name: string) => {
    if (!/^[a-z0-9-]+$/.test(name)) throw new InvalidArgumentError('use kebab-case');
    const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
    const file = path.join(MIGRATIONS_DIR, `${stamp}_${name}.ts`);
    await fs.mkdir(MIGRATIONS_DIR, { recursive: true });
    await fs.writeFile(file, TEMPLATE(name), { flag: 'wx' });
    console.log(`created ${path.relative(process.cwd(), file)}`);
  });

program.command('up').action(async () => {
  const db = database();
  try {
    report(await migrator(db).migrateToLatest());
  } finally {
    await db.destroy();
  }
});

program
  .command('down')
  .option('--steps <n>', 'how many migrations to revert', positiveInt, 1)
  .action(async ({ steps }: { steps: number }) => {
    const db = database();
    try {
      for (let i = 0; i < steps; i++) report(await migrator(db).migrateDown());
    } finally {
      await db.destroy();
    }
  });

program.command('status').action(async () => {
  const db = database();
  try {
    for (const m of await migrator(db).getMigrations()) {
      console.log(`${m.executedAt ? m.executedAt.toISOString() : 'pending'.padEnd(24)}  ${m.name}`);
    }
  } finally {
    await db.destroy();
  }
});

await program.parseAsync(process.argv);
