import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldKey } from '@tpl/contracts';

/** What the words are looked up by: an entity's or a document type's name. */
export type Named = { name: string };

/**
 * Words of one entity (or document) type, by the contracts' key scheme: <entity>.title,
 * <entity>.fields.<path> (a rows field's own label under '_'), enum.<entity>.<field>.<value>.
 */
export const useEntityLabels = (def: Named) => {
  const { t } = useTranslation();
  const name = def.name;
  const field = useCallback((...path: string[]) => t(fieldKey(name, path)), [t, name]);
  const enumValue = useCallback(
    (fieldName: string, value: string) => t(`enum.${name}.${fieldName}.${value}`, { defaultValue: value }),
    [t, name],
  );
  return { t, title: t(`${name}.title`), field, enumValue };
};

export type EntityLabels = ReturnType<typeof useEntityLabels>;
