// Tokens as OpenAI's models count them (o200k_base), loaded only when a command needs them.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
/**
 * Loads the `o200k_base` tokenizer: `dist/tokenizer/o200k.js` in a build (one file shared with
 * the playground, so its 2.7 MB of tables ship once), else the `gpt-tokenizer` package (running
 * from the sources). The specifiers are computed, so the bundler leaves them alone.
 */
export async function loadTokenCounter() {
    // This module is bundled into dist/cli/bin.js or one of dist/cli/chunks/.
    const candidates = ['../tokenizer/o200k.js', '../../tokenizer/o200k.js'].map((path) => new URL(path, import.meta.url));
    const built = candidates.find((url) => url.protocol === 'file:' && existsSync(fileURLToPath(url)));
    const specifier = built?.href ?? ['gpt-tokenizer', 'encoding', 'o200k_base'].join('/');
    const { countTokens } = (await import(specifier));
    return (text) => countTokens(text);
}
//# sourceMappingURL=tokens.js.map