package relayer

import (
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"

	"pred.dev/proto/client/gammaapi"
)

// TestChainFromPublicInfo: every address of Gamma's answer lands in its
// field; an answer without a chain or without multiSendCallOnly (a
// deployment older than it) is refused, naming what is missing.
func TestChainFromPublicInfo(t *testing.T) {
	t.Parallel()
	addr := func(b byte) string { return common.BytesToAddress([]byte{b}).Hex() }
	pi := gammaapi.PublicInfo{Chain: []gammaapi.ChainInfo{{ChainID: 1337}}, Contracts: gammaapi.Contracts{
		ConditionalTokens: addr(1), Exchange: addr(2), NegRiskExchange: addr(3), SafeFactory: addr(4),
		SafeInitCodeHash: common.BytesToHash([]byte{5}).Hex(), Collateral: addr(6), MultiSendCallOnly: addr(7)}}
	c, err := ChainFromPublicInfo(pi)
	if err != nil {
		t.Fatal(err)
	}
	want := Chain{ChainID: 1337, ConditionalTokens: common.BytesToAddress([]byte{1}), Exchange: common.BytesToAddress([]byte{2}),
		NegRiskExchange: common.BytesToAddress([]byte{3}), SafeFactory: common.BytesToAddress([]byte{4}),
		SafeInitCodeHash: common.BytesToHash([]byte{5}), Collateral: common.BytesToAddress([]byte{6}),
		MultiSendCallOnly: common.BytesToAddress([]byte{7})}
	if c != want {
		t.Fatalf("got %+v, want %+v", c, want)
	}
	old := pi
	old.Contracts.MultiSendCallOnly = ""
	if _, err := ChainFromPublicInfo(old); err == nil || !strings.Contains(err.Error(), "multiSendCallOnly") {
		t.Fatalf("without multiSendCallOnly: %v", err)
	}
	none := pi
	none.Chain = nil
	if _, err := ChainFromPublicInfo(none); err == nil || !strings.Contains(err.Error(), "no chain") {
		t.Fatalf("without a chain: %v", err)
	}
}
