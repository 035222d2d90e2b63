// Package chainerr decodes why a call to the exchange's contracts
// reverted: a custom error of one of their ABIs (CTFExchange's
// NotCrossing(bytes32), OpenZeppelin's AccessControlUnauthorizedAccount,
// ...), a reason string (ConditionalTokens and Safe revert with strings)
// or a panic code.
package chainerr

import (
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/rpc"

	"pred.dev/proto/chain/bind/ctf"
	"pred.dev/proto/chain/bind/exchange"
	"pred.dev/proto/chain/bind/redeemmodule"
	"pred.dev/proto/chain/bind/safe"
	"pred.dev/proto/chain/bind/safefactory"
	"pred.dev/proto/chain/bind/stablecoin"
	"pred.dev/proto/chain/bind/usdw"
)

// Revert is a decoded revert.
type Revert struct {
	// Name is the custom error's name, "Error" for a reason string and
	// "Panic" for a panic; empty if the data matched nothing known.
	Name string
	// Args are the error's arguments: for "Error" the reason string.
	Args []any
	// Data is the raw revert data.
	Data []byte
}

func (r *Revert) String() string {
	if r.Name == "" {
		return "revert " + hexutil.Encode(r.Data)
	}
	args := make([]string, len(r.Args))
	for i, a := range r.Args {
		switch v := a.(type) {
		case [32]byte:
			args[i] = hexutil.Encode(v[:])
		case string:
			args[i] = fmt.Sprintf("%q", v)
		default:
			args[i] = fmt.Sprint(v)
		}
	}
	return r.Name + "(" + strings.Join(args, ", ") + ")"
}

// Reason returns the reason string of an Error(string) revert.
func (r *Revert) Reason() string {
	if r.Name == "Error" && len(r.Args) == 1 {
		s, _ := r.Args[0].(string)
		return s
	}
	return ""
}

// panicSelector is the selector of Panic(uint256).
var panicSelector = [4]byte{0x4e, 0x48, 0x7b, 0x71}

var (
	once   sync.Once
	errABI map[[4]byte]abi.Error
)

func load() {
	errABI = map[[4]byte]abi.Error{}
	for _, md := range []string{
		exchange.CTFExchangeMetaData.ABI, safefactory.SafeFactoryMetaData.ABI, usdw.USDWMetaData.ABI,
		stablecoin.DevStablecoinMetaData.ABI, ctf.ConditionalTokensMetaData.ABI, safe.SafeMetaData.ABI, redeemmodule.RedeemModuleMetaData.ABI,
	} {
		a, err := abi.JSON(strings.NewReader(md))
		if err != nil {
			panic(err)
		}
		for _, e := range a.Errors {
			var id [4]byte
			copy(id[:], e.ID[:4])
			errABI[id] = e
		}
	}
}

// Decode decodes revert data.
func Decode(data []byte) *Revert {
	once.Do(load)
	r := &Revert{Data: data}
	if len(data) < 4 {
		return r
	}
	var id [4]byte
	copy(id[:], data[:4])
	if reason, err := abi.UnpackRevert(data); err == nil {
		r.Name, r.Args = "Error", []any{reason}
		if id == panicSelector {
			r.Name = "Panic"
		}
		return r
	}
	if e, ok := errABI[id]; ok {
		if args, err := e.Inputs.Unpack(data[4:]); err == nil {
			r.Name, r.Args = e.Name, args
		}
	}
	return r
}

// FromError finds the revert data in an error of a call, a gas estimate
// or a transaction submission, as JSON-RPC clients (and the simulated
// backend's) report it.
func FromError(err error) (*Revert, bool) {
	var de rpc.DataError
	if !errors.As(err, &de) {
		return nil, false
	}
	s, ok := de.ErrorData().(string)
	if !ok {
		return nil, false
	}
	data, derr := hexutil.Decode(s)
	if derr != nil {
		return nil, false
	}
	return Decode(data), true
}

// Is reports whether err is a revert with the custom error name, or, for
// a reason-string revert, whether its reason is name.
func Is(err error, name string) bool {
	r, ok := FromError(err)
	return ok && (r.Name == name || (r.Name == "Error" && r.Reason() == name))
}

// Describe returns err's revert as text ("NotCrossing(0x…)"), or err's
// own text when it carries no revert data.
func Describe(err error) string {
	if r, ok := FromError(err); ok {
		return r.String()
	}
	return err.Error()
}
