#!/usr/bin/env node
// Scaffold a new React component with a test and a story.
'use strict';
const fs = require('fs');
const path = require('path');

const name = process.argv[2];
if (!name || !/^[A-Z][A-Za-z0-9]+$/.test(name)) {
  console.error('usage: new-component <PascalCaseName>');
  process.exit(2);
}

const base = path.resolve('src', 'components');
const dir = path.resolve(base, name);
if (!dir.startsWith(base + path.sep)) {
  console.error('refusing to write outside src/components');
  process.exit(1);
}
if (fs.existsSync(dir)) {
  console.error(`${dir} already exists`);
  process.exit(1);
}

const files = {
  [`${name}.tsx`]: `import React from 'react';

export interface ${name}Props {
  children?: React.ReactNode;
}

export function ${name}({ children }: ${name}Props) {
  return <div className="${name.toLowerCase()}">{children}</div>;
}
`,
  [`${name}.test.tsx`]: `import { render, screen } from '@testing-library/react';
import { ${name} } from './${name}';

test('renders children', () => {
  render(<${name}>hello</${name}>);
  expect(screen.getByText('hello')).toBeInTheDocument();
});
`,
  [`${name}.stories.tsx`]: `import { ${name} } from './${name}';

export default { title: 'Components/${name}', component: ${name} };
export const Default = () => <${name}>Example</${name}>;
`,
  'index.ts': `export * from './${name}';\n`,
};

fs.mkdirSync(dir, { recursive: true });
for (const [file, content] of Object.entries(files)) {
  fs.writeFileSync(path.join(dir, file), content);
  console.log('created', path.relative(process.cwd(), path.join(dir, file)));
}
