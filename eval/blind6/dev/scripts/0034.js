#!/usr/bin/env node
// Post the result of the nightly build to Slack via an incoming webhook.
'use strict';

const https = require('https');
const { execFileSync } = require('child_process');

const WEBHOOK = process.env.SLACK_WEBHOOK_URL;
const STATUS = process.argv[2] || 'unknown';
const EMOJI = { success: ':white_check_mark:', failure: ':x:', cancelled: ':warning:' };

function git(args) {
  return execFileSync('git', args, { encoding: 'utf8' }).trim();
}

function message() {
  const sha = git(['rev-parse', '--short', 'HEAD']);
  const subject = git(['log', '-1', '--pretty=%s']);
  const author = git(['log', '-1', '--pretty=%an']);
  const runUrl = process.env.GITHUB_SERVER_URL
    ? `${process.env.GITHUB_SERVER_URL}/${process.env.GITHUB_REPOSITORY}/actions/runs/${process.env.GITHUB_RUN_ID}`
    : null;
  const lines = [
    `${EMOJI[STATUS] || ':grey_question:'} nightly build *${STATUS}*`,
    `\`${sha}\` ${subject} (${author})`,
  ];
  if (runUrl) lines.push(`<${runUrl}|open run>`);
  return { text: lines.join('\n') };
}

function post(url, body) {
  const u = new URL(url);
  if (u.hostname !== 'hooks.slack.com') {
    throw new Error(`unexpected webhook host ${u.hostname}`);
  }
  return new Promise((resolve, reject) => {
    const req = https.request(u, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`slack ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

async function main() {
  if (!WEBHOOK) {
    console.log('SLACK_WEBHOOK_URL not set; skipping notification');
    return;
  }
  await post(WEBHOOK, message());
  console.log('notified slack');
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
