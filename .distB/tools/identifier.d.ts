/** Longest tool name, in characters. */
export declare const MAX_TOOL_NAME_LENGTH = 128;
/** Longest namespace name, in characters. */
export declare const MAX_NAMESPACE_NAME_LENGTH = 64;
/** Longest namespace description, in characters. */
export declare const MAX_NAMESPACE_DESCRIPTION_LENGTH = 1024;
/** How many characters of an offending value a diagnostic quotes. */
export declare const DIAGNOSTIC_VALUE_MAX_CHARS = 96;
/** Quotes a value for a diagnostic: escaped like a JSON string, cut at 96 characters plus `...`. */
export declare function quoteForDiagnostic(value: string): string;
/** What kind of identifier is checked: its label in messages and its length limit. */
export type IdentifierKind = 'tool name' | 'namespace';
/**
 * Returns the problem with an identifier, or undefined when it is valid.
 * - Non-empty; no leading or trailing whitespace; ASCII letters, digits, `_` and `-` only;
 * - at most 128 characters for a tool name, 64 for a namespace.
 */
export declare function identifierProblem(value: string, kind: IdentifierKind): string | undefined;
/** Throws `ToolSchemaError` (`invalid_identifier`) when a tool name is invalid. */
export declare function validateToolIdentifier(name: unknown, path?: readonly (string | number)[]): string;
/** Throws `ToolSchemaError` (`invalid_identifier`) when a namespace name is invalid. */
export declare function validateNamespaceIdentifier(name: unknown, path?: readonly (string | number)[]): string;
/** Throws `ToolSchemaError` (`invalid_identifier`) when a namespace description is over 1,024 characters. */
export declare function validateNamespaceDescription(description: unknown, path?: readonly (string | number)[]): string;
//# sourceMappingURL=identifier.d.ts.map