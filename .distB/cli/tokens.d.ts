/** Counts the tokens of a text. */
export type TokenCounter = (text: string) => number;
/**
 * Loads the `o200k_base` tokenizer: `dist/tokenizer/o200k.js` in a build (one file shared with
 * the playground, so its 2.7 MB of tables ship once), else the `gpt-tokenizer` package (running
 * from the sources). The specifiers are computed, so the bundler leaves them alone.
 */
export declare function loadTokenCounter(): Promise<TokenCounter>;
//# sourceMappingURL=tokens.d.ts.map