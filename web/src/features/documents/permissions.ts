import { useMemo } from 'react';
import { documentButtons, type DocumentDef } from '@tpl/contracts';
import { useButtons } from '../../auth/buttons';

/**
 * Which of a document type's buttons the user holds: `<name>_add`, `_edit`, `_delete`,
 * `_export`, `_print`, `_submit_review` and one per action (the description's
 * documentButtons; admin and the wildcard pass). The server refuses the others anyway.
 */
export const useDocumentButtons = (def: DocumentDef): ((action: string) => boolean) => {
  const has = useButtons();
  const codes = useMemo(() => documentButtons(def), [def]);
  return (action: string) => {
    const code = codes[action];
    return code !== undefined && has(code);
  };
};
