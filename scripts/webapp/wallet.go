package webapp

import (
	"context"
	"crypto/ecdsa"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/ethereum/go-ethereum/accounts"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"
)

// Wallet is a browser wallet for tests: an EIP-1193 provider that the page
// discovers through EIP-6963, as it would a real extension, and that signs
// with Key in Go. It holds no coins and sends no transactions, so an app
// that tries to make its user pay gas fails (4200, unsupported method).
type Wallet struct {
	Key     *ecdsa.PrivateKey
	ChainID uint64
	// Name and RDNS announce the wallet (EIP-6963 info).
	Name, RDNS string
	// RefuseSwitch makes the wallet refuse wallet_switchEthereumChain, as a
	// user who declines does (4001); otherwise it switches to any chain.
	RefuseSwitch bool

	mu    sync.Mutex
	calls []string
}

// Announced names of the test wallet.
const (
	DefaultWalletName = "Pred Test Wallet"
	DefaultWalletRDNS = "dev.pred.testwallet"
)

// exposedName is the Go function the injected provider calls.
const exposedName = "predTestWalletRequest"

// providerScript is the injected provider; it runs before the page's own
// scripts in every document of the target.
//
//go:embed provider.js
var providerScript string

// EIP-1193 error codes the wallet answers with.
const (
	codeUnsupportedMethod = 4200
	codeUserRejected      = 4001
	codeInvalidParams     = -32602
)

// rpcError is an EIP-1193 ProviderRpcError.
type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// reply is what the exposed function returns to the provider: a result
// or an error, which the provider throws as a ProviderRpcError.
type reply struct {
	Result any       `json:"result,omitempty"`
	Error  *rpcError `json:"error,omitempty"`
}

type request struct {
	Method string            `json:"method"`
	Params []json.RawMessage `json:"params"`
}

// Address is the wallet's account.
func (w *Wallet) Address() common.Address { return crypto.PubkeyToAddress(w.Key.PublicKey) }

// Calls lists the methods the page asked for, in order.
func (w *Wallet) Calls() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]string(nil), w.calls...)
}

// Install injects the wallet into the target of ctx, for every document it
// loads from now on. Call it before the first navigation.
func (w *Wallet) Install(ctx context.Context) error {
	if w.Name == "" {
		w.Name, w.RDNS = DefaultWalletName, DefaultWalletRDNS
	}
	if err := chromedp.Do(ctx, chromedp.ExposeFunc(exposedName, w.handle)); err != nil {
		return fmt.Errorf("webapp: expose the wallet: %w", err)
	}
	info, err := json.Marshal(map[string]string{"name": w.Name, "rdns": w.RDNS, "fn": exposedName})
	if err != nil {
		return err
	}
	src := strings.Replace(providerScript, "__PRED_WALLET_INFO__", string(info), 1)
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: src}); err != nil {
		return fmt.Errorf("webapp: inject the wallet: %w", err)
	}
	return nil
}

func (w *Wallet) handle(_ context.Context, req request) (reply, error) {
	w.mu.Lock()
	w.calls = append(w.calls, req.Method)
	w.mu.Unlock()
	res, err := w.answer(req)
	if err != nil {
		var re *rpcError
		if errors.As(err, &re) {
			return reply{Error: re}, nil
		}
		return reply{Error: &rpcError{Code: codeInvalidParams, Message: err.Error()}}, nil
	}
	return reply{Result: res}, nil
}

func (e *rpcError) Error() string { return e.Message }

func (w *Wallet) answer(req request) (any, error) {
	switch req.Method {
	case "eth_requestAccounts", "eth_accounts":
		return []string{w.Address().Hex()}, nil
	case "eth_chainId":
		return hexutil.EncodeUint64(w.chain()), nil
	case "net_version":
		return fmt.Sprint(w.chain()), nil
	case "wallet_switchEthereumChain":
		return w.switchChain(req.Params)
	case "eth_signTypedData_v4":
		return w.signTypedData(req.Params)
	case "personal_sign":
		return w.personalSign(req.Params)
	}
	return nil, &rpcError{Code: codeUnsupportedMethod, Message: "the test wallet does not support " + req.Method}
}

// signTypedData signs [address, typedData as a JSON string], as MetaMask's
// eth_signTypedData_v4 does.
func (w *Wallet) signTypedData(params []json.RawMessage) (string, error) {
	var addr, doc string
	if len(params) != 2 || json.Unmarshal(params[0], &addr) != nil || json.Unmarshal(params[1], &doc) != nil {
		return "", errors.New("eth_signTypedData_v4 takes [address, typed data as a JSON string]")
	}
	if err := w.own(addr); err != nil {
		return "", err
	}
	var td apitypes.TypedData
	if err := json.Unmarshal([]byte(doc), &td); err != nil {
		return "", fmt.Errorf("eth_signTypedData_v4: the typed data: %w", err)
	}
	hash, _, err := apitypes.TypedDataAndHash(td)
	if err != nil {
		return "", fmt.Errorf("eth_signTypedData_v4: %w", err)
	}
	return w.sign(hash)
}

// personalSign signs [message as hex, address] with the EIP-191 prefix.
func (w *Wallet) personalSign(params []json.RawMessage) (string, error) {
	var msg, addr string
	if len(params) != 2 || json.Unmarshal(params[0], &msg) != nil || json.Unmarshal(params[1], &addr) != nil {
		return "", errors.New("personal_sign takes [message as 0x hex, address]")
	}
	if err := w.own(addr); err != nil {
		return "", err
	}
	b, err := hexutil.Decode(msg)
	if err != nil {
		return "", fmt.Errorf("personal_sign: the message: %w", err)
	}
	return w.sign(accounts.TextHash(b))
}

func (w *Wallet) chain() uint64 {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.ChainID
}

// switchChain takes [{chainId: hex}]; the provider emits chainChanged
// once it returns.
func (w *Wallet) switchChain(params []json.RawMessage) (any, error) {
	var p struct {
		ChainID string `json:"chainId"`
	}
	if len(params) != 1 || json.Unmarshal(params[0], &p) != nil {
		return nil, errors.New("wallet_switchEthereumChain takes [{chainId}]")
	}
	id, err := hexutil.DecodeUint64(p.ChainID)
	if err != nil {
		return nil, fmt.Errorf("wallet_switchEthereumChain: chainId: %w", err)
	}
	if w.RefuseSwitch {
		return nil, &rpcError{Code: codeUserRejected, Message: "the user rejected the switch"}
	}
	w.mu.Lock()
	w.ChainID = id
	w.mu.Unlock()
	return nil, nil
}

func (w *Wallet) own(addr string) error {
	if !common.IsHexAddress(addr) || common.HexToAddress(addr) != w.Address() {
		return &rpcError{Code: 4100, Message: fmt.Sprintf("the test wallet holds %s, not %s", w.Address().Hex(), addr)}
	}
	return nil
}

func (w *Wallet) sign(hash []byte) (string, error) {
	sig, err := crypto.Sign(hash, w.Key)
	if err != nil {
		return "", err
	}
	sig[crypto.RecoveryIDOffset] += 27
	return hexutil.Encode(sig), nil
}
