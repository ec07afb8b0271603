--liquibase formatted sql

--changeset cps-ng:0005-ncmp-lcm-event-handle-fields
-- The reference's LCM event v1 carries the handle's module set tag and data producer identifier in every event,
-- as they were when the change happened: written with the event, since the handle may change or be gone by the
-- time the event is sent.
alter table ncmp_lcm_outbox add column module_set_tag text, add column data_producer_identifier text;
alter table ncmp_lcm_event add column module_set_tag text, add column data_producer_identifier text;
