--liquibase formatted sql

--changeset cps-ng:0013-ncmp-module-sync-claim
-- Module sync's claims as rows of their own (ADR 0023): a claim inserts a narrow row here, where it wrote a new version
-- of the handle's row with entries in the handle table's eleven indexes (two of them GIN); the result deletes it.
-- The handle's owner and lease_until stay: instances of the release before claim by them during a rolling upgrade,
-- and the claims of this release leave such rows alone until their lease runs out (migrations only add columns).
create table ncmp_module_sync_claim (
    cm_handle_id text collate "C" primary key,
    owner        text not null,
    lease_until  timestamptz not null
);
