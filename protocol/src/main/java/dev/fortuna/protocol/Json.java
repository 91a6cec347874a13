package dev.fortuna.protocol;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.LogicalType;

/**
 * The one Jackson configuration of the wire format. Unknown properties are refused (a client typo is an error,
 * not a silently ignored field); absent optional fields are left out rather than written as null. Reading is
 * strict about types and shape: a value of the wrong JSON type is an error rather than coerced ({@code "ply": "3"},
 * {@code 1.5} for a whole number, {@code 7} for a text or an enum), and so are a key given twice and anything after
 * the value.
 */
public final class Json {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .withCoercionConfig(LogicalType.Textual, c -> c.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
            .serializationInclusion(JsonInclude.Include.NON_NULL)
            .build();

    private Json() {
    }

    /** The shared mapper; thread-safe once configured, and never reconfigured after this class loads. */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    public static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            // Only plain DTOs are written; failing here is a programming error, not bad input.
            throw new IllegalStateException("cannot write " + value.getClass().getSimpleName(), e);
        }
    }

    /** Reads a value; malformed or unexpected JSON is an {@link IllegalArgumentException} with a short reason. */
    public static <T> T read(String json, Class<T> type) {
        try {
            // Trailing content is refused here, for a whole text; the shared mapper also reads values out of a
            // stream (the load generator's parser), where more follows by design.
            T value = MAPPER.readerFor(type).with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).readValue(json);
            if (value == null) {
                throw new IllegalArgumentException("expected a JSON object, got null");
            }
            return value;
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("malformed " + type.getSimpleName() + ": " + e.getOriginalMessage());
        }
    }
}
