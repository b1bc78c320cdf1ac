// A set of real servers' tools, for every target, strict and not: accepted by the provider's
// rules, and round-tripped (test/providers/corpus.test.ts and captured.test.ts).
import { describe, expect, test } from 'vitest';
import { checkProviderTools } from '../../src/providers/check-rules.js';
import { convertMcpTools } from '../../src/providers/convert-tools.js';
import type { ConvertedTarget } from '../../src/providers/targets/registry.js';
import type { McpToolLike } from '../../src/tools/mcp.js';
import { wireParametersBytes } from './provider-arguments.js';
import { roundTripRequests } from './round-trips.js';

const TARGETS: ConvertedTarget[] = [
  'openai-responses',
  'openai-chat',
  'anthropic',
  'gemini',
  'gemini-json-schema',
  'portable',
];
/** The most tools one OpenAI request takes: a server with more is sent in several requests. */
const REQUEST_SIZE = 128;

/** Each server's tools, in requests of at most 128 tools. */
export function requestsOf(tools: readonly { server: string; tool: McpToolLike }[]): McpToolLike[][] {
  const servers = new Map<string, McpToolLike[]>();
  for (const { server, tool } of tools) servers.set(server, [...(servers.get(server) ?? []), tool]);
  const batches: McpToolLike[][] = [];
  for (const list of servers.values())
    for (let i = 0; i < list.length; i += REQUEST_SIZE) batches.push(list.slice(i, i + REQUEST_SIZE));
  return batches;
}

/**
 * The tests of one set: `requests` are each server's tools in requests (see {@link requestsOf}).
 * - every tool converts on every target, strict and not, and breaks no documented rule;
 *   `outputBytes` is exact; OpenAI strict serves at least 97% strict;
 * - arguments valid for the provider's schema resolve to arguments valid for the tool.
 */
export function describeRealTools(set: string, requests: readonly McpToolLike[][]): void {
  const total = requests.reduce((sum, batch) => sum + batch.length, 0);
  describe.each(TARGETS)(`${set} set, target %s`, (target) => {
    test.each([false, true])('strict %s: every tool converts and breaks no documented rule', (strict) => {
      let converted = 0;
      let servedStrict = 0;
      let fallbacks = 0;
      const violations: unknown[] = [];
      const misMeasured: string[] = [];
      for (const batch of requests) {
        const result = convertMcpTools(batch, { target, strict });
        expect(result.summary.failed).toBe(0);
        // outputBytes is exact, whether or not the plain-text shortcut measured it.
        for (const entry of result.results)
          if (entry.ok && entry.outputBytes !== wireParametersBytes(entry.tool)) misMeasured.push(entry.name);
        converted += result.summary.converted;
        servedStrict += result.summary.strict;
        fallbacks += result.summary.strictFallbacks;
        violations.push(...checkProviderTools(target, result.tools));
      }
      expect(violations.slice(0, 5)).toStrictEqual([]);
      expect(misMeasured.slice(0, 5)).toStrictEqual([]);
      expect(converted).toBe(total);
      if (strict && target.startsWith('openai')) {
        // Issue 12: at least 97% of tools served strict, the rest falling back with a warning.
        expect(servedStrict / total).toBeGreaterThanOrEqual(0.97);
        expect(servedStrict + fallbacks).toBe(total);
      }
      if (strict && target === 'anthropic') {
        // Per request Anthropic allows 20 strict tools, 24 optional and 16 union parameters.
        expect(servedStrict).toBeGreaterThan(0);
        expect(servedStrict + fallbacks).toBe(total);
      }
      if (!strict) expect(servedStrict).toBe(0);
    });
  });

  describe.each(TARGETS)(`round trip on the ${set} set, target %s`, (target) => {
    test.each([false, true])(
      'strict %s: arguments valid for the provider schema resolve to arguments valid for the tool',
      (strict) => {
        const found = roundTripRequests(requests, target, strict);
        expect(found.misnamed).toStrictEqual([]);
        expect(found.unexplained.slice(0, 3)).toStrictEqual([]);
        // Most tools get a generated argument object the provider-side schema accepts.
        expect(found.checked / (found.checked + found.skipped)).toBeGreaterThan(0.95);
      },
    );
  });
}
