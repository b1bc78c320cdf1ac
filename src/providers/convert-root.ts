// The root a provider takes: an object schema with properties, compositions merged, other shapes wrapped.

import type { JsonObject, JsonValue } from '../schema/json.js';
import { copyMembers, isJsonObject, setOwn } from '../schema/json.js';
import type { SchemaPath } from './changes.js';
import { type Context, type Converted, describe, orderKeys } from './convert-context.js';
import { admitsNull, makeNullable } from './nullability.js';
import { KEEP, type OtherKeys, type RestoredProperty, type RestorePlan } from './restore-plan.js';

/** One alternative of an `any-of` restore plan. */
type AnyOfVariant = Extract<RestorePlan, { kind: 'any-of' }>['variants'][number];

/** The root as an object schema with properties: compositions merged, other shapes wrapped. */
export function rootAsObject(converted: Converted, root: JsonObject, basePath: SchemaPath, ctx: Context): Converted {
  let { schema, plan } = converted;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alternatives) && alternatives.every(isJsonObject)) {
    const merged = mergeRootAlternatives(schema, alternatives as JsonObject[], plan, ctx);
    ctx.log.add(
      'root_composition_merged',
      basePath,
      'the alternatives at the root merged into one object (the target needs an object root)',
    );
    schema = merged.schema;
    plan = merged.plan;
  }
  // Copied member by member: the caller adds `$defs` to it (see `copyMembers`).
  if (schema.type === 'object' && isJsonObject(schema.properties))
    return { schema: copyMembers(schema), plan, types: ['object'] };
  // A root the target cannot carry as it is (a map, a free-form object, another type): one property.
  const property = isJsonObject(root.additionalProperties) || schema.type === 'array' ? 'entries' : 'arguments';
  ctx.log.add(
    'encoded_json_text',
    basePath,
    `the root sent as the property ${JSON.stringify(property)} (the target needs an object root)`,
  );
  const wrapped: JsonObject = {
    type: 'object',
    properties: { [property]: schema },
    required: [property],
  };
  if (ctx.profile.closedObjects) wrapped.additionalProperties = false;
  ctx.tally.properties++;
  ctx.tally.nameChars += property.length;
  return { schema: wrapped, plan: { kind: 'unwrap', property, plan }, types: ['object'] };
}

/** Whether `schema` is `{anyOf: choices}` in JSON (one definition the same as the merged one). */
function isAnyOfOf(schema: JsonValue, choices: readonly JsonValue[]): boolean {
  if (!isJsonObject(schema) || !Array.isArray(schema.anyOf) || schema.anyOf.length !== choices.length) return false;
  for (const key in schema)
    if (key !== 'anyOf' && Object.hasOwn(schema, key) && schema[key] !== undefined) return false;
  return JSON.stringify(schema.anyOf) === JSON.stringify(choices);
}

function mergeRootAlternatives(
  schema: JsonObject,
  alternatives: JsonObject[],
  plan: RestorePlan,
  ctx: Context,
): { schema: JsonObject; plan: RestorePlan } {
  const properties: JsonObject = isJsonObject(schema.properties) ? { ...schema.properties } : {};
  const own = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  let shared: Set<string> | undefined;
  const summaries: string[] = [];
  // Keys are property names: no prototype, so `__proto__` is one too.
  const restored: Record<string, RestoredProperty> = Object.create(null);
  const variantPlans =
    plan.kind === 'any-of' ? plan.variants.map((variant) => variant.plan) : alternatives.map(() => KEEP);
  // Each property whose anyOf this merge built: its choices and their restore plans. A third
  // definition joins them in place rather than nesting (a copy of the choices for each
  // alternative was quadratic: 8,000 alternatives defining one property took 5–17 s).
  const merges = new Map<string, { choices: JsonValue[]; plans: AnyOfVariant[] }>();
  // An alternative that takes other keys carries them in a property of its own (strict): the
  // merged object gives them back as it would (the first such alternative's way, should two
  // differ), and no summary names that property.
  let otherKeys: OtherKeys | undefined;
  alternatives.forEach((variant, index) => {
    const variantProperties = isJsonObject(variant.properties) ? variant.properties : {};
    const variantPlan = variantPlans[index];
    const carrier = variantPlan?.kind === 'object' ? variantPlan.otherKeys : undefined;
    otherKeys ??= carrier;
    for (const name of Object.keys(variantProperties)) {
      const schema = variantProperties[name] as JsonValue;
      const plan = variantPlan?.kind === 'object' ? variantPlan.properties[name] : undefined;
      if (!Object.hasOwn(properties, name)) {
        setOwn(properties, name, schema);
        if (plan !== undefined) restored[name] = plan;
        continue;
      }
      // Two alternatives define the same property differently: the merged one accepts either.
      // Every variant admits every type, so a value is restored as the first definition's.
      const merge = merges.get(name);
      if (merge !== undefined) {
        if (isAnyOfOf(schema, merge.choices)) continue;
        merge.choices.push(schema);
        merge.plans.push({ types: undefined, plan: plan?.plan ?? KEEP });
        continue;
      }
      const existing = properties[name] as JsonValue;
      if (JSON.stringify(existing) === JSON.stringify(schema)) continue;
      const previous = restored[name];
      const started = {
        choices: [existing, schema],
        plans: [
          { types: undefined, plan: previous?.plan ?? KEEP },
          { types: undefined, plan: plan?.plan ?? KEEP },
        ],
      };
      merges.set(name, started);
      setOwn(properties, name, { anyOf: started.choices });
      restored[name] = {
        name: previous?.name ?? plan?.name ?? name,
        plan: { kind: 'any-of', variants: started.plans },
        nullMeansAbsent: false,
      };
    }
    const required = (Array.isArray(variant.required) ? (variant.required as string[]) : []).filter(
      (name) => name !== carrier?.property,
    );
    shared = shared === undefined ? new Set(required) : new Set(required.filter((name) => shared?.has(name)));
    summaries.push(required.length === 0 ? '(no required keys)' : required.join(' + '));
  });
  const { anyOf: _anyOf, oneOf: _oneOf, ...rest } = schema;
  const required = [...new Set([...own, ...(shared ?? [])])];
  const merged: JsonObject = { ...rest, type: 'object', properties };
  if (ctx.profile.allRequired) {
    // Strict: every key required; one that not every alternative requires becomes nullable.
    const listed = new Set(required);
    for (const name of Object.keys(properties)) {
      if (listed.has(name) || admitsNull(properties[name] as JsonObject)) continue;
      setOwn(properties, name, makeNullable(properties[name] as JsonObject, ctx));
      restored[name] = {
        name: restored[name]?.name ?? name,
        plan: restored[name]?.plan ?? KEEP,
        nullMeansAbsent: true,
      };
    }
    merged.required = Object.keys(properties);
  } else if (required.length > 0) merged.required = required;
  if (ctx.profile.closedObjects) merged.additionalProperties = false;
  const alternativesRequire = summaries.length > 1 && summaries.some((summary) => summary !== '(no required keys)');
  const description = describe(
    schema.description,
    alternativesRequire ? [`give one of: ${summaries.join(' | ')}`] : [],
  );
  if (description !== undefined) merged.description = description;
  else delete merged.description;
  const keep = Object.keys(restored).length === 0 && otherKeys === undefined;
  return {
    schema: orderKeys(merged),
    plan: keep
      ? KEEP
      : otherKeys === undefined
        ? { kind: 'object', properties: restored, additional: undefined }
        : { kind: 'object', properties: restored, additional: undefined, otherKeys },
  };
}
