import { useCallback, useMemo } from 'react';
import { actionOfEvent, factOfEventType, type DocumentDef } from '@tpl/contracts';
import { useEntityLabels } from '../../shared/widgets/labels';

/**
 * Words of one document type, all from its description (contracts' documentResources):
 * <name>.title, <name>.fields.<path>, <name>.states.<State>, <name>.actions.<action>,
 * <name>.facts.<Fact>, enum.<name>.<field>.<value>; the kit's own words under documents.*.
 */
export const useDocumentLabels = (def: DocumentDef) => {
  const { t, title, field, enumValue } = useEntityLabels(def);
  const name = def.name;
  const byEvent = useMemo(() => actionOfEvent(def), [def]);
  const state = useCallback((value: string) => t(`${name}.states.${value}`, { defaultValue: value }), [t, name]);
  /** A user's action (edit, audit) as its button says it. */
  const action = useCallback((value: string) => t(`${name}.actions.${value}`, { defaultValue: value }), [t, name]);
  /** A machine event (AUDIT, REVIEW_APPROVED) in the words of its action. */
  const event = useCallback((value: string) => action(byEvent[value] ?? value), [action, byEvent]);
  /** An event type of the history (ConsignmentDispatched) as the fact it records. */
  const fact = useCallback(
    (type: string) => {
      const f = factOfEventType(def, type);
      return f ? t(`${name}.facts.${f}`, { defaultValue: type }) : type;
    },
    [t, name, def],
  );
  return { t, title, field, enumValue, state, action, event, fact };
};

export type DocumentLabels = ReturnType<typeof useDocumentLabels>;
