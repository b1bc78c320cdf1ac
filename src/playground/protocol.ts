// The messages between the playground page and its worker (the library runs in the worker).
import type { ProviderTarget } from '../providers/targets/registry.js';
import type { CompactionPolicy } from '../schema/compaction/driver.js';

/** What the page asks: analyse a text (a schema, an MCP tool, or a tools/list), or open one tool of a list. */
export type WorkerRequest =
  | { id: number; kind: 'analyse'; text: string; settings: Settings }
  | { id: number; kind: 'open'; index: number; settings: Settings };

export interface Settings {
  budgetBytes: number;
  compactionPolicy: CompactionPolicy;
  target: ProviderTarget;
  strict: boolean;
}

/** One change, as the page lists it. */
export interface ChangeView {
  stage: string;
  kind: string;
  path: string;
  message: string;
}

/** One line of a before → after diff: kept, added, removed, or a fold of unchanged lines. */
export interface DiffLine {
  op: ' ' | '+' | '-' | '…';
  text: string;
}

/** A before → after diff, or why there is none. */
export interface DiffView {
  lines: DiffLine[];
  added: number;
  removed: number;
  /** Set when the diff was not computed (too large or too different to diff in time). */
  note?: string;
}

/** What the page shows of one schema or tool. */
export interface SchemaView {
  label: string;
  inputBytes: number | undefined;
  finalBytes: number | undefined;
  tokensIn: number | undefined;
  tokensOut: number | undefined;
  error: string | undefined;
  /** Each stage's JSON, pretty-printed and cut to a readable length. */
  /** `json` is cut past 200,000 characters for display; `full` is then the whole text (copy, download). */
  stages: { name: string; json: string; full?: string; bytes: number | undefined }[];
  /** The first 2,000 changes; `totalChanges` says how many there are in all. */
  changes: ChangeView[];
  totalChanges: number;
  passes: { name: string; bytesBefore: number; bytesAfter: number }[];
  budgetBytes: number;
  warnings: { path: string; message: string }[];
  /** The input against the final schema, and against the schema the provider gets. */
  diffs: { final: DiffView; provider: DiffView | undefined };
  provider:
    | {
        target: ProviderTarget;
        strict: boolean;
        json: string;
        full?: string;
        changes: { kind: string; path: string; message: string }[];
        totalChanges: number;
        warnings: string[];
        findings: string[];
      }
    | undefined;
}

/** One row of a server's table. */
export interface ToolRow {
  index: number;
  name: string;
  ok: boolean;
  inputBytes: number;
  outputBytes: number;
  tokensIn: number | undefined;
  tokensOut: number | undefined;
  passes: string;
  changes: number;
  error: string | undefined;
}

/** What the worker answers. */
export type WorkerResponse =
  | { id: number; kind: 'progress'; message: string }
  | { id: number; kind: 'error'; message: string }
  | { id: number; kind: 'schema'; view: SchemaView }
  | {
      id: number;
      kind: 'tools';
      rows: ToolRow[];
      view: SchemaView | undefined;
      /** Every converted tool, as the target's request takes them (the list's export). */
      exported: string;
    }
  | {
      id: number;
      kind: 'tokens-ready';
      /** The tokens of the tools listed before the tokenizer came, counted without converting again. */
      rows?: { index: number; tokensIn: number | undefined; tokensOut: number | undefined }[];
    };
