// Code generated - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package redeemmodule

import (
	"context"
	"errors"
	"math/big"
	"strings"
	"time"

	ethereum "github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/event"
)

// Reference imports to suppress errors if they are not otherwise used.
var (
	_ = errors.New
	_ = big.NewInt
	_ = strings.NewReader
	_ = ethereum.NotFound
	_ = bind.Bind
	_ = common.Big1
	_ = types.BloomLookup
	_ = event.NewSubscription
	_ = abi.ConvertType
	_ = time.Tick
	_ = context.Background
)

// RedeemModuleMetaData contains all meta data concerning the RedeemModule contract.
var RedeemModuleMetaData = &bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"conditionalTokens_\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"collateral_\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[],\"name\":\"NotDelegateCall\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"conditionId\",\"type\":\"bytes32\"}],\"name\":\"NotResolved\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"safe\",\"type\":\"address\"},{\"internalType\":\"bytes32\",\"name\":\"conditionId\",\"type\":\"bytes32\"}],\"name\":\"RedeemFailed\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"safe\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"conditionId\",\"type\":\"bytes32\"}],\"name\":\"Redeemed\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"collateral\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"conditionalTokens\",\"outputs\":[{\"internalType\":\"contractIConditionalTokensRedeem\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"enable\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"safe\",\"type\":\"address\"},{\"internalType\":\"bytes32\",\"name\":\"conditionId\",\"type\":\"bytes32\"}],\"name\":\"redeem\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address[]\",\"name\":\"safes\",\"type\":\"address[]\"},{\"internalType\":\"bytes32\",\"name\":\"conditionId\",\"type\":\"bytes32\"}],\"name\":\"redeemMany\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"self\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"}]",
	Bin: "0x60e060405234801561000f575f5ffd5b5060405161079c38038061079c83398101604081905261002e91610064565b6001600160a01b039182166080521660a0523060c052610095565b80516001600160a01b038116811461005f575f5ffd5b919050565b5f5f60408385031215610075575f5ffd5b61007e83610049565b915061008c60208401610049565b90509250929050565b60805160a05160c0516106bd6100df5f395f818160ac0152818161012f015261018501525f818160f001526102fd01525f81816069015281816101fa015261037901526106bd5ff3fe608060405234801561000f575f5ffd5b5060043610610060575f3560e01c80635bd9e299146100645780637104ddb2146100a7578063a3907d71146100ce578063c85c8925146100d8578063d8dfeb45146100eb578063eb7bc42114610112575b5f5ffd5b61008b7f000000000000000000000000000000000000000000000000000000000000000081565b6040516001600160a01b03909116815260200160405180910390f35b61008b7f000000000000000000000000000000000000000000000000000000000000000081565b6100d6610125565b005b6100d66100e63660046104ae565b6101e4565b61008b7f000000000000000000000000000000000000000000000000000000000000000081565b6100d66101203660046104d6565b610451565b6001600160a01b037f000000000000000000000000000000000000000000000000000000000000000016300361016e576040516327844c6960e11b815260040160405180910390fd5b60405163610b592560e01b81526001600160a01b037f0000000000000000000000000000000000000000000000000000000000000000166004820152309063610b5925906024015f604051808303815f87803b1580156101cc575f5ffd5b505af11580156101de573d5f5f3e3d5ffd5b50505050565b60405163dd34de6760e01b8152600481018290527f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03169063dd34de6790602401602060405180830381865afa158015610247573d5f5f3e3d5ffd5b505050506040513d601f19601f8201168201806040525081019061026b919061054b565b5f0361029257604051632f0dd9af60e01b8152600481018290526024015b60405180910390fd5b6040805160028082526060820183525f926020830190803683370190505090506001815f815181106102c6576102c6610562565b6020026020010181815250506002816001815181106102e7576102e7610562565b60209081029190910101526040515f9061032b907f000000000000000000000000000000000000000000000000000000000000000090839086908690602401610576565b60408051601f198184030181529181526020820180516001600160e01b0316626dc0df60e21b1790525163468721a760e01b81529091506001600160a01b0385169063468721a7906103a7907f0000000000000000000000000000000000000000000000000000000000000000905f90869082906004016105da565b6020604051808303815f875af11580156103c3573d5f5f3e3d5ffd5b505050506040513d601f19601f820116820180604052508101906103e79190610648565b61041657604051630b1e654560e41b81526001600160a01b038516600482015260248101849052604401610289565b60405183906001600160a01b038616907f851665af6e4e9430c7ecdf760410892dc4e51270dd981b9be1c39c7eb457a0ab905f90a350505050565b5f5b828110156101de5761048b84848381811061047057610470610562565b9050602002016020810190610485919061066e565b836101e4565b600101610453565b80356001600160a01b03811681146104a9575f5ffd5b919050565b5f5f604083850312156104bf575f5ffd5b6104c883610493565b946020939093013593505050565b5f5f5f604084860312156104e8575f5ffd5b833567ffffffffffffffff8111156104fe575f5ffd5b8401601f8101861361050e575f5ffd5b803567ffffffffffffffff811115610524575f5ffd5b8660208260051b8401011115610538575f5ffd5b6020918201979096509401359392505050565b5f6020828403121561055b575f5ffd5b5051919050565b634e487b7160e01b5f52603260045260245ffd5b6001600160a01b038516815260208082018590526040820184905260806060830181905283519083018190525f9184019060a0840190835b818110156105cc5783518352602093840193909201916001016105ae565b509098975050505050505050565b60018060a01b0385168152836020820152608060408201525f8351806080840152806020860160a085015e5f60a0828501015260a0601f19601f8301168401019150506002831061063957634e487b7160e01b5f52602160045260245ffd5b82606083015295945050505050565b5f60208284031215610658575f5ffd5b81518015158114610667575f5ffd5b9392505050565b5f6020828403121561067e575f5ffd5b6106678261049356fea2646970667358221220b5931a8b2819206141e098f53190bab344c10c06b635f347193abd661ea8314564736f6c63430008250033",
}

// RedeemModuleABI is the input ABI used to generate the binding from.
// Deprecated: Use RedeemModuleMetaData.ABI instead.
var RedeemModuleABI = RedeemModuleMetaData.ABI

// RedeemModuleBin is the compiled bytecode used for deploying new contracts.
// Deprecated: Use RedeemModuleMetaData.Bin instead.
var RedeemModuleBin = RedeemModuleMetaData.Bin

// DeployRedeemModule deploys a new Ethereum contract, binding an instance of RedeemModule to it.
func DeployRedeemModule(auth *bind.TransactOpts, backend bind.ContractBackend, conditionalTokens_ common.Address, collateral_ common.Address) (common.Address, *types.Transaction, *RedeemModule, error) {
	parsed, err := RedeemModuleMetaData.GetAbi()
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	if parsed == nil {
		return common.Address{}, nil, nil, errors.New("GetABI returned nil")
	}

	address, tx, contract, err := bind.DeployContract(auth, *parsed, common.FromHex(RedeemModuleBin), backend, conditionalTokens_, collateral_)
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	return address, tx, &RedeemModule{RedeemModuleCaller: RedeemModuleCaller{contract: contract}, RedeemModuleTransactor: RedeemModuleTransactor{contract: contract}, RedeemModuleFilterer: RedeemModuleFilterer{contract: contract}}, nil
}

// RedeemModule is an auto generated Go binding around an Ethereum contract.
type RedeemModule struct {
	RedeemModuleCaller     // Read-only binding to the contract
	RedeemModuleTransactor // Write-only binding to the contract
	RedeemModuleFilterer   // Log filterer for contract events
}

// RedeemModuleCaller is an auto generated read-only Go binding around an Ethereum contract.
type RedeemModuleCaller struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// RedeemModuleTransactor is an auto generated write-only Go binding around an Ethereum contract.
type RedeemModuleTransactor struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// RedeemModuleFilterer is an auto generated log filtering Go binding around an Ethereum contract events.
type RedeemModuleFilterer struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// RedeemModuleSession is an auto generated Go binding around an Ethereum contract,
// with pre-set call and transact options.
type RedeemModuleSession struct {
	Contract     *RedeemModule     // Generic contract binding to set the session for
	CallOpts     bind.CallOpts     // Call options to use throughout this session
	TransactOpts bind.TransactOpts // Transaction auth options to use throughout this session
}

// RedeemModuleCallerSession is an auto generated read-only Go binding around an Ethereum contract,
// with pre-set call options.
type RedeemModuleCallerSession struct {
	Contract *RedeemModuleCaller // Generic contract caller binding to set the session for
	CallOpts bind.CallOpts       // Call options to use throughout this session
}

// RedeemModuleTransactorSession is an auto generated write-only Go binding around an Ethereum contract,
// with pre-set transact options.
type RedeemModuleTransactorSession struct {
	Contract     *RedeemModuleTransactor // Generic contract transactor binding to set the session for
	TransactOpts bind.TransactOpts       // Transaction auth options to use throughout this session
}

// RedeemModuleRaw is an auto generated low-level Go binding around an Ethereum contract.
type RedeemModuleRaw struct {
	Contract *RedeemModule // Generic contract binding to access the raw methods on
}

// RedeemModuleCallerRaw is an auto generated low-level read-only Go binding around an Ethereum contract.
type RedeemModuleCallerRaw struct {
	Contract *RedeemModuleCaller // Generic read-only contract binding to access the raw methods on
}

// RedeemModuleTransactorRaw is an auto generated low-level write-only Go binding around an Ethereum contract.
type RedeemModuleTransactorRaw struct {
	Contract *RedeemModuleTransactor // Generic write-only contract binding to access the raw methods on
}

// NewRedeemModule creates a new instance of RedeemModule, bound to a specific deployed contract.
func NewRedeemModule(address common.Address, backend bind.ContractBackend) (*RedeemModule, error) {
	contract, err := bindRedeemModule(address, backend, backend, backend)
	if err != nil {
		return nil, err
	}
	return &RedeemModule{RedeemModuleCaller: RedeemModuleCaller{contract: contract}, RedeemModuleTransactor: RedeemModuleTransactor{contract: contract}, RedeemModuleFilterer: RedeemModuleFilterer{contract: contract}}, nil
}

// NewRedeemModuleCaller creates a new read-only instance of RedeemModule, bound to a specific deployed contract.
func NewRedeemModuleCaller(address common.Address, caller bind.ContractCaller) (*RedeemModuleCaller, error) {
	contract, err := bindRedeemModule(address, caller, nil, nil)
	if err != nil {
		return nil, err
	}
	return &RedeemModuleCaller{contract: contract}, nil
}

// NewRedeemModuleTransactor creates a new write-only instance of RedeemModule, bound to a specific deployed contract.
func NewRedeemModuleTransactor(address common.Address, transactor bind.ContractTransactor) (*RedeemModuleTransactor, error) {
	contract, err := bindRedeemModule(address, nil, transactor, nil)
	if err != nil {
		return nil, err
	}
	return &RedeemModuleTransactor{contract: contract}, nil
}

// NewRedeemModuleFilterer creates a new log filterer instance of RedeemModule, bound to a specific deployed contract.
func NewRedeemModuleFilterer(address common.Address, filterer bind.ContractFilterer) (*RedeemModuleFilterer, error) {
	contract, err := bindRedeemModule(address, nil, nil, filterer)
	if err != nil {
		return nil, err
	}
	return &RedeemModuleFilterer{contract: contract}, nil
}

// bindRedeemModule binds a generic wrapper to an already deployed contract.
func bindRedeemModule(address common.Address, caller bind.ContractCaller, transactor bind.ContractTransactor, filterer bind.ContractFilterer) (*bind.BoundContract, error) {
	parsed, err := RedeemModuleMetaData.GetAbi()
	if err != nil {
		return nil, err
	}
	return bind.NewBoundContract(address, *parsed, caller, transactor, filterer), nil
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_RedeemModule *RedeemModuleRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _RedeemModule.Contract.RedeemModuleCaller.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_RedeemModule *RedeemModuleRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _RedeemModule.Contract.RedeemModuleTransactor.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_RedeemModule *RedeemModuleRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _RedeemModule.Contract.RedeemModuleTransactor.contract.Transact(opts, method, params...)
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_RedeemModule *RedeemModuleCallerRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _RedeemModule.Contract.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_RedeemModule *RedeemModuleTransactorRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _RedeemModule.Contract.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_RedeemModule *RedeemModuleTransactorRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _RedeemModule.Contract.contract.Transact(opts, method, params...)
}

// Collateral is a free data retrieval call binding the contract method 0xd8dfeb45.
//
// Solidity: function collateral() view returns(address)
func (_RedeemModule *RedeemModuleCaller) Collateral(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _RedeemModule.contract.Call(opts, &out, "collateral")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// Collateral is a free data retrieval call binding the contract method 0xd8dfeb45.
//
// Solidity: function collateral() view returns(address)
func (_RedeemModule *RedeemModuleSession) Collateral() (common.Address, error) {
	return _RedeemModule.Contract.Collateral(&_RedeemModule.CallOpts)
}

// Collateral is a free data retrieval call binding the contract method 0xd8dfeb45.
//
// Solidity: function collateral() view returns(address)
func (_RedeemModule *RedeemModuleCallerSession) Collateral() (common.Address, error) {
	return _RedeemModule.Contract.Collateral(&_RedeemModule.CallOpts)
}

// ConditionalTokens is a free data retrieval call binding the contract method 0x5bd9e299.
//
// Solidity: function conditionalTokens() view returns(address)
func (_RedeemModule *RedeemModuleCaller) ConditionalTokens(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _RedeemModule.contract.Call(opts, &out, "conditionalTokens")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// ConditionalTokens is a free data retrieval call binding the contract method 0x5bd9e299.
//
// Solidity: function conditionalTokens() view returns(address)
func (_RedeemModule *RedeemModuleSession) ConditionalTokens() (common.Address, error) {
	return _RedeemModule.Contract.ConditionalTokens(&_RedeemModule.CallOpts)
}

// ConditionalTokens is a free data retrieval call binding the contract method 0x5bd9e299.
//
// Solidity: function conditionalTokens() view returns(address)
func (_RedeemModule *RedeemModuleCallerSession) ConditionalTokens() (common.Address, error) {
	return _RedeemModule.Contract.ConditionalTokens(&_RedeemModule.CallOpts)
}

// Self is a free data retrieval call binding the contract method 0x7104ddb2.
//
// Solidity: function self() view returns(address)
func (_RedeemModule *RedeemModuleCaller) Self(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _RedeemModule.contract.Call(opts, &out, "self")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// Self is a free data retrieval call binding the contract method 0x7104ddb2.
//
// Solidity: function self() view returns(address)
func (_RedeemModule *RedeemModuleSession) Self() (common.Address, error) {
	return _RedeemModule.Contract.Self(&_RedeemModule.CallOpts)
}

// Self is a free data retrieval call binding the contract method 0x7104ddb2.
//
// Solidity: function self() view returns(address)
func (_RedeemModule *RedeemModuleCallerSession) Self() (common.Address, error) {
	return _RedeemModule.Contract.Self(&_RedeemModule.CallOpts)
}

// Enable is a paid mutator transaction binding the contract method 0xa3907d71.
//
// Solidity: function enable() returns()
func (_RedeemModule *RedeemModuleTransactor) Enable(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _RedeemModule.contract.Transact(opts, "enable")
}

// Enable is a paid mutator transaction binding the contract method 0xa3907d71.
//
// Solidity: function enable() returns()
func (_RedeemModule *RedeemModuleSession) Enable() (*types.Transaction, error) {
	return _RedeemModule.Contract.Enable(&_RedeemModule.TransactOpts)
}

// Enable is a paid mutator transaction binding the contract method 0xa3907d71.
//
// Solidity: function enable() returns()
func (_RedeemModule *RedeemModuleTransactorSession) Enable() (*types.Transaction, error) {
	return _RedeemModule.Contract.Enable(&_RedeemModule.TransactOpts)
}

// Redeem is a paid mutator transaction binding the contract method 0xc85c8925.
//
// Solidity: function redeem(address safe, bytes32 conditionId) returns()
func (_RedeemModule *RedeemModuleTransactor) Redeem(opts *bind.TransactOpts, safe common.Address, conditionId [32]byte) (*types.Transaction, error) {
	return _RedeemModule.contract.Transact(opts, "redeem", safe, conditionId)
}

// Redeem is a paid mutator transaction binding the contract method 0xc85c8925.
//
// Solidity: function redeem(address safe, bytes32 conditionId) returns()
func (_RedeemModule *RedeemModuleSession) Redeem(safe common.Address, conditionId [32]byte) (*types.Transaction, error) {
	return _RedeemModule.Contract.Redeem(&_RedeemModule.TransactOpts, safe, conditionId)
}

// Redeem is a paid mutator transaction binding the contract method 0xc85c8925.
//
// Solidity: function redeem(address safe, bytes32 conditionId) returns()
func (_RedeemModule *RedeemModuleTransactorSession) Redeem(safe common.Address, conditionId [32]byte) (*types.Transaction, error) {
	return _RedeemModule.Contract.Redeem(&_RedeemModule.TransactOpts, safe, conditionId)
}

// RedeemMany is a paid mutator transaction binding the contract method 0xeb7bc421.
//
// Solidity: function redeemMany(address[] safes, bytes32 conditionId) returns()
func (_RedeemModule *RedeemModuleTransactor) RedeemMany(opts *bind.TransactOpts, safes []common.Address, conditionId [32]byte) (*types.Transaction, error) {
	return _RedeemModule.contract.Transact(opts, "redeemMany", safes, conditionId)
}

// RedeemMany is a paid mutator transaction binding the contract method 0xeb7bc421.
//
// Solidity: function redeemMany(address[] safes, bytes32 conditionId) returns()
func (_RedeemModule *RedeemModuleSession) RedeemMany(safes []common.Address, conditionId [32]byte) (*types.Transaction, error) {
	return _RedeemModule.Contract.RedeemMany(&_RedeemModule.TransactOpts, safes, conditionId)
}

// RedeemMany is a paid mutator transaction binding the contract method 0xeb7bc421.
//
// Solidity: function redeemMany(address[] safes, bytes32 conditionId) returns()
func (_RedeemModule *RedeemModuleTransactorSession) RedeemMany(safes []common.Address, conditionId [32]byte) (*types.Transaction, error) {
	return _RedeemModule.Contract.RedeemMany(&_RedeemModule.TransactOpts, safes, conditionId)
}

// RedeemModuleRedeemedIterator is returned from FilterRedeemed and is used to iterate over the raw logs and unpacked data for Redeemed events raised by the RedeemModule contract.
type RedeemModuleRedeemedIterator struct {
	Event *RedeemModuleRedeemed // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *RedeemModuleRedeemedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(RedeemModuleRedeemed)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(RedeemModuleRedeemed)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *RedeemModuleRedeemedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *RedeemModuleRedeemedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// RedeemModuleRedeemed represents a Redeemed event raised by the RedeemModule contract.
type RedeemModuleRedeemed struct {
	Safe        common.Address
	ConditionId [32]byte
	Raw         types.Log // Blockchain specific contextual infos
}

// FilterRedeemed is a free log retrieval operation binding the contract event 0x851665af6e4e9430c7ecdf760410892dc4e51270dd981b9be1c39c7eb457a0ab.
//
// Solidity: event Redeemed(address indexed safe, bytes32 indexed conditionId)
func (_RedeemModule *RedeemModuleFilterer) FilterRedeemed(opts *bind.FilterOpts, safe []common.Address, conditionId [][32]byte) (*RedeemModuleRedeemedIterator, error) {

	var safeRule []interface{}
	for _, safeItem := range safe {
		safeRule = append(safeRule, safeItem)
	}
	var conditionIdRule []interface{}
	for _, conditionIdItem := range conditionId {
		conditionIdRule = append(conditionIdRule, conditionIdItem)
	}

	logs, sub, err := _RedeemModule.contract.FilterLogs(opts, "Redeemed", safeRule, conditionIdRule)
	if err != nil {
		return nil, err
	}
	return &RedeemModuleRedeemedIterator{contract: _RedeemModule.contract, event: "Redeemed", logs: logs, sub: sub}, nil
}

// WatchRedeemed is a free log subscription operation binding the contract event 0x851665af6e4e9430c7ecdf760410892dc4e51270dd981b9be1c39c7eb457a0ab.
//
// Solidity: event Redeemed(address indexed safe, bytes32 indexed conditionId)
func (_RedeemModule *RedeemModuleFilterer) WatchRedeemed(opts *bind.WatchOpts, sink chan<- *RedeemModuleRedeemed, safe []common.Address, conditionId [][32]byte) (event.Subscription, error) {

	var safeRule []interface{}
	for _, safeItem := range safe {
		safeRule = append(safeRule, safeItem)
	}
	var conditionIdRule []interface{}
	for _, conditionIdItem := range conditionId {
		conditionIdRule = append(conditionIdRule, conditionIdItem)
	}

	logs, sub, err := _RedeemModule.contract.WatchLogs(opts, "Redeemed", safeRule, conditionIdRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(RedeemModuleRedeemed)
				if err := _RedeemModule.contract.UnpackLog(event, "Redeemed", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseRedeemed is a log parse operation binding the contract event 0x851665af6e4e9430c7ecdf760410892dc4e51270dd981b9be1c39c7eb457a0ab.
//
// Solidity: event Redeemed(address indexed safe, bytes32 indexed conditionId)
func (_RedeemModule *RedeemModuleFilterer) ParseRedeemed(log types.Log) (*RedeemModuleRedeemed, error) {
	event := new(RedeemModuleRedeemed)
	if err := _RedeemModule.contract.UnpackLog(event, "Redeemed", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}
