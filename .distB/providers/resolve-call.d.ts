import { ToolSchemaError } from '../errors.js';
import { type CompiledSchema, type JsonSchemaIssue, type UncheckedPattern } from '../json-schema-ajv.js';
import type { JsonObject, JsonValue } from '../schema/json.js';
import { type RestorePlan, type RestorePlanTable } from './restore-plan.js';
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
export declare const DEFAULT_MAX_ARGUMENT_BYTES = 1000000;
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
/**
 * Builds the resolver of one tool: restores arguments with its plan, then checks them against
 * the tool's own schema, or the normalized one when that does not compile (compiled once, on
 * first use), and says which.
 */
export declare function createCallResolver(restorer: CallRestorer): (args: unknown) => ToolCallResolution;
//# sourceMappingURL=resolve-call.d.ts.map