export * from './gate.module';
export * from './gate.context';
export { GateAppointments } from './appointment/appointment.wiring';
export { appointmentDecisions, PAST_GRACE_MS, type AppointmentFacts } from './appointment/appointment.decisions';
export { slotOf, daySlots, instantOf, slotStream, bookingsOf, SLOT_STREAM_TYPE, SLOT_BOOKED, SLOT_RELEASED, type SlotBooking } from './appointment/dock-slots';
export { demoGateRecords, seedGateRecords, seedDemoAppointments } from './gate.seed';
