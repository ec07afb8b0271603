package io.cpsng.cps.path

import io.cpsng.cps.api.exceptions.DataValidationException
import io.cpsng.cps.path.CpsPathQuery.And
import io.cpsng.cps.path.CpsPathQuery.Comparison
import io.cpsng.cps.path.CpsPathQuery.Contains
import io.cpsng.cps.path.CpsPathQuery.Or
import io.cpsng.cps.path.CpsPathQuery.Step
import io.cpsng.cps.path.CpsPathQuery.TextEquals
import spock.lang.Specification

import static io.cpsng.cps.path.CpsPathQuery.Axis.CHILD
import static io.cpsng.cps.path.CpsPathQuery.Axis.DESCENDANT
import static io.cpsng.cps.path.CpsPathQuery.Operator.EQUALS
import static io.cpsng.cps.path.CpsPathQuery.Operator.GREATER_THAN
import static io.cpsng.cps.path.CpsPathQuery.Operator.GREATER_THAN_OR_EQUAL
import static io.cpsng.cps.path.CpsPathQuery.Operator.LESS_THAN
import static io.cpsng.cps.path.CpsPathQuery.Operator.LESS_THAN_OR_EQUAL

class CpsPathParserSpec extends Specification {

    def 'Parse the steps of #scenario.'() {
        expect: 'the steps with their axes and names, no ancestor part and no leaf'
            def result = CpsPathParser.parse(cpsPath)
            result.steps() == expectedSteps
            result.ancestorSteps().isEmpty()
            result.leafName() == null
        where:
            scenario                    | cpsPath                  || expectedSteps
            'one absolute step'         | '/bookstore'             || [child('bookstore')]
            'absolute steps'            | '/bookstore/categories'  || [child('bookstore'), child('categories')]
            'a descendant step'         | '//books'                || [descendant('books')]
            'descendant then child'     | '//categories/books'     || [descendant('categories'), child('books')]
            'a descendant in between'   | '/a//b/c'                || [child('a'), descendant('b'), child('c')]
            'module prefixes'           | '/stores:bookstore/x:c'  || [child('bookstore'), child('c')]
            'all identifier characters' | '/_a-b.c9'               || [child('_a-b.c9')]
    }

    def 'Parse the predicate #scenario.'() {
        expect: 'the last step carries the condition'
            CpsPathParser.parse('//books' + predicate).steps().last().predicate() == expectedCondition
        where:
            scenario                        | predicate                                 || expectedCondition
            'list key'                      | "[@code='1']"                             || equal('code', '1')
            'double-quoted string'          | '[@code="1"]'                             || equal('code', '1')
            'doubled single quote'          | "[@title='it''s']"                        || equal('title', "it's")
            'doubled double quote'          | '[@title="say ""hi"""]'                   || equal('title', 'say "hi"')
            'other quote inside'            | '[@title="it\'s"]'                        || equal('title', "it's")
            'slash and bracket in a value'  | "[@title='a/b]c']"                        || equal('title', 'a/b]c')
            'integer'                       | '[@price=10]'                             || equal('price', decimal('10'))
            'negative decimal'              | '[@price=-1.50]'                          || equal('price', decimal('-1.50'))
            'less than'                     | '[@price<10]'                             || compare('price', LESS_THAN, decimal('10'))
            'less than or equal'            | '[@price<=10]'                            || compare('price', LESS_THAN_OR_EQUAL, decimal('10'))
            'greater than'                  | '[@price>10]'                             || compare('price', GREATER_THAN, decimal('10'))
            'greater than or equal'         | '[@price>=10]'                            || compare('price', GREATER_THAN_OR_EQUAL, decimal('10'))
            'quoted number to compare'      | "[@price>'7.5']"                          || compare('price', GREATER_THAN, decimal('7.5'))
            'prefixed leaf'                 | "[@bs:code='1']"                          || equal('code', '1')
            'whitespace between tokens'     | "[ @code = '1'  and  @name='x' ]"         || allOf(equal('code', '1'), equal('name', 'x'))
            'two keys'                      | "[@k1='a' and @k2='b']"                   || allOf(equal('k1', 'a'), equal('k2', 'b'))
            'or'                            | "[@k1='a' or @k2='b']"                    || anyOf(equal('k1', 'a'), equal('k2', 'b'))
            'and binds tighter than or'     | "[@a=1 or @b=2 and @c=3]"                 || anyOf(equal('a', decimal('1')), allOf(equal('b', decimal('2')), equal('c', decimal('3'))))
            'and before or'                 | "[@a=1 and @b=2 or @c=3]"                 || anyOf(allOf(equal('a', decimal('1')), equal('b', decimal('2'))), equal('c', decimal('3')))
            'parentheses'                   | "[(@a=1 or @b=2) and @c=3]"               || allOf(anyOf(equal('a', decimal('1')), equal('b', decimal('2'))), equal('c', decimal('3')))
            'contains'                      | "[contains(@title,'Harry')]"              || new Contains('title', 'Harry')
            'contains with spaces'          | "[contains( @title , \"Potter\" )]"       || new Contains('title', 'Potter')
            'contains and a comparison'     | "[contains(@title,'H') and @price>5]"     || allOf(new Contains('title', 'H'), compare('price', GREATER_THAN, decimal('5')))
            'two predicates'                | "[@a='1'][@b='2']"                        || allOf(equal('a', '1'), equal('b', '2'))
            'a leaf named like a keyword'   | "[@and='x' or @or='y']"                   || anyOf(equal('and', 'x'), equal('or', 'y'))
    }

    def 'Parse predicates on every step.'() {
        when: 'a path with predicates on the first and the middle step is parsed'
            def result = CpsPathParser.parse("/bookstore[@name='b']/categories[@code='1']/books")
        then: 'each step carries its own predicate'
            result.steps() == [child('bookstore', equal('name', 'b')), child('categories', equal('code', '1')), child('books')]
    }

    def 'Parse a text() condition #scenario.'() {
        expect: 'the leaf step is folded into its parent step as a text condition'
            CpsPathParser.parse(cpsPath).steps() == expectedSteps
        where:
            scenario                   | cpsPath                                          || expectedSteps
            'on a leaf-list'           | "//books/authors[text()='x']"                    || [descendant('books', text('authors', 'x'))]
            'with a number'            | '//books/edition[text()=1965]'                   || [descendant('books', text('edition', '1965'))]
            'with a parent predicate'  | "//books[@price>5]/authors[text()=\"x\"]"        || [descendant('books', allOf(compare('price', GREATER_THAN, decimal('5')), text('authors', 'x')))]
            'with or'                  | "/a/books/authors[text()='x' or text()='y']"     || [child('a'), child('books', anyOf(text('authors', 'x'), text('authors', 'y')))]
    }

    def 'Parse the ancestor axis #scenario.'() {
        when: 'the path is parsed'
            def result = CpsPathParser.parse(cpsPath)
        then: 'the main steps and the ancestor steps, the first of them matching anywhere above'
            result.steps() == expectedSteps
            result.ancestorSteps() == expectedAncestorSteps
            result.hasAncestorAxis()
            result.selectedSteps() == expectedAncestorSteps
        where:
            scenario                   | cpsPath                                                    || expectedSteps                                               | expectedAncestorSteps
            'one step'                 | '//books[@price>5]/ancestor::categories'                   || [descendant('books', compare('price', GREATER_THAN, decimal('5')))]  | [descendant('categories')]
            'a path with a predicate'  | "//books/ancestor::bookstore/categories[@code='1']"        || [descendant('books')]                                       | [descendant('bookstore'), child('categories', equal('code', '1'))]
            'after a text() condition' | "//books/authors[text()='x']/ancestor::bs:bookstore"       || [descendant('books', text('authors', 'x'))]                 | [descendant('bookstore')]
    }

    def 'Parse a trailing leaf #scenario.'() {
        when: 'the path is parsed'
            def result = CpsPathParser.parse(cpsPath)
        then: 'the leaf name is kept apart from the steps'
            result.leafName() == 'title'
            result.hasLeafName()
            result.steps() == expectedSteps
            result.ancestorSteps() == expectedAncestorSteps
        where:
            scenario              | cpsPath                                 || expectedSteps                    | expectedAncestorSteps
            'after a path'        | '//books/@title'                        || [descendant('books')]            | []
            'with a prefix'       | '/a/books[@price=1]/@bs:title'          || [child('a'), child('books', equal('price', decimal('1')))] | []
            'after the ancestors' | '//books/ancestor::categories/@title'   || [descendant('books')]            | [descendant('categories')]
    }

    def 'A malformed cps-path: #scenario.'() {
        when: 'the path is parsed'
            CpsPathParser.parse(cpsPath)
        then: 'a data validation exception says what is wrong and where'
            def exception = thrown(DataValidationException)
            exception.message == 'Invalid cps-path'
            exception.details.contains(expectedProblem)
            exception.details.contains(expectedPosition)
        where:
            scenario                          | cpsPath                             || expectedProblem                               | expectedPosition
            'null'                            | null                                || 'empty'                                       | ''
            'empty'                           | ''                                  || 'empty'                                       | ''
            'blank'                           | '  '                                || 'empty'                                       | ''
            'relative'                        | 'bookstore'                         || "expected '/' or '//'"                        | 'position 0'
            'root only'                       | '/'                                 || 'expected a node name but the cps-path ends'  | 'position 1'
            'trailing slash'                  | '/a/'                               || 'expected a node name'                        | 'position 3'
            'three slashes'                   | '///a'                              || "expected a node name, found '/'"             | 'position 2'
            'name starting with a digit'      | '/1a'                               || "expected a node name, found '1'"             | 'position 1'
            'prefix without a name'           | '/bs:'                              || "after the module prefix 'bs:'"               | 'position 4'
            'space in the path'               | '/a /b'                             || "unexpected ' '"                              | 'position 2'
            'unclosed bracket'                | "/a[@k='1'"                         || "unbalanced '[' at position 2"                | 'position 9'
            'unclosed bracket with more text' | "/a[@k='1'/b"                       || "expected 'and', 'or' or ']'"                 | 'position 9'
            'extra closing bracket'           | "/a[@k='1']]"                       || "unexpected ']'"                              | 'position 10'
            'unclosed single quote'           | "/a[@k='1]"                         || 'unbalanced quote'                            | 'position 6'
            'unclosed double quote'           | '/a[@k="1]'                         || 'unbalanced quote'                            | 'position 6'
            'empty predicate'                 | '/a[]'                              || 'expected a condition'                        | 'position 3'
            'positional predicate'            | '/a[1]'                             || 'expected a condition'                        | 'position 3'
            'leaf without @'                  | "/a[k='1']"                         || "expected '@' before leaf name 'k'"           | 'position 3'
            'unknown function'                | "/a[starts-with(@k,'1')]"           || "unknown function 'starts-with()'"            | 'position 3'
            'not equal'                       | "/a[@k!='1']"                       || "unsupported operator '!='"                   | 'position 5'
            'double equals'                   | "/a[@k=='1']"                       || "unsupported operator '=='"                   | 'position 5'
            'reversed operator'               | '/a[@k=>1]'                         || "unsupported operator '=>'"                   | 'position 5'
            'no operator'                     | "/a[@k '1']"                        || 'expected an operator'                        | 'position 6'
            'no value'                        | '/a[@k=]'                           || 'expected a quoted string or a number'        | 'position 6'
            'unquoted string'                 | '/a[@k=abc]'                        || 'expected a quoted string or a number'        | 'position 6'
            'malformed number'                | '/a[@k=1.2.3]'                      || 'expected a quoted string or a number'        | 'position 6'
            'string for less than'            | "/a[@price<'ten']"                  || "'<' at position 9 needs a number, not 'ten'" | 'position 10'
            'string for greater or equal'     | "/a[@price>='x']"                   || "'>=' at position 9 needs a number"           | 'position 11'
            'dangling and'                    | "/a[@k='1' and]"                    || 'expected a condition'                        | 'position 13'
            'unknown keyword'                 | "/a[@k='1' xor @j='2']"             || "expected 'and', 'or' or ']'"                 | 'position 10'
            'unclosed parenthesis'            | "/a[(@k='1']"                       || "expected ')'"                                | 'position 10'
            'contains without @'              | "/a[contains(k,'1')]"               || "expected '@leaf' as the first argument"      | 'position 12'
            'contains with a number'          | '/a[contains(@k,1)]'                || 'expected a quoted string'                    | 'position 15'
            'contains with one argument'      | '/a[contains(@k)]'                  || "expected ','"                                | 'position 14'
            'text() with less than'           | '/a/b[text()<1]'                    || "text() can only be compared with '='"        | 'position 11'
            'text() on the only step'         | "/b[text()='x']"                    || "needs a '/leaf' step below a node step"      | 'position 0'
            'text() after //'                 | "/a//b[text()='x']"                 || "needs a '/leaf' step below a node step"      | 'position 2'
            'text() and a leaf condition'     | "/a/b[text()='x' and @c='1']"       || 'can have no other conditions'                | 'position 2'
            'text() not on the last step'     | "/a/b[text()='x']/c"                || 'only allowed on the last step'               | 'position 16'
            'text() after ancestor::'         | "//a/ancestor::b/c[text()='x']"     || 'not allowed after ancestor::'                | 'position 15'
            'unsupported axis'                | '/a/child::b'                       || "unsupported axis 'child::'"                  | 'position 3'
            'ancestor as the first step'      | '/ancestor::a'                      || 'ancestor:: must follow a path'               | 'position 1'
            'ancestor after //'               | '/a//ancestor::b'                   || 'ancestor:: must follow a path'               | 'position 4'
            'ancestor without a name'         | '/a/ancestor::'                     || 'expected a node name but the cps-path ends'  | 'position 13'
            'ancestor with a separator'       | '/a/ancestor::/b'                   || "expected a node name, found '/'"             | 'position 13'
            'leaf without a name'             | '/a/@'                              || 'expected a leaf name'                        | 'position 4'
            'leaf not last'                   | '/a/@b/c'                           || "unexpected '/'"                              | 'position 5'
            'leaf as the only step'           | '/@b'                               || "expected a node name, found '@'"             | 'position 1'
            'junk after the leaf'             | '/a/@b[1]'                          || "unexpected '['"                              | 'position 5'
    }

    def 'A cps-path #scenario is refused before it can exhaust the parser.'() {
        when: 'the path is parsed'
            CpsPathParser.parse(cpsPath)
        then: 'a data validation exception names the bound'
            def exception = thrown(DataValidationException)
            exception.message == 'Invalid cps-path'
            exception.details.contains(expectedProblem)
        where:
            scenario                                 | cpsPath                                                || expectedProblem
            'of 100,000 nested parentheses'          | '/a[' + '(' * 100_000 + "@k='1'" + ')' * 100_000 + ']' || 'at most 10000 are accepted'
            'nested 33 levels deep'                  | '/a[' + '(' * 33 + "@k='1'" + ')' * 33 + ']'           || 'nested deeper than 32 levels'
            'of 10,001 characters'                   | '/' + 'a' * 10_000                                     || 'the cps-path is 10001 characters long'
    }

    def 'A cps-path at the bounds parses: #scenario.'() {
        expect: 'the path is parsed'
            CpsPathParser.parse(cpsPath).steps().size() == 1
        where:
            scenario                          | cpsPath
            'parentheses nested 32 levels'    | '/a[' + '(' * 32 + "@k='1'" + ')' * 32 + ']'
            'a path of 10,000 characters'     | '/' + 'a' * 9_999
    }

    def 'Any cut or insertion into #cpsPath parses or is refused as invalid.'() {
        given: 'every prefix of the path and the path with a special character inserted at every position'
            def variants = (0..cpsPath.length()).collect { cpsPath.substring(0, it) }
            (0..cpsPath.length()).each { position ->
                "'\"[]()/@:=<>!,. -0a".each { character ->
                    variants << cpsPath.substring(0, position) + character + cpsPath.substring(position)
                }
            }
        when: 'each variant is parsed'
            def unexpectedExceptions = variants.findResults { variant ->
                try {
                    CpsPathParser.parse(variant)
                    null
                } catch (DataValidationException ignored) {
                    null
                } catch (Exception exception) {
                    "${variant}: ${exception}"
                }
            }
        then: 'no other exception type escapes'
            unexpectedExceptions.isEmpty()
        where:
            cpsPath << ["//books[@price>5 and contains(@title,'H''s') or @x=\"y\"]/authors[text()='x']/ancestor::bs:store/c[@k=-1.5]/@title",
                        "/a/b[(@k='1' or @j<=2)][@m>=3]/c"]
    }

    def 'Recognise a plain data-node xpath: #scenario.'() {
        expect: 'only absolute paths with equality predicates joined by and are plain'
            CpsPathParser.parse(cpsPath).isPlainXpath() == expectedPlain
        where:
            scenario               | cpsPath                           || expectedPlain
            'no predicates'        | '/a/b'                            || true
            'keys'                 | "/a/b[@k='1' and @j=2]/c"         || true
            'descendant'           | '//a/b'                           || false
            'comparison'           | '/a/b[@k>1]'                      || false
            'or'                   | "/a/b[@k='1' or @j='2']"          || false
            'contains'             | "/a/b[contains(@k,'1')]"          || false
            'text()'               | "/a/b[text()='1']"                || false
            'ancestor axis'        | '/a/b/ancestor::a'                || false
            'leaf'                 | '/a/b/@c'                         || false
    }

    def 'Canonical xpath of #scenario.'() {
        expect: 'the stored form: keys in the order given, quoted as Xpaths quotes them'
            CpsPathParser.canonicalXpath(xpath) == expectedXpath
        where:
            scenario                  | xpath                                       || expectedXpath
            'the root'                | '/'                                         || '/'
            'a container'             | '/a/b'                                      || '/a/b'
            'a double-quoted key'     | '/a/b[@k="1"]/c'                            || "/a/b[@k='1']/c"
            'a numeric key'           | '/a/b[@code=1]'                             || "/a/b[@code='1']"
            'a decimal key'           | '/a/b[@code=1.50]'                          || "/a/b[@code='1.50']"
            'two keys as given'       | '/a/b[@z="2" and @a=\'1\']'                 || "/a/b[@z='2' and @a='1']"
            'two predicates'          | "/a/b[@z='2'][@a='1']"                      || "/a/b[@z='2' and @a='1']"
            'spaces'                  | "/a/b[ @k = '1' ]"                          || "/a/b[@k='1']"
            'a single quote in a key' | '/a/b[@k="it\'s"]'                          || '/a/b[@k="it\'s"]'
            'both quotes in a key'    | '/a/b[@k="it\'s ""x"""]'                    || "/a/b[@k='it''s \"x\"']"
            'module prefixes'         | "/bs:a/bs:b[@bs:k='1']"                     || "/a/b[@k='1']"
            'a slash in a key'        | "/a/b[@k='x/y']/c"                          || "/a/b[@k='x/y']/c"
    }

    def 'Canonical xpath of a #scenario is refused.'() {
        when: 'the canonical form is asked for'
            CpsPathParser.canonicalXpath(xpath)
        then: 'a data validation exception names the problem'
            def exception = thrown(DataValidationException)
            exception.details.contains(expectedProblem)
        where:
            scenario             | xpath                   || expectedProblem
            'malformed path'     | "/a/b[@k='1'"           || "unbalanced '['"
            'empty path'         | ''                      || 'empty'
            'descendant path'    | '//a/b'                 || 'a data node xpath has only'
            'comparison'         | '/a/b[@k>1]'            || 'a data node xpath has only'
            'leaf axis'          | '/a/@b'                 || 'a data node xpath has only'
    }

    def child(name, predicate = null) {
        new Step(CHILD, name, predicate)
    }

    def descendant(name, predicate = null) {
        new Step(DESCENDANT, name, predicate)
    }

    def equal(leafName, value) {
        new Comparison(leafName, EQUALS, value)
    }

    def compare(leafName, operator, value) {
        new Comparison(leafName, operator, value)
    }

    def decimal(text) {
        new BigDecimal(text)
    }

    def text(leafName, value) {
        new TextEquals(leafName, value)
    }

    def allOf(Object... operands) {
        new And(operands as List)
    }

    def anyOf(Object... operands) {
        new Or(operands as List)
    }
}
