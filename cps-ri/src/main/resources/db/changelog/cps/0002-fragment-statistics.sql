--liquibase formatted sql

--changeset cps-ng:0002-fragment-statistics
-- No planner statistics on the leaves: no query plan depends on them, and sampling jsonb made
-- ANALYZE after bulk inserts (FragmentWriter) several times slower.
alter table fragment alter column attributes set statistics 0;
