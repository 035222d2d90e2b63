package auth

import (
	"context"
	"crypto/subtle"
	"net/http"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/google/uuid"

	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
)

// Identity is an authenticated API key.
type Identity struct {
	KeyID   uuid.UUID
	Address common.Address
	Scope   string
}

// L2 verifies API-key requests.
type L2 struct {
	Deriver *Deriver
	Keys    *KeyView
	Window  time.Duration
	Now     func() time.Time
}

// Verify checks the L2 headers against the request: the timestamp window,
// the passphrase and the HMAC (both compared in constant time), then the
// key record, fresh on every request (KeyView.Fresh) so that a revoke on
// any replica takes effect at once. path is the URL path without the query
// string; body is the exact request body.
func (a *L2) Verify(ctx context.Context, method, path string, h http.Header, body []byte) (Identity, error) {
	keyStr, pass, sig, ts := header(h, clobapi.HeaderAPIKey), header(h, clobapi.HeaderPassphrase), header(h, clobapi.HeaderSignature), header(h, clobapi.HeaderTimestamp)
	if keyStr == "" && pass == "" && sig == "" && ts == "" {
		return Identity{}, errcode.New(errcode.Unauthorized)
	}
	if keyStr == "" || pass == "" || sig == "" || ts == "" {
		return Identity{}, errcode.New(errcode.InvalidL2Headers)
	}
	id, ok := ParseKeyID(keyStr)
	if !ok {
		return Identity{}, errcode.Errorf(errcode.InvalidAPIKey, "%s: PRED_API_KEY must be the UUID returned by POST /auth/api-key", errcode.InvalidAPIKey.Message())
	}
	if err := checkWindow(ts, a.Now(), a.Window); err != nil {
		return Identity{}, err
	}
	key, wantPass, err := a.Deriver.SecretKey(id)
	if err != nil {
		return Identity{}, err
	}
	if subtle.ConstantTimeCompare([]byte(pass), []byte(wantPass)) != 1 {
		return Identity{}, errcode.New(errcode.InvalidAPIKey)
	}
	if !key.Verify(ts, method, path, body, sig) {
		return Identity{}, errcode.New(errcode.InvalidL2Signature)
	}
	return a.lookup(ctx, id, h)
}

// lookup loads the key record and checks it is active and in the scope
// the request names.
func (a *L2) lookup(ctx context.Context, id uuid.UUID, h http.Header) (Identity, error) {
	key, found, err := a.Keys.Fresh(ctx, id)
	if err != nil {
		return Identity{}, err
	}
	if !found {
		return Identity{}, errcode.New(errcode.InvalidAPIKey)
	}
	if key.revoked {
		return Identity{}, errcode.Errorf(errcode.InvalidAPIKey, "unauthorized/invalid api key: this key was revoked; create a new one with L1 auth")
	}
	scope := h.Get(clobapi.HeaderScopeID)
	if scope != "" && scope != key.scope {
		return Identity{}, errcode.New(errcode.ScopeMismatch)
	}
	return Identity{KeyID: id, Address: key.address, Scope: key.scope}, nil
}
