import { Module } from '@nestjs/common';

/**
 * The transport context. Its documents (the consignment order) are descriptions in
 * contracts/src/documents/transport served by the document kit; this module registers their
 * own decisions with the kit as they come (none yet: the order's rules are all in its
 * description).
 */
@Module({})
export class TransportModule {}
