/** A content part of an output message: `output_text`, `refusal`, or one this library does not read. */
export interface ResponsesOutputContentPart {
    readonly type: string;
    readonly text?: unknown;
    readonly refusal?: unknown;
}
/** An assistant message item of `response.output` (the `openai` package's `ResponseOutputMessage`). */
export interface ResponsesOutputMessage {
    readonly type?: string;
    readonly role?: string;
    readonly status?: string;
    readonly content?: readonly ResponsesOutputContentPart[];
}
/** Any item of `response.output`: messages, reasoning, function calls, … */
export interface ResponsesOutputItem {
    readonly type: string;
}
/** A whole non-streamed Response (the `openai` package's `Response`), as far as decoding needs it. */
export interface ResponsesResponse {
    readonly status?: string | null | undefined;
    readonly incomplete_details?: {
        readonly reason?: string | null | undefined;
    } | null | undefined;
    readonly error?: {
        readonly code?: unknown;
        readonly message?: unknown;
    } | null | undefined;
    readonly output?: readonly ResponsesOutputItem[];
}
/** A Responses stream event (the `openai` package's `ResponseStreamEvent` is assignable). */
export interface ResponsesStreamEvent {
    readonly type: string;
    readonly delta?: unknown;
    readonly refusal?: unknown;
    readonly item?: unknown;
    readonly response?: unknown;
    readonly message?: unknown;
}
//# sourceMappingURL=responses-wire.d.ts.map