// A model's tool call → the MCP tool's own name and arguments, restored and checked against the tool's schema.
import { ToolSchemaError } from '../errors.js';
import { ajvIssue, type CompiledSchema, type JsonSchemaIssue, type UncheckedPattern } from '../json-schema-ajv.js';
import { copyAndMeasureJsonInput } from '../schema/copy.js';
import type { JsonObject, JsonValue } from '../schema/json.js';
import { isJsonObject } from '../schema/json.js';
import { type RestorePlan, type RestorePlanTable, restoreValue } from './restore-plan.js';

/** What restored arguments were checked against. */
export type ValidationTarget = 'original' | 'normalized' | 'none';

/** A call resolved: the tool's own name and the arguments its input schema describes. */
export interface ResolvedToolCall {
  ok: true;
  /** The MCP tool's name (as `tools/call` wants it), not the provider-side name. */
  name: string;
  arguments: JsonObject;
  /**
   * True only when the tool's own input schema checked the arguments in full. False when it
   * could not be compiled (see `validatedAgainst`) or some of its patterns could not be run
   * (see `unchecked`): a weaker check is never called validated.
   */
  validated: boolean;
  /**
   * - `original`: the tool's own input schema (less the `unchecked` patterns);
   * - `normalized`: the tool's own schema did not compile, so the normalized one was used, which
   *   may have lost bounds (`minimum`, `pattern`, …);
   * - `none`: nothing compiled; the arguments were only restored.
   */
  validatedAgainst: ValidationTarget;
  /** Patterns of that schema no linear-time engine can run (lookaround, backreferences): not checked. */
  unchecked: UncheckedPattern[];
}

/** A call that cannot be passed on; `error` names the first issue's path, `issues` lists all. */
export interface RejectedToolCall {
  ok: false;
  error: ToolSchemaError;
  issues: JsonSchemaIssue[];
  /**
   * When the arguments were read and restored but do not match the tool's schema: the restored
   * arguments (the tool's own names and values), for a caller that reports or repairs them.
   */
  restored?: JsonObject;
}

/** What `resolveToolCall` returns. It never throws. */
export type ToolCallResolution = ResolvedToolCall | RejectedToolCall;

/**
 * The largest arguments `resolveToolCall` reads, as compact JSON bytes (1 MB): with patterns on
 * a linear engine and `uniqueItems` in one pass, checking is linear in this, so it bounds a call's time.
 */
export const DEFAULT_MAX_ARGUMENT_BYTES = 1_000_000;

/** What resolving a call needs of one converted tool. */
export interface CallRestorer {
  name: string;
  plan: RestorePlan;
  table: RestorePlanTable;
  /** The schema restored arguments are checked against: the tool's own. */
  original: JsonValue;
  /**
   * The normalized schema, checked against when the tool's own does not compile; read only then
   * (a provider conversion decodes it on demand).
   */
  normalized: () => JsonValue;
  /** Compiles a schema (shared by the tools of one conversion; see `createSchemaCompiler`). */
  compile: (schema: unknown) => CompiledSchema;
  /** Arguments larger than this (compact JSON bytes) are rejected unread (default {@link DEFAULT_MAX_ARGUMENT_BYTES}). */
  maxArgumentBytes?: number;
}

function reject(code: 'invalid_arguments', message: string, issues: JsonSchemaIssue[] = []): RejectedToolCall {
  const first = issues[0];
  const path = first === undefined || first.path === '' ? [] : first.path.slice(1).split('/');
  return { ok: false, error: new ToolSchemaError(code, ['arguments', ...path], message), issues };
}

function tooLarge(limit: number): { rejected: RejectedToolCall } {
  return {
    rejected: reject(
      'invalid_arguments',
      `the arguments are larger than ${limit.toLocaleString('en-US')} bytes of JSON: not read`,
    ),
  };
}

/**
 * Reads arguments as the model sent them: a JSON string (blank means `{}`) or an object.
 * - Either way the value goes through the same copy as schemas: nesting past the input depth
 *   limit and numbers JSON cannot carry (`1e400` parses as Infinity) are rejected, with the path.
 * - Larger than `limit` bytes of compact JSON: rejected before it is parsed or checked.
 */
function readArguments(args: unknown, limit: number): { value: JsonValue } | { rejected: RejectedToolCall } {
  let value: unknown = args;
  if (typeof args === 'string') {
    if (args.trim() === '') return { value: {} };
    // A JSON text is at least as long as its compact form in UTF-16 units only when it has no
    // multi-byte characters; three bytes a unit is the most any unit of JSON text can weigh.
    if (args.length > limit) return tooLarge(limit);
    try {
      value = JSON.parse(args);
    } catch (error) {
      return {
        rejected: reject(
          'invalid_arguments',
          `the arguments are not JSON: ${error instanceof Error ? error.message : String(error)}`,
        ),
      };
    }
  }
  if (value === undefined || value === null) return { value: {} };
  try {
    const counted = copyAndMeasureJsonInput(value);
    if (counted.bytes > limit) return tooLarge(limit);
    return { value: counted.value };
  } catch (error) {
    if (!(error instanceof ToolSchemaError)) throw error;
    return {
      rejected: {
        ok: false,
        error: new ToolSchemaError('invalid_arguments', ['arguments', ...error.segments], error.detail),
        issues: [{ path: error.path, message: error.detail }],
      },
    };
  }
}

/**
 * Builds the resolver of one tool: restores arguments with its plan, then checks them against
 * the tool's own schema, or the normalized one when that does not compile (compiled once, on
 * first use), and says which.
 */
export function createCallResolver(restorer: CallRestorer): (args: unknown) => ToolCallResolution {
  let checker: { compiled: CompiledSchema; against: ValidationTarget } | null | undefined;
  const validator = (): { compiled: CompiledSchema; against: ValidationTarget } | null => {
    if (checker !== undefined) return checker;
    checker = null;
    const targets: ValidationTarget[] = ['original', 'normalized'];
    for (const target of targets) {
      try {
        const schema = target === 'original' ? restorer.original : restorer.normalized();
        checker = { compiled: restorer.compile(schema), against: target };
        break;
      } catch {
        // A schema Ajv cannot compile (a dangling ref, an invalid keyword): try the next one.
      }
    }
    return checker;
  };
  const limit = restorer.maxArgumentBytes ?? DEFAULT_MAX_ARGUMENT_BYTES;
  return (args) => {
    try {
      const read = readArguments(args, limit);
      if ('rejected' in read) return read.rejected;
      const restored = restoreValue(read.value, restorer.plan, restorer.table);
      if (!isJsonObject(restored))
        return reject(
          'invalid_arguments',
          `the arguments must be a JSON object, found ${JSON.stringify(restored)?.slice(0, 60)}`,
        );
      const check = validator();
      if (check === null)
        return {
          ok: true,
          name: restorer.name,
          arguments: restored,
          validated: false,
          validatedAgainst: 'none',
          unchecked: [],
        };
      const { validate, unchecked } = check.compiled;
      if (validate(restored))
        return {
          ok: true,
          name: restorer.name,
          arguments: restored,
          validated: check.against === 'original' && unchecked.length === 0,
          validatedAgainst: check.against,
          unchecked,
        };
      const issues = (validate.errors ?? []).map(ajvIssue);
      const summary = issues
        .slice(0, 5)
        .map((issue) => `${issue.path === '' ? '(root)' : issue.path} ${issue.message}`)
        .join('; ');
      return {
        ...reject(
          'invalid_arguments',
          `the arguments do not match ${restorer.name}'s input schema: ${summary}`,
          issues,
        ),
        restored,
      };
    } catch (error) {
      // A validator overflowing on an absurd value, or any other fault: a rejection, never a throw.
      return reject(
        'invalid_arguments',
        `the arguments could not be checked: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };
}
