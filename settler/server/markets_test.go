package server

import (
	"encoding/hex"
	"errors"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/crypto"

	"pred.dev/proto/chain/chaintest"
)

// TestMarketsRefusedAtStart: the markets service is refused, saying what
// to do, without the operator key, with the redeem key as operator key,
// with a key that is not the oracle Gamma derives from, and with a key
// that is not an admin of the exchanges; the deployer's key passes, and
// the service off needs no key.
func TestMarketsRefusedAtStart(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	e, err := chaintest.NewSimulated(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Close)
	admin, operator := e.Admin.Key, e.Operator.Key
	cfg := func(m MarketsConfig, redeem string) *Config {
		c := &Config{Markets: m, RedeemKey: redeem}
		c.Settle.Deployment = e.D
		return c
	}
	adminHex := "0x" + hex.EncodeToString(crypto.FromECDSA(admin))
	for _, c := range []struct {
		name string
		cfg  *Config
		want string
	}{
		{"no key", cfg(MarketsConfig{On: true}, ""), "-operator-key-file PATH"},
		{"the redeem key", cfg(MarketsConfig{On: true, Key: admin}, adminHex), "give the redeemer a key of its own"},
		{"not the oracle", cfg(MarketsConfig{On: true, Key: operator}, ""), "is not the oracle"},
	} {
		if err := c.cfg.checkMarkets(); !errors.Is(err, ErrMarketsConfig) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want ErrMarketsConfig saying %q", c.name, err, c.want)
		}
	}
	// The operator key named as the oracle passes the first checks, but
	// is no admin of the exchanges: the chain's check refuses it.
	notAdmin := cfg(MarketsConfig{On: true, Key: operator, Oracle: e.Operator.From}, "")
	if err := notAdmin.checkMarkets(); err != nil {
		t.Fatal(err)
	}
	if _, err := newMarkets(ctx, notAdmin, e.Chain.Backend); !errors.Is(err, ErrMarketsConfig) || !strings.Contains(err.Error(), "DEFAULT_ADMIN_ROLE") {
		t.Errorf("a key that is no admin: %v, want ErrMarketsConfig naming DEFAULT_ADMIN_ROLE", err)
	}
	good := cfg(MarketsConfig{On: true, Key: admin}, "")
	if err := good.checkMarkets(); err != nil {
		t.Fatalf("the deployer's key: %v", err)
	}
	if m, err := newMarkets(ctx, good, e.Chain.Backend); err != nil || m == nil || m.Oracle() != e.Admin.From {
		t.Fatalf("the deployer's key: %v, %v", m, err)
	}
	off := cfg(MarketsConfig{}, "")
	if err := off.checkMarkets(); err != nil {
		t.Fatalf("the service off: %v", err)
	}
	if m, err := newMarkets(ctx, off, e.Chain.Backend); m != nil || err != nil {
		t.Fatalf("the service off: %v, %v", m, err)
	}
}
