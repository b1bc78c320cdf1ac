// Tool and namespace identifiers: the limits and diagnostics of SPEC §2.2.
import { describeValue, ToolSchemaError } from '../errors.js';

/** Longest tool name, in characters. */
export const MAX_TOOL_NAME_LENGTH = 128;
/** Longest namespace name, in characters. */
export const MAX_NAMESPACE_NAME_LENGTH = 64;
/** Longest namespace description, in characters. */
export const MAX_NAMESPACE_DESCRIPTION_LENGTH = 1_024;
/** How many characters of an offending value a diagnostic quotes. */
export const DIAGNOSTIC_VALUE_MAX_CHARS = 96;

const IDENTIFIER_CHARACTERS = /^[a-zA-Z0-9_-]+$/;

/** Quotes a value for a diagnostic: escaped like a JSON string, cut at 96 characters plus `...`. */
export function quoteForDiagnostic(value: string): string {
  if (typeof value !== 'string') return describeValue(value);
  const characters = Array.from(value);
  if (characters.length <= DIAGNOSTIC_VALUE_MAX_CHARS) return JSON.stringify(value);
  return `${JSON.stringify(characters.slice(0, DIAGNOSTIC_VALUE_MAX_CHARS).join(''))}...`;
}

/** What kind of identifier is checked: its label in messages and its length limit. */
export type IdentifierKind = 'tool name' | 'namespace';

/**
 * Returns the problem with an identifier, or undefined when it is valid.
 * - Non-empty; no leading or trailing whitespace; ASCII letters, digits, `_` and `-` only;
 * - at most 128 characters for a tool name, 64 for a namespace.
 */
export function identifierProblem(value: string, kind: IdentifierKind): string | undefined {
  if (kind !== 'tool name' && kind !== 'namespace') kind = 'tool name';
  if (typeof value !== 'string') return `${kind} must be a string, found ${describeValue(value)}`;
  const limit = kind === 'tool name' ? MAX_TOOL_NAME_LENGTH : MAX_NAMESPACE_NAME_LENGTH;
  const quoted = quoteForDiagnostic(value);
  if (value.length === 0) return `${kind} must not be empty`;
  if (value.trim() !== value) return `${kind} ${quoted} must not have leading or trailing whitespace`;
  const length = Array.from(value).length;
  if (length > limit) return `${kind} ${quoted} is ${length} characters; at most ${limit} are allowed`;
  if (!IDENTIFIER_CHARACTERS.test(value)) {
    return `${kind} ${quoted} may contain only ASCII letters, digits, '_' and '-'`;
  }
  return undefined;
}

/** Throws `ToolSchemaError` (`invalid_identifier`) when a tool name is invalid. */
export function validateToolIdentifier(name: unknown, path: readonly (string | number)[] = ['name']): string {
  return validate(name, 'tool name', path);
}

/** Throws `ToolSchemaError` (`invalid_identifier`) when a namespace name is invalid. */
export function validateNamespaceIdentifier(name: unknown, path: readonly (string | number)[] = ['name']): string {
  return validate(name, 'namespace', path);
}

/** Throws `ToolSchemaError` (`invalid_identifier`) when a namespace description is over 1,024 characters. */
export function validateNamespaceDescription(
  description: unknown,
  path: readonly (string | number)[] = ['description'],
): string {
  if (typeof description !== 'string') {
    throw new ToolSchemaError('invalid_identifier', path, 'namespace description must be a string');
  }
  const length = Array.from(description).length;
  if (length > MAX_NAMESPACE_DESCRIPTION_LENGTH) {
    throw new ToolSchemaError(
      'invalid_identifier',
      path,
      `namespace description ${quoteForDiagnostic(description)} is ${length} characters; at most ${MAX_NAMESPACE_DESCRIPTION_LENGTH} are allowed`,
    );
  }
  return description;
}

function validate(value: unknown, kind: IdentifierKind, path: readonly (string | number)[]): string {
  if (typeof value !== 'string') throw new ToolSchemaError('invalid_identifier', path, `${kind} must be a string`);
  const problem = identifierProblem(value, kind);
  if (problem !== undefined) throw new ToolSchemaError('invalid_identifier', path, problem);
  return value;
}
