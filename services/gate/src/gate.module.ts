import { Module } from '@nestjs/common';
import { GateAppointments } from './appointment/appointment.wiring';

/**
 * The gate context (issue 31): the appointment is a document type of the kit
 * (contracts/src/gate), its master data (gates, inspection locations, docks, notices) entities of
 * the engine; this module registers the appointment's own decisions with the kit.
 */
@Module({
  providers: [GateAppointments],
  exports: [GateAppointments],
})
export class GateModule {}
