--liquibase formatted sql

--changeset cps-ng:0008-ncmp-data-sync
-- Data sync work on the inventory row, as module sync's (ADR 0006, 0011): a handle whose data is to be synced is
-- due from data_sync_due_at; a worker claims it with an owner and a lease; last_sync_time is when its cached
-- operational data were last stored.
alter table ncmp_cm_handle
    add column data_sync_due_at timestamptz,
    add column data_sync_attempt integer not null default 0,
    add column data_sync_owner text,
    add column data_sync_lease_until timestamptz,
    add column last_sync_time timestamptz;
create index ncmp_cm_handle_data_sync_due on ncmp_cm_handle (data_sync_due_at) where data_sync_due_at is not null;
update ncmp_cm_handle set data_sync_state = 'UNSYNCHRONIZED', data_sync_due_at = now() where data_sync_enabled;
