/**
 * An error the API answers with its own code and an i18n message key; the host's
 * exception filter translates it into the user's language inside the envelope.
 */
export class AppError extends Error {
  constructor(
    readonly code: 400 | 401 | 403 | 404 | 409,
    readonly key: string,
    readonly vars: Record<string, string | number> = {},
    /** vars whose values are themselves i18n keys (a state or action name) */
    readonly keyVars: Record<string, string> = {},
  ) {
    super(key);
    this.name = 'AppError';
  }

  /** what the error envelope carries in data (an import's failing rows), null otherwise */
  data: unknown = null;
}
