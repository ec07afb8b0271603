--liquibase formatted sql

--changeset cps-ng:0003-ncmp-inventory-rows
-- An upgrade from the first release keeps every handle: the dmi-registry fragments (a handle, its properties, its
-- state with lock reason and operational datastore), the handle's anchor in NFP-Operational (its module set),
-- its module-sync work row and its alternate id become one row of ncmp_cm_handle. Then the registry anchor,
-- the per-handle anchors and the two tables of the first release go.
with registry as (
    select a.id as anchor_id from anchor a join dataspace d on d.id = a.dataspace_id
    where d.name = 'NCMP-Admin' and a.name = 'ncmp-dmi-registry'
), handle as (
    select f.anchor_id, f.id as fragment_id, f.attributes from fragment f join registry r on r.anchor_id = f.anchor_id
    where f.schema_path = '/dmi-registry/cm-handles'
), state as (
    select s.parent_id as handle_fragment_id, s.id as fragment_id, s.attributes from fragment s
    join registry r on r.anchor_id = s.anchor_id where s.schema_path = '/dmi-registry/cm-handles/state'
)
insert into ncmp_cm_handle (id, alternate_id, dmi_service_name, dmi_data_service_name, dmi_model_service_name,
    module_set_tag, data_producer_identifier, trust_level, cm_handle_state, lock_reason, lock_reason_details,
    last_update_time, data_sync_enabled, data_sync_state, additional_properties, public_properties,
    schema_set_name, upgrade_module_set_tag, due_at, attempt)
select h.attributes ->> 'id',
    coalesce(nullif(h.attributes ->> 'alternate-id', ''),
        (select alternate_id from ncmp_alternate_id where cm_handle_id = h.attributes ->> 'id')),
    h.attributes ->> 'dmi-service-name', h.attributes ->> 'dmi-data-service-name',
    h.attributes ->> 'dmi-model-service-name', coalesce(h.attributes ->> 'module-set-tag', ''),
    h.attributes ->> 'data-producer-identifier', h.attributes ->> 'trust-level',
    coalesce(s.attributes ->> 'cm-handle-state', 'ADVISED'),
    lock.attributes ->> 'reason', lock.attributes ->> 'details',
    coalesce((s.attributes ->> 'last-update-time')::timestamptz, now()),
    coalesce((s.attributes ->> 'data-sync-enabled')::boolean, false),
    operational.attributes ->> 'sync-state',
    coalesce((select jsonb_object_agg(p.attributes ->> 'name', p.attributes ->> 'value') from fragment p
        where p.anchor_id = h.anchor_id and p.parent_id = h.fragment_id
        and p.schema_path = '/dmi-registry/cm-handles/additional-properties'), '{}'),
    coalesce((select jsonb_object_agg(p.attributes ->> 'name', p.attributes ->> 'value') from fragment p
        where p.anchor_id = h.anchor_id and p.parent_id = h.fragment_id
        and p.schema_path = '/dmi-registry/cm-handles/public-properties'), '{}'),
    (select ss.name from anchor ha join dataspace hd on hd.id = ha.dataspace_id
        join schema_set ss on ss.id = ha.schema_set_id
        where hd.name = 'NFP-Operational' and ha.name = h.attributes ->> 'id'),
    work.upgrade_module_set_tag, work.due_at, coalesce(work.attempt, 0)
from handle h
left join state s on s.handle_fragment_id = h.fragment_id
left join fragment lock on lock.anchor_id = h.anchor_id and lock.parent_id = s.fragment_id
    and lock.schema_path = '/dmi-registry/cm-handles/state/lock-reason'
left join fragment datastores on datastores.anchor_id = h.anchor_id and datastores.parent_id = s.fragment_id
    and datastores.schema_path = '/dmi-registry/cm-handles/state/datastores'
left join fragment operational on operational.anchor_id = h.anchor_id and operational.parent_id = datastores.id
    and operational.schema_path = '/dmi-registry/cm-handles/state/datastores/operational'
left join ncmp_module_sync_work work on work.cm_handle_id = h.attributes ->> 'id';

-- what of the store only the first release's inventory used
delete from fragment where anchor_id in (
    select a.id from anchor a join dataspace d on d.id = a.dataspace_id
    where (d.name = 'NCMP-Admin' and a.name = 'ncmp-dmi-registry')
        or (d.name = 'NFP-Operational' and exists (select 1 from ncmp_cm_handle h where h.id = a.name)));
delete from anchor a using dataspace d where d.id = a.dataspace_id
    and ((d.name = 'NCMP-Admin' and a.name = 'ncmp-dmi-registry')
        or (d.name = 'NFP-Operational' and exists (select 1 from ncmp_cm_handle h where h.id = a.name)));
delete from schema_set s using dataspace d where d.id = s.dataspace_id and d.name = 'NCMP-Admin'
    and s.name = 'dmi-registry-2026-01-01' and not exists (select 1 from anchor a where a.schema_set_id = s.id);
delete from yang_resource y where not exists (
    select 1 from schema_set_yang_resource l where l.yang_resource_id = y.id);
delete from dataspace d where d.name = 'NCMP-Admin'
    and not exists (select 1 from anchor a where a.dataspace_id = d.id)
    and not exists (select 1 from schema_set s where s.dataspace_id = d.id);
drop table ncmp_module_sync_work;
drop table ncmp_alternate_id;
analyze ncmp_cm_handle;
