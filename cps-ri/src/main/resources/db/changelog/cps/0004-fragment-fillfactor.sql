--liquibase formatted sql

--changeset cps-ng:0004-fragment-fillfactor
-- Room on each page for a new version of its rows: a change of leaves (no indexed column) then stays on the page
-- as a HOT update, without new entries in the four indexes. Pages written before keep their fill.
alter table fragment set (fillfactor = 90);
