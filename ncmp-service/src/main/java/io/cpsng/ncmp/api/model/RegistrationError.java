package io.cpsng.ncmp.api.model;

/** Why one handle of a registration failed; the codes are the reference's. */
public record RegistrationError(String cmHandle, ErrorCode errorCode, String errorText) {

    public enum ErrorCode {
        CM_HANDLES_NOT_FOUND("100", "cm-handle does not exist"),
        CM_HANDLES_NOT_READY("101", "cm-handle is not ready"),
        UNKNOWN_ERROR("108", "unknown error"),
        CM_HANDLE_ALREADY_EXIST("109", "cm-handle already exists"),
        CM_HANDLE_INVALID_ID("110", "cm-handle has an invalid character(s) in id");

        private final String code;
        private final String defaultText;

        ErrorCode(final String code, final String defaultText) {
            this.code = code;
            this.defaultText = defaultText;
        }

        public String code() {
            return code;
        }

        public String defaultText() {
            return defaultText;
        }
    }

    public static RegistrationError of(final String cmHandle, final ErrorCode errorCode) {
        return new RegistrationError(cmHandle, errorCode, errorCode.defaultText());
    }
}
