// The slice of the Responses API wire types the output decoder reads, written out so the library needs no `openai` install.
// Each type is a supertype of the `openai` package's own (checked at compile time in test/output/responses-wire.test.ts).
export {};
//# sourceMappingURL=responses-wire.js.map