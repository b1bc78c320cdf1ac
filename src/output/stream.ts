// Decoding a streamed Responses answer: only the completed message counts (SPEC §3.3, seed 5.24 failure table).
import type { StructuredResult, StructuredResultDecoder } from './decode.js';
import type { ResponsesOutputMessage, ResponsesStreamEvent } from './responses-wire.js';

/** A streamed answer as it stands: the text seen so far, and the result once the stream is over. */
export interface StructuredStreamState {
  /** Output text deltas so far, for display only: never parsed. */
  partialText: string;
  /** True once a terminal event (completed, incomplete, failed, error) arrived. */
  finished: boolean;
}

/** Feeds Responses stream events in; `finish()` decodes the completed message, once. */
export interface StructuredStreamDecoder<T> {
  /** Takes one event; never throws, whatever the event. */
  push(event: ResponsesStreamEvent): void;
  readonly state: StructuredStreamState;
  /**
   * Decodes the last completed message once the response completed. A stream that ended before
   * `response.completed` (cut, incomplete, failed, errored) yields `incomplete` and commits nothing.
   */
  finish(): Promise<StructuredResult<T>>;
}

function isMessageItem(item: unknown): item is ResponsesOutputMessage {
  return typeof item === 'object' && item !== null && (item as { type?: unknown }).type === 'message';
}

/** Reads `value[a][b]` from wire data without trusting its shape; undefined when absent or not a string/number. */
function readPath(value: unknown, ...keys: string[]): string | number | undefined {
  let current = value;
  for (const key of keys) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return typeof current === 'string' || typeof current === 'number' ? current : undefined;
}

/**
 * Creates a consumer of Responses streaming events for a structured answer.
 * - `response.output_text.delta` only grows `partialText`; partial JSON is never decoded.
 * - `response.output_item.done` with a message item records the completed message.
 * - `response.completed` ends the stream; the recorded message is decoded (no message → `empty`).
 * - `response.incomplete`, `response.failed` and `error` end it as `incomplete` with the reason.
 */
export function createStructuredStreamDecoder<T>(decoder: StructuredResultDecoder<T>): StructuredStreamDecoder<T> {
  const state: StructuredStreamState = { partialText: '', finished: false };
  let message: ResponsesOutputMessage | undefined;
  let refusal = '';
  let terminal: { completed: true } | { completed: false; reason: string } | undefined;

  const end = (outcome: NonNullable<typeof terminal>) => {
    if (terminal === undefined) terminal = outcome;
    state.finished = true;
  };

  return {
    state,
    push(event) {
      if (terminal !== undefined || typeof event !== 'object' || event === null) return;
      switch (event.type) {
        case 'response.output_text.delta':
          if (typeof event.delta === 'string') state.partialText += event.delta;
          break;
        case 'response.refusal.delta':
          if (typeof event.delta === 'string') refusal += event.delta;
          break;
        case 'response.refusal.done':
          if (typeof event.refusal === 'string') refusal = event.refusal;
          break;
        case 'response.output_item.done':
          if (isMessageItem(event.item)) message = event.item;
          break;
        case 'response.completed':
          end({ completed: true });
          break;
        case 'response.incomplete': {
          const reason = readPath(event.response, 'incomplete_details', 'reason');
          end({ completed: false, reason: `the response is incomplete${reason ? ` (${reason})` : ''}` });
          break;
        }
        case 'response.failed': {
          const code = readPath(event.response, 'error', 'code');
          const detail = readPath(event.response, 'error', 'message');
          const error = code === undefined && detail === undefined ? '' : `: ${String(code)} ${String(detail)}`;
          end({ completed: false, reason: `the response failed${error}` });
          break;
        }
        case 'error':
          end({ completed: false, reason: `the stream reported an error: ${String(event.message)}` });
          break;
        default:
          break;
      }
    },
    async finish() {
      state.finished = true;
      if (terminal === undefined)
        return { ok: false, kind: 'incomplete', reason: 'the stream ended before the response completed' };
      if (!terminal.completed) return { ok: false, kind: 'incomplete', reason: terminal.reason };
      if (message !== undefined) return decoder.decodeMessageAsync(message);
      if (refusal !== '') return { ok: false, kind: 'refusal', refusal };
      return { ok: false, kind: 'empty' };
    },
  };
}

/**
 * Consumes a whole stream (the `openai` client's `responses.create({ stream: true })`, or any
 * async iterable of events) and decodes the completed message. Never rejects: a stream that
 * throws midway (a dropped connection) yields `incomplete`.
 */
export async function decodeResponseStream<T>(
  decoder: StructuredResultDecoder<T>,
  events: AsyncIterable<ResponsesStreamEvent>,
  onEvent?: (event: ResponsesStreamEvent, state: StructuredStreamState) => void,
): Promise<StructuredResult<T>> {
  const consumer = createStructuredStreamDecoder(decoder);
  try {
    for await (const event of events) {
      consumer.push(event);
      onEvent?.(event, consumer.state);
    }
  } catch (error) {
    if (!consumer.state.finished) {
      return {
        ok: false,
        kind: 'incomplete',
        reason: `the stream broke: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }
  return consumer.finish();
}
