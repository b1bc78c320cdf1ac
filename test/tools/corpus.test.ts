import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { convertMcpTools } from '../../src/providers/convert-tools.js';
import { readConformanceCases } from '../helpers/conformance.js';
import { readCorpusTools } from '../helpers/corpus.js';
import { jsonEqual } from '../helpers/json-equal.js';

const tools = readCorpusTools();
const expectations = new Map(
  readConformanceCases(fileURLToPath(new URL('../fixtures/conformance/corpus-mcp.jsonl', import.meta.url))).map((c) => [
    c.id,
    c,
  ]),
);

/**
 * The expectations are the reference's plain parse of each input schema. An MCP tool first gets
 * `properties: {}` at a root that lacks it (SPEC §2.3 step 1); where the plain result kept no root
 * `properties` (a root `$ref` or composition stops inference), the MCP result has that `{}` more.
 */
function withInsertedProperties(input: unknown, expected: unknown): unknown {
  const root = input as Record<string, unknown> | null;
  const lacked =
    typeof root === 'object' && root !== null && !Array.isArray(root) && (root.properties ?? null) === null;
  const plain = expected as Record<string, unknown>;
  return lacked && !('properties' in plain) ? { ...plain, properties: {} } : expected;
}

describe('every tool of the MCP corpus', () => {
  const { results, summary } = convertMcpTools(tools);

  test('converts: 57 servers, 1,941 tools', () => {
    expect(new Set(tools.map((tool) => tool.server)).size).toBe(57);
    expect(summary.total).toBe(1_941);
    expect(summary.converted + summary.failed).toBe(summary.total);
  });

  test("has parameters equal to the reference's default output for its input schema", () => {
    const mismatched: string[] = [];
    results.forEach((result, index) => {
      const tool = tools[index]!;
      const expected = expectations.get(`mcp/${tool.server}/${tool.name}.json`)?.default;
      if (expected === undefined) throw new Error(`no expectation for ${tool.server}/${tool.name}`);
      const expectedError = typeof expected === 'object' && expected !== null && 'error' in expected;
      if (result.ok === expectedError) mismatched.push(`${tool.server}/${tool.name}: ok=${result.ok}`);
      else if (
        result.ok &&
        !jsonEqual(
          JSON.parse(JSON.stringify(result.tool.parameters)),
          withInsertedProperties(tool.inputSchema, expected),
        )
      ) {
        mismatched.push(`${tool.server}/${tool.name}: parameters differ`);
      }
    });
    expect(mismatched).toStrictEqual([]);
  });

  test('differs from the plain pipeline only where the root lacked properties (two OpenAPI-generated tools)', () => {
    const adjusted = tools
      .filter((tool) => {
        const expected = expectations.get(`mcp/${tool.server}/${tool.name}.json`)?.default;
        return withInsertedProperties(tool.inputSchema, expected) !== expected;
      })
      .map((tool) => `${tool.server}/${tool.name}`);
    expect(adjusted).toStrictEqual(['openapi-mcp-server/issues-add-labels', 'openapi-mcp-server/issues-set-labels']);
  });

  test('sends every converted tool as a non-strict function without an output schema', () => {
    for (const result of results) {
      if (!result.ok) continue;
      expect(Object.keys(result.tool)).toStrictEqual(['type', 'name', 'description', 'strict', 'parameters']);
      expect(result.tool.strict).toBe(false);
    }
  });
});
