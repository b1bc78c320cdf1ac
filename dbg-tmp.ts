import { convertMcpTools } from './src/providers/convert-tools.ts';
import { readCorpusTools } from './test/helpers/corpus.ts';

const tool = readCorpusTools().find((t) => t.name === 'issues-set-labels')!;
console.log(JSON.stringify(tool.inputSchema).slice(0, 1500));
const r = convertMcpTools([tool], { target: 'openai-responses' });
const e = r.results[0] as any;
console.log(JSON.stringify(e.definition.inputSchema).slice(0, 800));
console.log(JSON.stringify(e.tool.parameters).slice(0, 1500));
