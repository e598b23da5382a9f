import { z } from 'zod';
import { flag, type FieldDef } from './define';
import { L } from '../i18n/labels';

/**
 * Spec 02 section 4: `invalid` 0 valid, 1 invalid. A record marked invalid stays (history,
 * old documents still name it) but can no longer be chosen: a new or changed reference to it
 * is refused (errors.refInvalid). Master data that documents refer to carries the flag; a
 * referenced record cannot be removed, so marking it invalid is how it is retired.
 */
export const INVALID_FIELD = 'invalid';
export const invalidFlag = (): FieldDef => flag(L('作废', 'Invalid', '作廢'), { filter: true });

/**
 * A code that names a record of `entity`: where it sits in the input (for the message) and
 * its value. `kept`: the record already held this code before the change; it must still
 * exist but may have been marked invalid since (editing an old record does not force a new choice).
 */
/** `pick`: the field's pick (list parameters); a `namedBy` filter among them is checked too (an area must hold places). */
export type ReferenceUse = {
  path: readonly (string | number)[];
  entity: string;
  code: string;
  kept?: boolean;
  pick?: Readonly<Record<string, string>>;
  /** the record's `field` must be empty or `owner` (the content's cargo owner): another owner's record is refused */
  owned?: { field: string; owner: string };
};

/** The metadata key naming the entity a code field refers to (it shows in the OpenAPI document too). */
export const REFERENCE_META = 'x-reference';

/**
 * A required code that names a record of `entity` (by its code field), outside the entity
 * framework (documents such as the consignment order): the console renders a reference
 * picker for it (`referenceEntityOf`), the server checks the record exists and is valid.
 */
export const referenceCode = (entity: string, max = 40) =>
  z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.tooLong' }).meta({ [REFERENCE_META]: entity });

/** The entity a schema's code refers to, when it is a reference (undefined otherwise). */
export const referenceEntityOf = (schema: z.ZodType): string | undefined => {
  const meta = schema.meta() as Record<string, unknown> | undefined;
  return typeof meta?.[REFERENCE_META] === 'string' ? (meta[REFERENCE_META] as string) : undefined;
};
