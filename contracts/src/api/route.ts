import { z } from 'zod';

/**
 * One HTTP route described once: the controller validates with these schemas,
 * the OpenAPI document is generated from them and the console's client is typed by them.
 */
export type RouteDef = {
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  tag: string;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /** false for the token grant itself and other public calls */
  auth?: boolean;
  /** the answer is a file of this media type, not an envelope (errors still are envelopes) */
  download?: string;
  /** the body is multipart/form-data carrying one file in the field `file` */
  upload?: boolean;
};

export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const defineRoutes = <T extends Record<string, RouteDef>>(routes: T): T => routes;
