import type { JsonObject, JsonValue } from './json.js';
import { type CollectedRefs } from './ref-collection.js';
/**
 * How many arrays and objects may nest in an input (the root counts as 1). Deeper input, and
 * a cyclic JS value, fail with `too_deep` before any stage runs, so no stage can overflow the stack.
 */
export declare const MAX_INPUT_DEPTH = 1000;
/**
 * An error on its way up from a nested value: the path is assembled while unwinding, so the
 * copy keeps no path on the (hot) success path.
 */
declare class CopyFailure {
    readonly code: 'not_json' | 'unreadable_value' | 'too_deep';
    readonly detail: string;
    /** For a cycle: how many segments of the path lead to where it closes. */
    readonly pathLength?: number | undefined;
    readonly reversedPath: (string | number)[];
    constructor(code: 'not_json' | 'unreadable_value' | 'too_deep', detail: string, 
    /** For a cycle: how many segments of the path lead to where it closes. */
    pathLength?: number | undefined);
}
/**
 * Copies a JS value into a fresh JSON value the stages may mutate; the input is never touched.
 * - Objects are read through their own enumerable string keys; an `undefined` member is skipped.
 * - An `undefined` array element (or a hole) reads as null, as `JSON.stringify` does.
 * - Fails with `ToolSchemaError`, naming the path, for: undefined at the root, functions, BigInt,
 *   symbols, non-finite numbers, objects that are not plain (class instances, Dates, Maps, …),
 *   values whose reading throws (getters, Proxies), nesting past {@link MAX_INPUT_DEPTH} and cycles.
 * - `__proto__` and other prototype names are copied as data.
 */
export declare function copyJsonInput(input: unknown): JsonValue;
/**
 * The state of one copy, passed down the walk (never kept by the module): the containers on the
 * path to the value being copied, and the count of what it has read, when one is open.
 */
export declare class CopyState {
    /** `path[d]` is the container at depth d on the current path: a cycle shows up as a repeat. */
    readonly path: object[];
    /**
     * The compact JSON bytes read since {@link countCopiedBytes} opened a count (-1: none open).
     * Counting in the copy spares a caller that wants the size of its input (`convertMcpTools`'
     * `inputBytes`) a second walk of it; nothing else pays more than this check.
     */
    bytes: number;
    /** Whether every string and key counted so far is plain printable ASCII with nothing to escape. */
    plainText: boolean;
    /**
     * The sanitizing copy saw what a server-bug repair may be for (a type that is not a JSON type
     * name, a string where a schema or a list belongs, a list where a property schema belongs): the
     * provider targets repair only then, instead of walking every tool for it first.
     */
    repairHint: boolean;
    /** The refs a sanitizing copy notes for pruning, when its caller asked (see `ref-collection.ts`). */
    refs: CollectedRefs | undefined;
}
/**
 * Copies one value found at `depth` (the root is 0); objects and arrays record themselves in
 * `state`. `key` is the member name when the value is an object member.
 */
export type ValueCopier = (value: unknown, depth: number, state: CopyState, key?: string) => JsonValue;
/**
 * Runs a copier built from this module's parts (the plain copy, or sanitize's copy that
 * sanitizes schema positions on the way) and turns its failures into `ToolSchemaError`s.
 */
export declare function runCopy(input: unknown, copyRoot: ValueCopier, state?: CopyState): JsonValue;
/**
 * Runs a copy with a count open on `state` and returns what it read, as the byte length of
 * `JSON.stringify` of the value copied (members that are `undefined` skipped, holes as null),
 * with the copy's result. The input copied must be the part to measure: an MCP tool's copier
 * opens the count around `inputSchema`.
 */
export declare function countCopiedBytes(state: CopyState, copy: () => JsonValue): {
    value: JsonValue;
    bytes: number;
    plainText: boolean;
};
/** {@link copyJsonInput} that also returns the compact JSON bytes it read (see {@link countCopiedBytes}). */
export declare function copyAndMeasureJsonInput(input: unknown): {
    value: JsonValue;
    bytes: number;
};
/** Adds to the open count, if any: for the scalars and punctuation the copy's callers read. */
export declare function countBytes(state: CopyState, bytes: number): void;
/** `{` `}` of an object with `members` members, the commas being counted with the keys. */
export declare function countObject(state: CopyState, members: number): void;
/** A member's key, colon and comma, when a count is open. */
export declare function countKey(state: CopyState, key: string): void;
/** The plain copy of any value: scalars checked, containers copied member by member. */
export declare function copyValue(value: unknown, depth: number, state: CopyState): JsonValue;
/**
 * Reads a value as {@link copyValue} does, with the same checks, errors and count, but builds
 * nothing: for a part of the input the result will not hold (a root definition nothing refers to).
 */
export declare function checkJsonValue(value: unknown, depth: number, state: CopyState): void;
/** Checks the depth limit (and, past it, for a cycle) before a container at `depth` is copied. */
export declare function enterContainer(value: object, depth: number, state: CopyState): void;
/** Copies an array whose elements are copied by `copyElement`; a hole or `undefined` reads as null. */
export declare function copyArray(array: readonly unknown[], depth: number, state: CopyState, copyElement: ValueCopier): JsonValue[];
/** Copies a plain object whose members are all copied by `copyMember` (a definition table, for sanitize). */
export declare function copyObject(object: object, depth: number, state: CopyState, copyMember?: ValueCopier): JsonObject;
/** The own enumerable keys of an object, which must be plain (its prototype Object.prototype or null). */
export declare function readPlainObjectKeys(object: object): string[];
/** Adds the segment of the member being read to an error coming up; a foreign throw becomes `unreadable_value`. */
export declare function withSegment(error: unknown, segment: string | number): CopyFailure;
export {};
//# sourceMappingURL=copy.d.ts.map