import dayjs, { type Dayjs } from 'dayjs';
import {
  consignmentContentSchema,
  consignmentLineSchema,
  partySchema,
  type Consignment,
  type ConsignmentContent,
  type ConsignmentLine,
  type Party,
} from '@tpl/contracts';
import { DATE_FORMAT } from '../../../shared/format';

/**
 * What the antd form holds: the contracts' content with dates as Dayjs and every value
 * possibly missing or cleared (null) while the user types.
 */
type Loose<T> = { [K in keyof T]?: T[K] | null };
export type LineValues = Loose<ConsignmentLine>;
export type PartyValues = Loose<Party>;
export type ConsignmentFormValues = Omit<Loose<ConsignmentContent>, 'billDate' | 'plannedDate' | 'consignor' | 'consignee' | 'lines'> & {
  billDate?: Dayjs | null;
  plannedDate?: Dayjs | null;
  consignor?: PartyValues;
  consignee?: PartyValues;
  lines?: LineValues[];
};

export const contentFields = Object.keys(consignmentContentSchema.shape) as (keyof ConsignmentContent)[];
export const partyFields = Object.keys(partySchema.shape) as (keyof Party)[];
export const lineFields = Object.keys(consignmentLineSchema.shape) as (keyof ConsignmentLine)[];

/** A field the schema accepts empty (optional or defaulted) shows no required mark. */
const acceptsEmpty = (schema: { safeParse: (value: unknown) => { success: boolean } }) => schema.safeParse(undefined).success;
export const requiredContent = (field: keyof ConsignmentContent) => !acceptsEmpty(consignmentContentSchema.shape[field]);
export const requiredParty = (field: keyof Party) => !acceptsEmpty(partySchema.shape[field]);
export const requiredLine = (field: keyof ConsignmentLine) => !acceptsEmpty(consignmentLineSchema.shape[field]);

export const emptyLine = (): LineValues => ({});

export const newFormValues = (): ConsignmentFormValues => ({
  billDate: dayjs(),
  plannedDate: dayjs(),
  consignor: {},
  consignee: {},
  lines: [emptyLine()],
});

export const toFormValues = (doc: Consignment): ConsignmentFormValues => ({
  billDate: dayjs(doc.billDate),
  plannedDate: dayjs(doc.plannedDate),
  customerCode: doc.customerCode,
  deliveryMode: doc.deliveryMode,
  remark: doc.remark,
  consignor: { ...doc.consignor },
  consignee: { ...doc.consignee },
  lines: doc.lines.map((line) => ({ ...line })),
});

const present = <T>(value: T | null | undefined): T | undefined => (value === null || value === '' ? undefined : value);
const withoutNulls = <T extends object>(values: T | undefined) =>
  Object.fromEntries(Object.entries(values ?? {}).map(([key, value]: [string, unknown]) => [key, value ?? undefined]));

/** The form's values as the contracts' schema reads them (the same body the server validates). */
export const toContentInput = (values: ConsignmentFormValues): Record<keyof ConsignmentContent, unknown> => ({
  billDate: values.billDate?.format(DATE_FORMAT),
  plannedDate: values.plannedDate?.format(DATE_FORMAT),
  customerCode: values.customerCode ?? undefined,
  deliveryMode: values.deliveryMode ?? undefined,
  remark: present(values.remark),
  consignor: withoutNulls(values.consignor),
  consignee: withoutNulls(values.consignee),
  lines: (values.lines ?? []).map((line) => withoutNulls(line)),
});
