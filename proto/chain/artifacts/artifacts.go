// Package artifacts embeds the compiled contracts of the exchange: one
// JSON file per contract with its ABI, creation code and runtime code, as
// build.js writes them (`make contracts`). The Go bindings under bind/
// carry the same code; this package is for what bindings do not give, such
// as the Safe proxy's creation code.
package artifacts

import (
	"embed"
	"encoding/json"
	"fmt"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
)

//go:embed *.json
var files embed.FS

// The artifacts, by contract name.
const (
	ConditionalTokens            = "ConditionalTokens"
	CTFExchange                  = "CTFExchange"
	DevStablecoin                = "DevStablecoin"
	USDW                         = "USDW"
	Safe                         = "Safe"
	SafeProxy                    = "SafeProxy"
	SafeFactory                  = "SafeFactory"
	CompatibilityFallbackHandler = "CompatibilityFallbackHandler"
	MultiSendCallOnly            = "MultiSendCallOnly"
	RedeemModule                 = "RedeemModule"
)

// Artifact is one compiled contract.
type Artifact struct {
	ContractName     string          `json:"contractName"`
	SourceName       string          `json:"sourceName"`
	Compiler         string          `json:"compiler"`
	Settings         json.RawMessage `json:"settings"`
	ABI              json.RawMessage `json:"abi"`
	Bytecode         hexutil.Bytes   `json:"bytecode"`
	DeployedBytecode hexutil.Bytes   `json:"deployedBytecode"`
}

// Load returns the artifact of a contract.
func Load(name string) (*Artifact, error) {
	b, err := files.ReadFile(name + ".json")
	if err != nil {
		return nil, fmt.Errorf("artifacts: no contract %q", name)
	}
	var a Artifact
	if err := json.Unmarshal(b, &a); err != nil {
		return nil, fmt.Errorf("artifacts: %s: %w", name, err)
	}
	return &a, nil
}

// MustLoad is Load for the names above, which are always embedded.
func MustLoad(name string) *Artifact {
	a, err := Load(name)
	if err != nil {
		panic(err)
	}
	return a
}

// SafeProxyCreationCode returns the creation code of the Safe proxy
// without its constructor argument (the singleton address).
func SafeProxyCreationCode() []byte {
	return common.CopyBytes(MustLoad(SafeProxy).Bytecode)
}
