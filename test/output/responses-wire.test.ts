import type { Response, ResponseOutputMessage, ResponseStreamEvent, Tool } from 'openai/resources/responses/responses';
import { describe, expectTypeOf, test } from 'vitest';
import type { RequestTool } from '../../src/output/request.js';
import type {
  ResponsesOutputMessage,
  ResponsesResponse,
  ResponsesStreamEvent,
} from '../../src/output/responses-wire.js';

// The library writes out the Responses types it reads so that it needs no `openai` install at run
// time; these checks keep each one a supertype of the real package's, so callers pass openai values.
describe('the written-out Responses wire types', () => {
  test('accept the openai package values they stand for', () => {
    expectTypeOf<ResponseOutputMessage>().toExtend<ResponsesOutputMessage>();
    expectTypeOf<ResponseStreamEvent>().toExtend<ResponsesStreamEvent>();
    expectTypeOf<Response>().toExtend<ResponsesResponse>();
    expectTypeOf<Tool>().toExtend<RequestTool>();
  });
});
