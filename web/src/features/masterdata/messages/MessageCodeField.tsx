import { useMemo } from 'react';
import { Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { messageChoices } from './messageCodes';

type Props = { value?: unknown; onChange?: (value: string) => void; disabled?: boolean; id?: string };

/**
 * The message a catalogue record words its own way (errormsginfo, outerrormsg), chosen by its
 * words in the reader's language, searchable by words or key; the key is shown beside the words
 * and kept as the record's code. A code the words no longer hold (an old record) is shown as it is.
 */
export const MessageCodeField = ({ value, onChange, disabled, id }: Props) => {
  const { t, i18n } = useTranslation();
  const choices = useMemo(() => messageChoices(i18n.getResourceBundle(i18n.language, 'translation')), [i18n, i18n.language]);
  const options = useMemo(
    () =>
      choices.map((c) => ({
        value: c.code,
        search: `${c.text} ${c.code}`,
        label: (
          <span>
            {c.text} <Typography.Text type="secondary">{c.code}</Typography.Text>
          </span>
        ),
      })),
    [choices],
  );
  return (
    <Select
      id={id}
      data-testid="message-code"
      showSearch={{ optionFilterProp: 'search' }}
      allowClear
      disabled={disabled}
      value={typeof value === 'string' && value ? value : undefined}
      onChange={(v) => onChange?.(v ?? '')}
      options={options}
      placeholder={t('md.messageCode.placeholder')}
      popupMatchSelectWidth={false}
      style={{ width: '100%' }}
    />
  );
};
