package request_test

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"math/big"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"pred.dev/proto/chain/safewallet"
	"pred.dev/proto/client/relayer"
	"pred.dev/proto/client/relayerapi"
	"pred.dev/proto/errcode"
	"pred.dev/relayer/request"
)

// The fuzz targets hold request's parsers to three properties on any
// input: they do not panic; what they refuse they refuse with one of the
// codes the Relayer API documents for a submission, the same code and
// message each time; and what they take survives a round trip (the
// normalized submission parses again to the same request, its JSON
// decodes to itself, a MultiSend batch packs back to its bytes). Run one
// with `go test -run='^$' -fuzz=FuzzParse -fuzztime=60s ./request/`; a
// crasher it finds is kept in testdata/fuzz and runs with the tests.

// submitCodes are the codes a refused submission may carry.
var submitCodes = []errcode.Code{errcode.InvalidPayload, errcode.InvalidAddress, errcode.InvalidProxyWallet,
	errcode.InvalidSafeSignature, errcode.InvalidSignatureParams, errcode.UnsupportedTransactionType, errcode.CallNotAllowed}

// checkRefusal fails unless err is an *errcode.Error with a submission
// code, and again returns the same error.
func checkRefusal(t *testing.T, what string, err error, again func() error) {
	t.Helper()
	var e *errcode.Error
	if !errors.As(err, &e) || !slices.Contains(submitCodes, e.Code) || e.Message == "" {
		t.Fatalf("%s: refused with %T %v, not a submission code", what, err, err)
	}
	if err2 := again(); err2 == nil || err2.Error() != err.Error() || errcode.CodeOf(err2) != e.Code {
		t.Fatalf("%s: refused as %s %q, then %v", what, e.Code, err, err2)
	}
}

// fuzzClient is a client with a fixed key, so that the seeds are the same
// on every run.
func fuzzClient(tb testing.TB, seed string, form relayer.SigForm) *relayer.Client {
	key, err := crypto.ToECDSA(crypto.Keccak256([]byte("request fuzz seed " + seed)))
	if err != nil {
		tb.Fatal(err)
	}
	return relayer.New("http://unused", relayer.WithPrivateKey(key), relayer.WithChain(clientChain()), relayer.WithSigForm(form))
}

// seedRequests are valid submissions of every kind and form, and the
// refused variants the unit tests name.
func seedRequests(f *testing.F) []relayerapi.SubmitRequest {
	f.Helper()
	var out []relayerapi.SubmitRequest
	ch := clientChain()
	for i, form := range []relayer.SigForm{relayer.EIP712, relayer.EthSign} {
		c := fuzzClient(f, string(rune('a'+i)), form)
		create, err := c.DeployRequest()
		if err != nil {
			f.Fatal(err)
		}
		approve, err := c.SafeRequest(c.Tx(big.NewInt(3), relayer.Approve(collateral, exchange, relayer.MaxUint256)))
		if err != nil {
			f.Fatal(err)
		}
		batch, err := c.SafeRequest(c.Tx(big.NewInt(0), ch.TradingApprovals()...))
		if err != nil {
			f.Fatal(err)
		}
		transfer, err := c.SafeRequest(c.Tx(big.NewInt(1), relayer.Transfer(collateral, exchange, big.NewInt(7))))
		if err != nil {
			f.Fatal(err)
		}
		out = append(out, create, approve, batch, transfer)
	}
	good := out[1]
	for _, mod := range []func(*relayerapi.SubmitRequest){
		func(s *relayerapi.SubmitRequest) { s.Type = "PROXY" },
		func(s *relayerapi.SubmitRequest) { s.From = "0x12" },
		func(s *relayerapi.SubmitRequest) { s.ProxyWallet = exchange.Hex() },
		func(s *relayerapi.SubmitRequest) { s.Signature = s.Signature[:130] + "01" },
		func(s *relayerapi.SubmitRequest) { s.Signature = twin(s.Signature) },
		func(s *relayerapi.SubmitRequest) { s.Nonce = "-1" },
		func(s *relayerapi.SubmitRequest) { s.Value = "1" },
		func(s *relayerapi.SubmitRequest) { s.SignatureParams.Operation = "1" },
		func(s *relayerapi.SubmitRequest) { s.SignatureParams.GasToken = "0x" },
		func(s *relayerapi.SubmitRequest) { s.Data = "0xzz" },
	} {
		s := good
		mod(&s)
		out = append(out, s)
	}
	return out
}

// checkParsed holds a parsed request to its round trips: its wire form
// parses again to the same request, and the wire form's JSON decodes to
// itself.
func checkParsed(t *testing.T, r *request.Request) {
	t.Helper()
	again, err := request.Parse(r.Wire, env())
	if err != nil {
		t.Fatalf("the normalized submission %+v is refused: %v", r.Wire, err)
	}
	if !reflect.DeepEqual(again, r) {
		t.Fatalf("the normalized submission parses to another request:\n%+v\n%+v", r, again)
	}
	if r.Key(chainID) != again.Key(chainID) {
		t.Fatal("the normalized submission has another key")
	}
	body, err := json.Marshal(r.Wire)
	if err != nil {
		t.Fatal(err)
	}
	decoded, err := request.Decode(body)
	if err != nil {
		t.Fatalf("the normalized submission's JSON %s is refused: %v", body, err)
	}
	if !reflect.DeepEqual(decoded, r.Wire) {
		t.Fatalf("the normalized submission's JSON decodes to another one:\n%+v\n%+v", r.Wire, decoded)
	}
}

// FuzzDecode: a POST /submit body, read as the API reads it.
func FuzzDecode(f *testing.F) {
	for _, s := range seedRequests(f) {
		b, err := json.Marshal(s)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
		f.Add(bytes.Replace(b, []byte(`"from":`), []byte(`"From":`), 1))
		f.Add(bytes.Replace(b, []byte(`"payment":"0"`), []byte(`"payment":""`), 1))
		f.Add(append(slices.Clone(b), b...))
	}
	f.Add([]byte(`null`))
	f.Add([]byte(`{}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		in, err := request.Decode(body)
		if err != nil {
			checkRefusal(t, "Decode", err, func() error { _, err := request.Decode(body); return err })
			return
		}
		r, err := request.Parse(in, env())
		if err != nil {
			checkRefusal(t, "Parse", err, func() error { _, err := request.Parse(in, env()); return err })
			return
		}
		checkParsed(t, r)
	})
}

// FuzzParse: a decoded submission's fields, each free.
func FuzzParse(f *testing.F) {
	for _, s := range seedRequests(f) {
		p := s.SignatureParams
		f.Add(s.Type, s.From, s.To, s.ProxyWallet, s.Data, s.Nonce, s.Value, s.Signature, s.Metadata,
			p.Operation, p.GasPrice, p.GasToken, p.PaymentToken, p.Payment)
	}
	f.Fuzz(func(t *testing.T, typ, from, to, proxy, data, nonce, value, sig, metadata, op, gasPrice, gasToken, payToken, payment string) {
		in := relayerapi.SubmitRequest{Type: typ, From: from, To: to, ProxyWallet: proxy, Data: data, Nonce: nonce, Value: value,
			Signature: sig, Metadata: metadata, SignatureParams: relayerapi.SignatureParams{Operation: op, GasPrice: gasPrice,
				GasToken: gasToken, PaymentToken: payToken, Payment: payment}}
		r, err := request.Parse(in, env())
		if err != nil {
			checkRefusal(t, "Parse", err, func() error { _, err := request.Parse(in, env()); return err })
			return
		}
		checkParsed(t, r)
	})
}

// packMultiSend is UnpackMultiSend's inverse.
func packMultiSend(calls []request.MultiSendCall) []byte {
	var b []byte
	for _, c := range calls {
		b = append(b, byte(c.Operation))
		b = append(b, c.To[:]...)
		b = append(b, c.Value.FillBytes(make([]byte, 32))...)
		var n [32]byte
		binary.BigEndian.PutUint64(n[24:], uint64(len(c.Data)))
		b = append(b, n[:]...)
		b = append(b, c.Data...)
	}
	return b
}

// FuzzUnpackMultiSend: a MultiSend batch's packed entries. Every byte is
// an entry's, so a batch that unpacks packs back to the same bytes.
func FuzzUnpackMultiSend(f *testing.F) {
	ch := clientChain()
	tx := ch.MultiSend(ch.TradingApprovals())
	args, err := multiSendArgs(tx.Data)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(args)
	f.Add(args[:100])
	f.Add(append(slices.Clone(args), 0))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, b []byte) {
		calls, err := request.UnpackMultiSend(b)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "entry at byte ") {
				t.Fatalf("refused with %q, which does not name the entry", err)
			}
			return
		}
		if got := packMultiSend(calls); !bytes.Equal(got, b) {
			t.Fatalf("unpacked %d calls that pack to other bytes:\n%x\n%x", len(calls), b, got)
		}
	})
}

// multiSendCall is the ABI encoding of multiSend(packed).
func multiSendCall(packed []byte) []byte {
	word := func(n int) []byte { return new(big.Int).SetUint64(uint64(n)).FillBytes(make([]byte, 32)) }
	data := append(crypto.Keccak256([]byte("multiSend(bytes)"))[:4], word(32)...)
	data = append(data, word(len(packed))...)
	data = append(data, packed...)
	if pad := len(packed) % 32; pad != 0 {
		data = append(data, make([]byte, 32-pad)...)
	}
	return data
}

// multiSendArgs returns the packed batch a multiSend(bytes) call carries.
func multiSendArgs(data []byte) ([]byte, error) {
	if len(data) < 4+64 {
		return nil, errors.New("short multiSend call")
	}
	n := new(big.Int).SetBytes(data[4+32 : 4+64]).Uint64()
	return data[4+64 : 4+64+n], nil
}

// FuzzPolicyCalls: a Safe transaction's call held against the allow-list.
// A call it allows is one of the allowed contracts' exact ABI encodings,
// or a MultiSend batch of them that packs back to the same calldata.
func FuzzPolicyCalls(f *testing.F) {
	ch := clientChain()
	batch := ch.MultiSend(ch.TradingApprovals())
	approve := relayer.Approve(collateral, exchange, big.NewInt(5))
	f.Add(multiSend.Bytes(), batch.Data, uint8(1))
	f.Add(multiSend.Bytes(), batch.Data, uint8(0))
	f.Add(collateral.Bytes(), approve.Data, uint8(0))
	f.Add(collateral.Bytes(), append(slices.Clone(approve.Data), 0), uint8(0))
	f.Add(ctfAddr.Bytes(), ch.TradingApprovals()[1].Data, uint8(0))
	f.Add(exchange.Bytes(), []byte{0x62, 0x7c, 0xdc, 0xb9}, uint8(0))
	f.Fuzz(func(t *testing.T, toBytes, data []byte, op uint8) {
		to := common.BytesToAddress(toBytes)
		p := env().Policy
		calls, err := p.Calls(to, data, safewallet.Operation(op))
		if err != nil {
			checkRefusal(t, "Calls", err, func() error { _, err := p.Calls(to, data, safewallet.Operation(op)); return err })
			if errcode.CodeOf(err) != errcode.CallNotAllowed {
				t.Fatalf("refused with %s, not CALL_NOT_ALLOWED", errcode.CodeOf(err))
			}
			return
		}
		if to != multiSend {
			if len(calls) != 1 || calls[0].To != to || !bytes.Equal(calls[0].Data, data) {
				t.Fatalf("a single call became %+v", calls)
			}
			return
		}
		entries := make([]request.MultiSendCall, len(calls))
		for i, c := range calls {
			entries[i] = request.MultiSendCall{Operation: safewallet.Call, To: c.To, Value: new(big.Int), Data: c.Data}
		}
		if got := multiSendCall(packMultiSend(entries)); !bytes.Equal(got, data) {
			t.Fatalf("the batch's %d calls pack to other calldata:\n%x\n%x", len(calls), data, got)
		}
	})
}
