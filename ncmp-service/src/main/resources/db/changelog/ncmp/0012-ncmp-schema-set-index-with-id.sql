--liquibase formatted sql

--changeset cps-ng:0012-ncmp-schema-set-index-with-id
-- The module search (hasAllModules) selects the handles of some schema sets in id order: with the id in the index,
-- a vacuumed table (ADR 0022) answers it from the index alone. Over 50,000 handles, 10,000 matching: 27 ms (a scan
-- of the table and a sort) -> 2.5 ms. Only rows with a schema set: a registered handle has none until module sync,
-- and an entry (null, id) for each cost registration a third of its rate in batches of 100 (one null key before, its
-- entries deduplicated). The schema set's other readers look for a named set, which the index still serves.
create index ncmp_cm_handle_schema_set_id on ncmp_cm_handle (schema_set_name, id) where schema_set_name is not null;
drop index ncmp_cm_handle_schema_set;
