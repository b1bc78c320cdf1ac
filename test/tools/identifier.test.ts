import { describe, expect, test } from 'vitest';
import {
  identifierProblem,
  quoteForDiagnostic,
  validateNamespaceDescription,
  validateNamespaceIdentifier,
  validateToolIdentifier,
} from '../../src/tools/identifier.js';

// SPEC §2.2
describe('identifierProblem', () => {
  test.each([
    ['create_issue', 'tool name', undefined],
    ['a-B_9', 'namespace', undefined],
    ['', 'tool name', 'tool name must not be empty'],
    [' lead', 'tool name', 'tool name " lead" must not have leading or trailing whitespace'],
    ['trail\t', 'namespace', 'namespace "trail\\t" must not have leading or trailing whitespace'],
    ['has space', 'tool name', `tool name "has space" may contain only ASCII letters, digits, '_' and '-'`],
    ['café', 'tool name', `tool name "café" may contain only ASCII letters, digits, '_' and '-'`],
    ['a.b', 'namespace', `namespace "a.b" may contain only ASCII letters, digits, '_' and '-'`],
  ] as const)('%j as a %s → %j', (value, kind, problem) => {
    expect(identifierProblem(value, kind)).toBe(problem);
  });

  test('allows 128 characters for a tool name and 64 for a namespace', () => {
    expect(identifierProblem('a'.repeat(128), 'tool name')).toBeUndefined();
    expect(identifierProblem('a'.repeat(129), 'tool name')).toMatch(/is 129 characters; at most 128 are allowed$/);
    expect(identifierProblem('a'.repeat(64), 'namespace')).toBeUndefined();
    expect(identifierProblem('a'.repeat(65), 'namespace')).toMatch(/is 65 characters; at most 64 are allowed$/);
  });
});

describe('quoteForDiagnostic', () => {
  test('escapes and cuts at 96 characters plus ...', () => {
    expect(quoteForDiagnostic('a"b\n')).toBe('"a\\"b\\n"');
    expect(quoteForDiagnostic('x'.repeat(96))).toBe(`"${'x'.repeat(96)}"`);
    expect(quoteForDiagnostic('x'.repeat(200))).toBe(`"${'x'.repeat(96)}"...`);
  });
});

describe('validators', () => {
  test('throw invalid_identifier with the path', () => {
    expect(() => validateToolIdentifier('bad name')).toThrowError(
      expect.objectContaining({ code: 'invalid_identifier', path: '/name' }),
    );
    expect(() => validateNamespaceIdentifier(42)).toThrowError(expect.objectContaining({ code: 'invalid_identifier' }));
    expect(validateNamespaceIdentifier('crm')).toBe('crm');
  });

  test('limit a namespace description to 1,024 characters', () => {
    expect(validateNamespaceDescription('d'.repeat(1_024))).toHaveLength(1_024);
    expect(() => validateNamespaceDescription('d'.repeat(1_025))).toThrowError(/at most 1024 are allowed/);
  });
});
