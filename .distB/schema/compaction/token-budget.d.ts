/** A budget counted in tokens; the tokenizer is the caller's (the core depends on none). */
export interface TokenBudgetOptions {
    /** The most tokens the final schema's compact JSON may have; needs `countTokens`. */
    budgetTokens?: number;
    /** Counts the tokens of a text (e.g. `o200k_base`'s `countTokens` from `gpt-tokenizer`). */
    countTokens?: (text: string) => number;
}
/** Validates the token options: both or neither, a non-negative integer and a function. */
export declare function checkTokenBudget(options: TokenBudgetOptions): {
    budgetTokens: number;
    countTokens: (text: string) => number;
} | undefined;
/**
 * Finds a byte budget under which `compact` gives a result within `budgetTokens` tokens.
 * - `compact(budgetBytes)` runs the pipeline with that byte budget and returns the final JSON
 *   text (or undefined when the schema is rejected: nothing to fit).
 * - Starts from no limit; when that is over, scales the byte budget by tokens wanted ÷ tokens
 *   counted (5% margin) and tries again, at most 8 times (the reference policy is best effort,
 *   so its result may stay over; the fidelity policy always lands within a byte budget).
 * - Returns the byte budget to use.
 */
export declare function byteBudgetForTokens(compact: (budgetBytes: number) => string | undefined, budgetTokens: number, countTokens: (text: string) => number): number;
//# sourceMappingURL=token-budget.d.ts.map