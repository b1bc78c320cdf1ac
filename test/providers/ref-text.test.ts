import { describe, expect, test } from 'vitest';
import { convertMcpTools } from '../../src/providers/convert-tools.js';
import type { McpToolLike } from '../../src/tools/mcp.js';
import { wireParametersSchema } from '../helpers/provider-arguments.js';

/** A tool whose one property is `#/$defs/<name>`, the definition being `definition`. */
function toolReferring(toolName: string, name: string, definition: Record<string, unknown>): McpToolLike {
  return {
    name: toolName,
    description: 'A tool with a ref.',
    inputSchema: {
      type: 'object',
      properties: { item: { $ref: `#/$defs/${name}` } },
      required: ['item'],
      $defs: { [name]: definition },
    },
  } as McpToolLike;
}

/** The type the model is told `item` has, through `$defs` or inlined. */
function itemType(parameters: Record<string, unknown>): unknown {
  const item = (parameters.properties as Record<string, Record<string, unknown>>).item as Record<string, unknown>;
  if (typeof item.$ref !== 'string') return item.type;
  const name = decodeURIComponent(item.$ref.slice('#/$defs/'.length)).replaceAll('~1', '/').replaceAll('~0', '~');
  return ((parameters.$defs as Record<string, Record<string, unknown>>)[name] as Record<string, unknown>).type;
}

const TARGETS = ['openai-responses', 'openai-chat', 'anthropic', 'gemini', 'gemini-json-schema', 'portable'] as const;

describe.each(TARGETS)('%s', (target) => {
  test.each([false, true])(
    'strict %s: the same ref text resolves in the schema it is written in, in one batch and across calls',
    (strict) => {
      const text = toolReferring('takes_text', 'Item', { type: 'string', minLength: 1 });
      const count = toolReferring('takes_count', 'Item', { type: 'integer', minimum: 0 });
      const batch = convertMcpTools([text, count], { target, strict });
      expect(batch.tools.map((tool) => itemType(wireParametersSchema(target, tool)))).toStrictEqual([
        'string',
        'integer',
      ]);
      // A later call, the other way round: nothing of the first call's schemas is kept.
      const [later] = convertMcpTools([count], { target, strict }).tools;
      expect(itemType(wireParametersSchema(target, later))).toBe('integer');
    },
  );

  test('a ref longer than any kept parsed resolves as a short one does', () => {
    const name = `Item_${'x'.repeat(400)}`;
    const [tool] = convertMcpTools([toolReferring('long_ref', name, { type: 'boolean' })], { target }).tools;
    expect(itemType(wireParametersSchema(target, tool))).toBe('boolean');
  });
});
