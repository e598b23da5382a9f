/**
 * The document kit's test kit (@tpl/documents/test): given / when / then over a document type's
 * decisions. Imported by specs only (.dependency-cruiser.cjs); outside src/, so never built into dist.
 */
export * from './document-spec';
