--liquibase formatted sql

--changeset cps-ng:0006-ncmp-alternate-id-depth
-- The router (CmHandleRouter) probes only the prefixes of an FDN whose number of '/' some alternate id has: this
-- index answers which numbers are in use with one probe each, whatever the number of handles.
create index ncmp_cm_handle_alternate_id_depth on ncmp_cm_handle
    ((length(alternate_id) - length(replace(alternate_id, '/', '')))) where alternate_id is not null;
