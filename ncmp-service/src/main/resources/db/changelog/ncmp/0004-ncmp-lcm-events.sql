--liquibase formatted sql

--changeset cps-ng:0004-ncmp-lcm-events
-- Lifecycle events (ADR 0007). A change to a handle writes its event into ncmp_lcm_outbox in the same
-- transaction. The sequencer (one at a time: it holds the row of ncmp_lcm_sequencer) moves committed outbox rows
-- into ncmp_lcm_event, numbering them in the order it finds them: a transaction that commits late gets a later
-- position, so a reader that has seen position N never finds a new event at or below N. Relays (one per
-- relay_partition at a time: they hold its row of ncmp_lcm_relay) send events in position order and record the
-- last position the broker acknowledged.
-- The outbox is a queue the sequencer empties every few ms: no index, so that writing an event costs one heap
-- row (the sequencer reads it whole, sorted).
create table ncmp_lcm_outbox (
    sequence     bigint generated always as identity,
    cm_handle_id text collate "C" not null,
    alternate_id text,
    event_type   text not null,
    old_values   jsonb,
    new_values   jsonb,
    created_at   timestamptz not null default clock_timestamp()
);

create table ncmp_lcm_event (
    position        bigint primary key,
    sequence        bigint not null,
    relay_partition smallint not null,
    cm_handle_id    text collate "C" not null,
    alternate_id    text,
    event_type      text not null,
    old_values      jsonb,
    new_values      jsonb,
    created_at      timestamptz not null
);

create table ncmp_lcm_sequencer (
    id            smallint primary key check (id = 1),
    last_position bigint not null
);
insert into ncmp_lcm_sequencer values (1, 0);

create table ncmp_lcm_relay (
    relay_partition smallint primary key,
    sent_position   bigint not null
);

-- The DMI plugins handles are registered with, and whether each answered its last health check.
create table ncmp_dmi_plugin (
    name        text collate "C" primary key,
    trust_level text not null default 'COMPLETE',
    owner       text,
    lease_until timestamptz
);
insert into ncmp_dmi_plugin (name)
    select dmi_service_name from ncmp_cm_handle where dmi_service_name is not null
    union select dmi_data_service_name from ncmp_cm_handle where dmi_data_service_name is not null
    union select dmi_model_service_name from ncmp_cm_handle where dmi_model_service_name is not null;

-- NONE while the handle's DMI plugin does not answer; the trust level a client sees is the lower of this and
-- the one registered for the handle.
alter table ncmp_cm_handle add column dmi_trust_level text not null default 'COMPLETE';

--changeset cps-ng:0004-ncmp-properties-changed splitStatements:false
-- Of the properties in from_properties, those to_properties lacks or maps to another value: what an event
-- reports as changed (old values: from old to new; new values: from new to old).
create function ncmp_properties_changed(from_properties jsonb, to_properties jsonb) returns jsonb
language sql immutable as $$
    select coalesce(jsonb_object_agg(key, value), '{}'::jsonb) from jsonb_each(from_properties)
    where to_properties -> key is distinct from value
$$;
