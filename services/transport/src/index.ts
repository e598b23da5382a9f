export * from './transport.module';
export * from './consignment/consignment.samples';
export * from './consignment/consignment.seed';
export { transportUpcasters } from './upcasters';
import type { Migration } from '@tpl/event-store';

/**
 * What the transport context brings to the shared store. Its documents are described in
 * contracts and served by the document kit; their lists live in the kit's doc_headers.
 */
export const transportMigrations: Migration[] = [
  // the consignment order's own list table, from before the document kit: its rows are in doc_headers now
  { id: 'transport/004-consignment-list-to-kit', sql: 'DROP TABLE IF EXISTS trn_consignment_list;' },
];
export { boardMigrations, boardProjection, BOARD_PROJECTION, BOARD_TABLE } from './board';
export { TransportChain, ORDER_FOLLOWER } from './chain/transport.wiring';
export { priceFreight } from './chain/freight';
export * from './inbound/consignment-inbound';
