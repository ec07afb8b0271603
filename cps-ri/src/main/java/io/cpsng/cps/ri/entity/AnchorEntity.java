package io.cpsng.cps.ri.entity;

import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;

@Entity
@Table(name = "anchor")
public class AnchorEntity {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Integer id;

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "dataspace_id")
    private DataspaceEntity dataspace;

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "schema_set_id")
    private SchemaSetEntity schemaSet;

    private String name;

    protected AnchorEntity() {
    }

    public AnchorEntity(final DataspaceEntity dataspace, final SchemaSetEntity schemaSet, final String name) {
        this.dataspace = dataspace;
        this.schemaSet = schemaSet;
        this.name = name;
    }

    public Integer getId() {
        return id;
    }

    public DataspaceEntity getDataspace() {
        return dataspace;
    }

    public SchemaSetEntity getSchemaSet() {
        return schemaSet;
    }

    public String getName() {
        return name;
    }
}
