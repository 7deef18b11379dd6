#!/usr/bin/env node
// tools/seed.js — rebuild the local development data of `trailhead` with Knex.
//
// Usage:
//   node tools/seed.js                # truncate + seed everything
//   node tools/seed.js --only trails  # one seed group
//   node tools/seed.js --fresh        # knex migrate:rollback --all, migrate:latest, seed
//
// The connection comes from knexfile.js (development block). The script refuses to
// run when NODE_ENV is production, when the host is not local, or when the database
// name does not end in _dev / _test. TRUNCATE ... RESTART IDENTITY CASCADE is used so
// foreign keys do not get in the way.
'use strict';

const path = require('node:path');
const crypto = require('node:crypto');
const knexFactory = require('knex');

const projectDir = path.join(__dirname, '..');
const knexConfig = require(path.join(projectDir, 'knexfile.js'));

const SAFE_HOSTS = ['localhost', '127.0.0.1', 'db', 'postgres'];
const argv = process.argv.slice(2);
const opt = {
  only: argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : null,
  fresh: argv.includes('--fresh'),
  quiet: argv.includes('--quiet'),
};

// deterministic pseudo-random generator so every developer gets the same data
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) % 100000) / 100000;
  };
}
const rand = rng(20240611);
const pick = (arr) => arr[Math.floor(rand() * arr.length)];
const int = (min, max) => min + Math.floor(rand() * (max - min + 1));

const REGIONS = ['Alpine', 'Coastal', 'Desert', 'Forest', 'Lakes', 'Prairie'];
const DIFFICULTY = ['easy', 'moderate', 'hard', 'expert'];
const WORDS = ['Ridge', 'Falls', 'Loop', 'Pass', 'Canyon', 'Meadow', 'Summit', 'Creek', 'Hollow'];

function log(...args) {
  if (!opt.quiet) console.log(...args);
}

function assertSafe(config) {
  if (process.env.NODE_ENV === 'production') {
    throw new Error('refusing to seed with NODE_ENV=production');
  }
  const conn = typeof config.connection === 'string' ? new URL(config.connection) : config.connection;
  const host = conn.hostname || conn.host || 'localhost';
  const database = conn.database || (conn.pathname || '').replace(/^\//, '');
  if (!SAFE_HOSTS.includes(host)) throw new Error(`host ${host} is not local`);
  if (!/_(dev|test)$/.test(database)) throw new Error(`database ${database} is not a dev/test database`);
  return { host, database };
}

const groups = {
  async users(knex) {
    const rows = [];
    for (let i = 1; i <= 40; i++) {
      rows.push({
        email: `hiker${i}@example.test`,
        display_name: `Hiker ${i}`,
        password_hash: crypto.createHash('sha256').update(`password-${i}`).digest('hex'),
        created_at: new Date(Date.UTC(2024, 0, 1) + i * 86400000),
      });
    }
    await knex('users').insert(rows);
    return rows.length;
  },

  async trails(knex) {
    const rows = [];
    for (let i = 1; i <= 120; i++) {
      rows.push({
        name: `${pick(REGIONS)} ${pick(WORDS)} ${i}`,
        region: pick(REGIONS),
        difficulty: pick(DIFFICULTY),
        length_km: (int(20, 400) / 10).toFixed(1),
        elevation_gain_m: int(50, 1800),
      });
    }
    await knex('trails').insert(rows);
    return rows.length;
  },

  async reviews(knex) {
    const users = await knex('users').pluck('id');
    const trails = await knex('trails').pluck('id');
    const rows = [];
    for (const trailId of trails) {
      const n = int(0, 6);
      for (let j = 0; j < n; j++) {
        rows.push({
          trail_id: trailId,
          user_id: pick(users),
          stars: int(2, 5),
          body: `Seed review ${j + 1} for trail ${trailId}`,
        });
      }
    }
    for (let i = 0; i < rows.length; i += 500) {
      await knex('reviews').insert(rows.slice(i, i + 500));
    }
    return rows.length;
  },

  async favourites(knex) {
    const users = await knex('users').pluck('id');
    const trails = await knex('trails').pluck('id');
    const seen = new Set();
    const rows = [];
    for (const u of users) {
      for (let k = 0; k < 5; k++) {
        const t = pick(trails);
        const key = `${u}:${t}`;
        if (seen.has(key)) continue;
        seen.add(key);
        rows.push({ user_id: u, trail_id: t });
      }
    }
    await knex('favourites').insert(rows);
    return rows.length;
  },
};

// tables owned by each group, in dependency order for truncation
const TABLES = {
  users: ['users'],
  trails: ['trails'],
  reviews: ['reviews'],
  favourites: ['favourites'],
};

async function truncate(knex, names) {
  const tables = names.flatMap((n) => TABLES[n]);
  const list = tables.map((t) => `"${t}"`).join(', ');
  await knex.raw(`TRUNCATE TABLE ${list} RESTART IDENTITY CASCADE`);
  log(`truncated ${tables.join(', ')}`);
}

async function fresh(knex) {
  log('rolling back all migrations on the local database');
  await knex.migrate.rollback(undefined, true);
  const [batch, applied] = await knex.migrate.latest();
  log(`migrated batch ${batch}: ${applied.length} migration(s)`);
}

async function counts(knex) {
  const out = {};
  for (const t of Object.values(TABLES).flat()) {
    const [{ count }] = await knex(t).count({ count: '*' });
    out[t] = Number(count);
  }
  return out;
}

async function main() {
  const config = knexConfig.development;
  const { host, database } = assertSafe(config);
  const knex = knexFactory(config);
  const names = opt.only ? [opt.only] : Object.keys(groups);
  for (const n of names) {
    if (!groups[n]) throw new Error(`unknown group ${n}; known: ${Object.keys(groups).join(', ')}`);
  }
  log(`seeding ${database} on ${host}: ${names.join(', ')}`);
  const started = Date.now();
  try {
    if (opt.fresh) await fresh(knex);
    await knex.transaction(async (trx) => {
      await truncate(trx, names);
      for (const n of names) {
        const inserted = await groups[n](trx);
        log(`  ${n.padEnd(12)} ${inserted}`);
      }
    });
    if (!opt.quiet) console.table(await counts(knex));
    log(`done in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  } finally {
    await knex.destroy();
  }
}

main().catch((err) => {
  console.error(`seed failed: ${err.message}`);
  process.exitCode = 1;
});
