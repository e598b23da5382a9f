import {
  consignmentRoutes,
  type arriveSchema,
  type cancelSchema,
  type ConsignmentAction,
  type ConsignmentListQuery,
  type dispatchSchema,
  type signSchema,
  type SubmitConsignmentBody,
  type transitionTargetSchema,
} from '@tpl/contracts';
import { callRoute, request, type RouteData } from './client';

/** The parsed (output) type of a contracts schema. */
type Parsed<S extends { parse: (input: unknown) => unknown }> = ReturnType<S['parse']>;

export type TransitionTarget = Parsed<typeof transitionTargetSchema>;

/** The body each transition posts, as the contracts validate it (one entry per action). */
export type TransitionBody<A extends ConsignmentAction> = {
  submitReview: TransitionTarget;
  audit: TransitionTarget;
  load: TransitionTarget;
  dispatch: Parsed<typeof dispatchSchema>;
  arrive: Parsed<typeof arriveSchema>;
  sign: Parsed<typeof signSchema>;
  cancel: Parsed<typeof cancelSchema>;
}[A];

/** One transition with its own body type: { action: 'dispatch', body: { id, version, plateNo, ... } }. */
export type TransitionRequest = { [A in ConsignmentAction]: { action: A; body: TransitionBody<A> } }[ConsignmentAction];

export type CommandResult = RouteData<typeof consignmentRoutes.submit>;

export const consignmentApi = {
  list: (query: ConsignmentListQuery, signal?: AbortSignal) => callRoute(consignmentRoutes.list, { query, signal }),

  /** The document now, or as it was right after event `version`. */
  detail: (id: string, version?: number, signal?: AbortSignal) =>
    callRoute(consignmentRoutes.detail, { query: { id, version }, signal }),

  history: (id: string, signal?: AbortSignal) => callRoute(consignmentRoutes.history, { query: { id }, signal }),

  /** Creates a draft (no id) or changes one (id and the version the user edited). */
  submit: (body: SubmitConsignmentBody) => callRoute(consignmentRoutes.submit, { body }),

  remove: (ids: readonly string[]) => callRoute(consignmentRoutes.remove, { query: { ids: ids.join(',') } }),

  /** The transition routes share one answer: the command result of the submit route. */
  transition: ({ action, body }: TransitionRequest): Promise<CommandResult> => {
    const route = consignmentRoutes[action];
    return request<CommandResult>(route.method, route.path, { body });
  },
};
