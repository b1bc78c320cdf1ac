// An output schema in JSON Schema 2020-12, the dialect clients that know only 2020-12 accept (anthropics/claude-code#90549).
import { isJsonObject, type JsonObject, type JsonValue } from '../../schema/json.js';

const DRAFT_2020 = 'https://json-schema.org/draft/2020-12/schema';

/** Keywords whose value is data (a default, an example, listed values): kept as they are, never read as schema. */
const DATA_KEYWORDS: ReadonlySet<string> = new Set(['default', 'examples', 'example', 'enum', 'const']);

function rewrite(value: JsonValue, root: boolean): JsonValue {
  if (Array.isArray(value)) return value.map((item) => rewrite(item, false));
  if (!isJsonObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === '$schema') {
      // Only 2020-12 is named; an older dialect's name goes (what follows is 2020-12 now).
      if (root && child === DRAFT_2020) out.$schema = child;
      continue;
    }
    if (key === 'definitions' && isJsonObject(child) && value.$defs === undefined) {
      out.$defs = rewrite(child, false);
      continue;
    }
    if (key === '$ref' && typeof child === 'string') {
      out.$ref = child.replace(/^#\/definitions\//, '#/$defs/');
      continue;
    }
    // Draft-07's tuple form `items: [...]` (with `additionalItems`) is 2020-12's `prefixItems`.
    if (key === 'items' && Array.isArray(child)) {
      out.prefixItems = rewrite(child, false);
      if (value.additionalItems !== undefined) out.items = rewrite(value.additionalItems as JsonValue, false);
      continue;
    }
    if (key === 'additionalItems' && Array.isArray(value.items)) continue;
    Object.defineProperty(out, key, {
      value: DATA_KEYWORDS.has(key) ? child : rewrite(child, false),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/**
 * An output schema spelled in 2020-12: `definitions` → `$defs` (refs rewritten), tuple `items`
 * → `prefixItems`, and a `$schema` naming an older draft removed. A new value; the input is kept.
 */
export function toDialect2020(schema: JsonObject): JsonObject {
  return rewrite(schema, true) as JsonObject;
}
