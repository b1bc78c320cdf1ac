// Every tool of the vendored MCP corpus, for every target, strict and not: accepted by the
// provider's rules, and round-tripped (test/helpers/real-tools.ts).
import { readCorpusTools } from '../helpers/corpus.js';
import { describeRealTools, requestsOf } from '../helpers/real-tools.js';

describeRealTools('corpus', requestsOf(readCorpusTools().map((tool) => ({ server: tool.server, tool }))));
