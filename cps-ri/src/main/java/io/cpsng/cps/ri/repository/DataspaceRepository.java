package io.cpsng.cps.ri.repository;

import io.cpsng.cps.api.exceptions.NotFoundException;
import io.cpsng.cps.ri.entity.DataspaceEntity;
import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;

public interface DataspaceRepository extends JpaRepository<DataspaceEntity, Integer> {

    Optional<DataspaceEntity> findByName(String name);

    default DataspaceEntity getByName(final String name) {
        return findByName(name).orElseThrow(() -> NotFoundException.dataspace(name));
    }
}
