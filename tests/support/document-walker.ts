import type { Locator, Page } from 'playwright-core';
import { documentButtons, documentPath, type DocumentDef, type FieldDef, type HeaderField } from '@tpl/contracts';
import { choose, pickerSettled as settled, toasts } from './browser';
import { PHOTO, optionsOf, sign } from './console';

/**
 * Fills the kit's screens from a document type's description alone, as a person would with the
 * widgets the console draws: every picker chosen from what it offers (the values below first,
 * where a choice matters: the demo owner's goods in the area that holds them), dates picked,
 * rows added, a signature drawn, a photo attached. What the console already filled (a source's
 * copy, a default) is left as it is. Used by the generated suite (document-lifecycles.e2e).
 */

/** What a person would choose for these fields in the demo tenant, typed into the picker's search. */
export const PREFERRED: Record<string, string> = {
  customerCode: 'C001',
  targetCustomerCode: 'C002',
  warehouseAreaCode: 'SH1-A',
  materialCode: 'M0007',
  unitCode: 'CTN',
  reviewResult: 'In order',
  // a route: a dispatch is priced by it (the first one offered)
  lineCode: '',
  // a transfer moves goods somewhere else than the demo stock's A-01-01
  targetWarehousePlaceCode: 'A-02-01',
  // an allocate bill goes to the other warehouse (Suzhou), and is received into one of its bins
  targetWarehouseAreaCode: 'SZ1-A',
  targetPlaceCode: 'SZ-01-01',
};

/** Pickers where each document takes the next choice (a vehicle busy with one dispatch is free for none other that day). */
const ROTATE = new Set(['carNo', 'driverCode']);
const turns = new Map<string, number>();
/** Months given to month bills, one each (one bill per customer and month). */
let monthsBack = 0;

/** Line values the suite gives instead of the example's: what leaves takes little of what came in (a count and a loss after it need stock nothing of which is allocated). */
const LINE_EXAMPLE: Record<string, Record<string, unknown>> = {
  ossobill: { qty: 2 },
  orderosoutstockbill: { qty: 2 },
  osoutstockbill: { qty: 2 },
};

/** Fields a person fills though the schema lets them be empty, because the step needs them (a count's quantity). */
const NEEDED = new Set(['countQty']);

/** Date-times given in a run, each an hour after the one before (a plan's end after its start). */
let hour = 0;
const nextInstant = () => {
  hour += 1;
  // plans and schedules lie ahead (a vehicle's window clear of today's dispatches)
  const d = new Date(Date.UTC(2027, 0, 4, hour, 0, 0));
  return `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 19)}`;
};

const SAMPLE_BY_KIND: Partial<Record<FieldDef['kind'], string>> = {
  mobile: '13800138000',
  plate: '沪A12345',
  idCard: '11010519491231002X',
  email: 'e2e@example.com',
};

/** A readable value for a text field: what the description's example has, else a word of the field's own. */
const textFor = (key: string, example: unknown) => (typeof example === 'string' && example ? example : `E2E ${key}`);

const hasValue = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .first()
    .evaluate((el) => {
      if (el.classList.contains('ant-select')) return Boolean(el.querySelector('.ant-select-content-has-value'));
      const input = el.matches('input, textarea') ? (el as HTMLInputElement) : el.querySelector<HTMLInputElement>('input, textarea');
      return Boolean(input?.value?.trim());
    });

/**
 * The choices of this picker's own list (its input's aria-controls names the list): not those of
 * a picker closed a moment ago whose list is still fading out.
 */
const ownOptions = async (page: Page, testId: string) => {
  const list = await page.getByTestId(testId).first().locator('input[aria-controls]').first().getAttribute('aria-controls', { timeout: 2_000 }).catch(() => null);
  // the open one: a form kept alive in another tab (the source's) may hold a list of the same id, hidden
  return list ? page.locator(`.ant-select-dropdown:visible:has([id="${list}"]) .ant-select-item-option`) : optionsOf(page);
};

/** Chooses in a picker: the preferred value when it is offered, else the first choice. */
const choose1 = async (page: Page, testId: string, preferred?: string, rotate?: string) => {
  const picker = page.getByTestId(testId).first();
  await picker.click();
  const options = await ownOptions(page, testId);
  if (preferred) {
    // the search typed at once (a paste, not a keystroke each: one search, one render of the list)
    await page.keyboard.insertText(preferred);
    await settled(page, testId);
    const wanted = options.filter({ hasText: preferred }).first();
    if ((await wanted.count()) > 0) {
      await pick(wanted);
      return;
    }
    // not offered (another owner's field, a code this tenant lacks): cleared, and the first choice taken
    for (let i = 0; i < preferred.length; i++) await page.keyboard.press('Backspace');
  }
  await settled(page, testId);
  await options.first().waitFor({ timeout: 15_000 }).catch(() => {
    throw new Error(`${testId} offers nothing to choose`);
  });
  const n = rotate ? (turns.get(rotate) ?? 0) : 0;
  if (rotate) turns.set(rotate, n + 1);
  // the list may be re-rendered between the look and the count (a search's answer replacing it):
  // with none counted, the first one shown again is taken
  const count = await options.count();
  await pick(options.nth(count ? n % count : 0));
};

/**
 * Takes a choice of an open list by a click event on it (as `choose` does): a list that is still
 * being placed under its picker can move between a pointer's aim and its click, and the click then
 * lands beside it and the list stays open with nothing chosen.
 */
const pick = async (option: Locator) => {
  await option.waitFor();
  await option.dispatchEvent('click');
};

/** Fills one field by its kind (testId: its input's). Numbers take the example's, else 1. */
export const fillField = async (page: Page, testId: string, key: string, f: FieldDef, example?: unknown): Promise<void> => {
  switch (f.kind) {
    case 'text':
      if (key === 'month') {
        // a month bill's month: one a month back from the last, so no customer is billed twice for one
        const d = new Date(Date.UTC(2026, 9 - monthsBack++, 1));
        await page.getByTestId(testId).first().fill(d.toISOString().slice(0, 7));
        return;
      }
      await page.getByTestId(testId).first().fill(textFor(key, example));
      return;
    case 'number':
      await page.getByTestId(testId).first().fill(String(typeof example === 'number' ? example : Math.max(1, f.min)));
      return;
    case 'mobile':
    case 'plate':
    case 'idCard':
    case 'email':
      await page.getByTestId(testId).first().fill(typeof example === 'string' ? example : SAMPLE_BY_KIND[f.kind]!);
      return;
    case 'date':
    case 'datetime': {
      const input = page.getByTestId(testId).first();
      await input.click();
      await input.fill(f.kind === 'date' ? '2026-11-28' : nextInstant());
      await input.press('Enter');
      return;
    }
    case 'enum':
    case 'dict':
    case 'ref':
    case 'doc':
    case 'line':
      await choose1(page, testId, PREFERRED[key], ROTATE.has(key) ? key : undefined);
      return;
    case 'flag':
    case 'password':
      return;
    case 'attachment':
      await page.getByTestId(testId).first().locator('input[type=file]').setInputFiles({ name: 'e2e.png', mimeType: 'image/png', buffer: PHOTO });
      await page.getByTestId(`${testId}-preview`).first().waitFor({ timeout: 20_000 });
      return;
    case 'signature':
      await sign(page);
      return;
    case 'rows':
      await fillRows(page, key, f);
      return;
  }
};

/** A rows field of a dialog or an entity form (md-field-<rows>-<n>-<sub>): a row added when it has none, its required fields filled. */
const fillRows = async (page: Page, name: string, f: Extract<FieldDef, { kind: 'rows' }>) => {
  const subs = Object.entries(f.fields).filter(([, s]) => !s.hidden && !s.generated);
  // a list of photos: one attached
  if (subs.length === 1 && subs[0]![1].kind === 'attachment') {
    if ((await page.locator(`[data-testid^="md-field-${name}-0-"]`).count()) === 0) {
      await page.getByTestId(`md-add-${name}`).locator('input[type=file]').setInputFiles({ name: 'e2e.png', mimeType: 'image/png', buffer: PHOTO });
      await page.locator(`[data-testid="md-field-${name}-0-${subs[0]![0]}-preview"]`).waitFor({ timeout: 20_000 });
    }
    return;
  }
  const rows = await page.locator(`[data-testid^="md-remove-row-${name}-"]`).count();
  if (rows === 0) {
    if ((f.minRows ?? 0) === 0 && !f.required) return;
    await page.getByTestId(`md-add-row-${name}`).click();
  }
  for (const [sub, sf] of subs) {
    const testId = `md-field-${name}-0-${sub}`;
    if (sf.required && !(await hasValue(page, testId))) await fillField(page, testId, sub, sf);
  }
};

const walkHeader = (def: DocumentDef): [string[], string, FieldDef][] => {
  const out: [string[], string, FieldDef][] = [];
  for (const [key, f] of Object.entries(def.header) as [string, HeaderField][]) {
    if (f.kind === 'group') for (const [sub, sf] of Object.entries(f.fields)) out.push([[key, sub], sub, sf]);
    else out.push([[key], key, f]);
  }
  return out;
};

/**
 * A new document's form, as the console opened it (empty, or copied from its source): every
 * required field still empty is filled, a field the demo needs a choice in (owner, area) too,
 * and the lines: taken from stock where the description says so, else the first line's required
 * fields.
 */
export const fillNewForm = async (page: Page, def: DocumentDef) => {
  const example = (def.example ?? {}) as Record<string, unknown>;
  for (const [path, key, f] of walkHeader(def)) {
    if (f.hidden || f.generated) continue;
    const testId = path.join('-');
    if (!f.required && !(key in PREFERRED)) continue;
    // a month bill's month is given each time (the form's default, last month, would bill a customer's month twice)
    // a table of rows (a BOM's finished goods) has no single input: fillRows sees whether it holds one
    if (key !== 'month' && f.kind !== 'rows' && (await hasValue(page, testId))) continue;
    const ex = path.length === 1 ? example[key] : (example[path[0]!] as Record<string, unknown> | undefined)?.[key];
    await fillField(page, testId, key, f, ex);
  }
  const lines = def.lines;
  if (!lines || lines.fixed) return;
  if (lines.fromStock) {
    if (await page.locator('[data-testid^="line-0-"]').count()) {
      const firstLine = await page.getByTestId('line-0-barcode').inputValue().catch(() => '');
      if (firstLine) return;
    }
    await page.getByTestId('pick-from-stock').click();
    const rows = page.locator('[data-testid="stock-pick-table"] tbody tr.ant-table-row');
    await rows.first().waitFor({ timeout: 20_000 }).catch(() => {
      throw new Error(`${def.name}: the stock picker offers no stock of the owner in the area`);
    });
    // a row nothing of which is allocated (a count posts only on such rows; a transfer or loss takes what is free)
    const free = await rows.evaluateAll((trs) =>
      trs.findIndex((tr) => {
        const box = tr.querySelector<HTMLInputElement>('input[type=checkbox]');
        const cells = Array.from(tr.querySelectorAll('td')).map((td) => td.textContent?.trim() ?? '');
        return box && !box.disabled && cells[5] !== '' && cells[5] === cells[6];
      }),
    );
    const row = rows.nth(Math.max(0, free));
    // what the row holds: a count finds what the book says (a count of less writes the rest off)
    const inStock = (await row.locator('td').nth(5).innerText()).replace(/[^\d.]/g, '');
    await row.locator('input[type=checkbox]').check();
    await choose(page, 'stock-pick-add');
    await page.getByTestId('line-0-barcode').waitFor();
    // a part of the row, as a keeper moves or writes off a few: what is left serves the documents after
    for (const [key, from] of Object.entries(lines.fromStock.set)) {
      const input = page.getByTestId(`line-0-${key}`).first();
      if (from === 'availableQty' && lines.fields[key]?.kind === 'number' && (await input.isEditable())) await input.fill('1');
    }
    // what the stock does not give (a transfer's target location) is the person's
    for (const [key, f] of Object.entries(lines.fields)) {
      if (f.hidden || f.generated || !(f.required || NEEDED.has(key)) || key in lines.fromStock.set) continue;
      if (await hasValue(page, `line-0-${key}`)) continue;
      if (key === 'countQty') await page.getByTestId(`line-0-${key}`).first().fill(inStock);
      else await fillField(page, `line-0-${key}`, key, f);
    }
    return;
  }
  const exampleLine = { ...(((example[lines.key] as Record<string, unknown>[] | undefined) ?? [])[0] ?? {}), ...LINE_EXAMPLE[def.name] };
  for (const [key, f] of Object.entries(lines.fields)) {
    if (f.hidden || f.generated || !f.required) continue;
    const testId = `line-0-${key}`;
    if (await hasValue(page, testId)) continue;
    await fillField(page, testId, key, f, key === 'materialCode' ? undefined : exampleLine[key]);
  }
};

/**
 * What the form refused, filled: every header field whose item shows an error (a rule across
 * fields: an employee's code once the worker is an employee). Answers whether it found any.
 */
export const fillRefused = async (page: Page, def: DocumentDef): Promise<boolean> => {
  let found = false;
  for (const [path, key, f] of walkHeader(def)) {
    if (f.hidden || f.generated) continue;
    const testId = path.join('-');
    const refused = await page
      .getByTestId(testId)
      .first()
      .evaluate((el) => Boolean(el.closest('.ant-form-item')?.classList.contains('ant-form-item-has-error')))
      .catch(() => false);
    if (!refused) continue;
    found = true;
    await fillField(page, testId, key, f);
  }
  return found;
};

/** The inputs a person gives in an action's dialog: its required fields still empty (a time, a reason, a row). */
export const fillDialog = async (page: Page, def: DocumentDef, action: string) => {
  const a = def.actions[action];
  for (const [key, f] of Object.entries(a?.fields ?? {})) {
    if (f.hidden || f.generated) continue;
    if (f.kind === 'rows') {
      if (f.required || (f.minRows ?? 0) > 0) await fillRows(page, key, f);
      continue;
    }
    if (!f.required) continue;
    if (await hasValue(page, key)) continue;
    await fillField(page, key, key, f);
  }
};

/** The action buttons the view offers now, by their machine event (action-<event>), with whether each is a forward step. */
export const offered = async (page: Page) =>
  page.locator('[data-testid="action-buttons"] button[data-testid^="action-"]').evaluateAll((buttons) =>
    buttons.map((b) => ({
      event: b.getAttribute('data-testid')!.slice('action-'.length).toUpperCase(),
      primary: b.classList.contains('ant-btn-primary') || b.classList.contains('ant-btn-color-primary'),
      danger: b.classList.contains('ant-btn-dangerous') || b.classList.contains('ant-btn-color-dangerous'),
    })),
  );

/** The console's refusal, when it gave one: the dialog's or form's error, the fields' messages, a toast. */
export const refusal = async (page: Page) =>
  [
    ...(await page.locator('.ant-modal-wrap:visible [data-testid="modal-error"], [data-testid="form-error"]').allTextContents()),
    ...(await page.locator('.ant-form-item-explain-error:visible').allTextContents()),
    ...(await toasts(page)),
  ]
    .filter(Boolean)
    .join(' | ');

/** Whether the user may create documents of the type (its add button code). */
export const addCode = (def: DocumentDef) => documentButtons(def).add!;
export const newPath = (def: DocumentDef) => documentPath(def, 'new');
