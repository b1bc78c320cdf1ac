// Token budgets for the adapters: the caller's counter, or o200k from gpt-tokenizer when it is installed.
import { ToolSchemaError } from '../errors.js';

/** Counts the tokens of a text. */
export type TokenCounter = (text: string) => number;

/**
 * The counter a token budget uses: the one given, else `gpt-tokenizer`'s o200k (an optional
 * peer: imported only when a budget in tokens is asked for without a counter).
 */
export async function tokenCounterFor(given: TokenCounter | undefined): Promise<TokenCounter> {
  if (given !== undefined) return given;
  try {
    const specifier = ['gpt-tokenizer', 'encoding', 'o200k_base'].join('/');
    const { countTokens } = (await import(specifier)) as { countTokens: TokenCounter };
    return countTokens;
  } catch {
    throw new ToolSchemaError(
      'invalid_option',
      ['budgetTokens'],
      'budgetTokens needs a token counter: pass countTokens, or install gpt-tokenizer',
    );
  }
}
