package io.cpsng.cps.path;

import io.cpsng.cps.api.exceptions.DataValidationException;
import io.cpsng.cps.path.CpsPathQuery.And;
import io.cpsng.cps.path.CpsPathQuery.Axis;
import io.cpsng.cps.path.CpsPathQuery.Comparison;
import io.cpsng.cps.path.CpsPathQuery.Condition;
import io.cpsng.cps.path.CpsPathQuery.Contains;
import io.cpsng.cps.path.CpsPathQuery.Operator;
import io.cpsng.cps.path.CpsPathQuery.Or;
import io.cpsng.cps.path.CpsPathQuery.Step;
import io.cpsng.cps.path.CpsPathQuery.TextEquals;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Parses cps-path, the XPath subset CPS users query with, by recursive descent:
 * <pre>
 * cpsPath     = path [ "/ancestor::" relativePath ] [ "/@" name ]
 * path        = ( "/" | "//" ) step { ( "/" | "//" ) step }
 * relativePath= step { ( "/" | "//" ) step }
 * step        = name { "[" or "]" }            a step naming a leaf may hold text() conditions only
 * or          = and { "or" and }
 * and         = condition { "and" condition }
 * condition   = "@" name operator value | "contains(" "@" name "," string ")"
 *             | "text()" "=" value | "(" or ")"
 * operator    = "=" | "&lt;" | "&lt;=" | "&gt;" | "&gt;="          all but "=" need a number
 * value       = string | number                string: '..' or ".." with the quote doubled inside
 * name        = [ identifier ":" ] identifier  the module prefix is dropped
 * </pre>
 * Whitespace is allowed between the tokens of a predicate. Every malformed path gives a
 * {@link DataValidationException} whose details name the problem and its (0-based) position.
 * Length and parenthesis nesting are bounded, so that no input can exhaust the parser's stack.
 */
public final class CpsPathParser {

    /** Far above any path a model needs: the longest xpaths stored here are a few hundred characters. */
    public static final int MAX_LENGTH = 10_000;
    public static final int MAX_NESTING = 32;

    private static final String INVALID_CPS_PATH = "Invalid cps-path";
    private static final String ANCESTOR_AXIS = "/ancestor::";
    private static final String LEAF_AXIS = "/@";

    private final String cpsPath;
    private int position;
    private int nesting;

    private CpsPathParser(final String cpsPath) {
        this.cpsPath = cpsPath;
    }

    public static CpsPathQuery parse(final String cpsPath) {
        if (cpsPath == null || cpsPath.isBlank()) {
            throw new DataValidationException(INVALID_CPS_PATH, "the cps-path is empty");
        }
        if (cpsPath.length() > MAX_LENGTH) {
            throw new DataValidationException(INVALID_CPS_PATH, "the cps-path is " + cpsPath.length()
                + " characters long; at most " + MAX_LENGTH + " are accepted");
        }
        return new CpsPathParser(cpsPath).parseCpsPath();
    }

    /**
     * The canonical form ({@link Xpaths}) of a data-node xpath: absolute, with equality predicates
     * joined by {@code and}, kept in the order given; {@code /a/b[@k="1"]} becomes {@code /a/b[@k='1']}.
     */
    public static String canonicalXpath(final String xpath) {
        if (Xpaths.ROOT.equals(xpath)) {
            return Xpaths.ROOT;
        }
        final CpsPathQuery query = parse(xpath);
        if (!query.isPlainXpath()) {
            throw new DataValidationException("Invalid xpath", "a data node xpath has only '/' steps and"
                + " [@leaf='value' and ...] predicates, not: " + xpath);
        }
        return query.steps().stream()
            .map(step -> step.name() + (step.hasPredicate() ? canonicalPredicate(step.predicate()) : ""))
            .collect(Collectors.joining("/", "/", ""));
    }

    private static String canonicalPredicate(final Condition predicate) {
        final List<Condition> keyConditions = predicate instanceof And and ? and.operands() : List.of(predicate);
        return keyConditions.stream()
            .map(Comparison.class::cast)
            .map(comparison -> "@" + comparison.leafName() + "=" + Xpaths.quote(comparison.valueText()))
            .collect(Collectors.joining(" and ", "[", "]"));
    }

    private CpsPathQuery parseCpsPath() {
        if (!lookingAt("/")) {
            throw invalid("expected '/' or '//' at the start");
        }
        final List<Step> steps = parseSteps(true);
        List<Step> ancestorSteps = List.of();
        if (lookingAt(ANCESTOR_AXIS)) {
            position += ANCESTOR_AXIS.length();
            ancestorSteps = parseSteps(false);
        }
        String leafName = null;
        if (lookingAt(LEAF_AXIS)) {
            position += LEAF_AXIS.length();
            leafName = parseName("a leaf name");
        }
        if (!atEnd()) {
            throw invalid("unexpected '" + current() + "'");
        }
        return new CpsPathQuery(steps, ancestorSteps, leafName);
    }

    /** The main path starts with a separator; the ancestor path starts with a name, anywhere above. */
    private List<Step> parseSteps(final boolean mainPath) {
        final List<Step> steps = new ArrayList<>();
        boolean leafStepSeen = false;
        while (steps.isEmpty() || lookingAt("/") && !lookingAt(ANCESTOR_AXIS) && !lookingAt(LEAF_AXIS)) {
            final int stepStart = position;
            if (leafStepSeen) {
                throw invalid("a text() condition is only allowed on the last step");
            }
            final Axis axis = mainPath || !steps.isEmpty() ? parseAxis() : Axis.DESCENDANT;
            final Step step = parseStep(axis);
            if (containsText(step.predicate())) {
                checkLeafStep(step, steps, mainPath, stepStart);
                final Step parent = steps.removeLast();
                steps.add(new Step(parent.axis(), parent.name(), and(parent.predicate(), step.predicate())));
                leafStepSeen = true;
            } else {
                steps.add(step);
            }
        }
        return steps;
    }

    /** Called only at a '/'; the ancestor path's first step has no separator and may start anywhere above. */
    private Axis parseAxis() {
        if (lookingAt("//")) {
            position += 2;
            return Axis.DESCENDANT;
        }
        position++;
        return Axis.CHILD;
    }

    private Step parseStep(final Axis axis) {
        final String name = parseName("a node name");
        Condition predicate = null;
        while (lookingAt("[")) {
            final int predicateStart = position++;
            final Condition condition = parseOr(name);
            skipWhitespace();
            if (!lookingAt("]")) {
                throw invalid(atEnd() ? "unbalanced '[' at position " + predicateStart + ": expected ']'"
                    : "expected 'and', 'or' or ']'");
            }
            position++;
            predicate = and(predicate, condition);
        }
        return new Step(axis, name, predicate);
    }

    private void checkLeafStep(final Step leafStep, final List<Step> stepsAbove, final boolean mainPath,
                               final int stepStart) {
        if (!mainPath) {
            throw invalid("a text() condition is not allowed after ancestor::", stepStart);
        }
        if (stepsAbove.isEmpty() || leafStep.axis() != Axis.CHILD) {
            throw invalid("a text() condition needs a '/leaf' step below a node step, as in //books/title[text()='x']",
                stepStart);
        }
        if (!onlyText(leafStep.predicate())) {
            throw invalid("a step with a text() condition names a leaf and can have no other conditions", stepStart);
        }
    }

    private Condition parseOr(final String stepName) {
        final List<Condition> operands = new ArrayList<>(List.of(parseAnd(stepName)));
        while (parseKeyword("or")) {
            operands.add(parseAnd(stepName));
        }
        return operands.size() == 1 ? operands.getFirst() : new Or(operands);
    }

    private Condition parseAnd(final String stepName) {
        final List<Condition> operands = new ArrayList<>(List.of(parseCondition(stepName)));
        while (parseKeyword("and")) {
            operands.add(parseCondition(stepName));
        }
        return operands.size() == 1 ? operands.getFirst() : new And(operands);
    }

    private Condition parseCondition(final String stepName) {
        skipWhitespace();
        if (lookingAt("@")) {
            position++;
            return parseComparison();
        }
        if (lookingAt("(")) {
            if (++nesting > MAX_NESTING) {
                throw invalid("parentheses are nested deeper than " + MAX_NESTING + " levels");
            }
            position++;
            final Condition condition = parseOr(stepName);
            expect(")");
            nesting--;
            return condition;
        }
        if (atEnd() || !isIdentifierStart(current())) {
            throw invalid("expected a condition: '@leaf', 'contains(' or 'text()'");
        }
        final int functionStart = position;
        final String functionName = parseIdentifier();
        skipWhitespace();
        if (!lookingAt("(")) {
            throw invalid("expected '@' before leaf name '" + functionName + "'", functionStart);
        }
        position++;
        return switch (functionName) {
            case "contains" -> parseContainsArguments();
            case "text" -> parseTextCondition(stepName);
            default -> throw invalid("unknown function '" + functionName + "()': only contains() and text()"
                + " are supported", functionStart);
        };
    }

    private Comparison parseComparison() {
        final String leafName = parseName("a leaf name");
        final int operatorStart = position;
        final Operator operator = parseOperator();
        final int valueStart = position;
        final Object value = parseValue();
        if (operator == Operator.EQUALS || value instanceof BigDecimal) {
            return new Comparison(leafName, operator, value);
        }
        final BigDecimal number = toNumber((String) value);
        if (number == null) {
            throw invalid("operator '" + operator.symbol() + "' at position " + operatorStart
                + " needs a number, not '" + value + "'", valueStart);
        }
        return new Comparison(leafName, operator, number);
    }

    private Contains parseContainsArguments() {
        skipWhitespace();
        if (!lookingAt("@")) {
            throw invalid("expected '@leaf' as the first argument of contains()");
        }
        position++;
        final String leafName = parseName("a leaf name");
        expect(",");
        skipWhitespace();
        if (!lookingAt("'") && !lookingAt("\"")) {
            throw invalid("expected a quoted string as the second argument of contains()");
        }
        final String value = parseString();
        expect(")");
        return new Contains(leafName, value);
    }

    private TextEquals parseTextCondition(final String leafName) {
        expect(")");
        final int operatorStart = position;
        if (parseOperator() != Operator.EQUALS) {
            throw invalid("text() can only be compared with '='", operatorStart);
        }
        final Object value = parseValue();
        return new TextEquals(leafName, value instanceof BigDecimal number ? number.toPlainString() : (String) value);
    }

    private Operator parseOperator() {
        skipWhitespace();
        final int operatorStart = position;
        while (!atEnd() && "=<>!".indexOf(current()) >= 0) {
            position++;
        }
        final String symbol = cpsPath.substring(operatorStart, position);
        for (final Operator operator : Operator.values()) {
            if (operator.symbol().equals(symbol)) {
                return operator;
            }
        }
        throw invalid(symbol.isEmpty() ? "expected an operator (=, <, <=, >, >=)"
            : "unsupported operator '" + symbol + "': use =, <, <=, > or >=", operatorStart);
    }

    private Object parseValue() {
        skipWhitespace();
        if (lookingAt("'") || lookingAt("\"")) {
            return parseString();
        }
        final int numberStart = position;
        if (lookingAt("-")) {
            position++;
        }
        while (!atEnd() && (isDigit(current()) || current() == '.')) {
            position++;
        }
        final BigDecimal number = toNumber(cpsPath.substring(numberStart, position));
        if (number == null) {
            throw invalid("expected a quoted string or a number", numberStart);
        }
        return number;
    }

    /** A quoted string; the quote character doubled inside stands for itself. */
    private String parseString() {
        final int stringStart = position;
        final char quote = cpsPath.charAt(position++);
        final StringBuilder value = new StringBuilder();
        while (true) {
            final int closingQuote = cpsPath.indexOf(quote, position);
            if (closingQuote < 0) {
                throw invalid("unbalanced quote: the string starting here is not closed", stringStart);
            }
            value.append(cpsPath, position, closingQuote);
            position = closingQuote + 1;
            if (!lookingAt(String.valueOf(quote))) {
                return value.toString();
            }
            value.append(quote);
            position++;
        }
    }

    /** A YANG identifier, with an optional module prefix that is dropped. */
    private String parseName(final String expected) {
        if (atEnd() || !isIdentifierStart(current())) {
            throw invalid("expected " + expected
                + (atEnd() ? " but the cps-path ends" : ", found '" + current() + "'"));
        }
        final int nameStart = position;
        String name = parseIdentifier();
        if (lookingAt("::")) {
            throw invalid("ancestor".equals(name) ? "ancestor:: must follow a path and a single '/'"
                : "unsupported axis '" + name + "::'", nameStart);
        }
        if (lookingAt(":")) {
            position++;
            if (atEnd() || !isIdentifierStart(current())) {
                throw invalid("expected a name after the module prefix '" + name + ":'");
            }
            name = parseIdentifier();
        }
        return name;
    }

    private String parseIdentifier() {
        final int identifierStart = position++;
        while (!atEnd() && isIdentifierPart(current())) {
            position++;
        }
        return cpsPath.substring(identifierStart, position);
    }

    /** A keyword must stand alone: "and" in "@x='1' andy" is not one. */
    private boolean parseKeyword(final String keyword) {
        skipWhitespace();
        final int end = position + keyword.length();
        if (lookingAt(keyword) && (end == cpsPath.length() || !isIdentifierPart(cpsPath.charAt(end)))) {
            position = end;
            return true;
        }
        return false;
    }

    private void expect(final String token) {
        skipWhitespace();
        if (!lookingAt(token)) {
            throw invalid("expected '" + token + "'" + (atEnd() ? " but the cps-path ends" : ""));
        }
        position += token.length();
    }

    private void skipWhitespace() {
        while (!atEnd() && Character.isWhitespace(current())) {
            position++;
        }
    }

    private boolean lookingAt(final String token) {
        return cpsPath.startsWith(token, position);
    }

    private boolean atEnd() {
        return position >= cpsPath.length();
    }

    private char current() {
        return cpsPath.charAt(position);
    }

    private DataValidationException invalid(final String problem) {
        return invalid(problem, position);
    }

    private DataValidationException invalid(final String problem, final int problemPosition) {
        return new DataValidationException(INVALID_CPS_PATH,
            problem + " at position " + problemPosition + " in: " + cpsPath);
    }

    private static boolean isIdentifierStart(final char character) {
        return character >= 'a' && character <= 'z' || character >= 'A' && character <= 'Z' || character == '_';
    }

    private static boolean isIdentifierPart(final char character) {
        return isIdentifierStart(character) || isDigit(character) || character == '-' || character == '.';
    }

    /** XPath number syntax, an optional minus and digits with an optional fraction; null for anything else. */
    private static BigDecimal toNumber(final String text) {
        int index = text.startsWith("-") ? 1 : 0;
        final int integerDigits = countDigits(text, index);
        index += integerDigits;
        int fractionDigits = 0;
        if (index < text.length() && text.charAt(index) == '.') {
            fractionDigits = countDigits(text, ++index);
            index += fractionDigits;
        }
        return index == text.length() && integerDigits + fractionDigits > 0 ? new BigDecimal(text) : null;
    }

    private static int countDigits(final String text, final int start) {
        int end = start;
        while (end < text.length() && isDigit(text.charAt(end))) {
            end++;
        }
        return end - start;
    }

    private static boolean isDigit(final char character) {
        return character >= '0' && character <= '9';
    }

    private static boolean containsText(final Condition condition) {
        return switch (condition) {
            case null -> false;
            case TextEquals textEquals -> true;
            case And and -> and.operands().stream().anyMatch(CpsPathParser::containsText);
            case Or or -> or.operands().stream().anyMatch(CpsPathParser::containsText);
            default -> false;
        };
    }

    private static boolean onlyText(final Condition condition) {
        return switch (condition) {
            case TextEquals textEquals -> true;
            case And and -> and.operands().stream().allMatch(CpsPathParser::onlyText);
            case Or or -> or.operands().stream().allMatch(CpsPathParser::onlyText);
            default -> false;
        };
    }

    private static Condition and(final Condition first, final Condition second) {
        if (first == null) {
            return second;
        }
        final List<Condition> operands = new ArrayList<>();
        for (final Condition condition : List.of(first, second)) {
            if (condition instanceof And and) {
                operands.addAll(and.operands());
            } else {
                operands.add(condition);
            }
        }
        return new And(operands);
    }
}
