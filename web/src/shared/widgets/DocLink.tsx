import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { documentByName, documentPath } from '@tpl/contracts';
import { documentApi } from '../../api/documents';
import { documentKeys } from '../../api/queryKeys';

/**
 * A document named by a field, shown by its bill number as a link to its view: a number is looked
 * up in its type's list, an id read for its number (never shown as an id).
 */
export const DocLink = ({ document, by = 'billNo', value }: { document: string; by?: 'billNo' | 'id'; value: string }) => {
  const def = documentByName(document);
  const byNumber = useQuery({
    queryKey: documentKeys.list(document, { billNo: value, size: 10 }),
    queryFn: ({ signal }) => documentApi.list(def!, { billNo: value, size: 10 }, signal),
    enabled: Boolean(def) && by === 'billNo',
    staleTime: 60_000,
  });
  const byId = useQuery({
    queryKey: documentKeys.detail(document, value),
    queryFn: ({ signal }) => documentApi.detail(def!, value, undefined, signal),
    enabled: Boolean(def) && by === 'id',
    staleTime: 60_000,
  });
  const id = by === 'id' ? value : byNumber.data?.records.find((r) => r.billNo === value)?.id;
  const billNo = by === 'id' ? byId.data?.billNo : value;
  if (!def || !billNo) return <>{by === 'id' ? '…' : value}</>;
  return id ? (
    <Link to={documentPath(def, 'view', id)} data-testid={`doc-link-${billNo}`}>
      {billNo}
    </Link>
  ) : (
    <>{billNo}</>
  );
};
