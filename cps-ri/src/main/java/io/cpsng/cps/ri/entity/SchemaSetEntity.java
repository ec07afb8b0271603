package io.cpsng.cps.ri.entity;

import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;

/** A schema set row; its module sources are linked through schema_set_yang_resource (written with SQL). */
@Entity
@Table(name = "schema_set")
public class SchemaSetEntity {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Integer id;

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "dataspace_id")
    private DataspaceEntity dataspace;

    private String name;

    protected SchemaSetEntity() {
    }

    public SchemaSetEntity(final DataspaceEntity dataspace, final String name) {
        this.dataspace = dataspace;
        this.name = name;
    }

    public Integer getId() {
        return id;
    }

    public DataspaceEntity getDataspace() {
        return dataspace;
    }

    public String getName() {
        return name;
    }
}
