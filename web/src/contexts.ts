import type { WebContext } from './shared/context';
import { registerViewExtras } from './features/documents/extras';
import { registerReview } from './features/documents/review';
import { registerFieldWidgets, registerListExtras } from './features/md/fieldWidgets';
import { masterdataContext } from './features/masterdata';
import { flowContext } from './features/flow';
import { warehouseContext } from './features/warehouse';
import { billingContext } from './features/billing';
import { accessContext } from './features/access';
import { transportContext } from './features/transport';
import { gateContext } from './features/gate';
import { productionContext } from './features/production';

/**
 * The console's business contexts, one line each (their front doors, web/src/features/<context>/index.ts).
 * The signed-in routes, the page grants, the dashboard's cards and the kits' extras are
 * compositions over this list; their words are composed in i18n/messages.ts.
 */
export const contexts: readonly WebContext[] = [masterdataContext, flowContext, warehouseContext, billingContext, accessContext, transportContext, gateContext, productionContext];

// the kits read what the contexts registered (the document kit's view extras and review port, the entity kit's field widgets)
for (const context of contexts) {
  if (context.viewExtras) registerViewExtras(context.viewExtras);
  if (context.fieldWidgets) registerFieldWidgets(context.fieldWidgets);
  if (context.listExtras) registerListExtras(context.listExtras);
  if (context.review) registerReview(context.review);
}
