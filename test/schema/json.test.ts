// The own-property helpers on raw JSON.
import { describe, expect, test } from 'vitest';
import { copyMembers, copyOwnedJson, type JsonObject } from '../../src/schema/json.js';

describe('copyOwnedJson', () => {
  test('copies every object and array, keeping key order and values', () => {
    const value: JsonObject = { b: [1, { c: null }], a: { d: 'text', e: true } };
    const copy = copyOwnedJson(value);
    expect(copy).toEqual(value);
    expect(Object.keys(copy)).toEqual(['b', 'a']);
    expect(copy.b).not.toBe(value.b);
    expect((copy.b as JsonObject[])[1]).not.toBe((value.b as JsonObject[])[1]);
    expect(copy.a).not.toBe(value.a);
  });

  test('copies arrays inside arrays, and keeps the primitives of a list as they are', () => {
    const value: JsonObject = { enum: ['a', 1, null, true], nested: [[{ x: 1 }], 'y'] };
    const copy = copyOwnedJson(value);
    expect(copy).toEqual(value);
    expect(copy.enum).not.toBe(value.enum);
    const inner = (copy.nested as JsonObject[][])[0] as JsonObject[];
    expect(inner).not.toBe((value.nested as JsonObject[][])[0]);
    expect(inner[0]).not.toBe(((value.nested as JsonObject[][])[0] as JsonObject[])[0]);
  });

  test('keeps a member named __proto__ as data, not as the prototype', () => {
    const value = JSON.parse('{"__proto__": {"polluted": true}, "x": 1}') as JsonObject;
    const copy = copyOwnedJson(value);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.hasOwn(copy, '__proto__')).toBe(true);
    expect(JSON.stringify(copy)).toBe(JSON.stringify(value));
    // Its value is copied too, written over the member the copy already owns.
    const own = (object: JsonObject) => Object.getOwnPropertyDescriptor(object, '__proto__')?.value as JsonObject;
    expect(own(copy)).not.toBe(own(value));
    expect(own(copy)).toEqual({ polluted: true });
    expect(Object.getPrototypeOf(own(copy))).toBe(Object.prototype);
  });
});

describe('copyMembers', () => {
  test('copies own members in order, shallowly, leaving the source as it was', () => {
    const items = { type: 'string' };
    const source: JsonObject = { type: 'array', description: 'Tags.', items };
    const copy = copyMembers(source);
    expect(copy).toEqual(source);
    expect(Object.keys(copy)).toEqual(['type', 'description', 'items']);
    expect(copy).not.toBe(source);
    expect(copy.items).toBe(items);
    copy.$defs = {};
    expect(source).toEqual({ type: 'array', description: 'Tags.', items });
  });

  test('leaves out the member it is told to, and nothing else', () => {
    const source: JsonObject = { description: 'A name.', type: 'string', minLength: 1 };
    expect(copyMembers(source, 'description')).toEqual({ type: 'string', minLength: 1 });
    expect(copyMembers(source, 'absent')).toEqual(source);
  });

  test('keeps a member named __proto__ as data, without touching the prototype', () => {
    const source = JSON.parse('{"type":"object","__proto__":{"polluted":true}}') as JsonObject;
    const copy = copyMembers(source);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.hasOwn(copy, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value).toEqual({ polluted: true });
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });
});
