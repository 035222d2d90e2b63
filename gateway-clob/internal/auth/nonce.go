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
	"pred.dev/proto/journal"
	"pred.dev/proto/runtime/natscheck"
)

// NonceStore remembers used L1 nonces across all gateway replicas.
//
// PRED_NONCE is the spec's "random nonce string": a replay guard and
// nothing else. Each (address, nonce) is accepted once, keyed on the nonce
// bytes exactly as they were signed, so a captured header set cannot be
// sent again, with the same or any other timestamp. A record needs to
// outlive only the time a signed timestamp is acceptable (after that the
// window check refuses the message anyway), so the bucket's TTL is twice
// the timestamp window plus a margin, and the bucket never grows beyond
// the nonces of that period.
type NonceStore struct {
	kv jetstream.KeyValue
}

// nonceTTLMargin covers clock differences between replicas and the NATS
// server that expires the records.
const nonceTTLMargin = 5 * time.Second

// OpenNonceStore creates the bucket if needed. window is the L1 timestamp
// window.
func OpenNonceStore(ctx context.Context, js jetstream.JetStream, window time.Duration, replicas int) (*NonceStore, error) {
	kv, err := natscheck.CreateOrUpdateKeyValue(ctx, js, natscheck.KVReplicasFlag, jetstream.KeyValueConfig{
		Bucket:      journal.ClobNonceBucket,
		Description: "Used CLOB L1 nonces (address, nonce), kept while a signed timestamp can be valid",
		Storage:     jetstream.FileStorage,
		TTL:         2*window + nonceTTLMargin,
		Replicas:    replicas,
	})
	if err != nil {
		return nil, fmt.Errorf("auth: open %s: %w", journal.ClobNonceBucket, err)
	}
	return &NonceStore{kv: kv}, nil
}

// Use records addr's nonce as used. The create is atomic in the stream,
// so of two replicas racing with the same nonce exactly one succeeds; the
// other gets L1_NONCE_ALREADY_USED. The address has a fixed length, so
// address ‖ nonce is unambiguous.
func (s *NonceStore) Use(ctx context.Context, addr common.Address, nonce string) error {
	h := sha256.New()
	h.Write(addr[:])
	h.Write([]byte(nonce))
	key := "n." + hex.EncodeToString(h.Sum(nil))
	if _, err := s.kv.Create(ctx, key, nil); err != nil {
		if errors.Is(err, jetstream.ErrKeyExists) {
			return errcode.New(errcode.L1NonceUsed)
		}
		return fmt.Errorf("auth: record L1 nonce: %w", err)
	}
	return nil
}
