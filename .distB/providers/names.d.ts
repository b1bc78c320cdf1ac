import { type ConvertedTarget } from './targets/registry.js';
/** OpenAI and Anthropic tool names. */
export declare const OPENAI_TOOL_NAME: RegExp;
/** Gemini function names: a letter or `_` first, then letters, digits, `_ . : -`. */
export declare const GEMINI_TOOL_NAME: RegExp;
/** Every provider's cap on a tool name, in characters. */
export declare const MAX_PROVIDER_NAME_LENGTH = 64;
/** Between a namespace and a tool name: `github__create_issue`. */
export declare const NAMESPACE_SEPARATOR = "__";
/** The tool-name pattern of a target. */
export declare function toolNamePattern(target: ConvertedTarget): RegExp;
/** A short stable hash (FNV-1a, 32 bits, base 36): the same name always gets the same suffix. */
export declare function shortHash(text: string): string;
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
export declare function providerToolName(name: string, target: ConvertedTarget, taken: ReadonlySet<string>, namespace?: string, reserved?: ReadonlySet<string>, counters?: NameCounters, maxLength?: number): string;
/**
 * The next free number for names made from one base: a name once taken stays taken, so the
 * search for `base_N` starts where the last one ended (10,000 tools named `x` took a minute
 * when each counted from 2).
 */
export type NameCounters = Map<string, number>;
/** The names among `names` (with the namespace) a target accepts as they are: tools that keep their names. */
export declare function validToolNames(names: readonly (string | undefined)[], target: ConvertedTarget, namespace?: string): Set<string>;
/**
 * A Gemini property name for `name` (a letter or `_`, then `[A-Za-z0-9_]`, at most 64), distinct
 * from the names in `used`: invalid characters become `_`, a leading digit gets `_`, long names
 * are cut with a hash suffix, a clash gets a number.
 */
export declare function uniquePropertyName(name: string, used: ReadonlySet<string>, counters?: NameCounters): string;
//# sourceMappingURL=names.d.ts.map