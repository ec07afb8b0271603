--liquibase formatted sql

--changeset cps-ng:0011-ncmp-operational-cache-format-2
-- The trees' second format (their texts first, so that a merge of leaves is made in the bytes, ADR 0017): the
-- trees of the first are dropped, and their handles synced again.
truncate ncmp_operational_cache;
update ncmp_cm_handle set data_sync_state = 'UNSYNCHRONIZED', data_sync_due_at = now(), data_sync_attempt = 0
    where data_sync_enabled and data_sync_state = 'SYNCHRONIZED';
-- Half of each page left free: a handle's tree (a few KB) is rewritten by every CM notification applied to it, and
-- its new version then fits on the page of the old one, a HOT update without a new entry in the primary key (a
-- batch of 500 rewritten trees, measured apart: 15 ms with full pages, 6-7 ms with half of each free).
alter table ncmp_operational_cache set (fillfactor = 50);
