package render

import (
	"errors"
	"testing"

	"pred.dev/proto/errcode"
)

func TestParseTokenID(t *testing.T) {
	t.Parallel()
	max := "115792089237316195423570985008687907853269984665640564039457584007913129639935"
	for _, ok := range []string{"0", "1001", max} {
		b, err := ParseTokenID(ok)
		if err != nil || TokenString(b[:]) != ok {
			t.Errorf("ParseTokenID(%q) = %x, %v", ok, b, err)
		}
	}
	for _, bad := range []string{"", "0x10", "-1", "1.5", " 1", max + "0", "115792089237316195423570985008687907853269984665640564039457584007913129639936"} {
		if _, err := ParseTokenID(bad); !errors.Is(err, errcode.InvalidTokenID) {
			t.Errorf("ParseTokenID(%q) = %v", bad, err)
		}
	}
}

func TestParseHash32(t *testing.T) {
	t.Parallel()
	good := "0x" + "02ca1d1aa31103804173ad1acd70066cb6c1258a4be6dada055111f9a7ea4e55"
	if b, err := ParseHash32(good, errcode.InvalidOrderID); err != nil || Hash32(b[:]) != good {
		t.Fatalf("%v %v", b, err)
	}
	for _, bad := range []string{"02ca1d1aa31103804173ad1acd70066cb6c1258a4be6dada055111f9a7ea4e55", "0x12", good + "00", "0x" + "zz" + good[4:]} {
		if _, err := ParseHash32(bad, errcode.InvalidOrderID); !errors.Is(err, errcode.InvalidOrderID) {
			t.Errorf("ParseHash32(%q) = %v", bad, err)
		}
	}
}
