import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import { canMakeFrom, documentButtons, documentPath, documentsMadeFrom, type DocumentDef, type KitDocument } from '@tpl/contracts';
import { useButtons } from '../../auth/buttons';
import { useSaid } from '../../shared/widgets/labels';
import { useDocumentLabels } from './labels';

/** The new form of `target` made from a source document: ?from=<source type>&id=<source id> (the form copies it). */
export const madeFromPath = (target: DocumentDef, source: DocumentDef, id: string): string =>
  `${documentPath(target, 'new')}?${new URLSearchParams({ from: source.name, id })}`;

/**
 * The next steps of a chain that start from this document (each step starts from the one before
 * it): one button per document type made from this one (its description's `sources`), shown
 * while the document is in a state the step can use (and is what its `when` asks) and the user may create that type.
 */
export const SourceButtons = ({ def, doc }: { def: DocumentDef; doc: KitDocument }) => {
  const navigate = useNavigate();
  const has = useButtons();
  const said = useSaid();
  const { t } = useDocumentLabels(def);
  const steps = documentsMadeFrom(def.name).filter(({ target, how }) => canMakeFrom(how, doc) && has(documentButtons(target).add!));
  return (
    <>
      {steps.map(({ target, how }) => (
        <Button key={target.name} type="primary" ghost onClick={() => navigate(madeFromPath(target, def, doc.id))} data-testid={`make-${target.name}`}>
          {how.label ? said(how.label) : t('documents.makeFrom', { title: said(target.title) })}
        </Button>
      ))}
    </>
  );
};
