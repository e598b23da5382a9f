import { and, assign, fromPromise, raise, setup } from 'xstate';
import type { ScanBill, ScanMode, ScanTask } from '@tpl/contracts';

/**
 * Scan mode (issue 13 item 8): a keeper with a phone and a keyboard-wedge scanner receives,
 * puts away or picks one bill. Every input is one SCAN (what the scanner typed before Enter,
 * or what the keeper typed); the machine says what it expects next:
 *
 *   bill -> (load) -> place -> item -> quantity -> confirm -> (submit) -> place ... -> done
 *                                 any wrong scan -> error -> (dismiss, or the next scan) -> back where it was
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
  /** what was confirmed per task (taskKey), this session */
  done: Record<string, number>;
  place?: string | undefined;
  task?: ScanTask | undefined;
  qty?: number | undefined;
  error?: ScanError | undefined;
  /** where an error goes back to */
  resume: 'bill' | 'place' | 'item' | 'quantity' | 'confirm';
};
export type ScanEvent = { type: 'SCAN'; value: string } | { type: 'CONFIRM' } | { type: 'BACK' } | { type: 'DISMISS' } | { type: 'RESTART' };
export type ScanLoadInput = { mode: ScanMode; billNo: string };
/** final: the whole bill (receive, pick); else one put-away placement */
export type ScanSubmitInput = { mode: ScanMode; bill: ScanBill; entries: ScanEntry[] };
export type ScanSubmitOutput = { version: number; state: string };

/** One task of a bill: a line (receive, put-away) or a held row (pick). */
export const taskKey = (t: ScanTask) => [t.lineNumber, t.barcode, t.warehousePlaceCode ?? '', t.batchNo].join('|');
export const leftOf = (ctx: Pick<ScanContext, 'done'>, t: ScanTask) => Math.round((t.qty - (ctx.done[taskKey(t)] ?? 0)) * 1000) / 1000;
export const openTasks = (ctx: Pick<ScanContext, 'bill' | 'done'>) => (ctx.bill?.tasks ?? []).filter((t) => leftOf(ctx, t) > 0);
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

export const scanMachine = setup({
  types: {
    context: {} as ScanContext,
    events: {} as ScanEvent,
    input: {} as { mode: ScanMode },
  },
  actors: {
    // provided by the console: the scan read and the documents' actions
    loadBill: fromPromise<ScanBill, ScanLoadInput>(async () => {
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
        onDone: { target: 'routing', actions: assign(({ event }) => ({ bill: event.output, done: {} })) },
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
        onError: { target: 'error', actions: assign(({ event }) => ({ error: failure(event.error), resume: 'confirm' as const })) },
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
        // the confirmations stay: the keeper may try again (DISMISS comes back here) or restart
        onError: { target: 'error', actions: assign(({ event }) => ({ error: failure(event.error), resume: 'confirm' as const })) },
      },
    },
    error: {
      on: {
        DISMISS: [
          { guard: 'resumeBill', target: 'bill' },
          { guard: 'resumePlace', target: 'place' },
          { guard: 'resumeItem', target: 'item' },
          { guard: 'resumeQuantity', target: 'quantity' },
          { guard: 'allDone', target: 'finishing' },
          { target: 'confirm' },
        ],
        // the next scan is the keeper's answer: back where it was, and the scan taken there
        SCAN: [
          { guard: 'resumeBill', target: 'bill', actions: raise(({ event }) => event) },
          { guard: 'resumePlace', target: 'place', actions: raise(({ event }) => event) },
          { guard: 'resumeItem', target: 'item', actions: raise(({ event }) => event) },
          { guard: 'resumeQuantity', target: 'quantity', actions: raise(({ event }) => event) },
        ],
      },
      exit: assign({ error: undefined }),
    },
    done: {},
  },
});

/** The machine with the console's two calls as its actors. */
export const scanMachineWith = (calls: { loadBill: (input: ScanLoadInput) => Promise<ScanBill>; submit: (input: ScanSubmitInput) => Promise<ScanSubmitOutput> }) =>
  scanMachine.provide({
    actors: {
      loadBill: fromPromise<ScanBill, ScanLoadInput>(({ input }) => calls.loadBill(input)),
      submit: fromPromise<ScanSubmitOutput, ScanSubmitInput>(({ input }) => calls.submit(input)),
    },
  });
