import { z } from 'zod';
import { envelopeSchema } from '../api/envelope';
import { defineRoutes } from '../api/route';

/**
 * Lot genealogy (spec /secondaryProcessing/batchForm): every finished lot a production task
 * received records the raw lots issued to that task. Asked for a lot (owner, material, batch): what
 * it was made from (the raw lots of the tasks that received it) and, the other way, what it went
 * into (the finished lots of the tasks it was issued to). A cargo owner's user sees its own only.
 */
export const GENEALOGY_PATH = '/secondaryProcessing/batchForm';

const code = (max: number) => z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.tooLong' });
const optionalCode = (max: number) => z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().max(max, { error: 'validation.tooLong' }).optional());

export const lotQuerySchema = z.object({ customerCode: code(40), materialCode: code(40), batchNo: z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string().trim().max(40, { error: 'validation.tooLong' })) });
export type LotQuery = z.infer<typeof lotQuerySchema>;

/** One link: a finished lot received by a task, and one raw lot issued to it. */
export const genealogyLinkSchema = z.object({
  taskId: z.string(),
  taskBillNo: z.string(),
  customerCode: z.string(),
  productMaterialCode: z.string(),
  productBatchNo: z.string(),
  productQty: z.number(),
  rawMaterialCode: z.string(),
  rawBatchNo: z.string(),
  rawBarcode: z.string(),
  rawQty: z.number(),
  receivedAt: z.string(),
});
export type GenealogyLink = z.infer<typeof genealogyLinkSchema>;

export const genealogySchema = z.object({ madeFrom: z.array(genealogyLinkSchema), wentInto: z.array(genealogyLinkSchema) });
export type Genealogy = z.infer<typeof genealogySchema>;

/** The lots the genealogy knows (finished or raw), for the screen's picker: narrowed by owner and material. */
export const lotListQuerySchema = z.object({ customerCode: optionalCode(40), materialCode: optionalCode(40) });
export type LotListQuery = z.infer<typeof lotListQuerySchema>;
export const knownLotSchema = z.object({ customerCode: z.string(), materialCode: z.string(), batchNo: z.string(), kind: z.enum(['product', 'raw']) });
export type KnownLot = z.infer<typeof knownLotSchema>;

export const productionRoutes = defineRoutes({
  genealogy: {
    method: 'GET',
    path: '/api/bl-production/genealogy/detail',
    summary: 'A lot\'s genealogy: the raw lots it was made from and the finished lots it went into (within the caller\'s cargo owners)',
    tag: 'production',
    query: lotQuerySchema,
    response: envelopeSchema(genealogySchema),
  },
  genealogyLots: {
    method: 'GET',
    path: '/api/bl-production/genealogy/lots',
    summary: 'The lots the genealogy knows, finished and raw (at most 200), narrowed by cargo owner and material',
    tag: 'production',
    query: lotListQuerySchema,
    response: envelopeSchema(z.array(knownLotSchema)),
  },
});
