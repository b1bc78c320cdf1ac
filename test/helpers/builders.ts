// Builders for large and deep inputs, and a deep freeze for "input is never modified" tests.

/** Freezes a value and everything inside it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

/** `{"type":"object","properties":{"p":…}}` nested `levels` times around a leaf. */
export function nestedProperties(levels: number, leaf: unknown = { type: 'string' }): unknown {
  let schema = leaf;
  for (let level = 0; level < levels; level++) schema = { type: 'object', properties: { p: schema } };
  return schema;
}

/** A chain of `key` wrappers (`{"items":{"items":…}}`), `levels` deep, iteratively built. */
export function nestedUnder(key: string, levels: number, leaf: unknown = { type: 'string' }, asArray = false): unknown {
  let schema = leaf;
  for (let level = 0; level < levels; level++) schema = { [key]: asArray ? [schema] : schema };
  return schema;
}

/** An object schema with `count` string properties whose descriptions are `descriptionBytes` long. */
export function describedObject(count: number, descriptionBytes: number): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (let index = 0; index < count; index++) {
    properties[`p${index}`] = { type: 'string', description: 'd'.repeat(descriptionBytes) };
  }
  return { type: 'object', properties };
}
