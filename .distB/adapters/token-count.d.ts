/** Counts the tokens of a text. */
export type TokenCounter = (text: string) => number;
/**
 * The counter a token budget uses: the one given (e.g. `countTokens` of `gpt-tokenizer`'s
 * `encoding/o200k_base`). Without one, a budget in tokens is an `invalid_option` error.
 */
export declare function tokenCounterFor(given: TokenCounter | undefined): TokenCounter;
//# sourceMappingURL=token-count.d.ts.map