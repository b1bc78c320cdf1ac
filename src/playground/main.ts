// The playground page: input, settings, and what the worker found, rendered as plain DOM.
import { PROVIDER_TARGETS, targetDefinition } from '../providers/targets/registry.js';
import { EXAMPLES } from './examples.js';
import type { DiffView, SchemaView, Settings, ToolRow, WorkerRequest, WorkerResponse } from './protocol.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const source = $<HTMLTextAreaElement>('source');
const example = $<HTMLSelectElement>('example');
const budget = $<HTMLInputElement>('budget');
const budgetValue = $<HTMLOutputElement>('budget-value');
const policy = $<HTMLSelectElement>('policy');
const target = $<HTMLSelectElement>('target');
const strict = $<HTMLInputElement>('strict');
const status = $<HTMLParagraphElement>('status');

// The target menu is the registry's list: a new target appears here without an edit.
for (const name of PROVIDER_TARGETS) {
  const option = document.createElement('option');
  option.value = name;
  option.textContent = name;
  option.title = targetDefinition(name).label;
  target.append(option);
}

/**
 * The worker that runs the library. An analysis still running when a new one is sent is
 * superseded: that worker is ended and a fresh one started, so a slider moved four times on a
 * 5 MB schema costs one job, not four in a row. Opening a tool of the list never ends the worker
 * (the fresh one would not have the list): it waits behind what runs, and only the newest answer
 * is shown. `data-workers` on the body counts the workers started.
 */
let worker: Worker = startWorker();
/** An analysis was sent and has not answered yet. */
let inFlight = false;
/** Requests sent and not answered yet (analyses and opens). */
let pending = 0;
/** The id of the newest analysis: its list is the one shown, even when an open was sent after it. */
let latestAnalyse = 0;

function startWorker(): Worker {
  const started = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  started.onmessage = (event: MessageEvent<WorkerResponse>) => onWorkerMessage(event);
  document.body.dataset.workers = String(Number(document.body.dataset.workers ?? '0') + 1);
  return started;
}
let requestId = 0;
let latest = 0;
let rows: ToolRow[] = [];
let sortKey: keyof ToolRow = 'index';
/** 1: the key's natural order (names A→Z, sizes and counts largest first); -1: the other way. */
let sortDirection = 1;
const filter = $<HTMLInputElement>('filter');
let openIndex = 0;
/** Each listed tool's row element, by its index in the list (see `rowElement`). */
const rowElements = new Map<number, HTMLTableRowElement>();
/** The tool to open again once a re-analysis (a setting changed) lists the tools. */
let reopen: number | undefined;

const format = (n: number | undefined, unit: string) =>
  n === undefined ? '…' : `${n.toLocaleString('en-US')} ${unit}`;

function settings(): Settings {
  return {
    budgetBytes: Number(budget.value),
    compactionPolicy: policy.value as Settings['compactionPolicy'],
    target: target.value as Settings['target'],
    strict: strict.checked,
  };
}

function send(request: Omit<WorkerRequest, 'id'>): void {
  requestId++;
  latest = requestId;
  status.textContent = 'working…';
  if (request.kind === 'analyse') {
    if (pending > 0) {
      worker.terminate();
      worker = startWorker();
      pending = 0;
    }
    latestAnalyse = requestId;
    inFlight = true;
    // How many analyses the page asked for: a test can tell a re-analysis from a lighter update.
    document.body.dataset.analyses = String(Number(document.body.dataset.analyses ?? '0') + 1);
  }
  pending++;
  worker.postMessage({ ...request, id: requestId } as WorkerRequest);
}

/** No result stays on screen that the input no longer gives (invalid JSON, an empty input, no tools). */
function clearResults(): void {
  rows = [];
  $('result').hidden = true;
  $('server').hidden = true;
}

/** Inputs up to this many characters go into the URL, so a link shows the same thing. */
const MAX_SHARED_INPUT_CHARS = 4_000;

/** The settings (and a small input) in the URL's hash: opening the link restores them. */
function writeHash(text: string): void {
  const state: Record<string, unknown> = { ...settings() };
  if (text.length <= MAX_SHARED_INPUT_CHARS) state.input = text;
  history.replaceState(null, '', `#${encodeURIComponent(JSON.stringify(state))}`);
}

/** The state a shared link carries, applied to the controls; false when there is none. */
function readHash(): boolean {
  if (location.hash.length < 2) return false;
  let state: Partial<Settings> & { input?: unknown };
  try {
    state = JSON.parse(decodeURIComponent(location.hash.slice(1))) as typeof state;
  } catch {
    return false;
  }
  if (typeof state.budgetBytes === 'number') {
    budget.value = String(state.budgetBytes);
    budgetValue.textContent = `${state.budgetBytes.toLocaleString('en-US')} B`;
  }
  if (state.compactionPolicy === 'reference' || state.compactionPolicy === 'fidelity')
    policy.value = state.compactionPolicy;
  if (typeof state.target === 'string' && [...target.options].some((option) => option.value === state.target))
    target.value = state.target;
  if (typeof state.strict === 'boolean') strict.checked = state.strict;
  if (typeof state.input === 'string') source.value = state.input;
  return typeof state.input === 'string';
}

function analyse(): void {
  const text = source.value;
  writeHash(text);
  if (text.trim() === '') {
    status.textContent = 'Paste a schema, an MCP tool or a tools/list result, or pick an example.';
    clearResults();
    return;
  }
  send({ kind: 'analyse', text, settings: settings() });
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
  className?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className !== undefined) node.className = className;
  return node;
}

function copyButton(text: () => string, label: string): HTMLButtonElement {
  const button = element('button', 'copy');
  button.type = 'button';
  button.setAttribute('aria-label', `copy ${label}`);
  button.addEventListener('click', () => {
    void navigator.clipboard?.writeText(text()).then(
      () => {
        button.textContent = 'copied';
      },
      () => {
        button.textContent = 'copy failed';
      },
    );
  });
  return button;
}

/** A button that saves `text()` as a file: the whole JSON, never a panel's cut text. */
function downloadButton(
  text: () => string,
  fileName: () => string,
  label: string,
  caption = 'download',
): HTMLButtonElement {
  const button = element('button', caption);
  button.type = 'button';
  button.setAttribute('aria-label', `download ${label}`);
  button.addEventListener('click', () => {
    const url = URL.createObjectURL(new Blob([text()], { type: 'application/json' }));
    const link = element('a');
    link.href = url;
    link.download = fileName();
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  });
  return button;
}

/** A file name from a panel's title: `final · 450 B` → `final.json`. */
const fileNameOf = (title: string) => `${title.split(' · ')[0]?.replace(/[^\w.-]+/g, '-') ?? 'schema'}.json`;

/**
 * The JSON Pointer of each line of pretty-printed JSON (two spaces per level), so that a change's
 * path can be highlighted where it is, not wherever the same key appears.
 */
function linePointers(json: string): string[] {
  const stack: { indent: number; token: string; array: boolean; next: number }[] = [];
  return json.split('\n').map((line) => {
    const indent = line.length - line.trimStart().length;
    while (stack.length > 0 && (stack[stack.length - 1] as { indent: number }).indent >= indent) stack.pop();
    const parent = stack[stack.length - 1];
    const key = /^\s*"((?:[^"\\]|\\.)*)":/.exec(line)?.[1];
    const trimmed = line.trim();
    let token: string | undefined;
    if (key !== undefined) token = JSON.parse(`"${key}"`) as string;
    else if (parent?.array === true && trimmed !== ']' && trimmed !== '],' && trimmed !== '}' && trimmed !== '},')
      token = String(parent.next++);
    const pointer =
      token === undefined
        ? ''
        : [...stack.map((entry) => entry.token), token]
            .map((part) => `/${part.replaceAll('~', '~0').replaceAll('/', '~1')}`)
            .join('');
    if (token !== undefined && (trimmed.endsWith('{') || trimmed.endsWith('['))) {
      stack.push({ indent, token, array: trimmed.endsWith('['), next: 0 });
    }
    return pointer;
  });
}

/** A tool's name, breakable after `_`, `-`, `.` and `/` so a narrow screen wraps it between words. */
function nameCell(name: string): HTMLTableCellElement {
  const cell = element('td');
  for (const part of name.split(/(?<=[_./-])/)) {
    if (cell.childNodes.length > 0) cell.append(element('wbr'));
    cell.append(part);
  }
  return cell;
}

/** The change list's heading says when it lists only the first of many. */
function changesTitle(shown: number, total: number): string {
  if (shown >= total) return 'Changes, by JSON path';
  return `Changes, by JSON path: the first ${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} (toolschema explain --json lists them all)`;
}

/** A JSON panel whose changed paths are highlighted. */
function panel(title: string, json: string, changedPaths: ReadonlySet<string>, full?: string): HTMLElement {
  const box = element('section', undefined, 'panel');
  const head = element('header');
  const actions = element('span', undefined, 'actions');
  // The whole JSON, not the panel's cut text.
  actions.append(
    copyButton(() => full ?? json, title),
    downloadButton(
      () => full ?? json,
      () => fileNameOf(title),
      title,
    ),
  );
  head.append(element('strong', title), actions);
  const pre = element('pre');
  pre.setAttribute('tabindex', '0');
  pre.setAttribute('aria-label', `${title} JSON`);
  const lines = json.split('\n');
  const pointers = changedPaths.size === 0 ? [] : linePointers(json);
  // Unchanged lines go in as one text node per run, not one per line: a 200 KB panel is then a
  // handful of nodes, and the page lays it out in milliseconds instead of a second.
  const renderLines = (from: number, to: number) => {
    let run = '';
    for (let index = from; index < to; index++) {
      const line = lines[index] as string;
      const pointer = pointers[index];
      if (pointer !== undefined && pointer !== '' && changedPaths.has(pointer)) {
        if (run !== '') pre.append(run);
        pre.append(element('mark', line), '\n');
        run = '';
      } else run += `${line}\n`;
    }
    if (run !== '') pre.append(run);
  };
  // A long panel shows its first lines and the rest on demand: four 200,000-character panels laid
  // out at once held the page for a second on a large schema.
  const shownFirst = Math.min(lines.length, PANEL_LINES_AT_FIRST);
  renderLines(0, shownFirst);
  box.append(head, pre);
  if (shownFirst < lines.length) {
    const more = element('button', `show the other ${(lines.length - shownFirst).toLocaleString('en-US')} lines`);
    more.type = 'button';
    more.className = 'more-lines';
    more.addEventListener('click', () => {
      renderLines(shownFirst, lines.length);
      more.remove();
      pre.focus();
    });
    box.append(more);
  }
  return box;
}

/** How many lines a panel lays out before "show the other N lines". */
const PANEL_LINES_AT_FIRST = 400;

function renderSchema(view: SchemaView): void {
  $('result').hidden = false;
  // The schema's tokens; the list's column counts the whole tool as the provider gets it.
  const tokens = (n: number | undefined) => (n === undefined ? '' : ` (${format(n, 'schema tokens')})`);
  $('summary').textContent = `${view.label}: input ${format(view.inputBytes, 'B')}${tokens(view.tokensIn)} → ${
    view.finalBytes === undefined ? 'rejected' : `final ${format(view.finalBytes, 'B')}${tokens(view.tokensOut)}`
  }; budget ${format(view.budgetBytes, 'B')}`;
  // Over budget is said, in colour and in words (the reference's compaction is best effort).
  const over = view.finalBytes !== undefined && view.finalBytes > view.budgetBytes;
  $('summary').classList.toggle('over-budget', over);
  if (over)
    $('summary').textContent += ` — still over budget after all passes (${format(
      (view.finalBytes as number) - view.budgetBytes,
      'B',
    )} over; the fidelity policy always fits)`;
  const error = $('error');
  error.hidden = view.error === undefined;
  error.textContent = view.error ?? '';

  const passes = $('passes');
  passes.replaceChildren();
  if (view.passes.length > 0) {
    const list = element('ul');
    for (const pass of view.passes)
      list.append(element('li', `${pass.name}: ${format(pass.bytesBefore, 'B')} → ${format(pass.bytesAfter, 'B')}`));
    passes.append(element('h3', 'Compaction passes'), list);
  }
  const warnings = $('warnings');
  warnings.replaceChildren();
  if (view.warnings.length > 0) {
    const list = element('ul');
    for (const warning of view.warnings) list.append(element('li', `${warning.path}: ${warning.message}`));
    warnings.append(element('h3', 'Warnings (the final schema contradicts itself)'), list);
  }

  const changes = $('changes');
  // A scrolling list: focusable, so a keyboard alone can reach and scroll it (like the panels).
  // Chromium now focuses scrollers by itself; other browsers need the tabindex.
  changes.tabIndex = 0;
  changes.replaceChildren();
  $('changes-title').textContent = changesTitle(view.changes.length, view.totalChanges);
  if (view.changes.length === 0) changes.append(element('li', 'no changes'));
  for (const change of view.changes) {
    const item = element('li');
    item.append(
      element('code', change.path),
      ' ',
      element('span', change.kind.replaceAll('_', ' '), 'kind'),
      ' ',
      element('span', `— ${change.message} (${change.stage})`, 'why'),
    );
    changes.append(item);
  }
  // Each stage's panel marks what that stage changed (not what a later stage drops).
  const stageOf: Record<string, string> = {
    sanitized: 'sanitize',
    pruned: 'prune',
    compacted: 'compact',
    final: 'decode',
  };
  const panels = new Map<string, ShownPanel>();
  replaceChildrenIfChanged(
    $('stages'),
    view.stages.map((stage) => {
      const own = stageOf[stage.name] ?? stage.name;
      const changedPaths = new Set(
        view.changes
          .filter((change) => change.stage === own || change.stage.startsWith(`${own} ·`))
          .map((change) => (change.path === '(root)' ? '' : change.path)),
      );
      return reusedPanel(
        panels,
        `${stage.name}${stage.bytes === undefined ? '' : ` · ${format(stage.bytes, 'B')}`}`,
        stage.json,
        changedPaths,
        stage.full,
      );
    }),
  );
  shownDiffs = view.diffs;
  renderDiff();

  // What the provider gets: its summary drawn again, its panel kept when it is the same.
  const about: HTMLElement[] = [];
  let providerPanel: HTMLElement | undefined;
  if (view.provider !== undefined) {
    const { provider: p } = view;
    about.push(
      element(
        'p',
        `${p.target}${p.strict ? ' (strict)' : ''}: ${p.totalChanges.toLocaleString('en-US')} change${p.totalChanges === 1 ? '' : 's'}${
          p.changes.length < p.totalChanges ? ` (the first ${p.changes.length.toLocaleString('en-US')} listed)` : ''
        }`,
      ),
    );
    if (p.findings.length === 0) about.push(element('p', 'Preflight and the provider rules: no finding.', 'ok'));
    else {
      const list = element('ul', undefined, 'findings');
      for (const finding of p.findings) list.append(element('li', finding));
      about.push(list);
    }
    for (const warning of p.warnings) about.push(element('p', `! ${warning}`, 'error'));
    const list = element('ol');
    for (const change of p.changes)
      list.append(element('li', `${change.path} ${change.kind.replaceAll('_', ' ')} — ${change.message}`));
    about.push(list);
    providerPanel = reusedPanel(panels, 'provider tool', p.json, new Set(), p.full);
  }
  providerAbout.replaceChildren(...about);
  replaceChildrenIfChanged(
    $('provider'),
    providerPanel === undefined ? [providerAbout] : [providerAbout, providerPanel],
  );
  shownPanels = panels;
}

/** The summary part of the provider's section (its panel follows it). */
const providerAbout = element('div');
/** A panel on the page and what it shows. */
interface ShownPanel {
  json: string;
  full: string | undefined;
  paths: string;
  element: HTMLElement;
}
/** The panels on the page, by title (a view's titles differ; see {@link reusedPanel}). */
let shownPanels = new Map<string, ShownPanel>();

/**
 * The panel on the page that shows this already, or a new one; noted in `panels` either way.
 * A tool's view is drawn again when its token counts arrive: a panel replaced then took a click
 * on its buttons with it, and lost the lines the reader had opened.
 */
function reusedPanel(
  panels: Map<string, ShownPanel>,
  title: string,
  json: string,
  changedPaths: ReadonlySet<string>,
  full?: string,
): HTMLElement {
  const paths = [...changedPaths].join('\n');
  // A title twice in one view (not expected) gets a panel of its own each time.
  const shown = panels.has(title) ? undefined : shownPanels.get(title);
  const same = shown !== undefined && shown.json === json && shown.full === full && shown.paths === paths;
  const kept = same ? shown : { json, full, paths, element: panel(title, json, changedPaths, full) };
  panels.set(title, kept);
  return kept.element;
}

/**
 * Sets an element's children, leaving them alone when they are already those, in that order:
 * a node taken out of the page and put back between a click's press and its release receives no
 * click (Chromium).
 */
function replaceChildrenIfChanged(parent: HTMLElement, children: readonly HTMLElement[]): void {
  const current = parent.children;
  if (current.length === children.length && children.every((child, position) => current[position] === child)) return;
  parent.replaceChildren(...children);
}

/** The open view's diffs; the menu picks which one shows. */
let shownDiffs: SchemaView['diffs'] | undefined;
const diffAgainst = $<HTMLSelectElement>('diff-against');

/** The before → after diff: removed lines struck (del), added ones marked (ins), unchanged runs folded. */
function renderDiff(): void {
  const pre = $('diff');
  pre.tabIndex = 0; // it scrolls: a keyboard must reach it
  pre.setAttribute('aria-label', 'before → after diff');
  const chosen: DiffView | undefined = diffAgainst.value === 'provider' ? shownDiffs?.provider : shownDiffs?.final;
  if (chosen === undefined) {
    pre.replaceChildren('no provider schema for this tool');
    $('diff-count').textContent = '';
    return;
  }
  $('diff-count').textContent =
    chosen.note ??
    `${chosen.removed.toLocaleString('en-US')} lines removed, ${chosen.added.toLocaleString('en-US')} added`;
  const nodes: (Node | string)[] = [];
  let run = '';
  for (const line of chosen.lines) {
    if (line.op === ' ') {
      run += `  ${line.text}\n`;
      continue;
    }
    if (run !== '') nodes.push(run);
    run = '';
    if (line.op === '+') nodes.push(element('ins', `+ ${line.text}`), '\n');
    else if (line.op === '-') nodes.push(element('del', `- ${line.text}`), '\n');
    else nodes.push(element('span', `  … ${line.text}`, 'fold'), '\n');
  }
  if (run !== '') nodes.push(run);
  if (chosen.lines.length === 0 && chosen.note === undefined) nodes.push('no difference');
  pre.replaceChildren(...nodes);
}

/** What the list's export saves or copies: the last list's converted tools, and its file name. */
const exported = { text: '', fileName: 'tools.json' };
/**
 * The list's export buttons, made once: a new list changes what they save and say, not the
 * buttons (a button replaced between a click's press and release loses the click).
 */
const exportButtons = {
  download: downloadButton(
    () => exported.text,
    () => exported.fileName,
    'the converted tools',
  ),
  copy: copyButton(() => exported.text, 'the converted tools'),
};

/** The list's export: every converted tool for the chosen target, as one JSON file (or copied). */
function renderExport(text: string): void {
  const { target: chosen, strict: strictMode } = settings();
  const converted = rows.filter((row) => row.ok).length;
  const what = `the ${converted.toLocaleString('en-US')} converted tools for ${chosen}${strictMode ? ' (strict)' : ''}`;
  exported.text = text;
  exported.fileName = `tools.${chosen}${strictMode ? '.strict' : ''}.json`;
  const { download, copy } = exportButtons;
  download.textContent = `download ${what}`;
  download.setAttribute('aria-label', `download ${what}`);
  copy.textContent = 'copy';
  copy.setAttribute('aria-label', `copy ${what}`);
  const area = $('export');
  if (area.firstChild !== download) area.replaceChildren(download, ' ', copy);
}

/** The rows as listed: filtered by name, in the chosen order. */
function visibleRows(): ToolRow[] {
  const needle = filter.value.trim().toLowerCase();
  const shown = needle === '' ? rows : rows.filter((row) => row.name.toLowerCase().includes(needle));
  return [...shown].sort((a, b) => {
    const x = a[sortKey] ?? 0;
    const y = b[sortKey] ?? 0;
    // Names alphabetically, the list's own order ascending, sizes and counts largest first.
    const natural =
      typeof x === 'string'
        ? String(x).localeCompare(String(y))
        : sortKey === 'index'
          ? Number(x) - Number(y)
          : Number(y) - Number(x);
    return natural * sortDirection || a.index - b.index;
  });
}

/** Opens a listed tool: marks its row and asks the worker for its detail. */
function openRow(index: number): void {
  openIndex = index;
  const body = $('tools').querySelector('tbody') as HTMLTableSectionElement;
  for (const other of body.querySelectorAll('tr[aria-selected]')) other.removeAttribute('aria-selected');
  body.querySelector(`tr[data-index="${index}"]`)?.setAttribute('aria-selected', 'true');
  send({ kind: 'open', index, settings: settings() });
}

function renderRows(): void {
  $('server').hidden = rows.length === 0;
  const body = $('tools').querySelector('tbody') as HTMLTableSectionElement;
  const sorted = visibleRows();
  $('tools-count').textContent =
    sorted.length === rows.length ? `${rows.length} tools` : `${sorted.length} of ${rows.length} tools`;
  // The sorted column says so to assistive technology (and shows an arrow); the list's own order has none.
  for (const button of document.querySelectorAll<HTMLButtonElement>('#tools th button')) {
    const header = button.parentElement as HTMLTableCellElement;
    const key = button.dataset.sort as keyof ToolRow;
    if (key !== sortKey) header.removeAttribute('aria-sort');
    else {
      const ascending = (key === 'name') === (sortDirection === 1);
      header.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
    }
  }
  // Rows are moved only when the order changes (see replaceChildrenIfChanged).
  replaceChildrenIfChanged(body, sorted.map(rowElement));
  const listed = new Set(rows.map((row) => row.index));
  for (const index of rowElements.keys()) if (!listed.has(index)) rowElements.delete(index);
}

/**
 * A listed tool's row, the same element on every redraw (its cells updated in place): the list is
 * drawn again when it is analysed again or its token counts arrive, and a click whose press and
 * release land on two different rows, the old and the redrawn, is a click on neither.
 */
function rowElement(row: ToolRow): HTMLTableRowElement {
  let tr = rowElements.get(row.index);
  if (tr === undefined) {
    tr = createRowElement(row.index);
    rowElements.set(row.index, tr);
  }
  tr.classList.toggle('failed', !row.ok);
  if (row.index === openIndex) tr.setAttribute('aria-selected', 'true');
  else tr.removeAttribute('aria-selected');
  let cells: HTMLTableCellElement[];
  if (row.ok) {
    cells = [
      nameCell(row.name),
      element('td', row.inputBytes.toLocaleString('en-US'), 'wide-only'),
      element('td', row.outputBytes.toLocaleString('en-US')),
      element('td', row.tokensOut === undefined ? '…' : row.tokensOut.toLocaleString('en-US')),
      element('td', row.passes || '-', 'wide-only passes'),
      element('td', String(row.changes)),
    ];
  } else {
    const cell = element('td', `error: ${row.error ?? ''}`);
    cell.colSpan = 5;
    cells = [nameCell(row.name), cell];
  }
  updateCells(tr, cells);
  return tr;
}

/** Brings a row's cells to the ones given, keeping each cell element whose place is the same. */
function updateCells(tr: HTMLTableRowElement, cells: HTMLTableCellElement[]): void {
  while (tr.cells.length > cells.length) tr.cells[tr.cells.length - 1]?.remove();
  cells.forEach((cell, position) => {
    const existing = tr.cells[position];
    if (existing === undefined) tr.append(cell);
    else if (existing.isEqualNode(cell)) return;
    else if (existing.childElementCount === 0 && cell.childElementCount === 0) {
      existing.textContent = cell.textContent;
      existing.className = cell.className;
      existing.colSpan = cell.colSpan;
    } else existing.replaceWith(cell);
  });
}

function createRowElement(index: number): HTMLTableRowElement {
  const tr = element('tr');
  tr.tabIndex = 0;
  tr.dataset.index = String(index);
  tr.addEventListener('click', () => openRow(index));
  tr.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openRow(index);
      return;
    }
    // Arrow keys move through the list and open the tool they land on; Home and End go to the ends.
    const body = tr.parentElement;
    const moves: Record<string, Element | null | undefined> = {
      ArrowDown: tr.nextElementSibling,
      ArrowUp: tr.previousElementSibling,
      Home: body?.firstElementChild,
      End: body?.lastElementChild,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = moves[event.key];
    if (!(next instanceof HTMLTableRowElement) || next === tr) return;
    next.focus();
    openRow(Number(next.dataset.index));
  });
  return tr;
}

function onWorkerMessage(event: MessageEvent<WorkerResponse>): void {
  const message = event.data;
  if (message.kind === 'tokens-ready') {
    if (source.value.trim() === '' || inFlight) return; // the running analysis counts them itself
    if (message.rows !== undefined && rows.length > 0) {
      // The worker counted the listed tools' tokens itself: the rows fill in, and the open tool
      // (one conversion) is asked for again for its own counts. Nothing else is converted again.
      const counted = new Map(message.rows.map((row) => [row.index, row]));
      rows = rows.map((row) => ({ ...row, ...counted.get(row.index) }));
      renderRows();
      if (pending === 0) send({ kind: 'open', index: openIndex, settings: settings() });
    } else rerun();
    return;
  }
  if (message.kind !== 'progress') pending = Math.max(0, pending - 1);
  const isListAnswer = message.kind === 'tools' && message.id === latestAnalyse;
  if (message.id === latestAnalyse && message.kind !== 'progress') inFlight = false;
  // An answer to a request the user has moved past, unless it is the list an open was sent after.
  if (message.id !== latest && !isListAnswer) return;
  if (message.kind !== 'progress') {
    // How many answers the page has shown: a test (or a script) can wait for the next one.
    document.body.dataset.answers = String(Number(document.body.dataset.answers ?? '0') + 1);
  }
  switch (message.kind) {
    case 'progress':
      status.textContent = message.message;
      return;
    case 'error':
      status.textContent = message.message;
      clearResults();
      reopen = undefined;
      return;
    case 'tools': {
      rows = message.rows;
      renderExport(message.exported);
      if (rows.length === 0) {
        clearResults();
        status.textContent = 'no tools in this list';
        return;
      }
      status.textContent = `${rows.length} tools`;
      if (message.id !== latest) {
        // A tool was opened while the list was being made: its answer follows, and shows it.
        reopen = undefined;
        renderRows();
        return;
      }
      // A setting changed with a tool open: the same tool, under the new settings.
      const keep = reopen !== undefined && rows.some((row) => row.index === reopen) ? reopen : undefined;
      reopen = undefined;
      openIndex = keep ?? rows[0]?.index ?? 0;
      renderRows();
      if (keep !== undefined) send({ kind: 'open', index: keep, settings: settings() });
      else if (message.view !== undefined) renderSchema(message.view);
      return;
    }
    case 'schema':
      status.textContent = 'done';
      if (rows.length === 0) $('server').hidden = true;
      renderSchema(message.view);
      return;
    default:
      return;
  }
}

// Examples, grouped.
const groups = new Map<string, HTMLOptGroupElement>();
example.append(element('option', 'Pick an example…'));
for (const entry of EXAMPLES) {
  let group = groups.get(entry.group);
  if (group === undefined) {
    group = element('optgroup');
    group.label = entry.group;
    groups.set(entry.group, group);
    example.append(group);
  }
  const option = element('option', entry.label);
  option.value = entry.id;
  group.append(option);
}
example.addEventListener('change', () => {
  const chosen = EXAMPLES.find((entry) => entry.id === example.value);
  if (chosen === undefined) return;
  source.value = JSON.stringify(chosen.value, null, 2);
  const answer = $('answer');
  answer.hidden = chosen.answer === undefined;
  answer.textContent = chosen.answer ?? '';
  rows = [];
  filter.value = '';
  analyse();
});

let timer: ReturnType<typeof setTimeout> | undefined;
source.addEventListener('input', () => {
  $('answer').hidden = true;
  rows = [];
  clearTimeout(timer);
  timer = setTimeout(analyse, 300);
});
source.addEventListener('dragover', (event) => event.preventDefault());
source.addEventListener('drop', (event) => {
  const file = event.dataTransfer?.files[0];
  if (file === undefined) return;
  event.preventDefault();
  void file.text().then((text) => {
    source.value = text;
    rows = [];
    analyse();
  });
});
/** Settings changed: analyse again, and reopen the tool that was open. */
const rerun = () => {
  reopen = rows.length > 0 ? openIndex : undefined;
  analyse();
};
budget.addEventListener('input', () => {
  budgetValue.textContent = `${Number(budget.value).toLocaleString('en-US')} B`;
  clearTimeout(timer);
  timer = setTimeout(rerun, 150);
});
for (const control of [policy, target, strict]) control.addEventListener('change', rerun);
for (const button of document.querySelectorAll<HTMLButtonElement>('th button')) {
  button.addEventListener('click', () => {
    const key = button.dataset.sort as keyof ToolRow;
    // The same column again sorts the other way.
    sortDirection = key === sortKey ? -sortDirection : 1;
    sortKey = key;
    renderRows();
  });
}
filter.addEventListener('input', renderRows);
diffAgainst.addEventListener('change', renderDiff);
status.textContent = 'Pick an example or paste a schema.';
if (readHash()) analyse();
