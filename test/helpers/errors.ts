// Catching the ToolSchemaError a call must throw.
import { ToolSchemaError } from '../../src/errors.js';

/** Runs `run` and returns the ToolSchemaError it throws; anything else (or no throw) fails the test. */
export function thrownToolSchemaError(run: () => unknown): ToolSchemaError {
  try {
    run();
  } catch (error) {
    if (error instanceof ToolSchemaError) return error;
    throw new Error(`expected a ToolSchemaError, got ${String(error)}`);
  }
  throw new Error('expected a ToolSchemaError, got a result');
}
