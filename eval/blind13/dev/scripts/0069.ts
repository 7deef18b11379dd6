#!/usr/bin/env -S npx tsx
// tidectl: commander-based CLI for the tidewater local dev environment.
// Subcommands shell out with fixed argv arrays (docker compose, psql, git) — no shell strings.
import { Command, Option } from "commander";
import { spawnSync, type SpawnSyncOptions } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";

const COMPOSE_FILE = "docker-compose.dev.yml";
const SERVICES = ["postgres", "redis", "mailpit"] as const;

function run(cmd: string, args: string[], opts: SpawnSyncOptions = {}): number {
  const res = spawnSync(cmd, args, { stdio: "inherit", ...opts });
  if (res.error) {
    console.error(`${cmd}: ${res.error.message}`);
    return 127;
  }
  return res.status ?? 1;
}

function compose(...args: string[]): number {
  return run("docker", ["compose", "-f", COMPOSE_FILE, ...args]);
}

function requireRoot(): void {
  if (!existsSync(COMPOSE_FILE)) {
    console.error(`${COMPOSE_FILE} not found; run tidectl from the repo root`);
    process.exit(1);
  }
}

const program = new Command()
  .name("tidectl")
  .description("tidewater local environment helper")
  .hook("preAction", requireRoot);

program
  .command("up")
  .description("start backing services")
  .addOption(new Option("-s, --service <name...>", "subset of services").choices([...SERVICES]))
  .action((opts: { service?: string[] }) => {
    process.exitCode = compose("up", "-d", "--wait", ...(opts.service ?? SERVICES));
  });

program
  .command("down")
  .description("stop services (volumes are kept unless --volumes)")
  .option("--volumes", "also remove the dev volumes of this compose project", false)
  .action((opts: { volumes: boolean }) => {
    process.exitCode = compose("down", ...(opts.volumes ? ["--volumes"] : []));
  });

program
  .command("psql")
  .description("open psql against the dev database")
  .argument("[db]", "database name", "tidewater_dev")
  .action((db: string) => {
    process.exitCode = compose("exec", "postgres", "psql", "-U", "postgres", "-d", db);
  });

program
  .command("logs")
  .argument("[service]", "service name", "postgres")
  .option("-n, --tail <lines>", "lines to show", "200")
  .action((service: string, opts: { tail: string }) => {
    process.exitCode = compose("logs", "--tail", opts.tail, service);
  });

program
  .command("clean")
  .description("remove local build output (./dist, ./coverage, ./.turbo)")
  .option("--dry-run", "only print what would be removed", false)
  .action((opts: { dryRun: boolean }) => {
    const root = process.cwd();
    for (const rel of ["dist", "coverage", ".turbo"]) {
      const target = path.join(root, rel);
      if (!target.startsWith(root + path.sep) || !existsSync(target)) continue;
      console.log(`${opts.dryRun ? "would remove" : "removing"} ${rel}`);
      if (!opts.dryRun) rmSync(target, { recursive: true, force: true });
    }
  });

program
  .command("status")
  .description("git branch, compose status")
  .action(() => {
    run("git", ["status", "--short", "--branch"]);
    compose("ps");
  });

program.parseAsync(process.argv).catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
