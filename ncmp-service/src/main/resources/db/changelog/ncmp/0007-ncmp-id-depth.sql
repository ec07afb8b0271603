--liquibase formatted sql

--changeset cps-ng:0007-ncmp-id-depth
-- As 0006 for ids: the router probes a reference as an id only if some id has as many '/' as it has, so FDNs
-- (several '/') cost no id probe where ids have none.
create index ncmp_cm_handle_id_depth on ncmp_cm_handle ((length(id) - length(replace(id, '/', ''))));
