// A budget in tokens: the byte budget that lands a schema within N tokens of the caller's tokenizer.
import { describeValue, ToolSchemaError } from '../../errors.js';

/** A budget counted in tokens; the tokenizer is the caller's (the core depends on none). */
export interface TokenBudgetOptions {
  /** The most tokens the final schema's compact JSON may have; needs `countTokens`. */
  budgetTokens?: number;
  /** Counts the tokens of a text (e.g. `o200k_base`'s `countTokens` from `gpt-tokenizer`). */
  countTokens?: (text: string) => number;
}

/** Most compactions tried while searching the byte budget for a token budget. */
const MAX_TOKEN_BUDGET_TRIES = 8;

/** Validates the token options: both or neither, a non-negative integer and a function. */
export function checkTokenBudget(
  options: TokenBudgetOptions,
): { budgetTokens: number; countTokens: (text: string) => number } | undefined {
  const { budgetTokens, countTokens } = options;
  if (budgetTokens === undefined) return undefined;
  if (!Number.isSafeInteger(budgetTokens) || budgetTokens < 0) {
    throw new ToolSchemaError(
      'invalid_option',
      ['budgetTokens'],
      `expected a non-negative integer, found ${describeValue(budgetTokens)}`,
    );
  }
  if (typeof countTokens !== 'function') {
    throw new ToolSchemaError(
      'invalid_option',
      ['countTokens'],
      'budgetTokens needs countTokens, a function that counts the tokens of a text',
    );
  }
  return { budgetTokens, countTokens };
}

/**
 * Finds a byte budget under which `compact` gives a result within `budgetTokens` tokens.
 * - `compact(budgetBytes)` runs the pipeline with that byte budget and returns the final JSON
 *   text (or undefined when the schema is rejected: nothing to fit).
 * - Starts from no limit; when that is over, scales the byte budget by tokens wanted ÷ tokens
 *   counted (5% margin) and tries again, at most 8 times (the reference policy is best effort,
 *   so its result may stay over; the fidelity policy always lands within a byte budget).
 * - Returns the byte budget to use.
 */
export function byteBudgetForTokens(
  compact: (budgetBytes: number) => string | undefined,
  budgetTokens: number,
  countTokens: (text: string) => number,
): number {
  let budgetBytes = Number.MAX_SAFE_INTEGER;
  let text = compact(budgetBytes);
  for (let attempt = 0; attempt < MAX_TOKEN_BUDGET_TRIES && text !== undefined; attempt++) {
    const tokens = countTokens(text);
    if (tokens <= budgetTokens) return budgetBytes;
    const bytes = Math.min(budgetBytes, new TextEncoder().encode(text).length);
    budgetBytes = Math.max(0, Math.floor((bytes * budgetTokens * 0.95) / Math.max(1, tokens)));
    text = compact(budgetBytes);
  }
  return budgetBytes;
}
