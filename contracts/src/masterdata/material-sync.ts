import { z } from 'zod';
import { envelopeSchema } from '../api/envelope';
import { defineRoutes } from '../api/route';
import { importPreviewSchema } from '../entities/spreadsheet';
import { L, type Words } from '../i18n/labels';

/**
 * Material sync (物料同步, spec 02 list action "material sync: a dialog with a sync date and a
 * factory"): the materials a customer's system publishes are taken into master data. The source
 * is the inbound Kafka topic when Kafka is configured (messages kept in an inbox until taken),
 * else a file the operator uploads (.xlsx in the material template's columns, or .json: an array
 * of materials by field key). A preview shows the rows, their errors and what each would do
 * (create or update); confirming writes every row or none. A row naming another factory, or dated
 * before the sync date, is left out; each material written records the factory and the sync date.
 * A material is matched by its code: one of the same cargo owner is updated, a new code created,
 * a code of another owner refused. docs/DOMAIN.md "Material sync".
 */

/** Where the customer's systems publish their materials (one message per material, or an array). */
export const MATERIAL_INBOUND_TOPIC = 'tpl.inbound.materials';
export const MATERIAL_INBOUND_GROUP = 'tpl-inbound-materials';
export const MATERIAL_SYNC_SOURCES = ['FILE', 'KAFKA'] as const;
export type MaterialSyncSource = (typeof MATERIAL_SYNC_SOURCES)[number];
export const MATERIAL_SYNC_ACTIONS = ['CREATE', 'UPDATE'] as const;
export type MaterialSyncAction = (typeof MATERIAL_SYNC_ACTIONS)[number];

const flagParam = z
  .enum(['1', '0', 'true', 'false'], { error: 'validation.invalid' })
  .optional()
  .transform((v) => v === '1' || v === 'true');

/** The dialog's choices: the sync date and the factory (a picker, by code), whether to preview, and the source. */
export const materialSyncQuerySchema = z.object({
  syncDate: z.iso.date({ error: (iss) => (iss.input === undefined || iss.input === '' ? 'validation.required' : 'validation.date') }),
  factoryCode: z.string({ error: 'validation.requiredSelect' }).trim().min(1, { error: 'validation.requiredSelect' }).max(40),
  source: z.enum(MATERIAL_SYNC_SOURCES, { error: 'validation.invalid' }).default('FILE'),
  preview: flagParam,
});
export type MaterialSyncQuery = z.infer<typeof materialSyncQuerySchema>;

/** The preview: the import preview's rows and errors, what each row would do, and the rows left out by factory or date. */
export const materialSyncPreviewSchema = importPreviewSchema.extend({
  rows: z.array(z.object({ row: z.number().int(), values: z.record(z.string(), z.unknown()), action: z.enum(MATERIAL_SYNC_ACTIONS) })),
  creates: z.number().int(),
  updates: z.number().int(),
  skipped: z.number().int(),
  source: z.enum(MATERIAL_SYNC_SOURCES),
});
export type MaterialSyncPreview = z.infer<typeof materialSyncPreviewSchema>;
export const materialSyncResultSchema = z.object({ created: z.number().int(), updated: z.number().int(), skipped: z.number().int() });
export type MaterialSyncResult = z.infer<typeof materialSyncResultSchema>;
/** Which source the dialog offers: the Kafka inbox (and how many messages wait in it) when Kafka is configured. */
export const materialSyncSourceSchema = z.object({ kafka: z.boolean(), pending: z.number().int() });

export const materialSyncRoutes = defineRoutes({
  materialSync: {
    method: 'POST',
    path: '/api/bl-basic/material/sync',
    summary:
      "Material sync: the customer's materials from the Kafka inbox (source=KAFKA) or an uploaded .xlsx / .json file (multipart), filtered by factory and sync date; preview=1 answers the rows, their errors and what each would do, nothing written; else every row is written or none (button material_import)",
    tag: 'masterdata',
    query: materialSyncQuerySchema,
    response: envelopeSchema(z.union([materialSyncPreviewSchema, materialSyncResultSchema])),
  },
  materialSyncSource: {
    method: 'GET',
    path: '/api/bl-basic/material/sync-source',
    summary: 'Whether materials come through Kafka here (KAFKA_BROKERS) and how many wait in the inbox',
    tag: 'masterdata',
    response: envelopeSchema(materialSyncSourceSchema),
  },
});

/** Server messages of material sync. */
export const materialSyncWords = {
  materialSync: {
    errors: {
      otherOwner: L('物料编码「{{code}}」已属于货主「{{owner}}」，不能同步为其他货主的物料', 'Material code "{{code}}" belongs to cargo owner "{{owner}}": it cannot be synced as another owner\'s material', '物料編碼「{{code}}」已屬於貨主「{{owner}}」，不能同步為其他貨主的物料'),
      noKafka: L('未配置 Kafka：请上传 xlsx 或 JSON 文件', 'Kafka is not configured here: upload an .xlsx or JSON file', '未配置 Kafka：請上傳 xlsx 或 JSON 檔案'),
      badJson: L('JSON 文件无法读取：应为物料数组（字段名如 code、name）', 'The JSON file cannot be read: it should be an array of materials (fields such as code, name)', 'JSON 檔案無法讀取：應為物料陣列（欄位名如 code、name）'),
      nothing: L('没有可同步的物料（工厂或同步日期不符的行已略过）', 'Nothing to sync (rows of another factory or dated before the sync date were left out)', '沒有可同步的物料（工廠或同步日期不符的行已略過）'),
    },
  },
} satisfies Words;
