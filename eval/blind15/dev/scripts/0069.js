#!/usr/bin/env node
// scripts/rotate-sandbox-key.js - rotate the API signing key for a sandbox
// environment stored in AWS Secrets Manager, and refresh the project's local
// .env.local so `npm run dev` keeps working.
//
//   AWS_PROFILE=sandbox node scripts/rotate-sandbox-key.js --env sandbox-eu
//   node scripts/rotate-sandbox-key.js --env sandbox-eu --dry-run
//
// Uses the documented AWS SDK v3 client. Only secrets under the
// "sandbox/" prefix can be rotated; values are never printed, only a short
// fingerprint of the new key.
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const {
  SecretsManagerClient,
  DescribeSecretCommand,
  GetSecretValueCommand,
  PutSecretValueCommand,
  UpdateSecretVersionStageCommand,
} = require('@aws-sdk/client-secrets-manager');

const ROOT = path.resolve(__dirname, '..');
const ENV_LOCAL = path.join(ROOT, '.env.local');
const ENV_NAME = /^sandbox-[a-z]{2}(-\d)?$/;

function parseArgs(argv) {
  const opts = { env: null, dryRun: false, region: process.env.AWS_REGION || 'eu-west-1', writeLocal: true };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--env') opts.env = argv[++i];
    else if (a === '--dry-run') opts.dryRun = true;
    else if (a === '--region') opts.region = argv[++i];
    else if (a === '--no-local') opts.writeLocal = false;
    else throw new Error(`unknown argument ${a}`);
  }
  if (!opts.env || !ENV_NAME.test(opts.env)) throw new Error('--env must look like sandbox-eu');
  return opts;
}

function fingerprint(value) {
  return crypto.createHash('sha256').update(value).digest('hex').slice(0, 12);
}

function newSigningKey() {
  return crypto.randomBytes(48).toString('base64url');
}

async function currentSecret(client, secretId) {
  const desc = await client.send(new DescribeSecretCommand({ SecretId: secretId }));
  const value = await client.send(new GetSecretValueCommand({ SecretId: secretId, VersionStage: 'AWSCURRENT' }));
  const data = JSON.parse(value.SecretString || '{}');
  const currentVersion = Object.entries(desc.VersionIdsToStages || {})
    .find(([, stages]) => stages.includes('AWSCURRENT'))?.[0];
  return { data, currentVersion, name: desc.Name };
}

async function putPending(client, secretId, data) {
  const token = crypto.randomUUID();
  const res = await client.send(new PutSecretValueCommand({
    SecretId: secretId,
    ClientRequestToken: token,
    SecretString: JSON.stringify(data),
    VersionStages: ['AWSPENDING'],
  }));
  return res.VersionId;
}

async function promote(client, secretId, newVersion, oldVersion) {
  await client.send(new UpdateSecretVersionStageCommand({
    SecretId: secretId,
    VersionStage: 'AWSCURRENT',
    MoveToVersionId: newVersion,
    RemoveFromVersionId: oldVersion,
  }));
}

function updateEnvLocal(key, value) {
  const lines = fs.existsSync(ENV_LOCAL) ? fs.readFileSync(ENV_LOCAL, 'utf8').split('\n') : [];
  let found = false;
  const out = lines.map((l) => {
    if (l.startsWith(`${key}=`)) {
      found = true;
      return `${key}=${value}`;
    }
    return l;
  });
  if (!found) out.push(`${key}=${value}`);
  fs.writeFileSync(ENV_LOCAL, out.filter((l, i) => l || i < out.length - 1).join('\n') + '\n', { mode: 0o600 });
}

function checkGitIgnored(file) {
  // refuse to write a key into a file git would pick up
  const gitignore = path.join(ROOT, '.gitignore');
  if (!fs.existsSync(gitignore)) return false;
  const rel = path.relative(ROOT, file);
  return fs
    .readFileSync(gitignore, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .some((l) => l === rel || l === `/${rel}` || l === '.env*' || l === '.env.local');
}

async function previousVersions(client, secretId) {
  const desc = await client.send(new DescribeSecretCommand({ SecretId: secretId }));
  return Object.entries(desc.VersionIdsToStages || {}).map(([id, stages]) => `${id.slice(0, 8)} ${stages.join(',')}`);
}

async function verify(client, secretId, expectedFp) {
  const value = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
  const data = JSON.parse(value.SecretString || '{}');
  return fingerprint(data.signingKey || '') === expectedFp;
}

async function main() {
  const cliArgs = process.argv.slice(2);
  const opts = parseArgs(cliArgs);
  const secretId = `sandbox/${opts.env}/api-signing`;
  const client = new SecretsManagerClient({ region: opts.region });

  const { data, currentVersion, name } = await currentSecret(client, secretId);
  console.log(`secret ${name}: current version ${currentVersion}, key fp ${fingerprint(data.signingKey || '')}`);

  const next = newSigningKey();
  const fp = fingerprint(next);
  console.log(`new key fingerprint ${fp}`);
  if (opts.dryRun) {
    console.log('dry run: nothing written');
    return;
  }

  const rotated = { ...data, previousSigningKey: data.signingKey, signingKey: next, rotatedAt: new Date().toISOString() };
  const pendingVersion = await putPending(client, secretId, rotated);
  await promote(client, secretId, pendingVersion, currentVersion);
  if (!(await verify(client, secretId, fp))) {
    throw new Error('verification failed: AWSCURRENT does not hold the new key');
  }
  console.log(`promoted version ${pendingVersion} to AWSCURRENT`);

  console.log(`versions now: ${(await previousVersions(client, secretId)).join(' | ')}`);

  if (opts.writeLocal && !checkGitIgnored(ENV_LOCAL)) {
    console.warn('.env.local is not git-ignored; not writing the key there');
  } else if (opts.writeLocal) {
    updateEnvLocal('API_SIGNING_KEY', next);
    console.log('updated .env.local (git-ignored) for local dev');
  }
  console.log('remember: services pick up the key on their next restart');
}

main().catch((e) => {
  console.error(e.name === 'ResourceNotFoundException' ? 'secret not found for that env' : e.message);
  process.exit(1);
});
