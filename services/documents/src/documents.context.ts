import { documents, type DocumentDef } from '@tpl/contracts';
import { runAsSystem, type ServiceContext } from '@tpl/event-store';
import { DocumentsModule } from './documents.module';
import { documentListMigrations } from './document.list';
import { DocumentService } from './document.service';
import { documentsMenus } from './documents.menus';
import { DocumentRepair } from './document.repair';

/** What the host tells the kit: the document types it serves (tests: others beside the registry's). */
export type DocumentsOptions = { documents?: readonly DocumentDef[] | undefined };

/**
 * The document kit's front door to the host: its module (one controller per document type it
 * serves), the document lists (doc_headers), and at each start the lists of types that have
 * streams but no rows (a store from before the kit) folded again from the events.
 */
export const documentsContext: ServiceContext<DocumentsOptions> = {
  name: 'documents',
  menus: documentsMenus,
  module: ({ documents }) => DocumentsModule.forRoot(documents ? { documents } : {}),
  migrations: documentListMigrations,
  start: async ({ app, options, log }) => {
    const rebuilt = await runAsSystem(() => app.get(DocumentService).rebuildMissingLists(options.documents ?? documents));
    for (const [type, n] of Object.entries(rebuilt)) log(`document list ${type}: ${n} rows rebuilt from the events`);
  },
  // documents' numbers outside their kind, back into range through events
  repair: { part: 'documents', run: (get, tenantId) => get(DocumentRepair).run(tenantId) },
};
