--liquibase formatted sql

--changeset cps-ng:0002-ncmp-cm-handle
-- The CM-handle inventory: one row per handle (ADR 0006). The row is also the handle's module-sync work item:
-- due_at is set while the handle waits for (or retries) module sync or an upgrade, and workers claim due rows
-- with FOR UPDATE SKIP LOCKED over the partial index, setting owner and lease_until.
create table ncmp_cm_handle (
    id                       text collate "C" primary key,
    alternate_id             text collate "C" unique,
    dmi_service_name         text,
    dmi_data_service_name    text,
    dmi_model_service_name   text,
    module_set_tag           text not null default '',
    data_producer_identifier text,
    trust_level              text,
    cm_handle_state          text not null,
    lock_reason              text,
    lock_reason_details      text,
    last_update_time         timestamptz not null default now(),
    data_sync_enabled        boolean not null default false,
    data_sync_state          text,
    additional_properties    jsonb not null default '{}',
    public_properties        jsonb not null default '{}',
    schema_set_name          text,
    upgrade_module_set_tag   text,
    due_at                   timestamptz,
    attempt                  integer not null default 0,
    owner                    text,
    lease_until              timestamptz
);
create index ncmp_cm_handle_due on ncmp_cm_handle (due_at) where due_at is not null;
create index ncmp_cm_handle_state on ncmp_cm_handle (cm_handle_state);
create index ncmp_cm_handle_schema_set on ncmp_cm_handle (schema_set_name);
create index ncmp_cm_handle_dmi_service on ncmp_cm_handle (dmi_service_name);
create index ncmp_cm_handle_public_properties on ncmp_cm_handle using gin (public_properties jsonb_path_ops);
create index ncmp_cm_handle_additional_properties on ncmp_cm_handle using gin (additional_properties jsonb_path_ops);
