// Names the providers accept: tool names per target, property names for Gemini, always distinct and stable.
import { describeValue, showOptionValue, ToolSchemaError } from '../errors.js';
import type { TargetDefinition } from './targets/definition.js';
import { GEMINI_TOOL_NAME_RULE, OPENAI_TOOL_NAME_RULE } from './targets/definition.js';
import { anyTargetDefinition, type ConvertedTarget, TARGET_DEFINITIONS } from './targets/registry.js';

/** OpenAI and Anthropic tool names. */
export const OPENAI_TOOL_NAME = OPENAI_TOOL_NAME_RULE.pattern;
/** Gemini function names: a letter or `_` first, then letters, digits, `_ . : -`. */
export const GEMINI_TOOL_NAME = GEMINI_TOOL_NAME_RULE.pattern;
/** Every provider's cap on a tool name, in characters. */
export const MAX_PROVIDER_NAME_LENGTH = 64;
/** Between a namespace and a tool name: `github__create_issue`. */
export const NAMESPACE_SEPARATOR = '__';

/** The tool-name pattern of a target. */
export function toolNamePattern(target: ConvertedTarget): RegExp {
  return anyTargetDefinition(target).toolName.pattern;
}

/** A short stable hash (FNV-1a, 32 bits, base 36): the same name always gets the same suffix. */
export function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36).padStart(7, '0').slice(0, 7);
}

/** Cuts a name to `max` characters with `_<hash of the whole name>` at the end, when longer. */
function capLength(name: string, original: string, max: number): string {
  if (name.length <= max) return name;
  const suffix = `_${shortHash(original)}`;
  return `${name.slice(0, max - suffix.length)}${suffix}`;
}

/**
 * The name a tool gets on a target.
 * - With a namespace: `namespace__name`.
 * - Characters the target rejects become `_`; a name that does not start as the target wants
 *   (Gemini and `portable`: a letter or `_`) gets a leading `_`; an empty name becomes `tool`.
 * - Longer than `maxLength` (64, or less for hosts that prefix names): cut, with a short hash of
 *   the whole original name appended, so two long names that share a prefix stay distinct.
 * - `taken` names are avoided by appending the hash (then `_2`, `_3`, …); so are `reserved`
 *   names (other tools' own names, valid as they are) when this name had to change: a tool
 *   whose name is valid keeps it, whatever the order of the tools. With `counters` shared
 *   across one batch, giving n names is linear in n however many collide.
 */
export function providerToolName(
  name: string,
  target: ConvertedTarget,
  taken: ReadonlySet<string>,
  namespace?: string,
  reserved?: ReadonlySet<string>,
  counters?: NameCounters,
  maxLength: number = MAX_PROVIDER_NAME_LENGTH,
): string {
  // Called by hand (it is public): what the converter always passes right is checked.
  const definition: TargetDefinition | undefined =
    typeof target === 'string' && Object.hasOwn(TARGET_DEFINITIONS, target) ? anyTargetDefinition(target) : undefined;
  if (definition === undefined || typeof name !== 'string' || !(taken instanceof Set))
    throw new ToolSchemaError(
      'invalid_option',
      [],
      `providerToolName needs a tool name, a converted target and a Set of names taken, found ${describeValue(name)}, ${showOptionValue(target)}`,
    );
  checkNamespaceOption(namespace);
  const full = fullToolName(name, namespace);
  const rule = definition.toolName;
  let candidate = full.replace(rule.invalidCharacter, '_');
  if (candidate === '') candidate = 'tool';
  if (rule.start !== undefined && !rule.start.test(candidate)) candidate = `_${candidate}`;
  candidate = capLength(candidate, full, maxLength);
  const isTaken = (option: string) => taken.has(option) || (option !== full && reserved?.has(option) === true);
  if (!isTaken(candidate)) return candidate;
  const hashed = capLength(`${candidate.slice(0, maxLength - 8)}_${shortHash(full)}`, full, maxLength);
  if (!isTaken(hashed)) return hashed;
  return numberedName(hashed, isTaken, counters, maxLength);
}

/**
 * The next free number for names made from one base: a name once taken stays taken, so the
 * search for `base_N` starts where the last one ended (10,000 tools named `x` took a minute
 * when each counted from 2).
 */
export type NameCounters = Map<string, number>;

/** `base_N` for the first free N (from the base's counter, if given), cut to the name cap. */
function numberedName(
  base: string,
  isTaken: (name: string) => boolean,
  counters: NameCounters | undefined,
  maxLength = MAX_PROVIDER_NAME_LENGTH,
): string {
  for (let index = counters?.get(base) ?? 2; ; index++) {
    const numbered = `${base.slice(0, maxLength - String(index).length - 1)}_${index}`;
    if (!isTaken(numbered)) {
      counters?.set(base, index + 1);
      return numbered;
    }
  }
}

/** Throws `invalid_option` unless the `namespace` option is absent or a string. */
export function checkNamespaceOption(namespace: unknown): asserts namespace is string | undefined {
  if (namespace !== undefined && typeof namespace !== 'string')
    throw new ToolSchemaError(
      'invalid_option',
      ['namespace'],
      `namespace must be a string, found ${describeValue(namespace)}`,
    );
}

/** A tool's name with its namespace: `namespace__name`. */
function fullToolName(name: string, namespace: string | undefined): string {
  return namespace === undefined || namespace === '' ? name : `${namespace}${NAMESPACE_SEPARATOR}${name}`;
}

/** The names among `names` (with the namespace) a target accepts as they are: tools that keep their names. */
export function validToolNames(
  names: readonly (string | undefined)[],
  target: ConvertedTarget,
  namespace?: string,
): Set<string> {
  const pattern = toolNamePattern(target);
  const valid = new Set<string>();
  for (const name of names) {
    if (name === undefined) continue;
    const full = fullToolName(name, namespace);
    if (pattern.test(full)) valid.add(full);
  }
  return valid;
}

/**
 * A Gemini property name for `name` (a letter or `_`, then `[A-Za-z0-9_]`, at most 64), distinct
 * from the names in `used`: invalid characters become `_`, a leading digit gets `_`, long names
 * are cut with a hash suffix, a clash gets a number.
 */
export function uniquePropertyName(name: string, used: ReadonlySet<string>, counters?: NameCounters): string {
  let candidate = name.replace(/[^A-Za-z0-9_]/g, '_');
  if (!/^[A-Za-z_]/.test(candidate)) candidate = `_${candidate}`;
  candidate = capLength(candidate, name, MAX_PROVIDER_NAME_LENGTH);
  if (!used.has(candidate)) return candidate;
  return numberedName(candidate, (option) => used.has(option), counters);
}
