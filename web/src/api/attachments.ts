import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { systemRoutes } from '@tpl/contracts';
import { download, request } from './client';

/** What the attachment store answers for an upload: the id a form records, the file's own name. */
export type Uploaded = { id: string; originalName: string; link: string };

/**
 * Attachments (spec 01: the generic attach upload and the download by id), as every form that
 * records a file uses them: a drawn signature, a delivery's photos, a document's scans.
 */
export const attachmentApi = {
  upload: (file: Blob, name: string) => {
    const form = new FormData();
    form.append('file', file, name);
    return request<Uploaded>('POST', systemRoutes.attachUpload.path, { form, timeoutMs: 60_000 });
  },
  /** An attachment's bytes: the download carries the session's headers, an <img src> could not. */
  /** quiet: a preview that cannot read its file says so where the picture would be, not in a toast */
  download: (id: string) => download(systemRoutes.ossDownload.path.replace('{id}', encodeURIComponent(id)), { fallbackName: 'attachment', notify: false }),
};

export const attachmentKeys = { one: (id: string) => ['attachment', id] as const };

/** An attachment as an object URL for an <img>, freed when the component goes. */
export const useAttachmentUrl = (id: string | undefined) => {
  const q = useQuery({ queryKey: attachmentKeys.one(id ?? ''), queryFn: () => attachmentApi.download(id!), enabled: !!id, staleTime: Infinity, retry: false });
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!q.data) return;
    const u = URL.createObjectURL(q.data.blob);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [q.data]);
  return url;
};

/** Whether an attachment could not be read (gone, not an attachment's id): the preview says so instead of waiting. */
export const useAttachmentFailed = (id: string | undefined): boolean => useQuery({ queryKey: attachmentKeys.one(id ?? ''), queryFn: () => attachmentApi.download(id!), enabled: !!id, staleTime: Infinity, retry: false }).isError;
