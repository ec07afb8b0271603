--liquibase formatted sql

--changeset cps-ng:0001-store-schema
create table dataspace (
    id   serial primary key,
    name text not null unique
);

create table schema_set (
    id           serial primary key,
    dataspace_id integer not null references dataspace (id),
    name         text not null,
    unique (dataspace_id, name)
);

-- one row per distinct module source, shared by every schema set that uses it
create table yang_resource (
    id          serial primary key,
    checksum    text not null unique,
    file_name   text not null,
    module_name text not null,
    revision    text,
    namespace   text not null,
    content     text not null
);
create index yang_resource_module on yang_resource (module_name, revision);

create table schema_set_yang_resource (
    schema_set_id    integer not null references schema_set (id) on delete cascade,
    yang_resource_id integer not null references yang_resource (id),
    primary key (schema_set_id, yang_resource_id)
);
create index schema_set_yang_resource_resource on schema_set_yang_resource (yang_resource_id);

create table anchor (
    id            serial primary key,
    dataspace_id  integer not null references dataspace (id),
    schema_set_id integer not null references schema_set (id),
    name          text not null,
    unique (dataspace_id, name)
);
create index anchor_schema_set on anchor (schema_set_id);

-- One row per container or list entry. Ids come from the sequence in blocks so that a whole
-- tree can be written with COPY. Neither anchor_id nor parent_id has a foreign key: subtrees are
-- always deleted whole by xpath range and anchors delete their fragments first, while the
-- per-row referential triggers would double the time of a bulk insert (measured: COPY of
-- 100,000 rows 1.2 s without, 2.6 s with the anchor key).
-- xpath uses the "C" collation so that a subtree is one index range: [xpath || '/', xpath || '0').
create sequence fragment_id_seq;
create table fragment (
    id          bigint primary key,
    anchor_id   integer not null,
    parent_id   bigint,
    xpath       text collate "C" not null,
    schema_path text collate "C" not null,
    attributes  jsonb not null default '{}'
);
create unique index fragment_anchor_xpath on fragment (anchor_id, xpath);
create index fragment_anchor_parent on fragment (anchor_id, parent_id);
-- '//name' cps-path steps are suffix matches on the schema path: a prefix match on its reverse
create index fragment_anchor_schema_path_reversed on fragment (anchor_id, reverse(schema_path));
