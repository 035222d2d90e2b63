package fixed

import (
	"errors"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestParseUnitsValid(t *testing.T) {
	cases := []struct {
		in   string
		want uint64
	}{
		{"0", 0},
		{"0.0", 0},
		{"000", 0},
		{"1", 1_000_000},
		{"100", 100_000_000},
		{"12.5", 12_500_000},
		{"0.5", 500_000},
		{"0.000001", 1},
		{"0.57", 570_000},
		{"21.04", 21_040_000},
		{"2435.89", 2_435_890_000},
		{"007.10", 7_100_000},
		{"1.0000000000", 1_000_000}, // zeros past 6 decimals do not change the value
		{"0.1234560", 123_456},
		{"18446744073709.551615", math.MaxUint64},
		{"18446744073709", 18_446_744_073_709_000_000},
	}
	for _, c := range cases {
		got, err := ParseUnits(c.in)
		if err != nil {
			t.Errorf("ParseUnits(%q) error: %v", c.in, err)
			continue
		}
		if got != c.want {
			t.Errorf("ParseUnits(%q) = %d, want %d", c.in, got, c.want)
		}
	}
}

func TestParseUnitsErrors(t *testing.T) {
	cases := []struct {
		in   string
		want error
	}{
		{"", ErrEmpty},
		{"-1", ErrSign},
		{"+1", ErrSign},
		{"-0", ErrSign},
		{"1e6", ErrExponent},
		{"1E6", ErrExponent},
		{"1.5e-3", ErrExponent},
		{"1e+3", ErrExponent},
		{"0.0000001", ErrTooManyDecimals},
		{"1.1234567", ErrTooManyDecimals},
		{"1.0000001000", ErrTooManyDecimals},
		{"18446744073709.551616", ErrOverflow},
		{"18446744073710", ErrOverflow},
		{"99999999999999999999999", ErrOverflow},
		{"abc", ErrSyntax},
		{"e", ErrSyntax},
		{"1ee3", ErrSyntax},
		{"1.2.3", ErrSyntax},
		{".5", ErrSyntax},
		{"5.", ErrSyntax},
		{".", ErrSyntax},
		{" 1", ErrSyntax},
		{"1 ", ErrSyntax},
		{"1,5", ErrSyntax},
		{"1_000", ErrSyntax},
		{"0x10", ErrSyntax},
		{"NaN", ErrSyntax},
		{"Infinity", ErrSyntax},
		{"1-2", ErrSyntax},
		{"１", ErrSyntax}, // full-width digit
	}
	for _, c := range cases {
		v, err := ParseUnits(c.in)
		if !errors.Is(err, c.want) {
			t.Errorf("ParseUnits(%q) = %d, %v; want error %v", c.in, v, err, c.want)
			continue
		}
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Kind != "amount" || pe.Input != c.in {
			t.Errorf("ParseUnits(%q) error %#v is not a *ParseError for the amount", c.in, err)
		}
		if v != 0 {
			t.Errorf("ParseUnits(%q) returned %d with an error", c.in, v)
		}
	}
}

func TestParseErrorMessage(t *testing.T) {
	_, err := ParseUnits("1e-6")
	msg := err.Error()
	for _, want := range []string{"fixed:", "amount", `"1e-6"`, "plain decimal"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message %q lacks %q", msg, want)
		}
	}
	_, err = ParseUnits(strings.Repeat("9", 1000))
	if n := len(err.Error()); n > 300 {
		t.Errorf("error message for a huge input is %d bytes; inputs must be clipped", n)
	}
}

func TestFormatUnits(t *testing.T) {
	cases := []struct {
		in   uint64
		want string
	}{
		{0, "0"},
		{1, "0.000001"},
		{10, "0.00001"},
		{500_000, "0.5"},
		{570_000, "0.57"},
		{1_000_000, "1"},
		{12_500_000, "12.5"},
		{100_000_000, "100"},
		{2_435_890_000, "2435.89"},
		{123_456_789, "123.456789"},
		{math.MaxUint64, "18446744073709.551615"},
	}
	for _, c := range cases {
		if got := FormatUnits(c.in); got != c.want {
			t.Errorf("FormatUnits(%d) = %q, want %q", c.in, got, c.want)
		}
		if got := string(AppendUnits([]byte("x="), c.in)); got != "x="+c.want {
			t.Errorf("AppendUnits(%d) = %q", c.in, got)
		}
		if got := FormatPrice(c.in); got != c.want {
			t.Errorf("FormatPrice(%d) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestFormatParseRoundTrip checks that FormatUnits produces a string that
// ParseUnits maps back to the same value, over random and edge values.
func TestFormatParseRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	values := []uint64{0, 1, 9, 10, 999_999, One, One + 1, math.MaxUint64, math.MaxUint64 - 1}
	for range 20_000 {
		values = append(values, r.Uint64(), r.Uint64N(10*One), r.Uint64()>>r.UintN(64))
	}
	for _, v := range values {
		s := FormatUnits(v)
		got, err := ParseUnits(s)
		if err != nil || got != v {
			t.Fatalf("ParseUnits(FormatUnits(%d) = %q) = %d, %v", v, s, got, err)
		}
		if s != "0" && (strings.HasSuffix(s, "0") && strings.Contains(s, ".") || strings.HasSuffix(s, ".")) {
			t.Fatalf("FormatUnits(%d) = %q is not the shortest form", v, s)
		}
	}
}

// referenceParse is an independent oracle using math/big: it applies the
// same grammar with a regular structure and exact rational arithmetic.
func referenceParse(s string) (uint64, bool) {
	if s == "" || strings.Count(s, ".") > 1 {
		return 0, false
	}
	i, f, dot := strings.Cut(s, ".")
	if i == "" || (dot && f == "") || strings.Trim(i+f, "0123456789") != "" {
		return 0, false
	}
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		return 0, false
	}
	r.Mul(r, new(big.Rat).SetUint64(One))
	if !r.IsInt() || !r.Num().IsUint64() {
		return 0, false
	}
	return r.Num().Uint64(), true
}

func FuzzParseUnits(f *testing.F) {
	for _, s := range []string{"0", "12.5", "0.000001", "1e6", "-1", "18446744073709.551615",
		"18446744073709.551616", "1.0000000", ".5", "5.", "00.10", "1.2.3", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := ParseUnits(s)
		want, ok := referenceParse(s)
		if ok != (err == nil) {
			t.Fatalf("ParseUnits(%q) = %d, %v; oracle ok=%v value %d", s, got, err, ok, want)
		}
		if ok && got != want {
			t.Fatalf("ParseUnits(%q) = %d, oracle %d", s, got, want)
		}
		if err == nil {
			if back, err := ParseUnits(FormatUnits(got)); err != nil || back != got {
				t.Fatalf("round trip of %d failed: %d, %v", got, back, err)
			}
		}
	})
}

func TestParsePrice(t *testing.T) {
	for in, want := range map[string]uint64{"0.57": 570_000, "1": One, "0": 0, "0.0001": 100, "0.99": 990_000} {
		got, err := ParsePrice(in)
		if err != nil || got != want {
			t.Errorf("ParsePrice(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for in, want := range map[string]error{"1.01": ErrPriceAboveOne, "57": ErrPriceAboveOne,
		"0.5e0": ErrExponent, "0.1234567": ErrTooManyDecimals, "-0.5": ErrSign, "": ErrEmpty} {
		_, err := ParsePrice(in)
		var pe *ParseError
		if !errors.Is(err, want) || !errors.As(err, &pe) || pe.Kind != "price" {
			t.Errorf("ParsePrice(%q) error = %v, want %v", in, err, want)
		}
	}
}

func BenchmarkParseUnits(b *testing.B) {
	for b.Loop() {
		if _, err := ParseUnits("2435.89"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFormatUnits(b *testing.B) {
	for b.Loop() {
		_ = FormatUnits(2_435_890_000)
	}
}
