import { Inject, Injectable } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Actor, CommandResult, DocumentDef, IsReview } from '@tpl/contracts';
import type { UnitOfWork } from '@tpl/event-store';
import { DocumentService, type DocumentContext } from './document.service';

/** What a caller asks of the kit: one of its commands on a described document. */
export type DocumentRequest =
  | {
      kind: 'create';
      def: DocumentDef;
      ctx: DocumentContext;
      content: Record<string, unknown>;
      id: string;
      options?: { isReview?: IsReview; fresh?: boolean };
      uow?: UnitOfWork;
    }
  | { kind: 'change'; def: DocumentDef; ctx: DocumentContext; id: string; expectedVersion: number; content: Record<string, unknown> }
  | { kind: 'act'; def: DocumentDef; ctx: DocumentContext; id: string; expectedVersion: number; action: string; fields: Record<string, unknown>; uow?: UnitOfWork }
  | { kind: 'remove'; def: DocumentDef; ctx: DocumentContext; ids: string[] }
  | { kind: 'submitForReview'; def: DocumentDef; ctx: DocumentContext; id: string; expectedVersion: number }
  | { kind: 'reviewOutcome'; def: DocumentDef; ctx: DocumentContext; outcome: { id: string; instanceId: string; approver: Actor; comment?: string | undefined; approved: boolean } };

/** A removal answers each document's result; every other command its one document's. */
export type DocumentAnswer = CommandResult | CommandResult[];

/** The kit's one command on @nestjs/cqrs's CommandBus: a request for one of its commands. */
export class RunDocumentCommand extends Command<DocumentAnswer> {
  constructor(readonly request: DocumentRequest) {
    super();
  }
}

/** Runs the kit's commands from the CommandBus on the document service. */
@CommandHandler(RunDocumentCommand)
export class RunDocumentHandler implements ICommandHandler<RunDocumentCommand, DocumentAnswer> {
  constructor(@Inject(DocumentService) private readonly service: DocumentService) {}

  execute({ request: r }: RunDocumentCommand): Promise<DocumentAnswer> {
    switch (r.kind) {
      case 'create':
        return this.service.create(r.def, r.ctx, r.content, r.id, r.options ?? {}, r.uow);
      case 'change':
        return this.service.change(r.def, r.ctx, r.id, r.expectedVersion, r.content);
      case 'act':
        return this.service.act(r.def, r.ctx, r.id, r.expectedVersion, r.action, r.fields, r.uow);
      case 'remove':
        return this.service.remove(r.def, r.ctx, r.ids);
      case 'submitForReview':
        return this.service.submitForReview(r.def, r.ctx, r.id, r.expectedVersion);
      case 'reviewOutcome':
        return this.service.reviewOutcome(r.def, r.ctx, r.outcome);
      default: {
        const never: never = r;
        throw new Error(`unknown document request ${JSON.stringify(never)}`);
      }
    }
  }
}

/**
 * How callers send the kit's commands: each through the CommandBus (RunDocumentCommand), typed
 * by its answer. The HTTP routes, the process managers and the contexts' own commands go this way.
 */
@Injectable()
export class DocumentCommands {
  constructor(@Inject(CommandBus) private readonly bus: CommandBus) {}

  private send(request: DocumentRequest): Promise<DocumentAnswer> {
    return this.bus.execute(new RunDocumentCommand(request));
  }

  async create(def: DocumentDef, ctx: DocumentContext, content: Record<string, unknown>, id: string, options: { isReview?: IsReview; fresh?: boolean } = {}, uow?: UnitOfWork): Promise<CommandResult> {
    return (await this.send({ kind: 'create', def, ctx, content, id, options, ...(uow ? { uow } : {}) })) as CommandResult;
  }

  async change(def: DocumentDef, ctx: DocumentContext, id: string, expectedVersion: number, content: Record<string, unknown>): Promise<CommandResult> {
    return (await this.send({ kind: 'change', def, ctx, id, expectedVersion, content })) as CommandResult;
  }

  async act(def: DocumentDef, ctx: DocumentContext, id: string, expectedVersion: number, action: string, fields: Record<string, unknown>, uow?: UnitOfWork): Promise<CommandResult> {
    return (await this.send({ kind: 'act', def, ctx, id, expectedVersion, action, fields, ...(uow ? { uow } : {}) })) as CommandResult;
  }

  async remove(def: DocumentDef, ctx: DocumentContext, ids: string[]): Promise<CommandResult[]> {
    return (await this.send({ kind: 'remove', def, ctx, ids })) as CommandResult[];
  }

  async submitForReview(def: DocumentDef, ctx: DocumentContext, id: string, expectedVersion: number): Promise<CommandResult> {
    return (await this.send({ kind: 'submitForReview', def, ctx, id, expectedVersion })) as CommandResult;
  }

  async reviewOutcome(def: DocumentDef, ctx: DocumentContext, outcome: { id: string; instanceId: string; approver: Actor; comment?: string | undefined; approved: boolean }): Promise<CommandResult> {
    return (await this.send({ kind: 'reviewOutcome', def, ctx, outcome })) as CommandResult;
  }
}

/**
 * The kit as a caller that both reads and commands sees it (the demo seeds): reads on the
 * service, commands through the CommandBus. The service itself fits the type too (a test may
 * hand it in directly).
 */
export type DocumentKit = Pick<DocumentService, 'any' | 'detail'> & Pick<DocumentCommands, 'create' | 'change' | 'act' | 'remove' | 'submitForReview'>;

export const documentKit = (service: DocumentService, commands: DocumentCommands): DocumentKit => ({
  any: service.any.bind(service),
  detail: service.detail.bind(service),
  create: commands.create.bind(commands),
  change: commands.change.bind(commands),
  act: commands.act.bind(commands),
  remove: commands.remove.bind(commands),
  submitForReview: commands.submitForReview.bind(commands),
});
