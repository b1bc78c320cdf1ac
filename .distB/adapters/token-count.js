// Token budgets for the adapters: the caller's counter (the library ships no tokenizer).
import { ToolSchemaError } from '../errors.js';
/**
 * The counter a token budget uses: the one given (e.g. `countTokens` of `gpt-tokenizer`'s
 * `encoding/o200k_base`). Without one, a budget in tokens is an `invalid_option` error.
 */
export function tokenCounterFor(given) {
    if (given !== undefined)
        return given;
    throw new ToolSchemaError('invalid_option', ['countTokens'], "budgetTokens needs countTokens: pass a counter, e.g. countTokens from 'gpt-tokenizer/encoding/o200k_base'");
}
//# sourceMappingURL=token-count.js.map