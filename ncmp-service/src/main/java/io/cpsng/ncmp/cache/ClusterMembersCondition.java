package io.cpsng.ncmp.cache;

import java.util.List;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Whether ncmp.hazelcast.members names other instances. Bound as the record binds it, so that a list in
 * YAML, a comma-separated property and NCMP_HAZELCAST_MEMBERS all count (a placeholder would not see a
 * YAML list).
 */
abstract class ClusterMembersCondition implements Condition {

    private final boolean membersExpected;

    ClusterMembersCondition(final boolean membersExpected) {
        this.membersExpected = membersExpected;
    }

    @Override
    public boolean matches(final ConditionContext context, final AnnotatedTypeMetadata metadata) {
        final List<String> members = Binder.get(context.getEnvironment())
            .bind("ncmp.hazelcast.members", Bindable.listOf(String.class)).orElse(List.of());
        final boolean membersConfigured = members.stream().anyMatch(member -> !member.isBlank());
        return membersConfigured == membersExpected;
    }

    static final class MembersConfigured extends ClusterMembersCondition {
        MembersConfigured() {
            super(true);
        }
    }

    static final class NoMembers extends ClusterMembersCondition {
        NoMembers() {
            super(false);
        }
    }
}
