// The documented limits over a whole request, checked before it is sent: counts, names, descriptions, strict budgets.
import { expectArrayArgument, showOptionValue, ToolSchemaError } from '../errors.js';
import { checkJsonInput } from '../schema/copy.js';
import type { JsonObject } from '../schema/json.js';
import { isJsonObject } from '../schema/json.js';
import {
  ANTHROPIC_MAX_OPTIONAL_PARAMETERS,
  ANTHROPIC_MAX_STRICT_TOOLS,
  ANTHROPIC_MAX_UNION_PARAMETERS,
  measureStrictSchema,
  openAiStrictLimitViolations,
} from './strict-limits.js';
import { anyTargetDefinition, isProviderTarget, PROVIDER_TARGETS, type ProviderTarget } from './targets/registry.js';

export { GEMINI_MAX_FUNCTION_DECLARATIONS } from './targets/gemini.js';
export { OPENAI_MAX_TOOLS } from './targets/openai-responses.js';

/** One limit a request breaks: which tool (or `*` for the request), where, which limit, and why. */
export interface PreflightFinding {
  tool: string;
  /** A JSON Pointer into that tool's wire shape (`""` for the request itself). */
  path: string;
  /** The limit, e.g. `"tools per request: 128"`. */
  limit: string;
  message: string;
}

/** The target's limit of tools in one request, when `count` tools are more than it takes; else undefined. */
export function toolCountOverLimit(count: number, target: ProviderTarget): number | undefined {
  const maxTools = anyTargetDefinition(target).maxTools;
  return count > maxTools ? maxTools : undefined;
}

/**
 * Checks a request's tools against the provider's documented limits, so nothing fails as a 400.
 * - Tool count: OpenAI 128 (Responses, Chat, codex, portable), Gemini 512.
 * - Names: the provider's pattern and 64 characters; unique within the request.
 * - Descriptions within the target's limit (OpenAI Chat and portable: 1,024 characters).
 * - OpenAI strict tools: 5,000 properties, 10 levels, 1,000 enum values, 120,000 characters of
 *   names and values, 15,000 characters in a string enum of over 250 values.
 * - Anthropic: at most 20 strict tools, 24 optional and 16 union-typed parameters across them.
 * - A strict schema that cannot be read as JSON (cyclic, nested past 1,000 levels, a value JSON
 *   does not have) is a finding of its own (`limit: 'a JSON value'`), and is not measured.
 * - `tools` are the target's wire tools (as `convertMcpTools` returns them, or your own).
 */
export function preflightTools(tools: readonly unknown[], target: ProviderTarget): PreflightFinding[] {
  expectArrayArgument(tools, 'invalid_tool', 'the tools');
  if (!isProviderTarget(target)) {
    throw new ToolSchemaError(
      'invalid_option',
      ['target'],
      `unknown target ${showOptionValue(target)}; expected one of ${PROVIDER_TARGETS.join(', ')}`,
    );
  }
  const findings: PreflightFinding[] = [];
  const definition = anyTargetDefinition(target);
  const maxTools = toolCountOverLimit(tools.length, target);
  if (maxTools !== undefined) {
    findings.push({
      tool: '*',
      path: '',
      limit: `tools per request: ${maxTools}`,
      message: `${tools.length} tools in one request; the provider takes at most ${maxTools} (defer some: tool search, or split by namespace)`,
    });
  }
  const pattern = definition.toolName.pattern;
  const maxDescription = definition.maxDescriptionChars;
  const seen = new Set<string>();
  let strictTools = 0;
  let optional = 0;
  let unions = 0;
  tools.forEach((tool, index) => {
    const entry = isJsonObject(tool as never) ? (tool as JsonObject) : {};
    const { name, description, schema, schemaPath, namePath, descriptionPath, strict } = definition.view(entry);
    const label = typeof name === 'string' ? name : `#${index}`;
    if (typeof name !== 'string' || !pattern.test(name)) {
      findings.push({
        tool: label,
        path: namePath,
        limit: `name: ${pattern}`,
        message: `the name ${JSON.stringify(name)} does not match ${pattern}`,
      });
    } else if (seen.has(name)) {
      findings.push({
        tool: label,
        path: namePath,
        limit: 'names unique per request',
        message: `another tool of the request is named ${JSON.stringify(name)}`,
      });
    }
    if (typeof name === 'string') seen.add(name);
    if (maxDescription !== undefined && typeof description === 'string' && description.length > maxDescription) {
      findings.push({
        tool: label,
        path: descriptionPath,
        limit: `description: ${maxDescription} characters`,
        message: `the description has ${description.length} characters`,
      });
    }
    if (!strict || schema === undefined) return;
    // The measure walks the schema as it is: a cyclic one, or one nested past the input limit,
    // is said here instead of overflowing the stack there.
    const unreadable = unreadableSchema(schema);
    if (unreadable !== undefined) {
      findings.push({
        tool: label,
        path: `${schemaPath}${unreadable.path}`,
        limit: 'a JSON value',
        message: `the schema cannot be sent: ${unreadable.detail}`,
      });
      return;
    }
    const measure = measureStrictSchema(schema);
    if (definition.strictRequestBudget) {
      strictTools++;
      optional += measure.optionalProperties;
      unions += measure.unions;
      return;
    }
    for (const reason of openAiStrictLimitViolations(measure)) {
      findings.push({
        tool: label,
        path: schemaPath,
        limit: 'strict schema limits',
        message: `strict schema with ${reason}`,
      });
    }
  });
  const budget: [number, number, string][] = [
    [strictTools, ANTHROPIC_MAX_STRICT_TOOLS, 'strict tools per request'],
    [optional, ANTHROPIC_MAX_OPTIONAL_PARAMETERS, 'optional parameters across strict tools'],
    [unions, ANTHROPIC_MAX_UNION_PARAMETERS, 'union-typed parameters across strict tools'],
  ];
  for (const [count, limit, what] of budget) {
    if (count > limit)
      findings.push({
        tool: '*',
        path: '',
        limit: `${what}: ${limit}`,
        message: `${count} ${what} ("Too many strict tools")`,
      });
  }
  return findings;
}

/** Why a schema is not JSON that can be measured (a cycle, nesting past the input limit, a non-JSON value), if it is not. */
function unreadableSchema(schema: unknown): ToolSchemaError | undefined {
  try {
    checkJsonInput(schema);
    return undefined;
  } catch (error) {
    if (error instanceof ToolSchemaError) return error;
    throw error;
  }
}
