package io.cpsng.cps.yang;

import io.cpsng.cps.api.exceptions.DataValidationException;
import io.cpsng.cps.api.model.ModuleReference;
import io.cpsng.cps.api.model.YangResource;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import org.opendaylight.yangtools.yang.common.Revision;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.model.api.meta.StatementSourceException;
import org.opendaylight.yangtools.yang.model.api.source.SourceIdentifier;
import org.opendaylight.yangtools.yang.model.spi.source.SourceInfo;
import org.opendaylight.yangtools.yang.model.spi.source.StringYangTextSource;
import org.opendaylight.yangtools.yang.model.spi.source.YangIRSource;
import org.opendaylight.yangtools.yang.parser.api.YangParser;
import org.opendaylight.yangtools.yang.parser.api.YangParserFactory;
import org.opendaylight.yangtools.yang.parser.api.YangSyntaxErrorException;
import org.opendaylight.yangtools.yang.parser.ri.DefaultYangParserFactory;
import org.opendaylight.yangtools.yang.parser.rfc7950.repo.TextToIRTransformer;

/** Builds the effective model of a set of YANG sources and tells which module each source defines. */
final class YangSources {

    static final String INVALID_MODEL = "Invalid YANG model";

    // The factory is stateless and thread-safe; each parse gets its own parser.
    private static final YangParserFactory PARSER_FACTORY = new DefaultYangParserFactory();
    // The parser names a source after its module statement, not after this placeholder.
    private static final SourceIdentifier UNNAMED_SOURCE = new SourceIdentifier("source");

    private YangSources() {
    }

    record ParsedSources(EffectiveModelContext modelContext, List<YangResource> yangResources) {
    }

    static ParsedSources parse(final Map<String, String> yangSourcesByFileName) {
        if (yangSourcesByFileName == null || yangSourcesByFileName.isEmpty()) {
            throw new DataValidationException(INVALID_MODEL, "No YANG resources were given");
        }
        final YangParser yangParser = PARSER_FACTORY.createParser();
        final List<SourceFile> sourceFiles = new ArrayList<>(yangSourcesByFileName.size());
        yangSourcesByFileName.forEach((fileName, content) -> {
            final SourceFile sourceFile = withinStack(fileName, () -> readSourceFile(fileName, content));
            addSource(yangParser, sourceFile);
            sourceFiles.add(sourceFile);
        });
        final EffectiveModelContext modelContext = withinStack(String.join(", ", yangSourcesByFileName.keySet()),
            () -> buildEffectiveModel(yangParser));
        return new ParsedSources(modelContext, toYangResources(sourceFiles));
    }

    /**
     * The parser and the reactor recurse once per level of statements: a model nested 1,000 deep ran out of the
     * thread's stack. The stack is unwound by then; the model is refused like any other it cannot read.
     */
    private static <T> T withinStack(final String fileNames, final Supplier<T> parsing) {
        try {
            return parsing.get();
        } catch (final StackOverflowError tooDeep) {
            throw new DataValidationException(INVALID_MODEL, fileNames + ": the statements nest too deeply to be read",
                tooDeep);
        }
    }

    private static SourceFile readSourceFile(final String fileName, final String content) {
        try {
            final YangIRSource yangIrSource = TextToIRTransformer.transformText(
                new StringYangTextSource(UNNAMED_SOURCE, Objects.requireNonNullElse(content, ""), fileName));
            return new SourceFile(fileName, content, yangIrSource, yangIrSource.extractSourceInfo());
        } catch (final YangSyntaxErrorException syntaxError) {
            throw new DataValidationException(INVALID_MODEL, fileName + ":" + syntaxError.getLine() + ":"
                + syntaxError.getCharPositionInLine() + ": " + syntaxError.getMessage(), syntaxError);
        } catch (final Exception parserFailure) {
            throw new DataValidationException(INVALID_MODEL, fileName + ": " + describe(parserFailure),
                parserFailure);
        }
    }

    private static void addSource(final YangParser yangParser, final SourceFile sourceFile) {
        try {
            yangParser.addSource(sourceFile.yangIrSource());
        } catch (final Exception parserFailure) {
            throw new DataValidationException(INVALID_MODEL, sourceFile.fileName() + ": " + describe(parserFailure),
                parserFailure);
        }
    }

    private static EffectiveModelContext buildEffectiveModel(final YangParser yangParser) {
        try {
            return yangParser.buildEffectiveModel();
        } catch (final Exception parserFailure) {
            throw new DataValidationException(INVALID_MODEL, describe(parserFailure), parserFailure);
        }
    }

    /**
     * The reactor wraps the statement that failed ("Imported module [x] was not found. [at a.yang:3:5]") in
     * generic layers ("Failed to assemble sources"); the innermost located error is the one a user can act on.
     * Further errors the reactor collected are attached as suppressed exceptions.
     */
    private static String describe(final Throwable parserFailure) {
        Throwable located = null;
        Throwable innermost = parserFailure;
        for (Throwable cause = parserFailure; cause != null; cause = cause.getCause()) {
            if (cause instanceof StatementSourceException) {
                located = cause;
            }
            innermost = cause;
        }
        final Throwable reported = located != null ? located : innermost;
        final List<String> messages = new ArrayList<>();
        messages.add(messageOf(reported));
        for (Throwable cause = parserFailure; cause != null; cause = cause.getCause()) {
            for (final Throwable suppressed : cause.getSuppressed()) {
                messages.add(messageOf(suppressed));
            }
        }
        return String.join("; ", messages.stream().distinct().toList());
    }

    private static String messageOf(final Throwable throwable) {
        return throwable.getMessage() == null ? throwable.getClass().getSimpleName() : throwable.getMessage();
    }

    private static List<YangResource> toYangResources(final List<SourceFile> sourceFiles) {
        final List<YangResource> yangResources = new ArrayList<>(sourceFiles.size());
        for (final SourceFile sourceFile : sourceFiles) {
            yangResources.add(new YangResource(sourceFile.fileName(), moduleReferenceOf(sourceFile, sourceFiles),
                sourceFile.content()));
        }
        yangResources.sort(Comparator.comparing((YangResource yangResource) -> yangResource.module().name())
            .thenComparing(YangResource::fileName));
        return Collections.unmodifiableList(yangResources);
    }

    private static ModuleReference moduleReferenceOf(final SourceFile sourceFile, final List<SourceFile> sourceFiles) {
        final SourceInfo sourceInfo = sourceFile.sourceInfo();
        final String name = sourceInfo.sourceId().name().getLocalName();
        final String revision = sourceInfo.revisions().stream().max(Comparator.naturalOrder())
            .map(Revision::toString).orElse(null);
        return new ModuleReference(name, namespaceOf(sourceInfo, sourceFiles), revision);
    }

    /** A submodule has no namespace of its own: it takes the one of the module it belongs to. */
    private static String namespaceOf(final SourceInfo sourceInfo, final List<SourceFile> sourceFiles) {
        if (sourceInfo instanceof SourceInfo.Module module) {
            return module.namespace().toString();
        }
        final SourceInfo.Submodule submodule = (SourceInfo.Submodule) sourceInfo;
        return sourceFiles.stream()
            .map(SourceFile::sourceInfo)
            .filter(SourceInfo.Module.class::isInstance)
            .map(SourceInfo.Module.class::cast)
            .filter(module -> module.sourceId().name().equals(submodule.belongsTo().name()))
            .map(module -> module.namespace().toString())
            .findFirst()
            .orElse(null);
    }

    private record SourceFile(String fileName, String content, YangIRSource yangIrSource, SourceInfo sourceInfo) {
    }
}
