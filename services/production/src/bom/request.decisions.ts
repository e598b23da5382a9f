import { secondaryprocess, type KitDocument } from '@tpl/contracts';
import type { DocumentDecisions } from '@tpl/documents';
import { checkBom } from '../task/task.decisions';

/** What a request's decisions read: the BOM it names (made or changed). */
export type RequestFacts = { bom?: KitDocument | undefined };

/** The processing request's own decisions: the BOM it names is confirmed and its owner's (its machine says who may do what when). */
export const requestDecisions = (load: DocumentDecisions<RequestFacts, typeof secondaryprocess>['load']): DocumentDecisions<RequestFacts, typeof secondaryprocess> => ({
  load,
  check: (command, _doc, facts) => (command.type === 'Create' || command.type === 'Change' ? checkBom(command.data.content, facts?.bom) : undefined),
});
