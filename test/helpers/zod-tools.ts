// Tools as TypeScript MCP servers write them: random zod types (zod 4, and zod 3 through
// `zod/v3`), turned into input schemas by the MCP SDK's own `toJsonSchemaCompat` (zod 4:
// `toJSONSchema`, draft-07, input types; zod 3: zod-to-json-schema), as `registerTool` lists
// them. Deterministic: a fixed seed. Only types whose JSON Schema says all zod checks (no
// refinements, transforms, `stringbool`, coercion), so a call the schema takes, zod takes too.
import { toJsonSchemaCompat } from '@modelcontextprotocol/sdk/server/zod-json-schema-compat.js';
import * as z4 from 'zod';
import { z as z3 } from 'zod/v3';
import { type SeededRandom, seededRandom } from './seeded-random.js';

/** A generated tool: its zod type, and the input schema the SDK lists for it. */
export interface ZodTool {
  name: string;
  version: 3 | 4;
  /** What the server's handler parses a call with. */
  parse(value: unknown): boolean;
  inputSchema: Record<string, unknown>;
}

type Random = SeededRandom;

const NAMES = ['id', 'name', 'path', 'query', 'limit', 'owner', 'repo', 'kind', 'status', 'tags', 'page', 'cursor'];
const PATTERNS = [/^[a-z0-9-]+$/, /^\d{4}-\d{2}$/, /^(?!-)[A-Za-z]+$/];

function fieldName(random: Random): string {
  return `${random.pick(NAMES)}${random.next() < 0.3 ? `_${random.int(1, 9)}` : ''}`;
}

function leaf4(random: Random): z4.ZodType {
  switch (random.int(0, 17)) {
    case 0:
      return z4.string();
    case 1:
      return z4.string().min(random.int(0, 3)).max(random.int(10, 200));
    case 2:
      return z4.email();
    case 3:
      return z4.uuid();
    case 4:
      return z4.iso.datetime();
    case 5:
      return z4.string().regex(random.pick(PATTERNS));
    case 6:
      return z4.number();
    case 7:
      return z4.number().int().min(random.int(-5, 1)).max(random.int(10, 1000));
    case 8:
      return z4.number().gt(0).lt(1);
    case 9:
      return z4.int();
    case 10:
      return z4.boolean();
    case 11:
      return z4.literal(random.pick(['on', 1, true]));
    case 12:
      return z4.enum(['asc', 'desc', 'none']);
    case 13:
      return z4.null();
    case 14:
      return z4.unknown();
    case 15:
      return z4.ipv4();
    case 16:
      return z4.templateLiteral(['user-', z4.number().int()]);
    default:
      return z4.literal(['a', 'b', 3]);
  }
}

function type4(random: Random, depth: number): z4.ZodType {
  if (depth > 3 || random.next() < 0.4) return wrap4(random, leaf4(random));
  let type: z4.ZodType;
  switch (random.int(0, 10)) {
    case 0:
    case 1:
      type = object4(random, depth + 1);
      break;
    case 2:
      type = z4.array(type4(random, depth + 1)).max(random.int(2, 50));
      break;
    case 3:
      type = z4.union([type4(random, depth + 1), type4(random, depth + 1)]);
      break;
    case 4:
      type = z4.discriminatedUnion('kind', [
        z4.object({ kind: z4.literal('a'), a: type4(random, depth + 1) }),
        z4.object({ kind: z4.literal('b'), b: leaf4(random) }),
      ]);
      break;
    case 5:
      // Plain objects: zod refuses the other member's keys for a strict one, which its JSON Schema
      // (an allOf without additionalProperties) cannot say.
      type = z4.intersection(object4(random, depth + 1, true), object4(random, depth + 1, true));
      break;
    case 6:
      type = z4.record(z4.string(), type4(random, depth + 1));
      break;
    case 7:
      type =
        random.next() < 0.5 ? z4.tuple([leaf4(random), leaf4(random)]) : z4.tuple([leaf4(random)]).rest(leaf4(random));
      break;
    case 8: {
      const node: z4.ZodType = z4.lazy(() => z4.object({ value: z4.string(), children: z4.array(node).optional() }));
      type = node;
      break;
    }
    case 9:
      type = z4.record(z4.enum(['x', 'y']), leaf4(random));
      break;
    default:
      type = object4(random, depth + 1).partial();
  }
  return wrap4(random, type);
}

function object4(random: Random, depth: number, plain = false): z4.ZodObject {
  const shape: Record<string, z4.ZodType> = {};
  for (let count = random.int(1, 5); count > 0; count--) shape[fieldName(random)] = type4(random, depth);
  const mode = plain ? 4 : random.int(0, 4);
  if (mode === 0) return z4.strictObject(shape);
  if (mode === 1) return z4.looseObject(shape);
  return z4.object(shape);
}

function wrap4(random: Random, type: z4.ZodType): z4.ZodType {
  switch (random.int(0, 8)) {
    case 0:
      return type.optional();
    case 1:
      return type.nullable();
    case 2:
      return type.nullish();
    case 3:
      return type.describe('A field described in words.');
    default:
      return type;
  }
}

function leaf3(random: Random): z3.ZodTypeAny {
  switch (random.int(0, 15)) {
    case 0:
      return z3.string();
    case 1:
      return z3.string().min(1).max(random.int(10, 200));
    case 2:
      return z3.string().email();
    case 3:
      return z3.string().uuid();
    case 4:
      return z3.string().datetime();
    case 5:
      return z3.string().regex(random.pick(PATTERNS));
    case 6:
      return z3.number();
    case 7:
      return z3.number().int().min(0).max(random.int(10, 1000));
    case 8:
      return z3.number().positive();
    case 9:
      return z3.boolean();
    case 10:
      return z3.literal(random.pick(['on', 1, true]));
    case 11:
      return z3.enum(['asc', 'desc']);
    case 12:
      return z3.nativeEnum({ A: 'a', B: 'b', C: 3 } as const);
    case 13:
      return z3.null();
    case 14:
      return z3.unknown();
    default:
      return z3.string().length(2);
  }
}

function type3(random: Random, depth: number): z3.ZodTypeAny {
  if (depth > 3 || random.next() < 0.4) return wrap3(random, leaf3(random));
  let type: z3.ZodTypeAny;
  switch (random.int(0, 9)) {
    case 0:
    case 1:
      type = object3(random, depth + 1);
      break;
    case 2:
      type = z3.array(type3(random, depth + 1)).max(random.int(2, 50));
      break;
    case 3:
      // zod-to-json-schema writes `z.undefined()` and `z.never()` as `{"not": {}}`: a variant no
      // value matches.
      type = z3.union([
        type3(random, depth + 1),
        random.next() < 0.3 ? (random.next() < 0.5 ? z3.undefined() : z3.never()) : type3(random, depth + 1),
      ]);
      break;
    case 4:
      type = z3.discriminatedUnion('kind', [
        z3.object({ kind: z3.literal('a'), a: type3(random, depth + 1) }),
        z3.object({ kind: z3.literal('b'), b: leaf3(random) }),
      ]);
      break;
    case 5:
      type = z3.intersection(object3(random, depth + 1, true), object3(random, depth + 1, true));
      break;
    case 6:
      type = z3.record(type3(random, depth + 1));
      break;
    case 7:
      type =
        random.next() < 0.5 ? z3.tuple([leaf3(random), leaf3(random)]) : z3.tuple([leaf3(random)]).rest(leaf3(random));
      break;
    case 8: {
      type Node = { value: string; children?: Node[] };
      const node: z3.ZodType<Node> = z3.lazy(() =>
        z3.object({ value: z3.string(), children: z3.array(node).optional() }),
      );
      type = node;
      break;
    }
    default:
      type = object3(random, depth + 1).partial();
  }
  return wrap3(random, type);
}

function object3(random: Random, depth: number, plain = false): z3.AnyZodObject {
  const shape: Record<string, z3.ZodTypeAny> = {};
  for (let count = random.int(1, 5); count > 0; count--) shape[fieldName(random)] = type3(random, depth);
  const object = z3.object(shape);
  const mode = plain ? 3 : random.int(0, 3);
  return mode === 0 ? object.strict() : mode === 1 ? object.passthrough() : object;
}

function wrap3(random: Random, type: z3.ZodTypeAny): z3.ZodTypeAny {
  switch (random.int(0, 8)) {
    case 0:
      return type.optional();
    case 1:
      return type.nullable();
    case 2:
      return type.nullish();
    case 3:
      return type.describe('A field described in words.');
    default:
      return type;
  }
}

/**
 * `count` tools, zod 4 and zod 3 in turn at random. `zod4Schema`: how a zod 4 type becomes its
 * input schema (the MCP SDK's way by default; a server may call `z.toJSONSchema` itself).
 */
export function zodTools(
  count: number,
  seed = 45,
  zod4Schema: (type: z4.ZodType) => Record<string, unknown> = (type) =>
    toJsonSchemaCompat(type, { strictUnions: true, pipeStrategy: 'input' }) as Record<string, unknown>,
): ZodTool[] {
  const random = seededRandom(seed);
  const tools: ZodTool[] = [];
  for (let index = 0; tools.length < count; index++) {
    if (random.next() < 0.5) {
      const type = object4(random, 0);
      tools.push({
        name: `zod4_${index}`,
        version: 4,
        parse: (value) => type.safeParse(value).success,
        inputSchema: zod4Schema(type),
      });
    } else {
      const type = object3(random, 0);
      tools.push({
        name: `zod3_${index}`,
        version: 3,
        parse: (value) => type.safeParse(value).success,
        inputSchema: toJsonSchemaCompat(type, { strictUnions: true, pipeStrategy: 'input' }) as Record<string, unknown>,
      });
    }
  }
  return tools;
}
