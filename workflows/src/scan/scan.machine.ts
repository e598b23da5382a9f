import { and, assign, fromPromise, raise, setup } from 'xstate';
import type { ScanBill, ScanMode, ScanTask } from '@tpl/contracts';

/**
 * Scan mode (issue 13 item 8): a keeper with a phone and a keyboard-wedge scanner receives,
 * puts away or picks one bill. Every input is one SCAN (what the scanner typed before Enter,
 * or what the keeper typed); the machine says what it expects next:
 *
 *   bill -> (load) -> place -> item -> quantity -> confirm -> (submit) -> place ... -> done
 *                                 any wrong scan -> error -> (dismiss, or the next scan) -> back where it was
 *   a call refused by the server -> (the bill read again) -> error -> the step that starts the work
 *                                 left (a put-away's place), where the next scan is taken
 *
 * No input is ever dropped: a scan where none is expected (at a confirmation, or once every
 * task is confirmed and the bill's call waits to be sent again) is an error that says what to do.
 *
 * receive: no place (the goods are at the dock); each line's barcode and its counted
 *   quantity (it must be the bill's) are confirmed here, then one receive call receives them all;
 * putaway: the place to put into, the item, how much (up to what is left at the dock); each
 *   confirmation is one put-away call with one placement;
 * pick: the place of a row the bill holds (the next one is shown), its barcode, its quantity
 *   (what is held there); confirmed here, then one pick call.
 *
 * Pure: the two calls are actors the console provides (`loadBill`, `submit`), so the
 * definition does no I/O and is tested on its own. docs/DOMAIN.md "Scan mode".
 */
export type ScanError = { key: string; vars?: Record<string, string | number> } | { message: string };
export type ScanEntry = { task: ScanTask; place?: string | undefined; qty: number };
export type ScanContext = {
  mode: ScanMode;
  /** the number scanned first */
  billNo?: string | undefined;
  bill?: ScanBill | undefined;
  /** what was confirmed per task (taskKey) and not yet on the server: this visit's, or an earlier visit's kept on the phone */
  done: Record<string, number>;
  place?: string | undefined;
  task?: ScanTask | undefined;
  qty?: number | undefined;
  error?: ScanError | undefined;
  /** where an error goes back to ('finish': every task confirmed, the bill's call to send again) */
  resume: 'bill' | 'place' | 'item' | 'quantity' | 'confirm' | 'finish';
};
export type ScanEvent = { type: 'SCAN'; value: string } | { type: 'CONFIRM' } | { type: 'BACK' } | { type: 'DISMISS' } | { type: 'RESTART' };
export type ScanLoadInput = { mode: ScanMode; billNo: string };
/** A bill read, with what an earlier visit confirmed on this phone and did not send (receive, pick), if any. */
export type ScanLoaded = { bill: ScanBill; done?: Record<string, number> | undefined };
/** final: the whole bill (receive, pick); else one put-away placement */
export type ScanSubmitInput = { mode: ScanMode; bill: ScanBill; entries: ScanEntry[] };
export type ScanSubmitOutput = { version: number; state: string };

/** One task of a bill: a line (receive, put-away) or a held row (pick). */
export const taskKey = (t: ScanTask) => [t.lineNumber, t.barcode, t.warehousePlaceCode ?? '', t.batchNo].join('|');
export const leftOf = (ctx: Pick<ScanContext, 'done'>, t: ScanTask) => Math.round((t.qty - (ctx.done[taskKey(t)] ?? 0)) * 1000) / 1000;
export const openTasks = (ctx: Pick<ScanContext, 'bill' | 'done'>) => (ctx.bill?.tasks ?? []).filter((t) => leftOf(ctx, t) > 0);
const round3 = (n: number) => Math.round(n * 1000) / 1000;
/** How far the bill is, by quantity: what the server has done already, what is confirmed here, of the whole. */
export const progressOf = (ctx: Pick<ScanContext, 'bill' | 'done'>): { done: number; total: number; percent: number } => {
  let done = 0;
  let total = 0;
  for (const t of ctx.bill?.tasks ?? []) {
    const before = t.doneQty ?? 0;
    total += before + t.qty;
    done += before + Math.min(t.qty, ctx.done[taskKey(t)] ?? 0);
  }
  return { done: round3(done), total: round3(total), percent: total > 0 ? Math.floor((done / total) * 100) : 0 };
};
/** Confirmations kept from an earlier visit that still fit the bill as read now (same task, no more than is left). */
export const keptDone = (bill: ScanBill, done: Record<string, number> | undefined): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const t of bill.tasks) {
    const n = done?.[taskKey(t)];
    if (typeof n === 'number' && Number.isFinite(n) && n > 0) out[taskKey(t)] = Math.min(n, t.qty);
  }
  return out;
};
export const needsPlace = (mode: ScanMode) => mode !== 'receive';
/** pick: the place to go next (the rows come sorted by place) */
export const nextPlace = (ctx: Pick<ScanContext, 'bill' | 'done' | 'mode'>) => (ctx.mode === 'pick' ? openTasks(ctx)[0]?.warehousePlaceCode : undefined);

const code = (e: ScanEvent) => (e.type === 'SCAN' ? e.value.trim() : '');
const itemFor = (ctx: ScanContext, value: string) =>
  openTasks(ctx).find((t) => t.barcode.toLowerCase() === value.toLowerCase() && (ctx.mode !== 'pick' || t.warehousePlaceCode === ctx.place));
const sameText = (a: string | undefined, b: string) => (a ?? '').toLowerCase() === b.toLowerCase();

/** What a typed quantity is wrong by, or nothing when it is right for the scanned task. */
export const quantityError = (ctx: ScanContext, value: string): ScanError | undefined => {
  const qty = Number(value.replace(',', '.'));
  if (!value || !Number.isFinite(qty)) return { key: 'warehouse.scan.errors.notANumber', vars: { code: value } };
  if (qty <= 0) return { key: 'warehouse.scan.errors.qtyNotPositive' };
  const left = ctx.task ? leftOf(ctx, ctx.task) : 0;
  // receiving counts the line as the bill has it; picking takes what is held there
  if (ctx.mode !== 'putaway' && qty !== left) return { key: 'warehouse.scan.errors.qtyMustEqual', vars: { left } };
  if (qty > left) return { key: 'warehouse.scan.errors.qtyTooHigh', vars: { qty, left } };
  return undefined;
};

const failed =
  (resume: ScanContext['resume'], error: (ctx: ScanContext, e: ScanEvent) => ScanError) =>
  ({ context, event }: { context: ScanContext; event: ScanEvent }): Partial<ScanContext> => ({ error: error(context, event), resume });

const failure = (err: unknown): ScanError => ({ message: err instanceof Error ? err.message : String(err) });

/** After a refusal, where the work left starts: every task confirmed (the bill's call to send again), a place, or an item. */
const restartFrom = (ctx: ScanContext): ScanContext['resume'] => (openTasks(ctx).length === 0 ? 'finish' : needsPlace(ctx.mode) ? 'place' : 'item');

export const scanMachine = setup({
  types: {
    context: {} as ScanContext,
    events: {} as ScanEvent,
    input: {} as { mode: ScanMode },
  },
  actors: {
    // provided by the console: the scan read and the documents' actions
    loadBill: fromPromise<ScanLoaded, ScanLoadInput>(async () => {
      throw new Error('loadBill is not provided');
    }),
    submit: fromPromise<ScanSubmitOutput, ScanSubmitInput>(async () => {
      throw new Error('submit is not provided');
    }),
  },
  guards: {
    emptyScan: ({ event }) => code(event) === '',
    needsPlace: ({ context }) => needsPlace(context.mode),
    allDone: ({ context }) => openTasks(context).length === 0,
    placeKnown: ({ context, event }) => context.mode !== 'pick' || openTasks(context).some((t) => sameText(t.warehousePlaceCode, code(event))),
    itemKnown: ({ context, event }) => itemFor(context, code(event)) !== undefined,
    quantityRight: ({ context, event }) => quantityError(context, code(event)) === undefined,
    submitsEach: ({ context }) => context.mode === 'putaway',
    resumeBill: ({ context }) => context.resume === 'bill',
    resumePlace: ({ context }) => context.resume === 'place',
    resumeItem: ({ context }) => context.resume === 'item',
    resumeQuantity: ({ context }) => context.resume === 'quantity',
    resumeConfirm: ({ context }) => context.resume === 'confirm',
    resumeFinish: ({ context }) => context.resume === 'finish',
  },
}).createMachine({
  id: 'scan',
  context: ({ input }) => ({ mode: input.mode, done: {}, resume: 'bill' }),
  initial: 'bill',
  on: { RESTART: { target: '.bill', actions: assign(({ context }) => ({ mode: context.mode, billNo: undefined, bill: undefined, done: {}, place: undefined, task: undefined, qty: undefined, error: undefined, resume: 'bill' as const })) } },
  states: {
    bill: {
      on: {
        SCAN: [
          { guard: 'emptyScan', target: 'error', actions: assign(failed('bill', () => ({ key: 'warehouse.scan.errors.emptyScan' }))) },
          { target: 'loadingBill', actions: assign(({ event }) => ({ error: undefined, billNo: code(event), bill: undefined })) },
        ],
      },
    },
    loadingBill: {
      invoke: {
        id: 'loadBill',
        src: 'loadBill',
        input: ({ context }) => ({ mode: context.mode, billNo: context.billNo ?? '' }),
        onDone: { target: 'routing', actions: assign(({ event }) => ({ bill: event.output.bill, done: keptDone(event.output.bill, event.output.done) })) },
        onError: { target: 'error', actions: assign(({ event }) => ({ error: failure(event.error), resume: 'bill' as const, bill: undefined })) },
      },
    },
    // where the next scan goes: all done, a place, or an item
    routing: {
      always: [
        { guard: and(['allDone', 'submitsEach']), target: 'done' },
        { guard: 'allDone', target: 'finishing' },
        { guard: 'needsPlace', target: 'place', actions: assign({ place: undefined, task: undefined, qty: undefined }) },
        { target: 'item', actions: assign({ task: undefined, qty: undefined }) },
      ],
    },
    place: {
      on: {
        SCAN: [
          { guard: 'emptyScan', target: 'error', actions: assign(failed('place', () => ({ key: 'warehouse.scan.errors.emptyScan' }))) },
          { guard: 'placeKnown', target: 'item', actions: assign(({ context, event }) => ({ error: undefined, place: context.mode === 'pick' ? openTasks(context).find((t) => sameText(t.warehousePlaceCode, code(event)))!.warehousePlaceCode : code(event) })) },
          { target: 'error', actions: assign(failed('place', (ctx, e) => ({ key: 'warehouse.scan.errors.wrongPlace', vars: { expected: nextPlace(ctx) ?? '', code: code(e) } }))) },
        ],
      },
    },
    item: {
      on: {
        SCAN: [
          { guard: 'emptyScan', target: 'error', actions: assign(failed('item', () => ({ key: 'warehouse.scan.errors.emptyScan' }))) },
          { guard: 'itemKnown', target: 'quantity', actions: assign(({ context, event }) => ({ error: undefined, task: itemFor(context, code(event)), qty: undefined })) },
          { target: 'error', actions: assign(failed('item', (_ctx, e) => ({ key: 'warehouse.scan.errors.wrongItem', vars: { code: code(e) } }))) },
        ],
        BACK: { guard: 'needsPlace', target: 'place', actions: assign({ place: undefined }) },
      },
    },
    quantity: {
      on: {
        SCAN: [
          { guard: 'quantityRight', target: 'confirm', actions: assign(({ event }) => ({ error: undefined, qty: Number(code(event).replace(',', '.')) })) },
          { target: 'error', actions: assign(failed('quantity', (ctx, e) => quantityError(ctx, code(e))!)) },
        ],
        BACK: { target: 'item', actions: assign({ task: undefined }) },
      },
    },
    confirm: {
      on: {
        CONFIRM: [
          { guard: 'submitsEach', target: 'submitting' },
          // receive and pick: confirmed here; the bill is sent once every task is
          { target: 'routing', actions: assign(({ context }) => ({ done: { ...context.done, [taskKey(context.task!)]: (context.done[taskKey(context.task!)] ?? 0) + context.qty! } })) },
        ],
        BACK: { target: 'quantity', actions: assign({ qty: undefined }) },
        // a scan while a confirmation waits: said, not dropped (Enter confirms, BACK steps back)
        SCAN: [
          { guard: 'emptyScan', target: 'confirm' },
          { target: 'error', actions: assign(failed('confirm', () => ({ key: 'warehouse.scan.errors.confirmFirst' }))) },
        ],
      },
    },
    // one put-away placement
    submitting: {
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({ mode: context.mode, bill: context.bill!, entries: [{ task: context.task!, place: context.place, qty: context.qty! }] }),
        onDone: {
          target: 'routing',
          actions: assign(({ context, event }) => ({
            bill: { ...context.bill!, version: event.output.version, state: event.output.state },
            done: { ...context.done, [taskKey(context.task!)]: (context.done[taskKey(context.task!)] ?? 0) + context.qty! },
          })),
        },
        // refused (a place of another area, a stale bill, ...): the bill is read again and the placement starts over
        onError: { target: 'reloading', actions: assign(({ event }) => ({ error: failure(event.error) })) },
      },
    },
    // everything scanned: the bill's own action (receive, pick); put-away has sent its placements already
    finishing: {
      invoke: {
        id: 'finish',
        src: 'submit',
        input: ({ context }) => ({
          mode: context.mode,
          bill: context.bill!,
          entries: (context.bill?.tasks ?? []).map((task) => ({ task, place: task.warehousePlaceCode, qty: context.done[taskKey(task)] ?? 0 })),
        }),
        onDone: { target: 'done', actions: assign(({ context, event }) => ({ bill: { ...context.bill!, version: event.output.version, state: event.output.state } })) },
        // refused: the bill is read again; the confirmations that still fit it stay (DISMISS sends it again)
        onError: { target: 'reloading', actions: assign(({ event }) => ({ error: failure(event.error) })) },
      },
    },
    // after a refusal: the bill as it is now (its version, what is left), then the refusal shown
    // with the work left starting at its first step; the refusal stays the error shown
    reloading: {
      invoke: {
        id: 'reloadBill',
        src: 'loadBill',
        input: ({ context }) => ({ mode: context.mode, billNo: context.billNo ?? context.bill?.billNo ?? '' }),
        onDone: {
          target: 'error',
          actions: assign(({ context, event }) => {
            const bill = event.output.bill;
            // put-away's confirmations are on the server (the read counts them); receive's and pick's are this phone's
            const done = context.mode === 'putaway' ? {} : keptDone(bill, context.done);
            const next = { ...context, bill, done };
            return { bill, done, place: undefined, task: undefined, qty: undefined, resume: restartFrom(next) };
          }),
        },
        // not readable now (gone, finished by someone else): what was known stays, the refusal is shown
        onError: { target: 'error', actions: assign(({ context }) => ({ place: undefined, task: undefined, qty: undefined, resume: restartFrom(context) })) },
      },
    },
    error: {
      on: {
        DISMISS: [
          { guard: 'resumeBill', target: 'bill' },
          { guard: 'resumePlace', target: 'place' },
          { guard: 'resumeItem', target: 'item' },
          { guard: 'resumeQuantity', target: 'quantity' },
          { guard: 'resumeConfirm', target: 'confirm' },
          // put-away sends each placement itself: nothing is sent again for the whole bill
          { guard: 'submitsEach', target: 'routing' },
          { guard: 'allDone', target: 'finishing' },
          { target: 'routing' },
        ],
        // the next scan is the keeper's answer: back where it was, and the scan taken there
        SCAN: [
          { guard: 'resumeBill', target: 'bill', actions: raise(({ event }) => event) },
          { guard: 'resumePlace', target: 'place', actions: raise(({ event }) => event) },
          { guard: 'resumeItem', target: 'item', actions: raise(({ event }) => event) },
          { guard: 'resumeQuantity', target: 'quantity', actions: raise(({ event }) => event) },
          { guard: 'resumeConfirm', target: 'confirm', actions: raise(({ event }) => event) },
          // every task confirmed: Enter (an empty scan) sends the bill again; anything else is said
          { guard: and(['emptyScan', 'submitsEach']), target: 'routing' },
          { guard: 'emptyScan', target: 'finishing' },
          { target: 'error', reenter: true, actions: assign(failed('finish', () => ({ key: 'warehouse.scan.errors.allScanned' }))) },
        ],
      },
      exit: assign({ error: undefined }),
    },
    done: {},
  },
});

/** The machine with the console's two calls as its actors. */
export const scanMachineWith = (calls: { loadBill: (input: ScanLoadInput) => Promise<ScanLoaded>; submit: (input: ScanSubmitInput) => Promise<ScanSubmitOutput> }) =>
  scanMachine.provide({
    actors: {
      loadBill: fromPromise<ScanLoaded, ScanLoadInput>(({ input }) => calls.loadBill(input)),
      submit: fromPromise<ScanSubmitOutput, ScanSubmitInput>(({ input }) => calls.submit(input)),
    },
  });
