// The o200k_base tokenizer as one standalone ES module (dist/tokenizer/o200k.js): the CLI and the
// playground both load this one file on demand, so its 2.7 MB of tables ship once.
export { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
