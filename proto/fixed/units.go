package fixed

import (
	"math"
	"math/bits"
	"strconv"
	"strings"
)

// ParseUnits converts a plain decimal string ("12.5", "0.000001", "100")
// to base units exactly. It accepts digits with an optional fractional
// part of up to 6 significant decimals; zeros past the sixth decimal are
// accepted because they do not change the value. Signs, exponents,
// whitespace and anything else are rejected with a *ParseError.
func ParseUnits(s string) (uint64, error) {
	v, err := parseDecimal(s)
	if err != nil {
		return 0, &ParseError{Kind: "amount", Input: s, Err: err}
	}
	return v, nil
}

// FormatUnits renders base units as the shortest exact decimal string:
// 12500000 is "12.5", 500000 is "0.5", 100000000 is "100" and 0 is "0".
func FormatUnits(v uint64) string {
	var buf [32]byte
	return string(appendDecimal(buf[:0], v))
}

// AppendUnits appends FormatUnits(v) to dst, for encoders that want to
// avoid the intermediate string.
func AppendUnits(dst []byte, v uint64) []byte { return appendDecimal(dst, v) }

// ParsePrice converts a decimal price string ("0.57") to micro-USDW per
// share. It uses the grammar of ParseUnits and also rejects prices above
// 1, which no outcome share can be worth. Tick and range rules are
// checked separately by CheckPrice, because they depend on the market.
func ParsePrice(s string) (uint64, error) {
	v, err := parseDecimal(s)
	if err == nil && v > One {
		err = ErrPriceAboveOne
	}
	if err != nil {
		return 0, &ParseError{Kind: "price", Input: s, Err: err}
	}
	return v, nil
}

// FormatPrice renders a price in micro-USDW per share as the shortest
// exact decimal string (570000 is "0.57").
func FormatPrice(price uint64) string { return FormatUnits(price) }

// parseDecimal implements the grammar shared by amounts, prices and tick
// sizes and returns an unwrapped sentinel error.
func parseDecimal(s string) (uint64, error) {
	if s == "" {
		return 0, ErrEmpty
	}
	if s[0] == '+' || s[0] == '-' {
		return 0, ErrSign
	}
	intPart, fracPart, hasDot := cutDot(s)
	if !allDigits(intPart) || !allDigits(fracPart) || intPart == "" || (hasDot && fracPart == "") {
		if looksLikeExponent(s) {
			return 0, ErrExponent
		}
		return 0, ErrSyntax
	}
	whole, ok := digitsValue(intPart)
	if !ok {
		return 0, ErrOverflow
	}
	frac, err := fractionUnits(fracPart)
	if err != nil {
		return 0, err
	}
	hi, lo := bits.Mul64(whole, One)
	sum, carry := bits.Add64(lo, frac, 0)
	if hi != 0 || carry != 0 {
		return 0, ErrOverflow
	}
	return sum, nil
}

// cutDot splits s at its first '.'; a second '.' stays in the fractional
// part, where allDigits rejects it.
func cutDot(s string) (intPart, fracPart string, hasDot bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// looksLikeExponent reports whether s is scientific notation such as
// "1e-6" or "2.5E3", so that the error can name the actual problem.
func looksLikeExponent(s string) bool {
	i := strings.IndexAny(s, "eE")
	if i <= 0 {
		return false
	}
	mantissa, exponent := s[:i], s[i+1:]
	if strings.Trim(mantissa, "0123456789.") != "" || strings.Trim(mantissa, ".") == "" {
		return false
	}
	if exponent != "" && (exponent[0] == '+' || exponent[0] == '-') {
		exponent = exponent[1:]
	}
	return exponent != "" && allDigits(exponent)
}

// digitsValue parses a run of ASCII digits, reporting false on uint64
// overflow. Leading zeros are allowed.
func digitsValue(s string) (uint64, bool) {
	var v uint64
	for i := 0; i < len(s); i++ {
		d := uint64(s[i] - '0')
		if v > (math.MaxUint64-d)/10 {
			return 0, false
		}
		v = v*10 + d
	}
	return v, true
}

// fractionUnits converts the digits after the point to base units. Digits
// past the sixth must be zeros, since they would otherwise need rounding.
func fractionUnits(s string) (uint64, error) {
	if len(s) > Decimals {
		if !allZeros(s[Decimals:]) {
			return 0, ErrTooManyDecimals
		}
		s = s[:Decimals]
	}
	var v uint64
	for i := 0; i < Decimals; i++ {
		v *= 10
		if i < len(s) {
			v += uint64(s[i] - '0')
		}
	}
	return v, nil
}

func allZeros(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] != '0' {
			return false
		}
	}
	return true
}

// appendDecimal writes v/One, then the fraction with trailing zeros
// removed, if any is left.
func appendDecimal(dst []byte, v uint64) []byte {
	dst = strconv.AppendUint(dst, v/One, 10)
	frac := v % One
	if frac == 0 {
		return dst
	}
	var digits [Decimals]byte
	for i := Decimals - 1; i >= 0; i-- {
		digits[i] = byte('0' + frac%10)
		frac /= 10
	}
	n := Decimals
	for digits[n-1] == '0' {
		n--
	}
	dst = append(dst, '.')
	return append(dst, digits[:n]...)
}
