// toolschema search: rank tools for a query, from a JSON file of tools or a live MCP server.
import { convertMcpTools } from '../../providers/convert-tools.js';
import { isJsonObject } from '../../schema/json.js';
import { createToolSearch } from '../../tools/search.js';
import { commandOutput } from '../command.js';
import { EXIT_OK, EXIT_SOME_FAILED } from '../exit-error.js';
import { printableData } from '../printable.js';
import { renderSearchHits } from '../render.js';
import { paintFor } from '../style.js';
import { readTools } from '../tool-source.js';
function isResponsesTool(value) {
    return isJsonObject(value) && (value.type === 'function' || value.type === 'namespace') && 'name' in value;
}
/** Most skipped tools named one by one in the note on stderr. */
const MAX_SKIPPED_NAMED = 5;
/**
 * Reads tools from a file or a server and prints the best matches. Tools that fail conversion
 * cannot be searched: stderr says how many were skipped and why, and the exit code is 1.
 */
export async function search(options, io) {
    const raw = (await readTools(options, io, 'search')).tools;
    let tools;
    const notes = [];
    if (raw.every((tool) => isResponsesTool(tool)))
        tools = raw;
    else {
        const conversion = convertMcpTools(raw, { deferLoading: true });
        tools = conversion.tools;
        const failed = conversion.results.filter((result) => !result.ok);
        if (failed.length > 0) {
            notes.push(`toolschema: ${failed.length} of ${raw.length} tools skipped (they do not convert, so they cannot be searched):`);
            for (const result of failed.slice(0, MAX_SKIPPED_NAMED))
                notes.push(`  ${result.name ?? `#${result.index}`}: ${result.error.message}`);
            if (failed.length > MAX_SKIPPED_NAMED)
                notes.push(`  … and ${failed.length - MAX_SKIPPED_NAMED} more`);
        }
    }
    const hits = createToolSearch(tools)
        .search(options.query, { limit: options.limit })
        .map((hit) => ({ name: hit.tool.name, score: hit.score, description: hit.tool.description }));
    const text = options.json
        ? JSON.stringify(hits, null, 2)
        : renderSearchHits(printableData(options.query), printableData(hits), paintFor(io.stdout, io.env));
    return { ...commandOutput([text], notes, notes.length > 0 ? EXIT_SOME_FAILED : EXIT_OK), styled: !options.json };
}
//# sourceMappingURL=search.js.map