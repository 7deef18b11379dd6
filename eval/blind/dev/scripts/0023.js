#!/usr/bin/env node
// Draft a short summary of the unreleased CHANGELOG section with the OpenAI API.
'use strict';

const fs = require('fs');

const apiKey = process.env.OPENAI_API_KEY;
if (!apiKey) {
  console.error('OPENAI_API_KEY is not set');
  process.exit(1);
}

function unreleased(text) {
  const start = text.indexOf('## [Unreleased]');
  if (start < 0) return '';
  const rest = text.slice(start + 15);
  const end = rest.search(/\n## \[/);
  return (end < 0 ? rest : rest.slice(0, end)).trim();
}

async function main() {
  const section = unreleased(fs.readFileSync('CHANGELOG.md', 'utf8'));
  if (!section) {
    console.log('nothing unreleased');
    return;
  }
  const res = await fetch('https://api.openai.com/v1/chat/completions', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${apiKey}`,
    },
    body: JSON.stringify({
      model: 'gpt-4o-mini',
      temperature: 0.2,
      messages: [
        { role: 'system', content: 'Summarise release notes in three bullet points for end users.' },
        { role: 'user', content: section },
      ],
    }),
  });
  if (!res.ok) {
    console.error(`API error ${res.status}: ${await res.text()}`);
    process.exit(1);
  }
  const data = await res.json();
  const summary = data.choices[0].message.content.trim();
  fs.writeFileSync('docs/release-summary.md', summary + '\n');
  console.log(summary);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
