// Decoding a Responses answer, streamed or whole: only the completed message counts (SPEC §3.3, seed 5.24 failure table).
import { describeValue } from '../errors.js';
import type { StructuredResult, StructuredResultDecoder } from './decode.js';
import type { ResponsesOutputMessage, ResponsesResponse, ResponsesStreamEvent } from './responses-wire.js';

/** A streamed answer as it stands: the text seen so far, and the result once the stream is over. */
export interface StructuredStreamState {
  /** Output text deltas so far, for display only: never parsed. */
  partialText: string;
  /** True once a terminal event (completed, incomplete, failed, error) arrived. */
  finished: boolean;
}

/** Feeds Responses stream events in; `finish()` decodes the completed message, once. */
export interface StructuredStreamDecoder<T, Text extends boolean = false> {
  /** Takes one event; never throws, whatever the event (throwing getters and Proxies included). */
  push(event: ResponsesStreamEvent): void;
  readonly state: StructuredStreamState;
  /**
   * Decodes the last completed message once the response completed. A stream that ended before
   * `response.completed` (cut, incomplete, failed, errored) yields `incomplete` and commits nothing.
   */
  finish(): Promise<StructuredResult<T, Text>>;
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

/** The last assistant message of a response's `output`, if any. */
function lastMessage(output: unknown): ResponsesOutputMessage | undefined {
  if (!Array.isArray(output)) return undefined;
  for (let index = output.length - 1; index >= 0; index--) {
    const item: unknown = output[index];
    if (isMessageItem(item) && (item.role === undefined || item.role === 'assistant')) return item;
  }
  return undefined;
}

/** Why a response that did not complete has no result, in words. */
function notCompletedReason(response: unknown): string {
  const status = readPath(response, 'status');
  if (status === 'incomplete') {
    const reason = readPath(response, 'incomplete_details', 'reason');
    return `the response is incomplete${reason === undefined ? '' : ` (${reason})`}`;
  }
  if (status === 'failed') {
    const code = readPath(response, 'error', 'code');
    const detail = readPath(response, 'error', 'message');
    return `the response failed${code === undefined && detail === undefined ? '' : `: ${String(code)} ${String(detail)}`}`;
  }
  return `the response is not complete (status ${JSON.stringify(status ?? null)})`;
}

/**
 * Creates a consumer of Responses streaming events for a structured answer.
 * - `response.output_text.delta` only grows `partialText`; partial JSON is never decoded.
 * - `response.output_item.done` with a message item records the completed message.
 * - `response.completed` ends the stream; the recorded message is decoded, or the last message of
 *   the completed response's `output` when no item event came (no message → `empty`).
 * - `response.incomplete`, `response.failed` and `error` end it as `incomplete` with the reason.
 */
export function createStructuredStreamDecoder<T, Text extends boolean = false>(
  decoder: StructuredResultDecoder<T, Text>,
): StructuredStreamDecoder<T, Text> {
  const state: StructuredStreamState = { partialText: '', finished: false };
  let message: ResponsesOutputMessage | undefined;
  let refusal = '';
  let terminal: { completed: true } | { completed: false; reason: string } | undefined;

  const end = (outcome: NonNullable<typeof terminal>) => {
    if (terminal === undefined) terminal = outcome;
    state.finished = true;
  };

  const take = (event: ResponsesStreamEvent) => {
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
        message ??= lastMessage(readOutput(event.response));
        end({ completed: true });
        break;
      case 'response.incomplete':
      case 'response.failed':
        end({ completed: false, reason: notCompletedReason(event.response) });
        break;
      case 'error':
        end({
          completed: false,
          reason: `the stream reported an error: ${typeof event.message === 'string' ? event.message : describeValue(event.message)}`,
        });
        break;
      default:
        break;
    }
  };

  return {
    state,
    push(event) {
      if (terminal !== undefined || typeof event !== 'object' || event === null) return;
      try {
        take(event);
      } catch (error) {
        // An event that cannot be read (a throwing getter, a revoked Proxy) ends nothing well.
        end({
          completed: false,
          reason: `an event could not be read: ${error instanceof Error ? error.message : String(error)}`,
        });
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

function readOutput(response: unknown): unknown {
  return typeof response === 'object' && response !== null ? (response as { output?: unknown }).output : undefined;
}

/**
 * Consumes a whole stream (the `openai` client's `responses.create({ stream: true })`, or any
 * async iterable of events) and decodes the completed message. Never rejects: a stream that
 * throws midway (a dropped connection) yields `incomplete`.
 */
export async function decodeResponseStream<T, Text extends boolean = false>(
  decoder: StructuredResultDecoder<T, Text>,
  events: AsyncIterable<ResponsesStreamEvent>,
  onEvent?: (event: ResponsesStreamEvent, state: StructuredStreamState) => void,
): Promise<StructuredResult<T, Text>> {
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

/**
 * Decodes a whole (non-streamed) Response, as `client.responses.create(body)` returns it.
 * - Only a `completed` response is decoded (a response without a status counts as completed);
 *   `incomplete` says why (`max_output_tokens`, `content_filter`), `failed` gives the error.
 * - The last assistant message of `output` is decoded (refusal parts win); output with no
 *   message at all (reasoning only, or only tool calls) is `empty`.
 * - Never rejects, whatever the object.
 */
export async function decodeResponse<T, Text extends boolean = false>(
  decoder: StructuredResultDecoder<T, Text>,
  response: ResponsesResponse,
): Promise<StructuredResult<T, Text>> {
  try {
    const status = readPath(response, 'status');
    if (status !== undefined && status !== 'completed')
      return { ok: false, kind: 'incomplete', reason: notCompletedReason(response) };
    const message = lastMessage(readOutput(response));
    if (message === undefined) return { ok: false, kind: 'empty' };
    return await decoder.decodeMessageAsync(message);
  } catch (error) {
    return {
      ok: false,
      kind: 'incomplete',
      reason: `the response could not be read: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}
