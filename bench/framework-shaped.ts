// The framework-shaped benchmark set (issue 25): tool schemas as zod, pydantic, Kubernetes,
// Stripe's expandable fields, long enums and Hasura filters write them
// (test/helpers/framework-shaped.ts), 100 of each. Deterministic: a fixed seed.
import type { McpToolLike } from '../src/index.js';
import { type FrameworkFamily, frameworkShapedEntries } from '../test/helpers/framework-shaped.js';

/** How many schemas of each family the set holds. */
const PER_FAMILY = 100;

/** The set's tools, each with its family, family after family. */
export function frameworkShapedToolEntries(): { family: FrameworkFamily; tool: McpToolLike }[] {
  return frameworkShapedEntries(PER_FAMILY).map(({ family, schema }, index) => ({
    family,
    tool: {
      name: `${family.replace('-', '_')}_tool_${index}`,
      description: `A ${family}-shaped tool: reads or updates the resource it names.`,
      inputSchema: schema as McpToolLike['inputSchema'],
    },
  }));
}

/** The set's input schemas. */
export function frameworkShapedSchemas(): unknown[] {
  return frameworkShapedEntries(PER_FAMILY).map((entry) => entry.schema);
}

/** The set's tools. */
export function frameworkShapedTools(): McpToolLike[] {
  return frameworkShapedToolEntries().map((entry) => entry.tool);
}
