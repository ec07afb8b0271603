package io.cpsng.cps.ri.repository;

import io.cpsng.cps.api.exceptions.NotFoundException;
import io.cpsng.cps.ri.entity.AnchorEntity;
import io.cpsng.cps.ri.entity.DataspaceEntity;
import io.cpsng.cps.ri.entity.SchemaSetEntity;
import java.util.List;
import java.util.Optional;
import org.springframework.data.jpa.repository.EntityGraph;
import org.springframework.data.jpa.repository.JpaRepository;

public interface AnchorRepository extends JpaRepository<AnchorEntity, Integer> {

    @EntityGraph(attributePaths = {"dataspace", "schemaSet"})
    Optional<AnchorEntity> findByDataspaceAndName(DataspaceEntity dataspace, String name);

    @EntityGraph(attributePaths = {"dataspace", "schemaSet"})
    List<AnchorEntity> findByDataspaceOrderByName(DataspaceEntity dataspace);

    long countByDataspace(DataspaceEntity dataspace);

    boolean existsBySchemaSet(SchemaSetEntity schemaSet);

    default AnchorEntity getByDataspaceAndName(final DataspaceEntity dataspace, final String name) {
        return findByDataspaceAndName(dataspace, name)
            .orElseThrow(() -> NotFoundException.anchor(dataspace.getName(), name));
    }
}
