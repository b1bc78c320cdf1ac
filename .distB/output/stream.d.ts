import type { StructuredResult, StructuredResultDecoder } from './decode.js';
import type { ResponsesResponse, ResponsesStreamEvent } from './responses-wire.js';
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
/**
 * Creates a consumer of Responses streaming events for a structured answer.
 * - `response.output_text.delta` only grows `partialText`; partial JSON is never decoded.
 * - `response.output_item.done` with a message item records the completed message.
 * - `response.completed` ends the stream; the recorded message is decoded, or the last message of
 *   the completed response's `output` when no item event came (no message → `empty`).
 * - `response.incomplete`, `response.failed` and `error` end it as `incomplete` with the reason.
 */
export declare function createStructuredStreamDecoder<T, Text extends boolean = false>(decoder: StructuredResultDecoder<T, Text>): StructuredStreamDecoder<T, Text>;
/**
 * Consumes a whole stream (the `openai` client's `responses.create({ stream: true })`, or any
 * async iterable of events) and decodes the completed message. Never rejects: a stream that
 * throws midway (a dropped connection) yields `incomplete`.
 */
export declare function decodeResponseStream<T, Text extends boolean = false>(decoder: StructuredResultDecoder<T, Text>, events: AsyncIterable<ResponsesStreamEvent>, onEvent?: (event: ResponsesStreamEvent, state: StructuredStreamState) => void): Promise<StructuredResult<T, Text>>;
/**
 * Decodes a whole (non-streamed) Response, as `client.responses.create(body)` returns it.
 * - Only a `completed` response is decoded (a response without a status counts as completed);
 *   `incomplete` says why (`max_output_tokens`, `content_filter`), `failed` gives the error.
 * - The last assistant message of `output` is decoded (refusal parts win); output with no
 *   message at all (reasoning only, or only tool calls) is `empty`.
 * - Never rejects, whatever the object.
 */
export declare function decodeResponse<T, Text extends boolean = false>(decoder: StructuredResultDecoder<T, Text>, response: ResponsesResponse): Promise<StructuredResult<T, Text>>;
//# sourceMappingURL=stream.d.ts.map