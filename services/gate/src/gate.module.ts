import { Module } from '@nestjs/common';
import { GateAppointments } from './appointment/appointment.wiring';
import { DockSlotsController } from './appointment/dock-slots.controller';

/**
 * The gate context (issue 31): the appointment is a document type of the kit
 * (contracts/src/gate), its master data (gates, inspection locations, docks, notices) entities of
 * the engine; this module registers the appointment's own decisions with the kit and lists a
 * dock's slots of a day (the registration form's slot picker).
 */
@Module({
  controllers: [DockSlotsController],
  providers: [GateAppointments],
  exports: [GateAppointments],
})
export class GateModule {}
