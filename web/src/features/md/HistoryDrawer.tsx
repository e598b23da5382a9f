import { Drawer, Empty, Space, Spin, Tag, Timeline, Typography } from 'antd';
import type { EntityDef, FieldDef } from '@tpl/contracts';
import type { EntityHistoryEntry } from '../../api/entities';
import { formatDateTime } from '../../shared/format';
import { useTranslation } from 'react-i18next';
import { RefValue, useFormatValue } from '../../shared/widgets/FieldValue';
import { useEntityHistory } from '../../shared/widgets/hooks';
import { useEntityLabels } from '../../shared/widgets/labels';

type Kind = 'created' | 'changed' | 'removed' | 'other';

/** <Entity>Created / <Entity>Changed / <Entity>Removed, whatever the entity's name. */
export const eventKind = (type: string): Kind =>
  type.endsWith('Created') ? 'created' : type.endsWith('Changed') ? 'changed' : type.endsWith('Removed') ? 'removed' : 'other';

const COLORS: Record<Kind, string> = { created: 'green', changed: 'blue', removed: 'red', other: 'gray' };

type Props = {
  def: EntityDef;
  /** the record whose history is shown; none: closed */
  id: string | undefined;
  /** what the title names (its code) */
  subject?: string;
  onClose: () => void;
};

/** The record's events, oldest first: who did what when, and for changes each field's before → after. */
export const HistoryDrawer = ({ def, id, subject, onClose }: Props) => {
  const { t } = useEntityLabels(def);
  return (
    <Drawer
      open={Boolean(id)}
      onClose={onClose}
      size={520}
      title={subject ? `${t('md.events.title')} · ${subject}` : t('md.events.title')}
      destroyOnHidden
      data-testid="md-history-drawer"
    >
      {id && <HistoryTimeline def={def} id={id} />}
    </Drawer>
  );
};

const HistoryTimeline = ({ def, id }: { def: EntityDef; id: string }) => {
  const { t } = useEntityLabels(def);
  const history = useEntityHistory(def, id);
  if (history.isPending) return <Spin style={{ display: 'block', margin: '32px auto' }} />;
  if (!history.data?.length) return <Empty description={t('md.events.empty')} />;
  return (
    <Timeline
      data-testid="md-history-timeline"
      items={history.data.map((entry) => {
        const kind = eventKind(entry.type);
        return {
          key: `${entry.version}-${entry.type}`,
          color: COLORS[kind],
          content: <HistoryItem def={def} entry={entry} kind={kind} />,
        };
      })}
    />
  );
};

/** At most this many codes of a list change are named; the rest are counted. */
const NAMED = 10;

/** Codes added (+) or taken away (−), each with its record's name. */
const RefDelta = ({ entity, sign, codes }: { entity: string; sign: string; codes: string[] }) => {
  const { t } = useTranslation();
  if (!codes.length) return null;
  return (
    <span data-sign={sign}>
      {' '}
      {sign} <RefValue entity={entity} value={codes.slice(0, NAMED)} />
      {codes.length > NAMED && ` ${t('md.events.more', { count: codes.length - NAMED })}`}
    </span>
  );
};

const HistoryItem = ({ def, entry, kind }: { def: EntityDef; entry: EntityHistoryEntry; kind: Kind }) => {
  const { t, field } = useEntityLabels(def);
  const format = useFormatValue(def);
  const changes = kind === 'changed' ? Object.entries(entry.data?.changes ?? {}) : [];
  const refShown = (entity: string, value: unknown) => (value === undefined || value === null || value === '' ? t('md.events.emptyValue') : <RefValue entity={entity} value={value} />);
  const show = (key: string, f: FieldDef | undefined, value: unknown) => {
    const text = format(key, f, value);
    if (!text) return t('md.events.emptyValue');
    return f?.kind === 'text' && f.verbatim ? <Typography.Text code>{text}</Typography.Text> : text;
  };
  return (
    <div data-testid={`md-history-${entry.version}`} data-event={entry.type}>
      <Space wrap size="small">
        <Typography.Text strong>{t(`md.events.${kind}`)}</Typography.Text>
        <Tag>{t('md.events.version', { version: entry.version })}</Tag>
        <Typography.Text>{entry.actor?.name || entry.actor?.account}</Typography.Text>
        <Typography.Text type="secondary">{formatDateTime(entry.time)}</Typography.Text>
      </Space>
      {changes.length > 0 && (
        <ul className="history-data">
          {changes.map(([key, pair]) => {
            const f = def.fields[key];
            const [before, after] = Array.isArray(pair) ? pair : [undefined, pair];
            // a list of references (a role's menus): what was added and taken away, by name, not both whole lists
            if (f?.kind === 'ref' && f.multiple) {
              const was = new Set((Array.isArray(before) ? before : []).map(String));
              const now = new Set((Array.isArray(after) ? after : []).map(String));
              return (
                <li key={key} data-testid={`md-change-${key}`}>
                  {field(key)}: <RefDelta entity={f.entity} sign="+" codes={[...now].filter((c) => !was.has(c))} />
                  <RefDelta entity={f.entity} sign="−" codes={[...was].filter((c) => !now.has(c))} />
                </li>
              );
            }
            return (
              <li key={key} data-testid={`md-change-${key}`}>
                {field(key)}: {f?.kind === 'ref' ? refShown(f.entity, before) : show(key, f, before)} → {f?.kind === 'ref' ? refShown(f.entity, after) : show(key, f, after)}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
};
