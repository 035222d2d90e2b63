package fixed

import "strconv"

// ParseCanonicalUint parses the one spelling of an unsigned integer that
// signed values may take on the wire: decimal digits with no sign, no
// leading zero (except "0" itself), no space, below 2^64. Values that are
// signed (order amounts, salts, timestamps) must have exactly one written
// form, or a signature or a replay guard keyed on the text could be
// matched by another spelling of the same number.
func ParseCanonicalUint(s string) (uint64, bool) {
	if !IsCanonicalDecimal(s) {
		return 0, false
	}
	v, err := strconv.ParseUint(s, 10, 64)
	return v, err == nil
}

// IsCanonicalDecimal reports whether s is decimal digits with no leading
// zero, or "0": the canonical text of a non-negative integer of any size.
func IsCanonicalDecimal(s string) bool {
	if s == "" || (s[0] == '0' && len(s) > 1) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
