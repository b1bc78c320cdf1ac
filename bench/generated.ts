// The generated benchmark set (issue 25): tool schemas in the shapes OpenAPI-generated MCP servers
// ship (Graph, Notion, Stripe, Salesforce; deep `$defs` chains with long enums; Graph's `allOf`
// inheritance, since session 38), which the corpus under-represents. Deterministic: a fixed seed,
// so every run times the same inputs.
import fc from 'fast-check';
import type { McpToolLike } from '../src/index.js';
import { openApiToolSchema } from '../test/helpers/openapi-arbitrary.js';
import { openApiInheritanceToolSchema } from '../test/helpers/openapi-inheritance.js';
import { openApiServerToolSchema } from '../test/helpers/openapi-servers.js';

/** How many schemas of each generator the set holds. */
const PER_GENERATOR = 500;

/** Schemas of `allOf` inheritance: added in session 38, half a generator's share. */
const INHERITANCE = 250;

/** The generated input schemas: 500 server-shaped, 500 deep chains, then 250 of `allOf` inheritance. */
export function generatedSchemas(): unknown[] {
  return [
    ...fc.sample(openApiServerToolSchema, { numRuns: PER_GENERATOR, seed: 2025 }),
    ...fc.sample(openApiToolSchema, { numRuns: PER_GENERATOR, seed: 2026 }),
    ...fc.sample(openApiInheritanceToolSchema, { numRuns: INHERITANCE, seed: 2027 }),
  ];
}

/** The same schemas as MCP tools, each with a name and a description as servers write them. */
export function generatedTools(): McpToolLike[] {
  return generatedSchemas().map((inputSchema, index) => ({
    name: `generated_operation_${index}`,
    description: `Generated operation ${index}: creates or updates the resource. Returns the updated resource.`,
    inputSchema: inputSchema as McpToolLike['inputSchema'],
  }));
}
