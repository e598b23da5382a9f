/**
 * The document-review process manager's decisions, pure: given one event of the store,
 * what (if anything) must happen. Wiring (the checkpointed subscription, the command
 * bus, the engine) is in services/workflow. Replaying an event gives the same decision,
 * and every action is idempotent at its target, so a crash between acting and saving the
 * checkpoint is harmless.
 */
export type ReviewPlug = { documentType: string; submittedEvent: string; streamType: string };
export type ObservedEvent = { type: string; streamName: string; version: number; data: unknown; tenantId: string };

export type ReviewAction =
  | { kind: 'startReview'; tenantId: string; documentType: string; documentId: string; processKey: string; instanceId: string }
  | { kind: 'approveDocument'; tenantId: string; documentType: string; documentId: string; instanceId: string }
  | { kind: 'rejectDocument'; tenantId: string; documentType: string; documentId: string; instanceId: string };

const UUID_TAIL = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The instance id of a review is derived from the submit event itself: delivered twice, started once. */
export const reviewInstanceId = (streamName: string, version: number, hash: (text: string) => string): string => {
  const h = hash(`review:${streamName}:${version}`);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

export const decideReview = (
  event: ObservedEvent,
  plugs: readonly ReviewPlug[],
  hash: (text: string) => string,
  instanceInfo?: { documentType: string | null; businessKey: string | null; outcome: string },
): ReviewAction | null => {
  const plug = plugs.find((p) => p.submittedEvent === event.type && event.streamName.startsWith(`${p.streamType}-`));
  if (plug) {
    const documentId = UUID_TAIL.exec(event.streamName)?.[1];
    const processKey = (event.data as { processKey?: unknown } | null)?.processKey;
    if (!documentId || typeof processKey !== 'string') return null;
    return {
      kind: 'startReview',
      tenantId: event.tenantId,
      documentType: plug.documentType,
      documentId,
      processKey,
      instanceId: reviewInstanceId(event.streamName, event.version, hash),
    };
  }
  if (event.type === 'ProcessInstanceCompleted' && instanceInfo?.documentType && instanceInfo.businessKey) {
    if (!plugs.some((p) => p.documentType === instanceInfo.documentType)) return null;
    const instanceId = UUID_TAIL.exec(event.streamName)?.[1] ?? '';
    const base = { tenantId: event.tenantId, documentType: instanceInfo.documentType, documentId: instanceInfo.businessKey, instanceId };
    if (instanceInfo.outcome === 'approved') return { kind: 'approveDocument', ...base };
    if (instanceInfo.outcome === 'rejected') return { kind: 'rejectDocument', ...base };
  }
  return null;
};
