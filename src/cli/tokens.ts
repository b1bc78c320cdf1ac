// Tokens as OpenAI's models count them (o200k_base), loaded only when a command needs them.

/** Counts the tokens of a text. */
export type TokenCounter = (text: string) => number;

/**
 * Loads the `o200k_base` tokenizer (gpt-tokenizer; its tables are a separate chunk of the CLI
 * bundle, read from disk only here).
 */
export async function loadTokenCounter(): Promise<TokenCounter> {
  const { countTokens } = await import('gpt-tokenizer/encoding/o200k_base');
  return (text) => countTokens(text);
}
