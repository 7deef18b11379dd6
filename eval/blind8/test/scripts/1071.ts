#!/usr/bin/env -S npx tsx
// Generate TypeScript types from schema.graphql into src/gql/types.ts (no external codegen).
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { buildSchema, GraphQLObjectType, GraphQLInputObjectType, GraphQLEnumType, GraphQLType, isNonNullType, isListType } from 'graphql';

const SCALARS: Record<string, string> = { ID: 'string', String: 'string', Int: 'number', Float: 'number', Boolean: 'boolean', DateTime: 'string' };

function tsType(t: GraphQLType, nullable = true): string {
  if (isNonNullType(t)) return tsType(t.ofType, false);
  const inner = isListType(t) ? `Array<${tsType(t.ofType)}>` : SCALARS[(t as { name: string }).name] ?? (t as { name: string }).name;
  return nullable ? `${inner} | null` : inner;
}

function renderObject(t: GraphQLObjectType | GraphQLInputObjectType): string {
  const fields = Object.values(t.getFields()).map((f) => {
    const optional = !isNonNullType(f.type) ? '?' : '';
    return `  ${f.name}${optional}: ${tsType(f.type)};`;
  });
  return `export interface ${t.name} {\n${fields.join('\n')}\n}`;
}

function renderEnum(t: GraphQLEnumType): string {
  return `export type ${t.name} = ${t.getValues().map((v) => `'${v.name}'`).join(' | ')};`;
}

function main(): void {
  const schemaPath = process.argv[2] ?? 'schema.graphql';
  const schema = buildSchema(readFileSync(schemaPath, 'utf8'));
  const parts: string[] = [`// Generated from ${schemaPath} by tools/gen-gql-types.ts. Do not edit.`];
  for (const t of Object.values(schema.getTypeMap()).sort((a, b) => a.name.localeCompare(b.name))) {
    if (t.name.startsWith('__')) continue;
    if (t instanceof GraphQLEnumType) parts.push(renderEnum(t));
    else if (t instanceof GraphQLObjectType || t instanceof GraphQLInputObjectType) parts.push(renderObject(t));
  }
  mkdirSync('src/gql', { recursive: true });
  writeFileSync('src/gql/types.ts', parts.join('\n\n') + '\n');
  console.log(`wrote ${parts.length - 1} types to src/gql/types.ts`);
}

try {
  main();
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
