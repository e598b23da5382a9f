/**
 * The part of the contracts that holds no zod schema and reads no registry: error codes, the
 * languages, the sign-in calls' paths and the console's client. The console's entry (the
 * sign-in page) imports these as '@tpl/contracts/light' so its first load carries neither zod
 * nor the document and entity registries (issue 16, light pages); everything here is also
 * exported by the index.
 */
export * from './api/errors';
export * from './i18n/languages';
export * from './i18n/labels';
export * from './auth/calls';
export * from './auth/token-crypto';
