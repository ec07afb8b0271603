package io.cpsng.cps.yang;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Set;
import java.util.stream.Collectors;
import org.opendaylight.yangtools.yang.common.Decimal64;
import org.opendaylight.yangtools.yang.common.Empty;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.Uint16;
import org.opendaylight.yangtools.yang.common.Uint32;
import org.opendaylight.yangtools.yang.common.Uint64;
import org.opendaylight.yangtools.yang.common.Uint8;

/**
 * Turns the typed values the YANG codecs produce into plain, JSON-friendly Java values:
 * <ul>
 *   <li>string, enumeration: String (an enumeration as its name)</li>
 *   <li>int8..int64, uint8..uint32: Long; uint64: Long, or BigInteger above Long.MAX_VALUE</li>
 *   <li>decimal64: BigDecimal in canonical form (no trailing zeros beyond one decimal: 2.0, 1.5)</li>
 *   <li>boolean: Boolean</li>
 *   <li>bits: the set bits' names separated by a space, in the order the type declares them</li>
 *   <li>identityref: "module-name:identity-name", the RFC 7951 form, which the parser accepts back</li>
 *   <li>empty: Boolean.TRUE; the leaf is there or not, and JSON true is accepted back by the parser</li>
 *   <li>union: the value of the first member type that accepts the input, converted as above</li>
 * </ul>
 */
final class LeafValues {

    private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

    private LeafValues() {
    }

    static Object toPlainValue(final Object typedValue, final ModuleIdentities moduleIdentities) {
        return switch (typedValue) {
            case String string -> string;
            case Boolean bool -> bool;
            case Byte number -> number.longValue();
            case Short number -> number.longValue();
            case Integer number -> number.longValue();
            case Long number -> number;
            case Uint8 number -> number.longValue();
            case Uint16 number -> number.longValue();
            case Uint32 number -> number.longValue();
            case Uint64 number -> toPlainNumber(number);
            case Decimal64 decimal -> new BigDecimal(decimal.toString());
            case Empty empty -> Boolean.TRUE;
            case QName identity -> moduleIdentities.nameOf(identity.getModule()) + ":" + identity.getLocalName();
            case Set<?> bits -> bits.stream().map(String::valueOf).collect(Collectors.joining(" "));
            default -> String.valueOf(typedValue);
        };
    }

    /** The canonical string of a key value, as it appears in a list entry's xpath predicate. */
    static String toKeyString(final Object typedValue, final ModuleIdentities moduleIdentities) {
        final Object plainValue = toPlainValue(typedValue, moduleIdentities);
        return plainValue instanceof BigDecimal decimal ? decimal.toPlainString() : String.valueOf(plainValue);
    }

    private static Object toPlainNumber(final Uint64 number) {
        final BigInteger value = number.toJava();
        if (value.compareTo(LONG_MAX) > 0) {
            return value;
        }
        return value.longValue();
    }
}
