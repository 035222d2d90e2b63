package server_test

import (
	"bytes"
	"encoding/binary"
	"math/big"
	"regexp"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"

	"pred.dev/proto/client/relayer"
	"pred.dev/proto/client/relayerapi"
	"pred.dev/relayer/internal/api"
)

// The Relayer API's document is all an independent client has. These
// tests build Safe transactions from what it says and nothing else of
// ours: the selectors from its table, the batch layout from its
// Batches section (packBatch below follows it line by line), and have
// the relayer execute them on a real chain.

// docSelector is the selector the document's table gives a contract's
// function.
func docSelector(t *testing.T, contract, function string) []byte {
	t.Helper()
	re := regexp.MustCompile("(?m)^    \\| " + regexp.QuoteMeta(contract) + "[^|]* \\| `" + regexp.QuoteMeta(function) + "\\([^)]*\\)` \\| `(0x[0-9a-f]{8})` \\|")
	m := re.FindStringSubmatch(string(api.OpenAPI))
	if m == nil {
		t.Fatalf("the document's table has no %s %s", contract, function)
	}
	return hexutil.MustDecode(m[1])
}

// docCall is one call of a batch as the document lays it out.
type docCall struct {
	to   common.Address
	data []byte
}

// word is a uint256 or a left-padded address, 32 bytes.
func word(v any) []byte {
	w := make([]byte, 32)
	switch x := v.(type) {
	case common.Address:
		copy(w[12:], x[:])
	case uint64:
		binary.BigEndian.PutUint64(w[24:], x)
	case *big.Int:
		x.FillBytes(w)
	case bool:
		if x {
			w[31] = 1
		}
	}
	return w
}

func cat(parts ...[]byte) []byte { return bytes.Join(parts, nil) }

// packBatch is the document's layout: data = multiSend's selector ‖
// uint256(32) ‖ uint256(len(transactions)) ‖ transactions ‖ zero padding
// to 32 bytes; each call operation (1 byte, 0) ‖ to (20 bytes) ‖ value
// (32 bytes, 0) ‖ dataLength (32 bytes) ‖ data.
func packBatch(t *testing.T, calls ...docCall) []byte {
	var txs []byte
	for _, c := range calls {
		txs = cat(txs, []byte{0}, c.to[:], word(uint64(0)), word(uint64(len(c.data))), c.data)
	}
	data := cat(docSelector(t, "MultiSendCallOnly", "multiSend"), word(uint64(32)), word(uint64(len(txs))), txs)
	return cat(data, make([]byte, (32-len(txs)%32)%32))
}

// workedExample is the batch of the document's worked example: each
// line's first field of the code block that starts with multiSend's
// selector, concatenated.
func workedExample(t *testing.T) []byte {
	t.Helper()
	doc := string(api.OpenAPI)
	start := strings.Index(doc, "\n    0x8d80ff0a ")
	if start < 0 {
		t.Fatal("the document has no worked example of a batch")
	}
	var hex strings.Builder
	for _, line := range strings.Split(doc[start+1:], "\n") {
		if strings.TrimSpace(line) == "```" {
			break
		}
		hex.WriteString(strings.Fields(line)[0])
	}
	return hexutil.MustDecode(hex.String())
}

// TestBatchWorkedExample: the document's worked example is what its
// layout gives and what the Go client's onboarding builds.
func TestBatchWorkedExample(t *testing.T) {
	usdw := common.HexToAddress("0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9")
	exchange := common.HexToAddress("0xeB4B9f121088c69A4279e53f2d14dc7242a4E3F8")
	approve := cat(docSelector(t, "USDW", "approve"), word(exchange), word(relayer.MaxUint256))
	example := workedExample(t)
	if fromLayout := packBatch(t, docCall{usdw, approve}); !bytes.Equal(example, fromLayout) {
		t.Errorf("the worked example is\n%x\nits layout gives\n%x", example, fromLayout)
	}
	ch := relayer.Chain{MultiSendCallOnly: common.HexToAddress("0x01")}
	if client := ch.MultiSend([]relayer.Call{relayer.Approve(usdw, exchange, relayer.MaxUint256)}).Data; !bytes.Equal(example, client) {
		t.Errorf("the worked example is\n%x\nthe Go client builds\n%x", example, client)
	}
}

// TestCallsBuiltFromTheDocs: a batch packed by the document's layout
// (a USDW approve and a ConditionalTokens setApprovalForAll) and an
// unwrapping withdrawal (USDW's unwrapTo, the stablecoin to another
// address), each signed as the document says and submitted as a bare
// SubmitRequest, are executed on chain with the effects the table
// describes.
func TestCallsBuiltFromTheDocs(t *testing.T) {
	h := newHarness(t)
	u := h.user()
	ctx := ctxT(t)
	sub, err := u.c.Deploy(ctx)
	if err != nil {
		t.Fatal(err)
	}
	u.wait(t, sub.TransactionID, relayerapi.StateConfirmed)
	env := h.chain.env
	k := env.D.Contracts
	wallet := u.c.Wallet()
	if err := env.Fund(ctx, wallet, big.NewInt(10_000_000)); err != nil {
		t.Fatal(err)
	}
	submit := func(to common.Address, data []byte, op relayer.Operation, nonce int64) relayerapi.Transaction {
		t.Helper()
		sig, err := relayer.SignSafeTx(u.key, env.ChainID, wallet, relayer.SafeTx{To: to, Data: data, Operation: op, Nonce: big.NewInt(nonce)}, relayer.EIP712)
		if err != nil {
			t.Fatal(err)
		}
		zero := common.Address{}.Hex()
		r, err := u.c.Submit(ctx, relayerapi.SubmitRequest{Type: relayerapi.TypeSafe, From: u.addr.Hex(), To: to.Hex(), ProxyWallet: wallet.Hex(),
			Data: hexutil.Encode(data), Nonce: big.NewInt(nonce).String(), Signature: hexutil.Encode(sig),
			SignatureParams: relayerapi.SignatureParams{GasPrice: "0", Operation: big.NewInt(int64(op)).String(), SafeTxnGas: "0", BaseGas: "0",
				GasToken: zero, RefundReceiver: zero}})
		if err != nil {
			t.Fatal(err)
		}
		return u.waitEnd(t, r.TransactionID)
	}
	spender, operator, payee := common.HexToAddress("0xb1"), common.HexToAddress("0xb2"), common.HexToAddress("0xb3")
	batch := packBatch(t,
		docCall{k.Collateral, cat(docSelector(t, "USDW", "approve"), word(spender), word(uint64(5_250_000)))},
		docCall{k.ConditionalTokens, cat(docSelector(t, "ConditionalTokens", "setApprovalForAll"), word(operator), word(true))})
	if tx := submit(k.MultiSendCallOnly, batch, relayer.OpDelegateCall, 0); tx.State != relayerapi.StateConfirmed {
		t.Fatalf("the batch built from the document: %+v", tx)
	}
	call := &bind.CallOpts{Context: ctx}
	if a, err := env.USDW.Allowance(call, wallet, spender); err != nil || a.Uint64() != 5_250_000 {
		t.Errorf("the batch's USDW approve: allowance %v, %v", a, err)
	}
	if ok, err := env.CTF.IsApprovedForAll(call, wallet, operator); err != nil || !ok {
		t.Errorf("the batch's setApprovalForAll: %v, %v", ok, err)
	}
	withdrawal := cat(docSelector(t, "USDW", "unwrapTo"), word(payee), word(uint64(4_000_000)))
	if tx := submit(k.Collateral, withdrawal, relayer.OpCall, 1); tx.State != relayerapi.StateConfirmed {
		t.Fatalf("the withdrawal built from the document: %+v", tx)
	}
	if b, err := env.Stablecoin.BalanceOf(call, payee); err != nil || b.Uint64() != 4_000_000 {
		t.Errorf("the payee's stablecoin after unwrapTo: %v, %v", b, err)
	}
	if b, err := env.USDWOf(ctx, wallet); err != nil || b.Uint64() != 6_000_000 {
		t.Errorf("the wallet's USDW after unwrapTo: %v, %v", b, err)
	}
}
