package dev.gmac.samples.cli.study;

import dev.gmac.samples.study.Scale;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Parses {@code --scale test|default|full}, in any letter case. */
final class ScaleConverter implements ITypeConverter<Scale> {
    @Override
    public Scale convert(String value) {
        try {
            return Scale.valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException("unknown scale '" + value + "' (expected test, default or full)");
        }
    }
}
