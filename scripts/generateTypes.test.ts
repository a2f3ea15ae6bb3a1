import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findSchemas, generatedPathOf, staleFiles } from './generateTypes';

describe('generated types check', () => {
  it('finds every schema and pairs it with a .gen.ts beside it', () => {
    const schemas = findSchemas();
    expect(schemas).toContain('schemas/plugin.schema.json');
    expect(schemas).toContain('schemas/contributions/device.schema.json');
    expect(generatedPathOf('schemas/plugin.schema.json')).toBe('schemas/plugin.schema.gen.ts');
  });

  it('accepts the committed files and flags a stale or missing one', async () => {
    const schema = 'schemas/contributions/module.schema.json';
    const current = readFileSync(generatedPathOf(schema), 'utf8');
    await expect(staleFiles([schema], () => current)).resolves.toEqual([]);
    await expect(staleFiles([schema], () => current.replace('child?: string;', 'child?: number;'))).resolves.toEqual([
      generatedPathOf(schema),
    ]);
    await expect(staleFiles([schema], () => undefined)).resolves.toEqual([generatedPathOf(schema)]);
  });
});
