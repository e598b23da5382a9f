import { z } from 'zod';
import { requiredText, optionalText } from '../validation/rules';

/** The i18n entity of every /api/bl-flow input: 400 messages read labels from `flow.fields.<field>`. */
export const FLOW = 'flow';

export const flowIdSchema = z.uuid({ error: 'validation.invalid' });
export const flowVersionSchema = z.coerce.number({ error: 'validation.number' }).int({ error: 'validation.integer' }).min(1, { error: 'validation.positive' });
/** A process key is the BPMN process id: an XML NCName, the same across versions. */
export const processKeySchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(64, { error: 'validation.tooLong' })
  .regex(/^[A-Za-z_][\w.-]*$/, { error: 'validation.invalid' });
export const accountSchema = requiredText(64);
/** A comment is required when rejecting (the initiator must learn why), optional otherwise. */
export const commentSchema = optionalText(1000);
export const requiredCommentSchema = requiredText(1000);
export const idsQuerySchema = z.object({
  ids: z
    .string({ error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))
    .pipe(z.array(flowIdSchema).min(1, { error: 'validation.required' }).max(200)),
});

/** Who did something, as events and read models carry it. */
export const flowActorSchema = z.object({ userId: z.string(), account: z.string(), name: z.string() });
export type FlowActor = z.infer<typeof flowActorSchema>;

/** Process variables: the document's fields (JSON) plus initiator and businessKey. */
export const variablesSchema = z.record(z.string(), z.unknown());
export type ProcessVariables = z.infer<typeof variablesSchema>;

/** Where a deployment or check found a problem (bpmn-moddle warnings and our own checks). */
export const modelProblemSchema = z.object({ elementId: z.string(), message: z.string() });
export type ModelProblemDto = z.infer<typeof modelProblemSchema>;
