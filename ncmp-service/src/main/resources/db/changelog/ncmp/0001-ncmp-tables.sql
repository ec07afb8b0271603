--liquibase formatted sql

--changeset cps-ng:0001-ncmp-tables
-- Alternate ids are unique across CM handles: the primary key makes a clash fail atomically,
-- even between two instances registering at once, and looks handles up by alternate id.
create table ncmp_alternate_id (
    alternate_id text primary key,
    cm_handle_id text not null unique
);

-- Module sync work that survives restarts: a row per handle waiting for (or retrying) module sync or
-- upgrade. Instances claim rows by lease (FOR UPDATE SKIP LOCKED); a lease that expires because its
-- instance died makes the row claimable again.
create table ncmp_module_sync_work (
    cm_handle_id          text primary key,
    upgrade_module_set_tag text,
    attempt               integer not null default 0,
    due_at                timestamptz not null default now(),
    owner                 text,
    lease_until           timestamptz
);
create index ncmp_module_sync_work_due on ncmp_module_sync_work (due_at);
