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
// top) leave each object an ordinary one; its state is kept in a private field stamped on it (see
// `LazyState`), which no reader sees: keys, `JSON.stringify`, spreads, `Object.assign`,
// `util.inspect` and deep equality in tests never list it.

/** Returns the object it is given: its subclass adds a private field to any object this way. */
class ReturnsTarget {
  constructor(target: object) {
    // biome-ignore lint/correctness/noConstructorReturn: the stamp below needs the target as `this`
    return target;
  }
}

/**
 * The state of an object's lazy members, as a private field of that object (a plain one: its
 * prototype is untouched). A private field added this way is an in-object slot the engine adds
 * as it adds a property: `Object.defineProperty` with a symbol, which it replaced, was a runtime
 * call of 0.4 µs an object, a twentieth of converting a small tool.
 */
class LazyState extends ReturnsTarget {
  #state: object;

  private constructor(target: object, state: object) {
    super(target);
    this.#state = state;
  }

  /** Gives `target` (an object that has no state yet) the state its lazy members read. */
  static attach(target: object, state: object): void {
    new LazyState(target, state);
  }

  /** The state given to `target` or, as a property would be, to an object on its prototype chain; else undefined. */
  static of(target: object): object | undefined {
    for (let holder: object | null = target; holder !== null; holder = Object.getPrototypeOf(holder) as object | null)
      if (#state in holder) return (holder as LazyState).#state;
    return undefined;
  }
}

/** Gives `target`, a new object of the library's own, the state its lazy members read (see {@link lazyStateOf}). */
export function attachLazyState(target: object, state: object): void {
  LazyState.attach(target, state);
}

/**
 * The state {@link attachLazyState} gave the object a lazy member was read on (or its prototype
 * chain); undefined on an object that has none (an accessor taken off its object and called on
 * another).
 */
function lazyStateOf<State extends object>(target: unknown): State | undefined {
  if (typeof target !== 'object' || target === null) return undefined;
  return LazyState.of(target) as State | undefined;
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
