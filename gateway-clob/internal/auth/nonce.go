package auth

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/proto/errcode"
)

// NonceStore remembers used L1 signatures across all gateway replicas.
//
// What is single use is the signed L1 message, that is the triple
// (address, timestamp, nonce): the nonce also selects which API key the
// wallet creates or derives (as in the reference, where it defaults to 0),
// so the same nonce must stay usable with a fresh timestamp. A record
// needs to outlive only the time its timestamp is acceptable, so the
// bucket's TTL is twice the timestamp window plus a margin, and the
// bucket never grows beyond the signatures of that period.
type NonceStore struct {
	kv jetstream.KeyValue
}

// nonceTTLMargin covers clock differences between replicas and the NATS
// server that expires the records.
const nonceTTLMargin = 5 * time.Second

// OpenNonceStore creates the bucket if needed. window is the L1 timestamp
// window.
func OpenNonceStore(ctx context.Context, js jetstream.JetStream, window time.Duration, replicas int) (*NonceStore, error) {
	kv, err := js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{
		Bucket:      NoncesBucket,
		Description: "Used CLOB L1 signatures (address, timestamp, nonce), kept while their timestamp is valid",
		Storage:     jetstream.FileStorage,
		TTL:         2*window + nonceTTLMargin,
		Replicas:    replicas,
	})
	if err != nil {
		return nil, fmt.Errorf("auth: open %s: %w", NoncesBucket, err)
	}
	return &NonceStore{kv: kv}, nil
}

// Use records the L1 message as used. The create is atomic in the stream,
// so of two replicas racing with the same message exactly one succeeds;
// the other gets L1_NONCE_ALREADY_USED.
func (s *NonceStore) Use(ctx context.Context, addr common.Address, timestamp, nonce string) error {
	h := sha256.New()
	h.Write(addr[:])
	h.Write([]byte{0})
	h.Write([]byte(timestamp))
	h.Write([]byte{0})
	h.Write([]byte(nonce))
	key := "n." + hex.EncodeToString(h.Sum(nil))
	if _, err := s.kv.Create(ctx, key, []byte(timestamp)); err != nil {
		if errors.Is(err, jetstream.ErrKeyExists) {
			return errcode.New(errcode.L1NonceUsed)
		}
		return fmt.Errorf("auth: record L1 nonce: %w", err)
	}
	return nil
}
