package auth

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/holiman/uint256"

	"pred.dev/proto/eip712"
	"pred.dev/proto/errcode"
)

// Header names of both levels, as the spec writes them (the reference
// uses the POLY_ prefix).
const (
	HeaderAddress    = "PRED_ADDRESS"
	HeaderSignature  = "PRED_SIGNATURE"
	HeaderTimestamp  = "PRED_TIMESTAMP"
	HeaderNonce      = "PRED_NONCE"
	HeaderAPIKey     = "PRED_API_KEY"
	HeaderPassphrase = "PRED_PASSPHRASE"
	HeaderScopeID    = "PRED_SCOPE_ID"
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

// L1Identity is what an L1 signature proves: control of Address, plus the
// nonce and scope that select one of its API keys.
type L1Identity struct {
	Address common.Address
	Nonce   *uint256.Int
	Scope   string
}

// L1 verifies wallet signatures.
type L1 struct {
	ChainID uint64
	Window  time.Duration
	Nonces  *NonceStore
	Now     func() time.Time
}

// Verify checks the L1 headers: syntax, the timestamp window, the EIP-712
// ClobAuth signature and, last, that the signed message was not used
// before (last, so that bad signatures cannot burn someone's nonce).
func (a *L1) Verify(ctx context.Context, h http.Header) (L1Identity, error) {
	id, ts, nonceStr, sig, err := parseL1(h)
	if err != nil {
		return L1Identity{}, err
	}
	if err := checkWindow(ts, a.Now(), a.Window); err != nil {
		return L1Identity{}, err
	}
	if err := eip712.VerifyClobAuth(a.ChainID, id.Address, ts, id.Nonce, eip712.AttestMessage, sig); err != nil {
		return L1Identity{}, errcode.Wrap(errcode.InvalidL1Signature, err)
	}
	if err := a.Nonces.Use(ctx, id.Address, ts, nonceStr); err != nil {
		return L1Identity{}, err
	}
	return id, nil
}

func parseL1(h http.Header) (id L1Identity, ts, nonce string, sig []byte, err error) {
	addr, ts, sigHex := header(h, HeaderAddress), header(h, HeaderTimestamp), header(h, HeaderSignature)
	nonce = header(h, HeaderNonce)
	bad := func(what string) error {
		return errcode.Errorf(errcode.InvalidL1Headers, "%s: %s", errcode.InvalidL1Headers.Message(), what)
	}
	if !common.IsHexAddress(addr) {
		return id, "", "", nil, bad("PRED_ADDRESS must be 0x followed by 40 hex digits")
	}
	if nonce == "" {
		return id, "", "", nil, bad("PRED_NONCE is missing (send 0 unless you manage several keys)")
	}
	n, perr := uint256.FromDecimal(nonce)
	if perr != nil {
		return id, "", "", nil, bad("PRED_NONCE must be a decimal integer below 2^256")
	}
	sig, derr := hexutil.Decode(sigHex)
	if derr != nil || len(sig) != eip712.SignatureLen {
		return id, "", "", nil, bad("PRED_SIGNATURE must be 0x followed by 130 hex digits (r, s, v)")
	}
	scope, serr := parseScope(h)
	if serr != nil {
		return id, "", "", nil, serr
	}
	id = L1Identity{Address: common.HexToAddress(addr), Nonce: n, Scope: scope}
	return id, ts, nonce, sig, nil
}

func parseScope(h http.Header) (string, error) {
	scope := strings.TrimSpace(h.Get(HeaderScopeID))
	if len(scope) > ScopeBytesMax {
		return "", errcode.Errorf(errcode.InvalidL1Headers, "PRED_SCOPE_ID is longer than %d bytes", ScopeBytesMax)
	}
	return scope, nil
}

// checkWindow parses a Unix-seconds timestamp and checks that it is within
// window of now.
func checkWindow(ts string, now time.Time, window time.Duration) error {
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil || sec <= 0 {
		return errcode.Errorf(errcode.TimestampOutOfWindow, "PRED_TIMESTAMP must be the current Unix time in whole seconds, got %q", clipHeader(ts))
	}
	skew := now.Sub(time.Unix(sec, 0))
	if skew > window || skew < -window {
		return errcode.Errorf(errcode.TimestampOutOfWindow,
			"PRED_TIMESTAMP %d is %s away from the server time %d; the window is %s: send the current Unix time (GET /time)",
			sec, skew.Abs().Round(time.Second), now.Unix(), window)
	}
	return nil
}

func clipHeader(s string) string {
	const max = 24
	if len(s) > max {
		return s[:max] + "..."
	}
	return s
}
