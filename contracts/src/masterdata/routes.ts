import { z } from 'zod';
import { envelopeSchema } from '../api/envelope';
import { defineRoutes } from '../api/route';

/** Data repair (issue 11): what a run brought back into range. */
export const dataRepairReportSchema = z.object({
  records: z.array(z.object({ entity: z.string(), id: z.string(), fields: z.array(z.string()) })),
  documents: z.array(z.object({ documentType: z.string(), id: z.string(), fields: z.array(z.string()) })),
});
export const dataRepairRoutes = defineRoutes({
  run: {
    method: 'POST',
    path: '/api/bl-system/data-repair/run',
    summary: "Repairs the caller's tenant now (administrators; also run for every tenant at each start): numbers outside their kind are brought back into range by a Changed event of the System actor whose diff keeps the original as text",
    tag: 'system',
    response: envelopeSchema(dataRepairReportSchema),
  },
});
