// Members made when first read, on objects the library returns per tool and per call, without a
// function of their own per object.
//
// Why not `get inputBytes() { … }` in an object literal, or `Object.defineProperty` with a
// closure: each object then has accessor functions of its own, and V8 keeps what such an object
// refers to alive through every young-generation collection until the next full one. A batch of
// converted tools (each result with its lazy sizes and changes, each definition with its lazy
// model) was copied by every scavenge that came after it: a provider conversion of small tools
// spent 30-40% of its time collecting, and each scavenge copied megabytes of earlier calls'
// results. Accessors whose functions are shared by every object (defined once, below the module's
// top) leave each object an ordinary one; its state is kept under a symbol that is not
// enumerable, so keys, `JSON.stringify`, spreads and `Object.assign` never see it.

/** The key an object's lazy members keep their state under (not enumerable: no reader lists it). */
const LAZY_STATE: unique symbol = Symbol('toolschema.lazyState');

/** Gives `target` the state its lazy members read (see {@link lazyStateOf}). */
export function attachLazyState(target: object, state: object): void {
  Object.defineProperty(target, LAZY_STATE, { value: state });
}

/**
 * The state {@link attachLazyState} gave the object a lazy member was read on (or its prototype
 * chain); undefined on an object that has none (an accessor taken off its object and called on
 * another).
 */
function lazyStateOf<State extends object>(target: unknown): State | undefined {
  if (typeof target !== 'object' || target === null) return undefined;
  return (target as { [LAZY_STATE]?: State })[LAZY_STATE];
}

/**
 * An own, enumerable, configurable member whose value `read` gives from the object's state
 * (caching it there as it likes), assignable through `write` when given. Made once per member,
 * at a module's top: every object shares the functions (see above).
 */
export function lazyMember<State extends object, Value>(
  read: (state: State) => Value,
  write?: (state: State, value: Value) => void,
): PropertyDescriptor {
  const descriptor: PropertyDescriptor = {
    get(this: unknown): Value | undefined {
      const state = lazyStateOf<State>(this);
      return state === undefined ? undefined : read(state);
    },
    enumerable: true,
    configurable: true,
  };
  if (write !== undefined)
    descriptor.set = function (this: unknown, value: Value) {
      const state = lazyStateOf<State>(this);
      if (state !== undefined) write(state, value);
    };
  return descriptor;
}
