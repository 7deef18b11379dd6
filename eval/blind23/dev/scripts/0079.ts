#!/usr/bin/env -S npx tsx
// cloud-session.ts - show the cloud session used by the deploy scripts.
import { execFileSync } from 'node:child_process';

function tryRun(cmd: string, args: string[]): string {
  try {
    return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '(unavailable)';
  }
}

const gcpAccount = tryRun('gcloud', ['config', 'get-value', 'account']);
const gcpToken = tryRun('gcloud', ['auth', 'print-access-token']);
const awsCreds = tryRun('aws', ['configure', 'export-credentials', '--profile', 'dev', '--format', 'env']);
const azToken = tryRun('az', ['account', 'get-access-token', '--query', 'accessToken', '-o', 'tsv']);

console.log('GCP account: ', gcpAccount);
console.log('GCP token:   ', gcpToken);
console.log('AWS session:\n' + awsCreds);
console.log('Azure token: ', azToken);
console.log('\nPaste these into the deploy job settings if the job cannot log in.');
