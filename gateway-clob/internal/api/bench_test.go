package api

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/google/uuid"
	"go.uber.org/zap"

	"pred.dev/gateway-clob/internal/auth"
	"pred.dev/gateway-clob/internal/market"
	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/pb"
)

var (
	benchExchange = common.HexToAddress("0xdFE02Eb6733538f8Ea35D585af8DE5958AD99E40")
	benchToken    = [32]byte{31: 7}
)

// verifyFixture is an API with a warm market cache and one signed order
// body with its L2 headers, as the gateway sees a POST /order.
type verifyFixture struct {
	api     *API
	deriver *auth.Deriver
	id      auth.Identity
	body    []byte
	ts, sig string
}

func newVerifyFixture(tb testing.TB) *verifyFixture {
	tb.Helper()
	cache := market.New(nil, zap.NewNop())
	cache.Put(market.Info{Market: [32]byte{31: 1}, Yes: benchToken, No: [32]byte{31: 8},
		TickSize: 10_000, MinSize: 1_000_000, MaxSize: 1_000_000_000_000, FeeRateBps: 10, Status: pb.MarketStatus_MARKET_STATUS_ACTIVE}, 1)
	deriver, err := auth.NewDeriver(bytes.Repeat([]byte{9}, 32))
	if err != nil {
		tb.Fatal(err)
	}
	key, err := crypto.GenerateKey()
	if err != nil {
		tb.Fatal(err)
	}
	addr := crypto.PubkeyToAddress(key.PublicKey)
	keyID := deriver.KeyID(auth.L1Identity{Address: addr, Timestamp: "1", Nonce: "bench"})
	secret, pass := deriver.Creds(keyID)
	c := client.New("http://unused", client.WithPrivateKey(key), client.WithChain(80002, benchExchange, common.Address{}),
		client.WithCreds(clobapi.APICreds{APIKey: keyID.String(), Secret: secret, Passphrase: pass}))
	req, _, err := c.BuildOrder(client.OrderArgs{TokenID: "7", Side: "BUY", Price: "0.52", Size: "100", FeeRateBps: 10})
	if err != nil {
		tb.Fatal(err)
	}
	body, err := json.Marshal(req)
	if err != nil {
		tb.Fatal(err)
	}
	ts := "1700000000"
	hdr, err := c.L2Headers(ts, "POST", "/order", body)
	if err != nil {
		tb.Fatal(err)
	}
	a := New(Config{ChainID: 80002, Exchange: benchExchange}, Deps{Markets: cache, Log: zap.NewNop(), Now: time.Now})
	return &verifyFixture{api: a, deriver: deriver, id: auth.Identity{KeyID: keyID, Address: addr},
		body: body, ts: ts, sig: hdr.Get(clobapi.HeaderSignature)}
}

// verify is the gateway's per-order CPU path short of NATS: derive the
// key's secret, check the HMAC over the body, decode the envelope as the
// handler does, then the order parse: every static check, the EIP-712
// hash and the signature recovery.
func (f *verifyFixture) verify(ctx context.Context) error {
	key, _, err := f.deriver.SecretKey(f.id.KeyID)
	if err != nil {
		return err
	}
	if !key.Verify(f.ts, "POST", "/order", f.body, f.sig) {
		return errBadHMAC
	}
	var env orderEnvelope
	if err := decodeJSON(f.body, &env, errcode.InvalidOrderPayload); err != nil {
		return err
	}
	_, err = f.api.parseOrder(ctx, f.id, &env)
	return err
}

type benchError string

func (e benchError) Error() string { return string(e) }

const errBadHMAC benchError = "HMAC does not verify"

func TestVerifyFixtureAccepts(t *testing.T) {
	t.Parallel()
	f := newVerifyFixture(t)
	if err := f.verify(context.Background()); err != nil {
		t.Fatal(err)
	}
	f.body = append(bytes.Clone(f.body[:len(f.body)-1]), ' ', '}')
	if err := f.verify(context.Background()); err != errBadHMAC {
		t.Fatalf("a changed body: %v", err)
	}
	f2 := newVerifyFixture(t)
	f2.id.KeyID = uuid.New()
	if err := f2.verify(context.Background()); err != errBadHMAC {
		t.Fatalf("another key: %v", err)
	}
}

// BenchmarkVerifyOrderParallel measures verify on every core; verifies/s is
// the whole machine's rate. The key-record read from NATS KV (one request
// per L2 call) and the log append are not included.
func BenchmarkVerifyOrderParallel(b *testing.B) {
	f := newVerifyFixture(b)
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		ctx := context.Background()
		for pb.Next() {
			if err := f.verify(ctx); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "verifies/s")
}

// BenchmarkVerifyOrder is the same on one goroutine: the latency of one
// verification.
func BenchmarkVerifyOrder(b *testing.B) {
	f := newVerifyFixture(b)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if err := f.verify(ctx); err != nil {
			b.Fatal(err)
		}
	}
}
