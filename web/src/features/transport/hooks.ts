import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { boardChangeSchema, type Board, type BoardQuery } from '@tpl/contracts';
import { transportApi, transportKeys, type BoardDispatchBody } from './api';
import { applyDispatched, mergeChange } from './board.model';

/** Whether the board's stream is open: `live`, `connecting` (first open or after a drop), or `offline`. */
export type LiveState = 'connecting' | 'live' | 'offline';

/** Reconnection waits (ms): quick at first, then steady. */
const BACKOFF = [500, 1000, 2000, 5000];

/**
 * The board and its live stream. The board's answer says which position it is complete up
 * to; the stream goes on from there, and every `board` event is merged into the cached board
 * (newer versions win), so a move by another dispatcher shows without a reload. A dropped stream
 * reconnects from the last position merged; `reset` (the projection rebuilt) reloads the board.
 */
export const useBoard = (query: BoardQuery) => {
  const client = useQueryClient();
  const key = transportKeys.board(query);
  const board = useQuery({ queryKey: key, queryFn: ({ signal }) => transportApi.board(query, signal), staleTime: Infinity });
  const [live, setLive] = useState<LiveState>('connecting');
  const loaded = board.data !== undefined;
  const keyText = JSON.stringify(key);
  const keyRef = useRef(key);
  keyRef.current = key;

  useEffect(() => {
    if (!loaded) return;
    const abort = new AbortController();
    let attempt = 0;
    const run = async () => {
      while (!abort.signal.aborted) {
        const after = client.getQueryData<Board>(keyRef.current)?.position ?? '0';
        try {
          await transportApi.stream(
            after,
            abort.signal,
            (e) => {
              if (e.event === 'board') {
                const change = boardChangeSchema.safeParse(JSON.parse(e.data));
                if (change.success) client.setQueryData<Board>(keyRef.current, (old) => (old ? mergeChange(old, change.data) : old));
              } else if (e.event === 'reset') {
                void client.invalidateQueries({ queryKey: keyRef.current });
              }
            },
            () => {
              attempt = 0;
              setLive('live');
            },
          );
        } catch {
          // refused or cut: shown as offline, tried again
        }
        if (abort.signal.aborted) return;
        setLive('offline');
        await new Promise((r) => setTimeout(r, BACKOFF[Math.min(attempt++, BACKOFF.length - 1)]));
      }
    };
    void run();
    return () => abort.abort();
    // the stream follows the board's key (its filters), opened once the board is loaded
  }, [client, keyText, loaded]);

  return { board, live };
};

/** A drop: the dispatch command; its answer is folded in at once, a refusal reloads the board (the fresh state). */
export const useBoardDispatch = (query: BoardQuery) => {
  const client = useQueryClient();
  const key = transportKeys.board(query);
  return useMutation({
    mutationFn: (body: BoardDispatchBody) => transportApi.boardDispatch(body),
    onSuccess: (result, body) => client.setQueryData<Board>(key, (old) => (old ? applyDispatched(old, body.carNo, result) : old)),
    onError: () => client.invalidateQueries({ queryKey: key }),
  });
};

export const useVehicles = () => useQuery({ queryKey: transportKeys.vehicles(), queryFn: ({ signal }) => transportApi.vehicles(signal), staleTime: 60_000 });
export const useLines = () => useQuery({ queryKey: transportKeys.lines(), queryFn: ({ signal }) => transportApi.lines(signal), staleTime: 60_000 });
export const useDrivers = () => useQuery({ queryKey: transportKeys.drivers(), queryFn: ({ signal }) => transportApi.drivers(signal), staleTime: 60_000 });

export const useChainTimeline = (id: string) => useQuery({ queryKey: transportKeys.timeline(id), queryFn: ({ signal }) => transportApi.timeline(id, signal), enabled: !!id });
export const useChainAt = (id: string, at: string | undefined) =>
  useQuery({ queryKey: transportKeys.chain(id, at ?? ''), queryFn: ({ signal }) => transportApi.chain(id, at!, signal), enabled: !!id && !!at });

/** An attachment as an object URL for an <img> (the console's attachment helpers). */
export { useAttachmentUrl } from '../../api/attachments';
