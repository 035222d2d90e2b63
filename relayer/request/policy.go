package request

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"

	"pred.dev/proto/chain/bind/ctf"
	"pred.dev/proto/chain/bind/multisend"
	"pred.dev/proto/chain/bind/stablecoin"
	"pred.dev/proto/chain/bind/usdw"
	"pred.dev/proto/chain/safewallet"
	"pred.dev/proto/errcode"
)

// MultiSendCallsMax bounds the calls of one MultiSend batch.
const MultiSendCallsMax = 16

// Policy is the allow-list of calls the relayer pays for: a relayer that
// pays gas for any call a wallet signs is a faucet for anyone's
// transactions. A Safe transaction may call, with no value:
//
//   - USDW: approve, transfer, wrap, wrapTo, unwrap, unwrapTo;
//   - the stablecoin under USDW: approve, transfer;
//   - the conditional tokens: setApprovalForAll, splitPosition,
//     mergePositions, redeemPositions, safeTransferFrom;
//
// or delegate-call MultiSendCallOnly's multiSend with a batch of 1 to 16
// such calls (operation 0, value 0). Nothing else: no call to the Safe
// itself (owners, modules, guards), to the exchanges, the factory, or any
// other contract, and no delegate call to anything but MultiSendCallOnly.
// The calldata must decode as the function's arguments.
type Policy struct {
	Collateral, Stablecoin, ConditionalTokens, MultiSendCallOnly common.Address
}

// allowed lists, per target, the functions a wallet may call.
type allowed map[[4]byte]abi.Method

var (
	usdwFuncs       = methods(usdw.USDWMetaData.ABI, "approve", "transfer", "wrap", "wrapTo", "unwrap", "unwrapTo")
	stablecoinFuncs = methods(stablecoin.DevStablecoinMetaData.ABI, "approve", "transfer")
	ctfFuncs        = methods(ctf.ConditionalTokensMetaData.ABI, "setApprovalForAll", "splitPosition", "mergePositions",
		"redeemPositions", "safeTransferFrom")
	multiSendFunc = methods(multisend.MultiSendCallOnlyMetaData.ABI, "multiSend")
)

// Function is one function the relayer pays for: the contract it is on,
// named as the Relayer API's document names it, and its ABI method.
type Function struct {
	Contract string
	Method   abi.Method
}

// Contract names of Functions.
const (
	ContractUSDW              = "USDW"
	ContractStablecoin        = "the stablecoin"
	ContractConditionalTokens = "ConditionalTokens"
	ContractMultiSend         = "MultiSendCallOnly"
)

// AllowedFunctions lists every function the policy lets a wallet call,
// contract by contract (in no order within one): the table the Relayer
// API's document shows, which a test holds to this list.
func AllowedFunctions() []Function {
	var out []Function
	for _, c := range []struct {
		name  string
		funcs allowed
	}{{ContractUSDW, usdwFuncs}, {ContractStablecoin, stablecoinFuncs}, {ContractConditionalTokens, ctfFuncs}, {ContractMultiSend, multiSendFunc}} {
		for _, m := range c.funcs {
			out = append(out, Function{Contract: c.name, Method: m})
		}
	}
	return out
}

func methods(abiJSON string, names ...string) allowed {
	a, err := abi.JSON(strings.NewReader(abiJSON))
	if err != nil {
		panic(err)
	}
	out := allowed{}
	for _, n := range names {
		m, ok := a.Methods[n]
		if !ok {
			panic("request: no method " + n)
		}
		out[[4]byte(m.ID)] = m
	}
	return out
}

// Call is one call of a Safe transaction, or of its MultiSend batch.
type Call struct {
	To   common.Address
	Data []byte
}

// Check holds a Safe transaction's call against the allow-list. The error
// is CALL_NOT_ALLOWED naming the call.
func (p Policy) Check(to common.Address, data []byte, op safewallet.Operation) error {
	_, err := p.Calls(to, data, op)
	return err
}

// Calls checks a Safe transaction's call and returns the calls it makes:
// itself, or the calls of its MultiSend batch.
func (p Policy) Calls(to common.Address, data []byte, op safewallet.Operation) ([]Call, error) {
	if to == p.MultiSendCallOnly && p.MultiSendCallOnly != (common.Address{}) {
		if op != safewallet.DelegateCall {
			return nil, notAllowed("MultiSendCallOnly is delegate-called (operation 1), not called")
		}
		args, err := decode(multiSendFunc, data, "MultiSendCallOnly")
		if err != nil {
			return nil, err
		}
		calls, err := UnpackMultiSend(args[0].([]byte))
		if err != nil {
			return nil, notAllowed("the MultiSend batch: %v", err)
		}
		if len(calls) == 0 || len(calls) > MultiSendCallsMax {
			return nil, notAllowed("a MultiSend batch holds 1 to %d calls, this one %d", MultiSendCallsMax, len(calls))
		}
		out := make([]Call, len(calls))
		for i, c := range calls {
			if c.Operation != safewallet.Call || c.Value.Sign() != 0 {
				return nil, notAllowed("MultiSend call %d: operation 0 and value 0 only", i)
			}
			if err := p.checkCall(c.To, c.Data); err != nil {
				return nil, errcode.Errorf(errcode.CallNotAllowed, "MultiSend call %d: %s", i, err.Error())
			}
			out[i] = Call{c.To, c.Data}
		}
		return out, nil
	}
	if op != safewallet.Call {
		return nil, notAllowed("operation 1 (delegate call) is allowed only to MultiSendCallOnly %s", p.MultiSendCallOnly.Hex())
	}
	if err := p.checkCall(to, data); err != nil {
		return nil, err
	}
	return []Call{{to, data}}, nil
}

func (p Policy) checkCall(to common.Address, data []byte) error {
	var funcs allowed
	var name string
	switch to {
	case p.Collateral:
		funcs, name = usdwFuncs, "USDW"
	case p.Stablecoin:
		funcs, name = stablecoinFuncs, "the stablecoin"
	case p.ConditionalTokens:
		funcs, name = ctfFuncs, "the conditional tokens"
	default:
		return notAllowed("%s is not one of this exchange's contracts the relayer pays for (USDW %s, the stablecoin %s, the conditional tokens %s, MultiSendCallOnly %s)",
			to.Hex(), p.Collateral.Hex(), p.Stablecoin.Hex(), p.ConditionalTokens.Hex(), p.MultiSendCallOnly.Hex())
	}
	_, err := decode(funcs, data, name)
	return err
}

// decode finds data's function among funcs and decodes its arguments
// strictly: the calldata must be exactly their ABI encoding.
func decode(funcs allowed, data []byte, name string) ([]any, error) {
	if len(data) < 4 {
		return nil, notAllowed("calldata to %s has no function selector", name)
	}
	m, ok := funcs[[4]byte(data[:4])]
	if !ok {
		return nil, notAllowed("function 0x%x of %s is not allowed; allowed: %s", data[:4], name, funcNames(funcs))
	}
	args, err := m.Inputs.Unpack(data[4:])
	if err != nil {
		return nil, notAllowed("%s.%s: the arguments do not decode: %v", name, m.Name, err)
	}
	// Unpack tolerates trailing bytes and odd offsets; only the canonical
	// encoding is taken.
	packed, err := m.Inputs.Pack(args...)
	if err != nil || !bytes.Equal(packed, data[4:]) {
		return nil, notAllowed("%s.%s: the calldata is not the exact ABI encoding of its arguments", name, m.Name)
	}
	return args, nil
}

func funcNames(funcs allowed) string {
	var names []string
	for _, m := range funcs {
		names = append(names, m.Name)
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

func notAllowed(format string, args ...any) *errcode.Error {
	return errcode.Errorf(errcode.CallNotAllowed, format, args...)
}

// MultiSendCall is one call of a MultiSend batch.
type MultiSendCall struct {
	Operation safewallet.Operation
	To        common.Address
	Value     *big.Int
	Data      []byte
}

// UnpackMultiSend decodes a MultiSend batch: packed entries of
// operation (1 byte) ‖ to (20) ‖ value (32) ‖ data length (32) ‖ data,
// with nothing after the last entry. It is stricter than the contract,
// which ignores a tail shorter than a word: every byte the contract could
// execute is an entry this decodes.
func UnpackMultiSend(b []byte) ([]MultiSendCall, error) {
	var out []MultiSendCall
	for i := 0; i < len(b); {
		if len(b)-i < 85 {
			return nil, fmt.Errorf("entry at byte %d is cut short", i)
		}
		c := MultiSendCall{Operation: safewallet.Operation(b[i]), To: common.BytesToAddress(b[i+1 : i+21]),
			Value: new(big.Int).SetBytes(b[i+21 : i+53])}
		lenWord := b[i+53 : i+85]
		for _, x := range lenWord[:24] {
			if x != 0 {
				return nil, fmt.Errorf("entry at byte %d: data length out of range", i)
			}
		}
		n := binary.BigEndian.Uint64(lenWord[24:])
		if n > uint64(len(b)-i-85) {
			return nil, fmt.Errorf("entry at byte %d: data length %d past the end", i, n)
		}
		if c.Operation > safewallet.DelegateCall {
			return nil, fmt.Errorf("entry at byte %d: operation %d", i, c.Operation)
		}
		c.Data = b[i+85 : i+85+int(n)]
		out = append(out, c)
		i += 85 + int(n)
	}
	return out, nil
}
