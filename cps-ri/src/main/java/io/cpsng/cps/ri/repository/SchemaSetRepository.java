package io.cpsng.cps.ri.repository;

import io.cpsng.cps.api.exceptions.NotFoundException;
import io.cpsng.cps.ri.entity.DataspaceEntity;
import io.cpsng.cps.ri.entity.SchemaSetEntity;
import java.util.List;
import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;

public interface SchemaSetRepository extends JpaRepository<SchemaSetEntity, Integer> {

    Optional<SchemaSetEntity> findByDataspaceAndName(DataspaceEntity dataspace, String name);

    List<SchemaSetEntity> findByDataspaceOrderByName(DataspaceEntity dataspace);

    long countByDataspace(DataspaceEntity dataspace);

    default SchemaSetEntity getByDataspaceAndName(final DataspaceEntity dataspace, final String name) {
        return findByDataspaceAndName(dataspace, name)
            .orElseThrow(() -> NotFoundException.schemaSet(dataspace.getName(), name));
    }
}
