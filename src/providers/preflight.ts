// The documented limits over a whole request, checked before it is sent: counts, names, descriptions, strict budgets.
import { expectArrayArgument, ToolSchemaError } from '../errors.js';
import type { JsonObject } from '../schema/json.js';
import { isJsonObject } from '../schema/json.js';
import { OPENAI_CHAT_MAX_DESCRIPTION_CHARS } from './convert-tools.js';
import { toolNamePattern } from './names.js';
import {
  ANTHROPIC_MAX_OPTIONAL_PARAMETERS,
  ANTHROPIC_MAX_STRICT_TOOLS,
  ANTHROPIC_MAX_UNION_PARAMETERS,
  measureStrictSchema,
  openAiStrictLimitViolations,
} from './strict-limits.js';
import { type ConvertedTarget, PROVIDER_TARGETS, type ProviderTarget } from './targets.js';

/** OpenAI: tools per request. */
export const OPENAI_MAX_TOOLS = 128;
/** Gemini: function declarations per request. */
export const GEMINI_MAX_FUNCTION_DECLARATIONS = 512;

/** One limit a request breaks: which tool (or `*` for the request), where, which limit, and why. */
export interface PreflightFinding {
  tool: string;
  /** A JSON Pointer into that tool's wire shape (`""` for the request itself). */
  path: string;
  /** The limit, e.g. `"tools per request: 128"`. */
  limit: string;
  message: string;
}

interface ToolView {
  name: unknown;
  description: unknown;
  schema: JsonObject | undefined;
  schemaPath: string;
  strict: boolean;
}

function view(tool: unknown, target: ProviderTarget): ToolView {
  const entry = isJsonObject(tool as never) ? (tool as JsonObject) : {};
  switch (target) {
    case 'openai-chat': {
      const fn = isJsonObject(entry.function) ? entry.function : {};
      const schema = isJsonObject(fn.parameters) ? fn.parameters : undefined;
      return {
        name: fn.name,
        description: fn.description,
        schema,
        schemaPath: '/function/parameters',
        strict: fn.strict === true,
      };
    }
    case 'anthropic': {
      const schema = isJsonObject(entry.input_schema) ? entry.input_schema : undefined;
      return {
        name: entry.name,
        description: entry.description,
        schema,
        schemaPath: '/input_schema',
        strict: entry.strict === true,
      };
    }
    case 'gemini':
    case 'gemini-json-schema': {
      const raw = target === 'gemini' ? entry.parameters : entry.parametersJsonSchema;
      const schemaPath = target === 'gemini' ? '/parameters' : '/parametersJsonSchema';
      return {
        name: entry.name,
        description: entry.description,
        schema: isJsonObject(raw) ? raw : undefined,
        schemaPath,
        strict: false,
      };
    }
    default: {
      const schema = isJsonObject(entry.parameters) ? entry.parameters : undefined;
      return {
        name: entry.name,
        description: entry.description,
        schema,
        schemaPath: '/parameters',
        strict: entry.strict === true,
      };
    }
  }
}

/**
 * Checks a request's tools against the provider's documented limits, so nothing fails as a 400.
 * - Tool count: OpenAI 128 (Responses, Chat, codex), Gemini 512.
 * - Names: the provider's pattern and 64 characters; unique within the request.
 * - OpenAI Chat: descriptions of at most 1,024 characters.
 * - OpenAI strict tools: 5,000 properties, 10 levels, 1,000 enum values, 120,000 characters of
 *   names and values, 15,000 characters in a string enum of over 250 values.
 * - Anthropic: at most 20 strict tools, 24 optional and 16 union-typed parameters across them.
 * - `tools` are the target's wire tools (as `convertMcpTools` returns them, or your own).
 */
export function preflightTools(tools: readonly unknown[], target: ProviderTarget): PreflightFinding[] {
  expectArrayArgument(tools, 'invalid_tool', 'the tools');
  if (!(PROVIDER_TARGETS as readonly string[]).includes(target)) {
    throw new ToolSchemaError(
      'invalid_option',
      ['target'],
      `unknown target ${JSON.stringify(target)}; expected one of ${PROVIDER_TARGETS.join(', ')}`,
    );
  }
  const findings: PreflightFinding[] = [];
  const maxTools = target.startsWith('gemini')
    ? GEMINI_MAX_FUNCTION_DECLARATIONS
    : target === 'anthropic'
      ? Infinity
      : OPENAI_MAX_TOOLS;
  if (tools.length > maxTools) {
    findings.push({
      tool: '*',
      path: '',
      limit: `tools per request: ${maxTools}`,
      message: `${tools.length} tools in one request; the provider takes at most ${maxTools} (defer some: tool search, or split by namespace)`,
    });
  }
  const pattern = toolNamePattern(target === 'codex' ? 'openai-responses' : (target as ConvertedTarget));
  const seen = new Set<string>();
  let strictTools = 0;
  let optional = 0;
  let unions = 0;
  tools.forEach((tool, index) => {
    const { name, description, schema, schemaPath, strict } = view(tool, target);
    const label = typeof name === 'string' ? name : `#${index}`;
    const namePath = target === 'openai-chat' ? '/function/name' : '/name';
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
    if (
      target === 'openai-chat' &&
      typeof description === 'string' &&
      description.length > OPENAI_CHAT_MAX_DESCRIPTION_CHARS
    ) {
      findings.push({
        tool: label,
        path: '/function/description',
        limit: `description: ${OPENAI_CHAT_MAX_DESCRIPTION_CHARS} characters`,
        message: `the description has ${description.length} characters`,
      });
    }
    if (!strict || schema === undefined) return;
    const measure = measureStrictSchema(schema);
    if (target === 'anthropic') {
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
