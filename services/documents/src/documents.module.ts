import { Global, Module, type DynamicModule } from '@nestjs/common';
import { addDocumentResources, documents, type DocumentDef } from '@tpl/contracts';
import { documentControllerFor } from './document.controller';
import { DocumentDecisionsRegistry } from './document.ports';
import { DocumentRepair } from './document.repair';
import { DocumentReviewPlugs } from './document.review';
import { DocumentCommands, RunDocumentHandler } from './document.commands';
import { DocumentService } from './document.service';
import { DocumentSpreadsheets } from './document.spreadsheets';
import { DocumentStreams } from './document.streams';
import { DOCUMENT_DEFS } from './documents.tokens';

/**
 * The document kit: one controller per described document type, the kit's service, its
 * commands on the CommandBus (RunDocumentCommand: the host registers CqrsModule), the
 * review plugs and the registry where contexts put their documents' own decisions. It asks
 * the contexts through the ports it declares (ports.ts: reference checks and serial codes,
 * answered by master data; review, by workflow; bound by the host) and reads no other
 * context's tables.
 */
@Global()
@Module({})
export class DocumentsModule {
  static forRoot(options: { documents?: readonly DocumentDef[] } = {}): DynamicModule {
    const defs = options.documents ?? documents;
    // a description served beside the registry's brings its labels along
    for (const d of defs) if (!documents.includes(d)) addDocumentResources(d);
    return {
      module: DocumentsModule,
      controllers: defs.map(documentControllerFor),
      providers: [
        DocumentService,
        DocumentSpreadsheets,
        DocumentStreams,
        DocumentCommands,
        RunDocumentHandler,
        DocumentDecisionsRegistry,
        DocumentReviewPlugs,
        DocumentRepair,
        { provide: DOCUMENT_DEFS, useValue: defs },
      ],
      exports: [DocumentService, DocumentCommands, DocumentDecisionsRegistry, DocumentRepair, DOCUMENT_DEFS],
    };
  }
}
