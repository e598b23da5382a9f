import { Module } from '@nestjs/common';
import { BoardController, BoardHub, BoardQueries } from './board';
import { TransportController } from './chain/transport.controller';
import { OrderFollower } from './chain/order-follower';
import { TransportChain } from './chain/transport.wiring';

/**
 * The transport context. Its documents (the consignment order, the note, dispatch, loading,
 * arrival, delivery bills and vehicle schedules) are descriptions in
 * contracts/src/documents/transport served by the document kit; this module registers their
 * own decisions with the kit, the board's dispatch, the freight and timeline reads, and the
 * process manager that has an order follow its notes (OrderFollower, on the EventBus).
 */
@Module({
  controllers: [TransportController, BoardController],
  // the dispatcher board (board/): its reads and its server-sent events
  providers: [TransportChain, OrderFollower, BoardQueries, BoardHub],
  exports: [TransportChain],
})
export class TransportModule {}
