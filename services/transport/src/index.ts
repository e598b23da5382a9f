export * from './transport.module';
export * from './consignment/consignment.samples';
export * from './consignment/consignment.seed';
export { transportUpcasters } from './upcasters';
export * from './transport.context';
export { boardMigrations, boardProjection, BOARD_PROJECTION, BOARD_TABLE } from './board';
export { TransportChain, ORDER_FOLLOWER } from './chain/transport.wiring';
export { priceFreight } from './chain/freight';
export * from './inbound/consignment-inbound';
