import type { ComponentType, Key } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { DocumentDef, EntityDef, KitDocument } from '@tpl/contracts';
import type { RouteGrant } from './menuGrant';

/** What a document type adds to the document kit's generic screens (beside a view's toolbar, under its details, beside its list's buttons). */
export type ViewExtraProps = { def: DocumentDef; doc: KitDocument };
/** What a list's extra buttons act on: the rows ticked (a step taken on the one document selected). */
export type ListExtraProps = { def: DocumentDef; selected: readonly { id: string; billNo: string; state: string; isReview: number }[] };
export type ViewExtras = Record<string, { toolbar?: ComponentType<ViewExtraProps>; details?: ComponentType<ViewExtraProps>; list?: ComponentType<ListExtraProps> }>;

/** What an entity's list shows beside its own buttons (the role's "allocate resources"), with the rows ticked. */
export type EntityListExtra = ComponentType<{ def: EntityDef; selected: readonly Key[] }>;

/** A control a field of one entity takes instead of the kind's own, in its form (value, onChange) and its view (disabled). */
export type FieldWidget = ComponentType<{ value?: unknown; onChange?: (value: never) => void; disabled?: boolean; id?: string }>;

/**
 * A business context's front door in the console (web/src/features/<context>/index.ts): what it
 * adds to the app. The app composes the list of them (web/src/contexts.ts); the kits read what
 * the contexts registered, never a context. Its words are beside it (features/<context>/words.ts),
 * read by the words' composition (i18n/messages.ts) without loading a screen.
 */
export type WebContext = {
  name: string;
  /** pages registered before the document kit's (a generic screen a context's own replaces: the signing screen) */
  overrides?: RouteObject[];
  /** its pages inside the signed-in layout, each behind the user's menus */
  routes?: RouteObject[];
  /** pages no menu entry names, by route path: the entries whose pages they are */
  pageGrants?: Record<string, RouteGrant>;
  /** what its document types add to the kit's generic screens */
  viewExtras?: ViewExtras;
  /** cards the dashboard shows under its figures */
  dashboardCards?: ComponentType[];
  /** entity fields (and document header fields) that take a control of their own, by entity or document type and field */
  fieldWidgets?: Record<string, Record<string, FieldWidget>>;
  /** buttons an entity's list shows beside its own, by entity */
  listExtras?: Record<string, EntityListExtra>;
  /** the document kit's review port (one context fills it: workflow) */
  review?: ReviewPort;
};

/**
 * The approvals' part of the document kit's view (a port the workflow context fills): the tag
 * beside a document in review, the banner naming who holds it, the review processes' names by key
 * (the history names them).
 */
export type ReviewPort = {
  Tag: ComponentType<{ def: DocumentDef; doc: Pick<KitDocument, 'isReview'> }>;
  Banner: ComponentType<{ def: DocumentDef; doc: KitDocument }>;
  useProcessNames: (keys: string[]) => Record<string, string>;
};
