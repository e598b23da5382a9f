import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldKey, LANGUAGES, type Labels } from '@tpl/contracts';

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

/** Words a description carries as L(zh, en, mo) (an action's hint, a suggestion's button), in the user's language. */
export const useSaid = () => {
  const { i18n } = useTranslation();
  const index = Math.max(0, LANGUAGES.indexOf(i18n.language as (typeof LANGUAGES)[number]));
  return useCallback((labels: Labels) => labels[index as 0 | 1 | 2], [index]);
};
