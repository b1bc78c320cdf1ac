// The playground's worker: runs the library off the page's thread, so a 10 MB schema never freezes it.
import { ToolSchemaError } from '../errors.js';
import { checkProviderTools } from '../providers/check-rules.js';
import { convertMcpTools, type ProviderConversion } from '../providers/convert-tools.js';
import { preflightTools } from '../providers/preflight.js';
import { adviseOnRule } from '../providers/rule-advice.js';
import type { ProviderTarget } from '../providers/targets/registry.js';
import { explainToolInputSchema, type ToolSchemaExplanation } from '../schema/explain.js';
import { isJsonObject, type JsonValue } from '../schema/json.js';
import { jsonByteLength } from '../schema/size.js';
import type { McpToolLike } from '../tools/mcp.js';
import { diffView, wireSchema } from './diff-view.js';
import type { DiffView, SchemaView, Settings, ToolRow, WorkerRequest, WorkerResponse } from './protocol.js';

/** Longest JSON a stage panel shows; the rest is summarized (a 10 MB schema stays readable). */
const MAX_SHOWN_JSON_CHARS = 200_000;
/** Most changes sent to the page for one schema. */
const MAX_CHANGES_SENT = 2_000;

interface WorkerScope {
  postMessage(message: WorkerResponse): void;
  onmessage: ((event: { data: WorkerRequest }) => void) | null;
}
const scope = self as unknown as WorkerScope;

let countTokens: ((text: string) => number) | undefined;
// The tokenizer's tables (a few MB) load after the first answer, on their own, from beside the page.
const tokenizerUrl = new URL('./tokenizer.js', import.meta.url).href;
const tokenizer = (import(tokenizerUrl) as Promise<{ countTokens: (text: string) => number }>).then((module) => {
  countTokens = (text) => module.countTokens(text);
  // A list answered before the tokenizer came: its tokens, from the tools already converted.
  const rows = lastList?.map(({ index, input, output }) => ({
    index,
    tokensIn: tokens(input),
    tokensOut: tokens(output),
  }));
  scope.postMessage({ id: 0, kind: 'tokens-ready', ...(rows === undefined ? {} : { rows }) });
});
tokenizer.catch(() => undefined);

const tokens = (value: unknown): number | undefined => {
  if (countTokens === undefined || value === undefined) return undefined;
  try {
    return countTokens(JSON.stringify(value));
  } catch {
    return undefined;
  }
};

/** A value's JSON as a panel shows it (cut past 200,000 characters), and the whole text when cut (copy copies all). */
function shown(value: unknown): { json: string; full?: string } {
  if (value === undefined) return { json: '' };
  const text = JSON.stringify(value, null, 2) ?? '';
  return text.length > MAX_SHOWN_JSON_CHARS
    ? {
        json: `${text.slice(0, MAX_SHOWN_JSON_CHARS)}\n… (${(text.length - MAX_SHOWN_JSON_CHARS).toLocaleString('en-US')} more characters)`,
        full: text,
      }
    : { json: text };
}

function bytesOf(value: unknown): number | undefined {
  try {
    return value === undefined ? undefined : jsonByteLength(value as JsonValue);
  } catch {
    return undefined;
  }
}

/** The provider's side of one tool: its JSON, what changed, and what the rules and preflight find. */
/** The input schema against the schema the provider gets (none for a tool that did not convert). */
function providerDiff(
  conversion: ProviderConversion<ProviderTarget>,
  index: number,
  input: unknown,
): DiffView | undefined {
  const result = conversion.results.find((entry) => entry.index === index);
  if (result === undefined || !result.ok) return undefined;
  return diffView(input, wireSchema(result.tool));
}

function providerView(
  conversion: ProviderConversion<ProviderTarget>,
  index: number,
  settings: Settings,
): SchemaView['provider'] {
  const result = conversion.results.find((entry) => entry.index === index);
  if (result === undefined || !result.ok) return undefined;
  const violations = settings.target === 'codex' ? [] : checkProviderTools(settings.target, [result.tool]);
  const findings = [
    ...violations.map((violation) => {
      const advice = adviseOnRule(violation.rule, violation.tool, settings.target);
      return `${violation.path || '(tool)'}: ${advice.provider} answers ${advice.answer}; fix: ${advice.fix}`;
    }),
    ...preflightTools([result.tool], settings.target).map(
      (finding) => `${finding.path || '(request)'}: ${finding.message}`,
    ),
  ];
  return {
    target: settings.target,
    strict: result.strict,
    ...shown(result.tool),
    changes: result.changes.slice(0, MAX_CHANGES_SENT),
    totalChanges: result.changes.length,
    warnings: result.warnings.map((warning) => warning.message),
    findings,
  };
}

function schemaView(
  label: string,
  explanation: ToolSchemaExplanation,
  settings: Settings,
  provider: SchemaView['provider'],
  againstProvider: DiffView | undefined,
): SchemaView {
  return {
    label,
    inputBytes: bytesOf(explanation.input),
    finalBytes: explanation.finalBytes,
    tokensIn: tokens(explanation.input),
    tokensOut: tokens(explanation.final),
    error: explanation.error === undefined ? undefined : `[${explanation.error.code}] ${explanation.error.message}`,
    stages: [
      { name: 'sanitized', ...shown(explanation.sanitized), bytes: bytesOf(explanation.sanitized) },
      { name: 'pruned', ...shown(explanation.pruned), bytes: bytesOf(explanation.pruned) },
      { name: 'compacted', ...shown(explanation.decoded), bytes: bytesOf(explanation.decoded) },
      { name: 'final', ...shown(explanation.final), bytes: explanation.finalBytes },
    ],
    changes: explanation.changes.slice(0, MAX_CHANGES_SENT).map((change) => ({
      stage: change.pass === undefined ? change.stage : `${change.stage} · ${change.pass}`,
      kind: change.kind,
      path: change.path === '' ? '(root)' : change.path,
      message: change.message,
    })),
    totalChanges: explanation.changes.length,
    passes: explanation.compaction?.passes ?? [],
    budgetBytes: settings.budgetBytes,
    warnings: explanation.warnings.map((warning) => ({ path: warning.path, message: warning.message })),
    diffs: { final: diffView(explanation.input, explanation.final), provider: againstProvider },
    provider,
  };
}

/** The tools of a pasted list, kept so that opening a row needs no re-parse. */
let listed: McpToolLike[] | undefined;
/** The last list's tools as given and as converted, while their tokens could not be counted yet. */
let lastList: { index: number; input: unknown; output: unknown }[] | undefined;

function converted(tools: McpToolLike[], settings: Settings) {
  return convertMcpTools(tools, {
    target: settings.target,
    strict: settings.strict,
    budgetBytes: settings.budgetBytes,
    compactionPolicy: settings.compactionPolicy,
    explain: true,
  }) as ProviderConversion<ProviderTarget>;
}

function toolView(tools: McpToolLike[], index: number, settings: Settings): SchemaView {
  const conversion = converted([tools[index] as McpToolLike], settings);
  const result = conversion.results[0];
  const name = typeof tools[index]?.name === 'string' ? tools[index].name : `#${index}`;
  if (result === undefined || !result.ok || result.explanation === undefined) {
    const error = result !== undefined && !result.ok ? result.error.message : 'the tool could not be read';
    return { ...emptyView(name, settings), error };
  }
  return schemaView(
    name,
    result.explanation,
    settings,
    providerView(conversion, 0, settings),
    providerDiff(conversion, 0, result.explanation.input),
  );
}

function emptyView(label: string, settings: Settings): SchemaView {
  return {
    label,
    inputBytes: undefined,
    finalBytes: undefined,
    tokensIn: undefined,
    tokensOut: undefined,
    error: undefined,
    stages: [],
    changes: [],
    passes: [],
    budgetBytes: settings.budgetBytes,
    warnings: [],
    diffs: { final: { lines: [], added: 0, removed: 0 }, provider: undefined },
    provider: undefined,
  };
}

function answer(request: WorkerRequest): WorkerResponse {
  const { id, settings } = request;
  if (request.kind === 'open') {
    if (listed === undefined) return { id, kind: 'error', message: 'no tool list is open' };
    return { id, kind: 'schema', view: toolView(listed, request.index, settings) };
  }
  scope.postMessage({
    id,
    kind: 'progress',
    message: `parsing ${request.text.length.toLocaleString('en-US')} characters…`,
  });
  let value: unknown;
  try {
    value = JSON.parse(request.text);
  } catch (error) {
    return { id, kind: 'error', message: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  const list = Array.isArray(value)
    ? value
    : isJsonObject(value as JsonValue) && Array.isArray((value as { tools?: unknown }).tools)
      ? (value as { tools: unknown[] }).tools
      : undefined;
  if (list !== undefined) {
    listed = list as McpToolLike[];
    scope.postMessage({ id, kind: 'progress', message: `converting ${list.length.toLocaleString('en-US')} tools…` });
    const conversion = converted(listed, settings);
    lastList =
      countTokens !== undefined
        ? undefined
        : conversion.results.flatMap((result) =>
            result.ok ? [{ index: result.index, input: listed?.[result.index], output: result.tool }] : [],
          );
    const rows: ToolRow[] = conversion.results.map((result) => ({
      index: result.index,
      name: result.name ?? `#${result.index}`,
      ok: result.ok,
      inputBytes: result.ok ? result.inputBytes : 0,
      outputBytes: result.ok ? result.outputBytes : 0,
      tokensIn: result.ok ? tokens(listed?.[result.index]) : undefined,
      tokensOut: result.ok ? tokens(result.tool) : undefined,
      passes: result.ok ? result.compactionPasses.join(', ') : '',
      changes: result.ok ? result.changes.length + (result.explanation?.changes.length ?? 0) : 0,
      error: result.ok ? undefined : result.error.message,
    }));
    return {
      id,
      kind: 'tools',
      rows,
      view: list.length > 0 ? toolView(listed, 0, settings) : undefined,
      exported: JSON.stringify(conversion.tools, null, 2),
    };
  }
  listed = undefined;
  lastList = undefined;
  const isTool =
    isJsonObject(value as JsonValue) &&
    typeof (value as { name?: unknown }).name === 'string' &&
    'inputSchema' in (value as object);
  if (isTool) return { id, kind: 'schema', view: toolView([value as McpToolLike], 0, settings) };
  scope.postMessage({ id, kind: 'progress', message: 'running the pipeline…' });
  const explanation = explainToolInputSchema(value, {
    budgetBytes: settings.budgetBytes,
    compactionPolicy: settings.compactionPolicy,
  });
  const conversion = converted([{ name: 'schema', description: '', inputSchema: value }], settings);
  return {
    id,
    kind: 'schema',
    view: schemaView(
      'schema',
      explanation,
      settings,
      providerView(conversion, 0, settings),
      providerDiff(conversion, 0, explanation.input),
    ),
  };
}

scope.onmessage = (event) => {
  const request = event.data;
  try {
    scope.postMessage(answer(request));
  } catch (error) {
    const message =
      error instanceof ToolSchemaError
        ? `[${error.code}] ${error.message}`
        : `unexpected error: ${error instanceof Error ? error.message : String(error)}`;
    scope.postMessage({ id: request.id, kind: 'error', message });
  }
};
