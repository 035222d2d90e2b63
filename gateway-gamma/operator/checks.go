package operator

import (
	"strings"

	"pred.dev/proto/errcode"
)

// Bounds of operator input.
const (
	titleBytesMax = 300
	labelBytesMax = 64
	feeRateMaxBps = 1000 // the exchange contract's MAX_FEE_RATE_BIPS
	linkedMax     = 20
	eventTagsMax  = 20
)

// invalid is the error of a malformed operator request body.
func invalid(format string, args ...any) error {
	return errcode.Errorf(errcode.InvalidPayload, format, args...)
}

// checkText checks a free-text field: one line, at most max bytes.
func checkText(field, s string, max int, required bool) error {
	if required && strings.TrimSpace(s) == "" {
		return invalid("%s is required", field)
	}
	if len(s) > max || strings.ContainsAny(s, "\n\r\t") {
		return invalid("%s must be one line of at most %d bytes", field, max)
	}
	return nil
}

// setp applies one field of a patch: nil leaves the value as it is.
func setp[T any](dst *T, v *T) {
	if v != nil {
		*dst = *v
	}
}
