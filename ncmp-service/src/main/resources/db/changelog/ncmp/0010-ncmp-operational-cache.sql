--liquibase formatted sql

--changeset cps-ng:0010-ncmp-operational-cache splitStatements:false
-- The cached operational data of data-synced handles, one row per handle: its tree as one value (ADR 0017). The
-- cache can be read again from the devices, so it pays for no WAL: unlogged, which the database empties when it
-- recovers from a crash. The one row of ncmp_operational_cache_intact goes with it, which tells the service to sync
-- every handle again.
create unlogged table ncmp_operational_cache (
    cm_handle_id    text collate "C" primary key,
    schema_set_name text not null,
    tree            bytea not null
) with (toast_tuple_target = 8160);
create unlogged table ncmp_operational_cache_intact (intact boolean primary key);
insert into ncmp_operational_cache_intact values (true);
do $$
begin
    -- lz4 where the database has it; without it, no compression: pglz took longer than writing the bytes as they are
    alter table ncmp_operational_cache alter column tree set compression lz4;
exception when others then
    alter table ncmp_operational_cache alter column tree set storage external;
end $$;
-- the caches of the releases before: an anchor per handle in NFP-Operational; their handles are synced again
delete from fragment where anchor_id in (
    select a.id from anchor a join dataspace d on d.id = a.dataspace_id where d.name = 'NFP-Operational');
delete from anchor where dataspace_id in (select id from dataspace where name = 'NFP-Operational');
update ncmp_cm_handle set data_sync_state = 'UNSYNCHRONIZED', data_sync_due_at = now(), data_sync_attempt = 0
    where data_sync_enabled and data_sync_state = 'SYNCHRONIZED';
