package auth

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/google/uuid"
	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/proto/journal"
	"pred.dev/proto/runtime/natstest"
)

// TestKeyViewIsFresh: a key created, revoked or deleted through one
// connection (one replica) is seen by the next read of a view on another,
// with no wait between: the fence, not luck, makes the view current.
func TestKeyViewIsFresh(t *testing.T) {
	t.Parallel()
	srv := natstest.Start(t)
	ctx := context.Background()
	jsA, err := jetstream.New(natstest.Connect(t, srv))
	if err != nil {
		t.Fatal(err)
	}
	jsB, err := jetstream.New(natstest.Connect(t, srv))
	if err != nil {
		t.Fatal(err)
	}
	keys, err := OpenKeyStore(ctx, jsA, 1)
	if err != nil {
		t.Fatal(err)
	}
	view, err := StartKeyView(ctx, jsB, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(view.Stop)
	for i := range 100 {
		id := uuid.New()
		addr := common.BigToAddress(common.Big1)
		if _, err := keys.Create(ctx, KeyRecord{KeyID: id.String(), Address: addr.Hex(), Scope: fmt.Sprint(i)}); err != nil {
			t.Fatal(err)
		}
		if k, found, err := view.Fresh(ctx, id); err != nil || !found || k.revoked || k.address != addr || k.scope != fmt.Sprint(i) {
			t.Fatalf("key %d just created: %+v, found %v, %v", i, k, found, err)
		}
		if _, err := keys.Revoke(ctx, id.String(), time.Unix(1_700_000_000, 0)); err != nil {
			t.Fatal(err)
		}
		if k, found, err := view.Fresh(ctx, id); err != nil || !found || !k.revoked {
			t.Fatalf("key %d just revoked: %+v, found %v, %v", i, k, found, err)
		}
	}
	// A record deleted from the bucket, or one no reader understands, is
	// an unknown key.
	kv, err := jsA.KeyValue(ctx, journal.ClobKeyBucket)
	if err != nil {
		t.Fatal(err)
	}
	gone, bad := uuid.New(), uuid.New()
	if _, err := keys.Create(ctx, KeyRecord{KeyID: gone.String(), Address: "0x01"}); err != nil {
		t.Fatal(err)
	}
	if err := kv.Delete(ctx, recordKey(gone.String())); err != nil {
		t.Fatal(err)
	}
	if _, err := kv.Put(ctx, recordKey(bad.String()), []byte("{not json")); err != nil {
		t.Fatal(err)
	}
	for _, id := range []uuid.UUID{gone, bad} {
		if k, found, err := view.Fresh(ctx, id); err != nil || found {
			t.Fatalf("key %s: %+v, found %v, %v", id, k, found, err)
		}
	}
}
