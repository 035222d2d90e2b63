package fixed

import (
	"strconv"
	"testing"
)

func TestParseCanonicalUint(t *testing.T) {
	for _, s := range []string{"0", "1", "10", "18446744073709551615"} {
		v, ok := ParseCanonicalUint(s)
		if !ok || strconv.FormatUint(v, 10) != s {
			t.Errorf("ParseCanonicalUint(%q) = %d, %v", s, v, ok)
		}
	}
	for _, s := range []string{"", "00", "01", "000", "+0", "+1", "-1", " 1", "1 ", "0x10", "1e3", "1.0", "18446744073709551616", "Infinity", "null"} {
		if v, ok := ParseCanonicalUint(s); ok {
			t.Errorf("ParseCanonicalUint(%q) = %d, accepted a non-canonical spelling", s, v)
		}
	}
}

func FuzzParseCanonicalUint(f *testing.F) {
	for _, s := range []string{"0", "007", "+5", "18446744073709551615"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, ok := ParseCanonicalUint(s)
		if ok && strconv.FormatUint(v, 10) != s {
			t.Fatalf("%q accepted as %d, whose canonical text differs", s, v)
		}
	})
}
