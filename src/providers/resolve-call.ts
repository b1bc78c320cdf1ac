// A model's tool call → the MCP tool's own name and arguments, restored and checked against the tool's schema.
import type { ValidateFunction } from 'ajv';
import { ToolSchemaError } from '../errors.js';
import { ajvIssue, type JsonSchemaIssue } from '../json-schema-ajv.js';
import { copyJsonInput } from '../schema/copy.js';
import type { JsonObject, JsonValue } from '../schema/json.js';
import { isJsonObject } from '../schema/json.js';
import { type RestorePlan, type RestorePlanTable, restoreValue } from './restore-plan.js';

/** A call resolved: the tool's own name and the arguments its input schema describes. */
export interface ResolvedToolCall {
  ok: true;
  /** The MCP tool's name (as `tools/call` wants it), not the provider-side name. */
  name: string;
  arguments: JsonObject;
  /** False when the tool's schema could not be compiled, so nothing checked the arguments. */
  validated: boolean;
}

/** A call that cannot be passed on; `error` names the first issue's path, `issues` lists all. */
export interface RejectedToolCall {
  ok: false;
  error: ToolSchemaError;
  issues: JsonSchemaIssue[];
}

/** What `resolveToolCall` returns. It never throws. */
export type ToolCallResolution = ResolvedToolCall | RejectedToolCall;

/** What resolving a call needs of one converted tool. */
export interface CallRestorer {
  name: string;
  plan: RestorePlan;
  table: RestorePlanTable;
  /** The schemas to check restored arguments against, most faithful first (the tool's own first). */
  schemas: readonly JsonValue[];
  /** Compiles a schema (shared by the tools of one conversion; see `createSchemaCompiler`). */
  compile: (schema: unknown) => ValidateFunction;
}

function reject(code: 'invalid_arguments', message: string, issues: JsonSchemaIssue[] = []): RejectedToolCall {
  const first = issues[0];
  const path = first === undefined || first.path === '' ? [] : first.path.slice(1).split('/');
  return { ok: false, error: new ToolSchemaError(code, ['arguments', ...path], message), issues };
}

/** Reads arguments as the model sent them: a JSON string (blank means `{}`) or an object. */
function readArguments(args: unknown): { value: JsonValue } | { rejected: RejectedToolCall } {
  const notJson = (error: unknown) => ({
    rejected: reject(
      'invalid_arguments',
      `the arguments are not JSON: ${error instanceof Error ? error.message : String(error)}`,
    ),
  });
  if (typeof args === 'string') {
    if (args.trim() === '') return { value: {} };
    try {
      return { value: JSON.parse(args) as JsonValue };
    } catch (error) {
      return notJson(error);
    }
  }
  if (args === undefined || args === null) return { value: {} };
  try {
    return { value: copyJsonInput(args) };
  } catch (error) {
    return notJson(error);
  }
}

/**
 * Builds the resolver of one tool: restores arguments with its plan, then checks them against
 * the first of its schemas that Ajv compiles (compiled once, on first use).
 */
export function createCallResolver(restorer: CallRestorer): (args: unknown) => ToolCallResolution {
  let validate: ValidateFunction | null | undefined;
  const validator = (): ValidateFunction | null => {
    if (validate !== undefined) return validate;
    validate = null;
    for (const schema of restorer.schemas) {
      try {
        validate = restorer.compile(schema);
        break;
      } catch {
        // A schema Ajv cannot compile (a dangling ref, an invalid keyword): try the next one.
      }
    }
    return validate;
  };
  return (args) => {
    try {
      const read = readArguments(args);
      if ('rejected' in read) return read.rejected;
      const restored = restoreValue(read.value, restorer.plan, restorer.table);
      if (!isJsonObject(restored))
        return reject(
          'invalid_arguments',
          `the arguments must be a JSON object, found ${JSON.stringify(restored)?.slice(0, 60)}`,
        );
      const check = validator();
      if (check === null) return { ok: true, name: restorer.name, arguments: restored, validated: false };
      if (check(restored)) return { ok: true, name: restorer.name, arguments: restored, validated: true };
      const issues = (check.errors ?? []).map(ajvIssue);
      const summary = issues
        .slice(0, 5)
        .map((issue) => `${issue.path === '' ? '(root)' : issue.path} ${issue.message}`)
        .join('; ');
      return reject(
        'invalid_arguments',
        `the arguments do not match ${restorer.name}'s input schema: ${summary}`,
        issues,
      );
    } catch (error) {
      // A validator overflowing on an absurd value, or any other fault: a rejection, never a throw.
      return reject(
        'invalid_arguments',
        `the arguments could not be checked: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };
}
