// Names the providers accept: tool names per target, property names for Gemini, always distinct and stable.
import { GEMINI_TOOL_NAME_RULE, OPENAI_TOOL_NAME_RULE } from './targets/definition.js';
import { anyTargetDefinition } from './targets/registry.js';
/** OpenAI and Anthropic tool names. */
export const OPENAI_TOOL_NAME = OPENAI_TOOL_NAME_RULE.pattern;
/** Gemini function names: a letter or `_` first, then letters, digits, `_ . : -`. */
export const GEMINI_TOOL_NAME = GEMINI_TOOL_NAME_RULE.pattern;
/** Every provider's cap on a tool name, in characters. */
export const MAX_PROVIDER_NAME_LENGTH = 64;
/** Between a namespace and a tool name: `github__create_issue`. */
export const NAMESPACE_SEPARATOR = '__';
/** The tool-name pattern of a target. */
export function toolNamePattern(target) {
    return anyTargetDefinition(target).toolName.pattern;
}
/** A short stable hash (FNV-1a, 32 bits, base 36): the same name always gets the same suffix. */
export function shortHash(text) {
    let hash = 0x811c9dc5;
    for (let index = 0; index < text.length; index++) {
        hash ^= text.charCodeAt(index);
        hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    return hash.toString(36).padStart(7, '0').slice(0, 7);
}
/** Cuts a name to `max` characters with `_<hash of the whole name>` at the end, when longer. */
function capLength(name, original, max) {
    if (name.length <= max)
        return name;
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
export function providerToolName(name, target, taken, namespace, reserved, counters, maxLength = MAX_PROVIDER_NAME_LENGTH) {
    const full = fullToolName(name, namespace);
    const rule = anyTargetDefinition(target).toolName;
    let candidate = full.replace(rule.invalidCharacter, '_');
    if (candidate === '')
        candidate = 'tool';
    if (rule.start !== undefined && !rule.start.test(candidate))
        candidate = `_${candidate}`;
    candidate = capLength(candidate, full, maxLength);
    const isTaken = (option) => taken.has(option) || (option !== full && reserved?.has(option) === true);
    if (!isTaken(candidate))
        return candidate;
    const hashed = capLength(`${candidate.slice(0, maxLength - 8)}_${shortHash(full)}`, full, maxLength);
    if (!isTaken(hashed))
        return hashed;
    return numberedName(hashed, isTaken, counters, maxLength);
}
/** `base_N` for the first free N (from the base's counter, if given), cut to the name cap. */
function numberedName(base, isTaken, counters, maxLength = MAX_PROVIDER_NAME_LENGTH) {
    for (let index = counters?.get(base) ?? 2;; index++) {
        const numbered = `${base.slice(0, maxLength - String(index).length - 1)}_${index}`;
        if (!isTaken(numbered)) {
            counters?.set(base, index + 1);
            return numbered;
        }
    }
}
/** A tool's name with its namespace: `namespace__name`. */
function fullToolName(name, namespace) {
    return namespace === undefined || namespace === '' ? name : `${namespace}${NAMESPACE_SEPARATOR}${name}`;
}
/** The names among `names` (with the namespace) a target accepts as they are: tools that keep their names. */
export function validToolNames(names, target, namespace) {
    const pattern = toolNamePattern(target);
    const valid = new Set();
    for (const name of names) {
        if (name === undefined)
            continue;
        const full = fullToolName(name, namespace);
        if (pattern.test(full))
            valid.add(full);
    }
    return valid;
}
/**
 * A Gemini property name for `name` (a letter or `_`, then `[A-Za-z0-9_]`, at most 64), distinct
 * from the names in `used`: invalid characters become `_`, a leading digit gets `_`, long names
 * are cut with a hash suffix, a clash gets a number.
 */
export function uniquePropertyName(name, used, counters) {
    let candidate = name.replace(/[^A-Za-z0-9_]/g, '_');
    if (!/^[A-Za-z_]/.test(candidate))
        candidate = `_${candidate}`;
    candidate = capLength(candidate, name, MAX_PROVIDER_NAME_LENGTH);
    if (!used.has(candidate))
        return candidate;
    return numberedName(candidate, (option) => used.has(option), counters);
}
//# sourceMappingURL=names.js.map