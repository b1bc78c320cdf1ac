import type { JsonValue } from '../schema/json.js';
/**
 * An `if`/`then`/`else` in words, for a target that cannot carry it:
 * `when kind is "file", path is required; otherwise url is required`.
 */
export declare function describeConditional(condition: JsonValue, then: JsonValue | undefined, otherwise: JsonValue | undefined): string;
/**
 * Whether a constraint says nothing a model can use: a bound at the edge of what a double holds
 * exactly (`maximum: 9007199254740991`, what zod writes for an int), a minimum count of 0.
 */
export declare function isNoiseConstraint(keyword: string, value: JsonValue): boolean;
/** One moved keyword as words, e.g. `minimum 1`, `matching ^[a-z]+$`, `default 20`. */
export declare function describeKeyword(keyword: string, value: JsonValue): string;
/**
 * A description with notes appended in parentheses: `"Page size (minimum 1; maximum 100)"`.
 * A missing or blank description becomes just the notes.
 */
export declare function appendNotes(description: JsonValue | undefined, notes: readonly string[]): string | undefined;
//# sourceMappingURL=describe-constraint.d.ts.map