/** HTTP status equals the envelope code for errors (DESIGN section 5). */
export const ErrorCodes = {
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  internal: 500,
} as const;
export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];
