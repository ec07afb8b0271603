--liquibase formatted sql

--changeset cps-ng:0014-ncmp-data-job-plugins
-- The plugins a registration names for the handle's data jobs (the reference's dmiDatajobsReadPlugin and
-- dmiDatajobsWritePlugin, its dmi-datajobs-read-service and dmi-datajobs-write-service): null when none was named,
-- and then data jobs go to the handle's data plugin. Not indexed: read where a handle is routed, by its own row.
alter table ncmp_cm_handle add column dmi_datajobs_read_service_name text;
alter table ncmp_cm_handle add column dmi_datajobs_write_service_name text;
