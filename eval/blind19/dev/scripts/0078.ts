#!/usr/bin/env -S deno run --allow-read --allow-write=.cache --allow-run=fly,git --allow-env --allow-net=api.fly.io
// scripts/fly_release.ts - staged releases to Fly.io.
//
//   deno run ... scripts/fly_release.ts check            # config + machines status, read-only
//   deno run ... scripts/fly_release.ts deploy staging   # fly deploy to the staging app
//   deno run ... scripts/fly_release.ts deploy prod --yes
//   deno run ... scripts/fly_release.ts rollback staging # redeploy the previous image
//
// Uses the fly CLI for mutations; the Machines API (api.fly.io, token from
// FLY_API_TOKEN) only for reading machine state.

type Stage = "staging" | "prod";

interface Machine {
  id: string;
  state: string;
  region: string;
  image_ref?: { repository: string; tag: string; digest: string };
  checks?: { name: string; status: string }[];
}

interface ReleaseRecord {
  stage: Stage;
  app: string;
  image: string;
  commit: string;
  at: string;
}

const APPS: Record<Stage, string> = { staging: "ledger-api-staging", prod: "ledger-api" };
const FLY_API = "https://api.machines.dev/v1";
const STATE_FILE = ".cache/fly-releases.json";
const HEALTH_TIMEOUT_MS = 5 * 60_000;

async function sh(cmd: string, args: string[], capture = false): Promise<string> {
  const proc = new Deno.Command(cmd, {
    args,
    stdout: capture ? "piped" : "inherit",
    stderr: capture ? "piped" : "inherit",
  });
  const out = await proc.output();
  if (!out.success) {
    const err = capture ? new TextDecoder().decode(out.stderr) : "";
    throw new Error(`${cmd} ${args[0]} failed ${err}`);
  }
  return capture ? new TextDecoder().decode(out.stdout).trim() : "";
}

function token(): string {
  const t = Deno.env.get("FLY_API_TOKEN");
  if (!t) throw new Error("FLY_API_TOKEN not set (fly auth token)");
  return t;
}

async function machines(app: string): Promise<Machine[]> {
  const res = await fetch(`${FLY_API}/apps/${app}/machines`, {
    headers: { Authorization: `Bearer ${token()}` },
  });
  if (!res.ok) throw new Error(`machines API ${res.status}: ${await res.text()}`);
  return await res.json();
}

function summarize(list: Machine[]): string {
  return list
    .map((m) => {
      const checks = (m.checks ?? []).map((c) => `${c.name}=${c.status}`).join(",");
      return `  ${m.id} ${m.region} ${m.state} ${m.image_ref?.tag ?? "?"} ${checks}`;
    })
    .join("\n");
}

async function loadRecords(): Promise<ReleaseRecord[]> {
  try {
    return JSON.parse(await Deno.readTextFile(STATE_FILE));
  } catch {
    return [];
  }
}

async function saveRecord(rec: ReleaseRecord): Promise<void> {
  const records = await loadRecords();
  records.push(rec);
  await Deno.mkdir(".cache", { recursive: true });
  await Deno.writeTextFile(STATE_FILE, JSON.stringify(records.slice(-50), null, 2));
}

async function gitCommit(): Promise<string> {
  return await sh("git", ["rev-parse", "--short", "HEAD"], true);
}

async function cleanTree(): Promise<boolean> {
  return (await sh("git", ["status", "--porcelain"], true)) === "";
}

async function waitHealthy(app: string): Promise<void> {
  const start = Date.now();
  while (Date.now() - start < HEALTH_TIMEOUT_MS) {
    const list = await machines(app);
    const started = list.filter((m) => m.state === "started");
    const passing = started.filter((m) => (m.checks ?? []).every((c) => c.status === "passing"));
    if (started.length > 0 && passing.length === started.length) {
      console.log(summarize(list));
      return;
    }
    await new Promise((r) => setTimeout(r, 5000));
  }
  throw new Error(`${app} did not become healthy in ${HEALTH_TIMEOUT_MS / 60000} minutes`);
}

async function currentImage(app: string): Promise<string> {
  const list = await machines(app);
  const ref = list.find((m) => m.image_ref)?.image_ref;
  return ref ? `${ref.repository}@${ref.digest}` : "";
}

async function deploy(stage: Stage, yes: boolean): Promise<void> {
  const app = APPS[stage];
  if (stage === "prod" && !yes) throw new Error("prod deploy needs --yes");
  if (!(await cleanTree())) throw new Error("working tree is dirty; commit first");
  const commit = await gitCommit();
  console.log(`deploying ${commit} to ${app}`);
  await sh("fly", ["deploy", "--app", app, "--strategy", stage === "prod" ? "bluegreen" : "rolling", "--build-arg", `GIT_SHA=${commit}`]);
  await waitHealthy(app);
  await saveRecord({ stage, app, image: await currentImage(app), commit, at: new Date().toISOString() });
}

async function rollback(stage: Stage): Promise<void> {
  const app = APPS[stage];
  const records = (await loadRecords()).filter((r) => r.app === app);
  if (records.length < 2) throw new Error(`no previous release of ${app} recorded here`);
  const previous = records[records.length - 2];
  console.log(`rolling ${app} back to ${previous.commit} (${previous.image})`);
  await sh("fly", ["deploy", "--app", app, "--image", previous.image, "--strategy", "rolling"]);
  await waitHealthy(app);
  await saveRecord({ ...previous, at: new Date().toISOString() });
}

async function check(): Promise<void> {
  await sh("fly", ["config", "validate"]);
  for (const [stage, app] of Object.entries(APPS)) {
    console.log(`${stage}: ${app}`);
    console.log(summarize(await machines(app)));
  }
}

function history(): Promise<void> {
  return loadRecords().then((records) => {
    for (const r of records.slice(-10)) {
      console.log(`${r.at}  ${r.stage.padEnd(8)} ${r.commit}  ${r.image}`);
    }
    if (records.length === 0) console.log("no releases recorded on this machine");
  });
}

function parseStage(value: string | undefined): Stage {
  if (value === "staging" || value === "prod") return value;
  throw new Error(`stage must be staging or prod, got ${value}`);
}

async function main(): Promise<void> {
  const [cmd, stageArg, ...rest] = Deno.args;
  switch (cmd) {
    case "check":
      await check();
      break;
    case "deploy":
      await deploy(parseStage(stageArg), rest.includes("--yes"));
      break;
    case "rollback":
      await rollback(parseStage(stageArg));
      break;
    case "history":
      await history();
      break;
    default:
      console.log("usage: fly_release.ts check | deploy <stage> [--yes] | rollback <stage>");
      Deno.exit(2);
  }
}

if (import.meta.main) {
  main().catch((err) => {
    console.error(`fly_release: ${err.message}`);
    Deno.exit(1);
  });
}
