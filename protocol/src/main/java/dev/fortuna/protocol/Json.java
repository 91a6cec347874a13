package dev.fortuna.protocol;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * The one Jackson configuration of the wire format. Unknown properties are refused (a client typo is an error,
 * not a silently ignored field); absent optional fields are left out rather than written as null.
 */
public final class Json {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
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
            T value = MAPPER.readValue(json, type);
            if (value == null) {
                throw new IllegalArgumentException("expected a JSON object, got null");
            }
            return value;
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("malformed " + type.getSimpleName() + ": " + e.getOriginalMessage());
        }
    }
}
