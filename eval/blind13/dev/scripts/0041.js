#!/usr/bin/env node
// Post a deploy summary to Slack using the Web API (slack.com/api/chat.postMessage).
// The bot token comes from SLACK_BOT_TOKEN and is only sent to slack.com.
'use strict';

const { execFileSync } = require('node:child_process');
const { EventEmitter } = require('node:events');

const SLACK_API = 'https://slack.com/api';

class SlackClient extends EventEmitter {
  #token;

  constructor(token, { retries = 3 } = {}) {
    super();
    if (!token || !token.startsWith('xoxb-')) {
      throw new Error('SLACK_BOT_TOKEN missing or not a bot token');
    }
    this.#token = token;
    this.retries = retries;
  }

  async call(method, body) {
    for (let attempt = 1; attempt <= this.retries; attempt += 1) {
      const res = await fetch(`${SLACK_API}/${method}`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${this.#token}`,
          'Content-Type': 'application/json; charset=utf-8',
        },
        body: JSON.stringify(body),
      });
      if (res.status === 429) {
        const wait = Number(res.headers.get('retry-after') || 1) * 1000;
        this.emit('ratelimited', { method, wait, attempt });
        await new Promise((r) => setTimeout(r, wait));
        continue;
      }
      const json = await res.json();
      if (!json.ok) throw new Error(`${method} failed: ${json.error}`);
      this.emit('called', method);
      return json;
    }
    throw new Error(`${method}: rate limited ${this.retries} times`);
  }
}

function git(...args) {
  return execFileSync('git', args, { encoding: 'utf8' }).trim();
}

function collectChanges(fromRef, toRef) {
  const log = git('log', '--pretty=format:%h\t%an\t%s', `${fromRef}..${toRef}`);
  return log
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [sha, author, subject] = line.split('\t');
      return { sha, author, subject };
    });
}

function buildBlocks(service, env, changes) {
  const lines = changes.slice(0, 15).map((c) => `• \`${c.sha}\` ${c.subject} — _${c.author}_`);
  if (changes.length > 15) lines.push(`…and ${changes.length - 15} more`);
  return [
    { type: 'header', text: { type: 'plain_text', text: `${service} deployed to ${env}` } },
    { type: 'section', text: { type: 'mrkdwn', text: lines.join('\n') || '_no changes_' } },
  ];
}

async function main() {
  const [service = 'orbit-api', env = 'staging', fromRef = 'HEAD~10'] = process.argv.slice(2);
  const channel = process.env.SLACK_DEPLOY_CHANNEL || '#deploys';
  const client = new SlackClient(process.env.SLACK_BOT_TOKEN);
  client.on('ratelimited', ({ wait }) => console.warn(`rate limited, waiting ${wait}ms`));

  const changes = collectChanges(fromRef, 'HEAD');
  const blocks = buildBlocks(service, env, changes);
  const posted = await client.call('chat.postMessage', {
    channel,
    text: `${service} deployed to ${env}`,
    blocks,
  });
  console.log(`posted to ${channel} (ts ${posted.ts}) with ${changes.length} change(s)`);
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});
