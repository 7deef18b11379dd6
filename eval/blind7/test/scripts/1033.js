#!/usr/bin/env node
// Scaffold a new Express route module with controller, validation schema and test.
'use strict';
const fs = require('fs');
const path = require('path');

const [, , resource] = process.argv;
if (!resource || !/^[a-z][a-z0-9-]*$/.test(resource)) {
  console.error('usage: new-route <kebab-case-resource>');
  process.exit(2);
}

const camel = resource.replace(/-(\w)/g, (_, c) => c.toUpperCase());
const ROUTES = path.resolve('src', 'routes');
const TESTS = path.resolve('test', 'routes');

function writeNew(file, content) {
  if (fs.existsSync(file)) {
    console.error(`exists, skipping: ${path.relative(process.cwd(), file)}`);
    return;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  console.log('created', path.relative(process.cwd(), file));
}

writeNew(path.join(ROUTES, `${resource}.js`), `const { Router } = require('express');
const { ${camel}Schema } = require('./${resource}.schema');

const router = Router();

router.get('/', async (req, res) => {
  res.json({ items: [] });
});

router.post('/', async (req, res) => {
  const parsed = ${camel}Schema.safeParse(req.body);
  if (!parsed.success) return res.status(400).json(parsed.error.flatten());
  res.status(201).json(parsed.data);
});

module.exports = router;
`);

writeNew(path.join(ROUTES, `${resource}.schema.js`), `const { z } = require('zod');

exports.${camel}Schema = z.object({
  name: z.string().min(1),
});
`);

writeNew(path.join(TESTS, `${resource}.test.js`), `const request = require('supertest');
const app = require('../../src/app');

test('GET /${resource} returns items', async () => {
  const res = await request(app).get('/${resource}');
  expect(res.status).toBe(200);
});
`);

console.log(`register it in src/app.js: app.use('/${resource}', require('./routes/${resource}'));`);
