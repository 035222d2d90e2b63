// Package render writes and reads the CLOB's values the one way both of
// its APIs do (REST in internal/api, the streams in internal/stream): token
// ids in decimal, hashes and addresses in hex, amounts in base Units
// written as decimals, the engine's enums by their API names.
package render

import (
	"encoding/hex"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/holiman/uint256"

	"pred.dev/proto/errcode"
	"pred.dev/proto/fixed"
)

// tokenDecimalLenMax is the length of 2^256-1 in decimal.
const tokenDecimalLenMax = 78

// ParseTokenID parses a uint256 token id written in decimal, as the
// reference and the Gamma API's clobTokenIds write it.
func ParseTokenID(s string) ([32]byte, error) {
	var out [32]byte
	if len(s) > tokenDecimalLenMax || !fixed.IsCanonicalDecimal(s) {
		return out, errcode.Errorf(errcode.InvalidTokenID, "invalid token id %q: send the uint256 token id as a decimal string without leading zeros", Clip(s))
	}
	v, err := uint256.FromDecimal(s)
	if err != nil {
		return out, errcode.Errorf(errcode.InvalidTokenID, "invalid token id %q: it does not fit in 256 bits", Clip(s))
	}
	v.PutUint256(out[:])
	return out, nil
}

// TokenString renders a 32-byte token id in decimal.
func TokenString(b []byte) string {
	return new(uint256.Int).SetBytes(b).Dec()
}

// ParseHash32 parses 0x + 64 hex digits (order ids, condition ids).
func ParseHash32(s string, code errcode.Code) ([32]byte, error) {
	var out [32]byte
	h, ok := strings.CutPrefix(s, "0x")
	if !ok {
		h, ok = strings.CutPrefix(s, "0X")
	}
	if !ok || len(h) != 64 {
		return out, errcode.Errorf(code, "%s (got %q)", code.Message(), Clip(s))
	}
	if _, err := hex.Decode(out[:], []byte(h)); err != nil {
		return out, errcode.Errorf(code, "%s (got %q)", code.Message(), Clip(s))
	}
	return out, nil
}

// Hash32 renders 32 bytes as 0x and 64 hex digits, and nothing as "".
func Hash32(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return "0x" + hex.EncodeToString(b)
}

// ParseAddress parses 0x and 40 hex digits; field names it in the error.
func ParseAddress(s, field string) (common.Address, error) {
	if !common.IsHexAddress(s) || !strings.HasPrefix(strings.ToLower(s), "0x") {
		return common.Address{}, errcode.Errorf(errcode.InvalidAddress, "invalid %s %q: send 0x followed by 40 hex digits", field, Clip(s))
	}
	return common.HexToAddress(s), nil
}

// AddrString renders an address checksummed, and nothing as "".
func AddrString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return common.BytesToAddress(b).Hex()
}

// Clip bounds what an error message quotes of a request.
func Clip(s string) string {
	const max = 80
	if len(s) > max {
		return s[:max] + "..."
	}
	return s
}

// Units renders base units as a decimal string ("12.5").
func Units(v uint64) string { return fixed.FormatUnits(v) }

// Number renders base units as an exact JSON number (12.5).
func Number(v uint64) json.Number { return json.Number(fixed.FormatUnits(v)) }

// ID renders an engine-assigned id (a trade's, a transfer's) in decimal.
func ID(v uint64) string { return strconv.FormatUint(v, 10) }
