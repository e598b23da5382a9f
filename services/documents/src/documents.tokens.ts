/** The document types this host serves (DocumentsModule.forRoot). */
export const DOCUMENT_DEFS = Symbol('DOCUMENT_DEFS');
