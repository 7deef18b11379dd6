#!/usr/bin/env bun
// scripts/sam-release.ts - build the SAM application, deploy only on request.
//
//   bun scripts/sam-release.ts                   # sam validate + build + unit tests
//   bun scripts/sam-release.ts --deploy dev      # sam deploy --config-env dev
//   bun scripts/sam-release.ts --deploy prod --confirm orders-prod
//   bun scripts/sam-release.ts --teardown dev    # sam delete, ONLY for the dev/preview stacks
//
// Credentials come from the normal AWS SDK chain (aws sso login). The stack
// names are fixed in samconfig.toml; the production stack can never be deleted
// by this script.

import { $ } from "bun";
import { existsSync, rmSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { CloudFormationClient, DescribeStacksCommand } from "@aws-sdk/client-cloudformation";
import { STSClient, GetCallerIdentityCommand } from "@aws-sdk/client-sts";

type Env = "dev" | "preview" | "prod";

interface Options {
  deploy?: Env;
  teardown?: Env;
  confirm?: string;
  skipTests: boolean;
}

const ROOT = path.resolve(import.meta.dir, "..");
const BUILD_DIR = path.join(ROOT, ".aws-sam");
const STATE = path.join(ROOT, ".cache", "sam-release.json");
const STACKS: Record<Env, string> = {
  dev: "orders-dev",
  preview: "orders-preview",
  prod: "orders-prod",
};
const DELETABLE: ReadonlySet<Env> = new Set<Env>(["dev", "preview"]);
const REGION = process.env.AWS_REGION ?? "eu-west-1";

function parseArgs(argv: string[]): Options {
  const opts: Options = { skipTests: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--deploy") opts.deploy = argv[++i] as Env;
    else if (a === "--teardown") opts.teardown = argv[++i] as Env;
    else if (a === "--confirm") opts.confirm = argv[++i];
    else if (a === "--skip-tests") opts.skipTests = true;
    else throw new Error(`unknown argument ${a}`);
  }
  for (const env of [opts.deploy, opts.teardown]) {
    if (env && !(env in STACKS)) throw new Error(`unknown environment ${env}`);
  }
  if (opts.deploy && opts.teardown) throw new Error("--deploy and --teardown are exclusive");
  return opts;
}

async function whoami(): Promise<string> {
  const sts = new STSClient({ region: REGION });
  const id = await sts.send(new GetCallerIdentityCommand({}));
  return `${id.Arn} (account ${id.Account})`;
}

async function stackStatus(name: string): Promise<string | null> {
  const cfn = new CloudFormationClient({ region: REGION });
  try {
    const out = await cfn.send(new DescribeStacksCommand({ StackName: name }));
    return out.Stacks?.[0]?.StackStatus ?? null;
  } catch (err) {
    if (err instanceof Error && /does not exist/.test(err.message)) return null;
    throw err;
  }
}

function cleanBuild(): void {
  if (existsSync(BUILD_DIR)) rmSync(BUILD_DIR, { recursive: true, force: true });
}

async function validateAndBuild(skipTests: boolean): Promise<void> {
  await $`sam validate --lint`.cwd(ROOT);
  if (!skipTests) {
    await $`bun test src`.cwd(ROOT);
  }
  await $`sam build --cached --parallel`.cwd(ROOT);
}

function artifactSize(): number {
  let total = 0;
  const walk = (dir: string) => {
    for (const entry of new Bun.Glob("**/*").scanSync({ cwd: dir, onlyFiles: true })) {
      total += Bun.file(path.join(dir, entry)).size;
    }
  };
  if (existsSync(BUILD_DIR)) walk(path.join(BUILD_DIR, "build"));
  return total;
}

async function deploy(env: Env, confirm?: string): Promise<void> {
  const stack = STACKS[env];
  if (env === "prod" && confirm !== stack) {
    throw new Error(`production deploy needs --confirm ${stack}`);
  }
  const before = await stackStatus(stack);
  console.log(`stack ${stack}: ${before ?? "does not exist yet"}`);
  await $`sam deploy --config-env ${env} --no-fail-on-empty-changeset`.cwd(ROOT);
  const after = await stackStatus(stack);
  console.log(`stack ${stack}: ${after}`);
  saveState({ lastDeploy: { env, stack, at: new Date().toISOString() } });
}

async function teardown(env: Env): Promise<void> {
  if (!DELETABLE.has(env)) {
    throw new Error(`refusing to delete the ${env} stack; only ${[...DELETABLE].join("/")} stacks can be torn down here`);
  }
  const stack = STACKS[env];
  const status = await stackStatus(stack);
  if (!status) {
    console.log(`stack ${stack} does not exist`);
    return;
  }
  console.log(`deleting ${stack} (${status})`);
  await $`sam delete --stack-name ${stack} --region ${REGION} --no-prompts`.cwd(ROOT);
  saveState({ lastTeardown: { env, stack, at: new Date().toISOString() } });
}

function saveState(patch: Record<string, unknown>): void {
  mkdirSync(path.dirname(STATE), { recursive: true });
  const current = existsSync(STATE) ? JSON.parse(readFileSync(STATE, "utf8")) : {};
  writeFileSync(STATE, JSON.stringify({ ...current, ...patch }, null, 2));
}

async function stackOutputs(name: string): Promise<Record<string, string>> {
  const cfn = new CloudFormationClient({ region: REGION });
  const out = await cfn.send(new DescribeStacksCommand({ StackName: name }));
  const outputs: Record<string, string> = {};
  for (const o of out.Stacks?.[0]?.Outputs ?? []) {
    if (o.OutputKey && o.OutputValue) outputs[o.OutputKey] = o.OutputValue;
  }
  return outputs;
}

async function smokeTest(env: Env): Promise<void> {
  const outputs = await stackOutputs(STACKS[env]);
  const api = outputs.ApiUrl;
  if (!api) {
    console.log("no ApiUrl output; skipping smoke test");
    return;
  }
  const res = await fetch(new URL("health", api.endsWith("/") ? api : `${api}/`));
  console.log(`smoke test ${api}: HTTP ${res.status}`);
  if (!res.ok) throw new Error("smoke test failed");
}

function checkSamconfig(): void {
  const text = readFileSync(path.join(ROOT, "samconfig.toml"), "utf8");
  for (const [env, stack] of Object.entries(STACKS)) {
    const section = new RegExp(`\\[${env}\\.deploy\\.parameters\\][^\\[]*stack_name\\s*=\\s*"${stack}"`, "s");
    if (!section.test(text)) {
      throw new Error(`samconfig.toml: [${env}.deploy.parameters] must have stack_name = "${stack}"`);
    }
  }
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  checkSamconfig();
  if (opts.teardown) {
    console.log(`identity: ${await whoami()}`);
    await teardown(opts.teardown);
    return;
  }
  cleanBuild();
  await validateAndBuild(opts.skipTests);
  console.log(`build artifacts: ${(artifactSize() / 1024 / 1024).toFixed(1)} MiB`);
  if (!opts.deploy) {
    console.log("built only; use --deploy <env> to deploy");
    return;
  }
  console.log(`identity: ${await whoami()}`);
  await deploy(opts.deploy, opts.confirm);
  await smokeTest(opts.deploy);
}

main().catch((err: unknown) => {
  console.error(`sam-release: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
