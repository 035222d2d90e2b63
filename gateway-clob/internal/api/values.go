package api

import (
	"encoding/hex"
	"encoding/json"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/holiman/uint256"

	"pred.dev/proto/errcode"
	"pred.dev/proto/fixed"
)

// This file reads and writes the API's scalar values, the same way in
// every handler: token ids in decimal, hashes and addresses in hex, amounts
// in base units written as decimals.

// tokenDecimalLenMax is the length of 2^256-1 in decimal.
const tokenDecimalLenMax = 78

// parseTokenID parses a uint256 token id written in decimal, as the
// reference and the Gamma API's clobTokenIds write it.
func parseTokenID(s string) ([32]byte, error) {
	var out [32]byte
	if len(s) > tokenDecimalLenMax || !fixed.IsCanonicalDecimal(s) {
		return out, errcode.Errorf(errcode.InvalidTokenID, "invalid token id %q: send the uint256 token id as a decimal string without leading zeros", clipStr(s))
	}
	v, err := uint256.FromDecimal(s)
	if err != nil {
		return out, errcode.Errorf(errcode.InvalidTokenID, "invalid token id %q: it does not fit in 256 bits", clipStr(s))
	}
	v.PutUint256(out[:])
	return out, nil
}

// tokenString renders a 32-byte token id in decimal.
func tokenString(b []byte) string {
	return new(uint256.Int).SetBytes(b).Dec()
}

// parseHash32 parses 0x + 64 hex digits (order ids, condition ids).
func parseHash32(s string, code errcode.Code) ([32]byte, error) {
	var out [32]byte
	h, ok := strings.CutPrefix(s, "0x")
	if !ok {
		h, ok = strings.CutPrefix(s, "0X")
	}
	if !ok || len(h) != 64 {
		return out, errcode.Errorf(code, "%s (got %q)", code.Message(), clipStr(s))
	}
	if _, err := hex.Decode(out[:], []byte(h)); err != nil {
		return out, errcode.Errorf(code, "%s (got %q)", code.Message(), clipStr(s))
	}
	return out, nil
}

func hash32(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return "0x" + hex.EncodeToString(b)
}

func parseAddress(s, field string) (common.Address, error) {
	if !common.IsHexAddress(s) || !strings.HasPrefix(strings.ToLower(s), "0x") {
		return common.Address{}, errcode.Errorf(errcode.InvalidAddress, "invalid %s %q: send 0x followed by 40 hex digits", field, clipStr(s))
	}
	return common.HexToAddress(s), nil
}

func addrString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return common.BytesToAddress(b).Hex()
}

func clipStr(s string) string {
	const max = 80
	if len(s) > max {
		return s[:max] + "..."
	}
	return s
}

// units renders base units as a decimal string ("12.5").
func units(v uint64) string { return fixed.FormatUnits(v) }

// number renders base units as an exact JSON number (12.5).
func number(v uint64) json.Number { return json.Number(fixed.FormatUnits(v)) }
