package auth

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"

	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/eip712"
	"pred.dev/proto/errcode"
	"pred.dev/proto/fixed"
)

// DefaultWindow is the default tolerance between PRED_TIMESTAMP and the
// gateway's clock, in either direction.
const DefaultWindow = 60 * time.Second

// headerBytesMax bounds any auth header we parse.
const headerBytesMax = 256

// header reads a header by its exact underscore name. Go canonicalises
// header keys ("Pred_address"), so Header.Get finds it whatever case the
// client used.
func header(h http.Header, name string) string {
	v := h.Get(name)
	if len(v) > headerBytesMax {
		return ""
	}
	return strings.TrimSpace(v)
}

// L1NonceBytesMax bounds PRED_NONCE. A nonce is 1 to L1NonceBytesMax
// visible ASCII characters (0x21 to 0x7e), signed as a string exactly as
// sent; 16 or more random hex digits are plenty.
const L1NonceBytesMax = 64

// L1Identity is what an L1 signature proves: control of Address, in Scope,
// with the signed Timestamp and Nonce exactly as they were sent.
type L1Identity struct {
	Address   common.Address
	Scope     string
	Timestamp string
	Nonce     string
}

// L1 verifies wallet signatures.
type L1 struct {
	ChainID uint64
	Window  time.Duration
	Nonces  *NonceStore
	Now     func() time.Time
}

// Verify checks the L1 headers: syntax, the timestamp window, the EIP-712
// ClobAuth signature and, last, that the nonce was not used before (last,
// so that bad signatures cannot burn someone's nonce). The signature
// covers the timestamp and nonce strings as sent, and only one spelling
// of a timestamp is accepted, so the replay guard, keyed on the signed
// nonce, cannot be sidestepped by re-spelling a signed value.
func (a *L1) Verify(ctx context.Context, h http.Header) (L1Identity, error) {
	id, sig, err := parseL1(h)
	if err != nil {
		return L1Identity{}, err
	}
	if err := checkWindow(id.Timestamp, a.Now(), a.Window); err != nil {
		return L1Identity{}, err
	}
	if err := eip712.VerifyClobAuth(a.ChainID, id.Address, id.Timestamp, id.Nonce, eip712.AttestMessage, sig); err != nil {
		return L1Identity{}, errcode.Wrap(errcode.InvalidL1Signature, err)
	}
	if err := a.Nonces.Use(ctx, id.Address, id.Nonce); err != nil {
		return L1Identity{}, err
	}
	return id, nil
}

func parseL1(h http.Header) (id L1Identity, sig []byte, err error) {
	addr, sigHex := header(h, clobapi.HeaderAddress), header(h, clobapi.HeaderSignature)
	bad := func(what string) error {
		return errcode.Errorf(errcode.InvalidL1Headers, "%s: %s", errcode.InvalidL1Headers.Message(), what)
	}
	if !common.IsHexAddress(addr) || !strings.HasPrefix(addr, "0x") {
		return id, nil, bad("PRED_ADDRESS must be 0x followed by 40 hex digits")
	}
	nonce := h.Get(clobapi.HeaderNonce)
	if !validNonce(nonce) {
		return id, nil, bad(fmt.Sprintf("PRED_NONCE must be a fresh random string of 1 to %d visible ASCII characters, new on every L1 request", L1NonceBytesMax))
	}
	sig, derr := hexutil.Decode(sigHex)
	if derr != nil || len(sig) != eip712.SignatureLen {
		return id, nil, bad("PRED_SIGNATURE must be 0x followed by 130 hex digits (r, s, v)")
	}
	scope, serr := parseScope(h)
	if serr != nil {
		return id, nil, serr
	}
	id = L1Identity{Address: common.HexToAddress(addr), Scope: scope, Timestamp: h.Get(clobapi.HeaderTimestamp), Nonce: nonce}
	return id, sig, nil
}

// validNonce reports whether s is 1 to L1NonceBytesMax visible ASCII
// characters.
func validNonce(s string) bool {
	if len(s) == 0 || len(s) > L1NonceBytesMax {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 0x21 || s[i] > 0x7e {
			return false
		}
	}
	return true
}

func parseScope(h http.Header) (string, error) {
	scope := strings.TrimSpace(h.Get(clobapi.HeaderScopeID))
	if len(scope) > ScopeBytesMax {
		return "", errcode.Errorf(errcode.InvalidL1Headers, "PRED_SCOPE_ID is longer than %d bytes", ScopeBytesMax)
	}
	return scope, nil
}

// checkWindow parses a Unix-seconds timestamp and checks that it is within
// window of now. Only the canonical spelling is accepted (decimal digits,
// no sign, no leading zero): the timestamp is signed as a string, and one
// number must have one signed form.
func checkWindow(ts string, now time.Time, window time.Duration) error {
	sec, ok := parseTimestamp(ts)
	if !ok {
		return errcode.Errorf(errcode.TimestampOutOfWindow, "PRED_TIMESTAMP must be the current Unix time in whole seconds, written as plain decimal digits (no sign, no leading zero), got %q", clipHeader(ts))
	}
	skew := now.Sub(time.Unix(sec, 0))
	if skew > window || skew < -window {
		return errcode.Errorf(errcode.TimestampOutOfWindow,
			"PRED_TIMESTAMP %d is %s away from the server time %d; the window is %s: send the current Unix time (GET /time)",
			sec, skew.Abs().Round(time.Second), now.Unix(), window)
	}
	return nil
}

// parseTimestamp parses a canonical positive Unix-seconds timestamp.
func parseTimestamp(s string) (int64, bool) {
	v, ok := fixed.ParseCanonicalUint(s)
	if !ok || v == 0 || v > math.MaxInt64 {
		return 0, false
	}
	return int64(v), true
}

func clipHeader(s string) string {
	const max = 24
	if len(s) > max {
		return s[:max] + "..."
	}
	return s
}
