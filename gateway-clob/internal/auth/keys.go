package auth

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"pred.dev/proto/l2auth"
)

// MasterKeyBytesMin is the shortest master key accepted: 256 bits, the
// strength of the HMAC-SHA256 keys derived from it.
const MasterKeyBytesMin = 32

// ScopeBytesMax bounds PRED_SCOPE_ID, which is hashed into key ids and
// stored in key records.
const ScopeBytesMax = 64

// Domain-separation labels of the three derivations. Changing one changes
// every credential ever issued, so they are versioned.
const (
	labelKeyID      = "pred/clob/api-key-id/v2"
	labelSecret     = "pred/clob/api-secret/v1"
	labelPassphrase = "pred/clob/api-passphrase/v1"
)

// Deriver computes API credentials from the server master key. Every
// gateway replica must use the same master key.
type Deriver struct {
	master []byte
}

// NewDeriver checks the master key's length and keeps a copy.
func NewDeriver(master []byte) (*Deriver, error) {
	if len(master) < MasterKeyBytesMin {
		return nil, fmt.Errorf("auth: master key is %d bytes, need at least %d", len(master), MasterKeyBytesMin)
	}
	return &Deriver{master: append([]byte(nil), master...)}, nil
}

func (d *Deriver) mac(label string, parts ...[]byte) []byte {
	m := hmac.New(sha256.New, d.master)
	m.Write([]byte(label))
	for _, p := range parts {
		// A length prefix keeps (a, bc) and (ab, c) apart.
		var n [4]byte
		binary.BigEndian.PutUint32(n[:], uint32(len(p)))
		m.Write(n[:])
		m.Write(p)
	}
	return m.Sum(nil)
}

// KeyID is the API key created by one L1 request: a UUID (version 8,
// "custom") whose bits come from an HMAC under the master key of the
// wallet, its scope and the signed timestamp and nonce. Only the server
// can mint ids, every replica computes the same id for the same request,
// and since a nonce is single use, every create makes a new key.
func (d *Deriver) KeyID(req L1Identity) uuid.UUID {
	sum := d.mac(labelKeyID, req.Address[:], []byte(req.Scope), []byte(req.Timestamp), []byte(req.Nonce))
	var id uuid.UUID
	copy(id[:], sum[:16])
	id[6] = id[6]&0x0f | 0x80 // version 8
	id[8] = id[8]&0x3f | 0x80 // RFC 4122 variant
	return id
}

// Creds returns the secret (base64url of 32 bytes, padded) and the
// passphrase (64 hex digits) of a key id.
func (d *Deriver) Creds(id uuid.UUID) (secret, passphrase string) {
	secret = base64.URLEncoding.EncodeToString(d.mac(labelSecret, id[:]))
	passphrase = hex.EncodeToString(d.mac(labelPassphrase, id[:]))
	return secret, passphrase
}

// SecretKey returns the decoded HMAC key of a key id, ready for
// l2auth.Key.Verify, and its passphrase.
func (d *Deriver) SecretKey(id uuid.UUID) (l2auth.Key, string, error) {
	secret, passphrase := d.Creds(id)
	k, err := l2auth.ParseSecret(secret)
	if err != nil {
		return l2auth.Key{}, "", errors.New("auth: derived secret does not parse")
	}
	return k, passphrase, nil
}
