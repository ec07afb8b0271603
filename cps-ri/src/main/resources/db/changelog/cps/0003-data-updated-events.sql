--liquibase formatted sql

--changeset cps-ng:0003-data-updated-events
-- Data-updated events of subscribed anchors (ADR 0012), on the path of NCMP's lifecycle events (ADR 0007): a write
-- puts its events into cps_data_updated_outbox in its own transaction; the sequencer (one at a time: it holds the
-- row of cps_data_updated_sequencer) moves committed ones into cps_data_updated_event, numbering them in the order
-- it finds them; the relay (one at a time: it holds the row of cps_data_updated_relay) sends them in position
-- order and records the last position the broker acknowledged. The outbox has no index: the sequencer reads it
-- whole, sorted, every few ms.
create table cps_data_updated_outbox (
    sequence           bigint generated always as identity,
    dataspace_name     text not null,
    anchor_name        text not null,
    schema_set_name    text not null,
    xpath              text not null,
    action             text not null,
    observed_timestamp text,
    created_at         timestamptz not null default clock_timestamp()
);

create table cps_data_updated_event (
    position           bigint primary key,
    sequence           bigint not null,
    dataspace_name     text not null,
    anchor_name        text not null,
    schema_set_name    text not null,
    xpath              text not null,
    action             text not null,
    observed_timestamp text,
    created_at         timestamptz not null
);

create table cps_data_updated_sequencer (
    id            smallint primary key check (id = 1),
    last_position bigint not null
);
insert into cps_data_updated_sequencer values (1, 0);

create table cps_data_updated_relay (
    id            smallint primary key check (id = 1),
    sent_position bigint not null
);
insert into cps_data_updated_relay values (1, 0);
