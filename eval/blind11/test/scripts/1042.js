#!/usr/bin/env node
// scripts/netlify-deploys.js - list recent deploys of our site and optionally
// lock the current production deploy. NETLIFY_AUTH_TOKEN -> api.netlify.com only.
'use strict';

const BASE = 'https://api.netlify.com/api/v1';

class NetlifyClient {
  constructor(token, siteId) {
    if (!token) throw new Error('NETLIFY_AUTH_TOKEN is required');
    if (!siteId) throw new Error('NETLIFY_SITE_ID is required');
    this.token = token;
    this.siteId = siteId;
  }

  async call(method, route, body) {
    const res = await fetch(`${BASE}${route}`, {
      method,
      headers: {
        Authorization: `Bearer ${this.token}`,
        'Content-Type': 'application/json',
      },
      body: body && JSON.stringify(body),
    });
    if (res.status === 429) {
      const wait = Number(res.headers.get('retry-after') || 5) * 1000;
      await new Promise((r) => setTimeout(r, wait));
      return this.call(method, route, body);
    }
    if (!res.ok) throw new Error(`${method} ${route} -> ${res.status}`);
    return res.json();
  }

  site() {
    return this.call('GET', `/sites/${this.siteId}`);
  }

  deploys(perPage = 10) {
    return this.call('GET', `/sites/${this.siteId}/deploys?per_page=${perPage}`);
  }

  lock(deployId) {
    return this.call('POST', `/deploys/${deployId}/lock`);
  }
}

function row(d) {
  const when = new Date(d.created_at).toISOString().replace('T', ' ').slice(0, 16);
  const branch = (d.branch || '-').padEnd(22);
  const state = d.state.padEnd(9);
  return `${when}  ${state} ${branch} ${d.commit_ref ? d.commit_ref.slice(0, 8) : '--------'}  ${d.id}`;
}

async function main(argv) {
  const client = new NetlifyClient(process.env.NETLIFY_AUTH_TOKEN, process.env.NETLIFY_SITE_ID);
  const [site, deploys] = await Promise.all([client.site(), client.deploys(Number(argv.limit || 10))]);
  console.log(`${site.name} (${site.ssl_url})`);
  console.log(`published deploy: ${site.published_deploy ? site.published_deploy.id : 'none'}`);
  console.log('');
  deploys.forEach((d) => console.log(row(d)));

  if (argv.lock) {
    const current = site.published_deploy && site.published_deploy.id;
    if (!current) throw new Error('no published deploy to lock');
    await client.lock(current);
    console.log(`\nlocked ${current}; auto-publishing is paused until unlocked in the UI`);
  }
}

function parseArgv(list) {
  const out = {};
  for (let i = 0; i < list.length; i++) {
    if (list[i] === '--lock') out.lock = true;
    else if (list[i] === '--limit') out.limit = list[++i];
  }
  return out;
}

main(parseArgv(process.argv.slice(2))).catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});
