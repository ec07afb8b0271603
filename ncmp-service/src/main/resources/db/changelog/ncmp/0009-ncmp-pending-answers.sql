--liquibase formatted sql

--changeset cps-ng:0009-ncmp-pending-answers
-- Asynchronous data requests whose client still waits for an answer on its topic (docs/events.md). A request is
-- written before the client gets its id; its targets when they are handed to their plugins. A plugin's result
-- deletes the targets it answers, NCMP's own error events those they tell of. Past its deadline, whatever is left
-- is told to the client as an error event by one instance, which deletes the request in the same transaction.
create table ncmp_pending_request (
    request_id text collate "C" primary key,
    topic      text not null,
    -- the operations as the client sent them: [{operationId, resourceIdentifier, options, targetIds}]
    operations jsonb not null,
    dispatched boolean not null default false,
    deadline   timestamptz not null
);
create index ncmp_pending_request_deadline on ncmp_pending_request (deadline);

-- The targets the client has not been told of; operation_id '' for a pass-through read. status is NCMP's own
-- verdict (a DataOperationStatus: not found, not ready, the plugin failed) when its event could not be sent yet,
-- null while the target waits for its plugin.
create table ncmp_pending_target (
    request_id   text collate "C" not null references ncmp_pending_request on delete cascade,
    operation_id text collate "C" not null,
    cm_handle_id text collate "C" not null,
    status       text,
    primary key (request_id, cm_handle_id, operation_id)
);
