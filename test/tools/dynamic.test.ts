import { describe, expect, test } from 'vitest';
import { parseDynamicTool } from '../../src/tools/dynamic.js';
import { deepFreeze } from '../helpers/builders.js';

// SPEC §2.2
describe('parseDynamicTool', () => {
  test('keeps name and description verbatim and runs the input schema through the default pipeline', () => {
    const spec = deepFreeze({
      name: 'lookup_ticket',
      description: '  Look up a ticket.  ',
      inputSchema: { properties: { id: { description: 'Ticket id' } } },
    });
    expect(parseDynamicTool(spec)).toStrictEqual({
      name: 'lookup_ticket',
      description: '  Look up a ticket.  ',
      inputSchema: { type: 'object', properties: { id: {} } },
      deferLoading: false,
    });
  });

  test('keeps deferLoading and has no output schema', () => {
    const definition = parseDynamicTool({
      name: 't',
      description: '',
      inputSchema: { type: 'object' },
      deferLoading: true,
    });
    expect(definition.deferLoading).toBe(true);
    expect('outputSchema' in definition).toBe(false);
  });

  test('rethrows schema errors with their path under /inputSchema', () => {
    expect(() =>
      parseDynamicTool({
        name: 't',
        description: '',
        inputSchema: { type: 'object', properties: { a: { items: [] } } },
      }),
    ).toThrowError(expect.objectContaining({ code: 'invalid_schema', path: '/inputSchema/properties/a/items' }));
  });

  test('rejects an invalid name', () => {
    expect(() => parseDynamicTool({ name: 'no spaces allowed', description: '', inputSchema: {} })).toThrowError(
      expect.objectContaining({ code: 'invalid_identifier', path: '/name' }),
    );
  });
});
