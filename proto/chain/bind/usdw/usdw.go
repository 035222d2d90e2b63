// Code generated - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package usdw

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

// USDWMetaData contains all meta data concerning the USDW contract.
var USDWMetaData = &bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"contractIERC20Metadata\",\"name\":\"stablecoin\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"allowance\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"needed\",\"type\":\"uint256\"}],\"name\":\"ERC20InsufficientAllowance\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"balance\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"needed\",\"type\":\"uint256\"}],\"name\":\"ERC20InsufficientBalance\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"approver\",\"type\":\"address\"}],\"name\":\"ERC20InvalidApprover\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"receiver\",\"type\":\"address\"}],\"name\":\"ERC20InvalidReceiver\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"ERC20InvalidSender\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"}],\"name\":\"ERC20InvalidSpender\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"ERC20InvalidUnderlying\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"SafeERC20FailedOperation\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint8\",\"name\":\"decimals\",\"type\":\"uint8\"}],\"name\":\"UnderlyingDecimals\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"Approval\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"Transfer\",\"type\":\"event\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"}],\"name\":\"allowance\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"approve\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"balanceOf\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"decimals\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"pure\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"depositFor\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"name\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"symbol\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"totalSupply\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"transfer\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"transferFrom\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"underlying\",\"outputs\":[{\"internalType\":\"contractIERC20\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"unwrap\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"unwrapTo\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"withdrawTo\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"wrap\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"wrapTo\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	Bin: "0x60a060405234801561000f575f5ffd5b50604051610e80380380610e8083398101604081905261002e916101ca565b806040518060400160405280600b81526020016a1554d10815dc985c1c195960aa1b815250604051806040016040528060048152602001635553445760e01b815250816003908161007f919061029a565b50600461008c828261029a565b5050306001600160a01b0383160390506100c05760405163438d6fe360e01b81523060048201526024015b60405180910390fd5b806001600160a01b03166080816001600160a01b03168152505050806001600160a01b031663313ce5676040518163ffffffff1660e01b8152600401602060405180830381865afa158015610117573d5f5f3e3d5ffd5b505050506040513d601f19601f8201168201806040525081019061013b9190610358565b60ff166006146101c457806001600160a01b031663313ce5676040518163ffffffff1660e01b8152600401602060405180830381865afa158015610181573d5f5f3e3d5ffd5b505050506040513d601f19601f820116820180604052508101906101a59190610358565b604051632e66547760e21b815260ff90911660048201526024016100b7565b50610378565b5f602082840312156101da575f5ffd5b81516001600160a01b03811681146101f0575f5ffd5b9392505050565b634e487b7160e01b5f52604160045260245ffd5b600181811c9082168061021f57607f821691505b60208210810361023d57634e487b7160e01b5f52602260045260245ffd5b50919050565b601f821115610295578282111561029557805f5260205f20601f840160051c602085101561026e57505f5b90810190601f840160051c035f5b81811015610291575f8382015560010161027c565b5050505b505050565b81516001600160401b038111156102b3576102b36101f7565b6102c7816102c1845461020b565b84610243565b6020601f8211600181146102f9575f83156102e25750848201515b5f19600385901b1c1916600184901b178455610351565b5f84815260208120601f198516915b828110156103285787850151825560209485019460019092019101610308565b508482101561034557868401515f19600387901b60f8161c191681555b505060018360011b0184555b5050505050565b5f60208284031215610368575f5ffd5b815160ff811681146101f0575f5ffd5b608051610ae261039e5f395f81816101a70152818161038a01526104390152610ae25ff3fe608060405234801561000f575f5ffd5b50600436106100fb575f3560e01c806370a0823111610093578063c12ea3ca11610063578063c12ea3ca14610227578063dd62ed3e1461023a578063de0e9a3e14610272578063ea598cb014610285575f5ffd5b806370a08231146101d157806395d89b41146101f95780639f126fbe14610201578063a9059cbb14610214575f5ffd5b806323b872dd116100ce57806323b872dd146101655780632f4f21e214610178578063313ce5671461018b5780636f307dc31461019a575f5ffd5b806306fdde03146100ff578063095ea7b31461011d57806318160ddd14610140578063205c287814610152575b5f5ffd5b610107610298565b6040516101149190610942565b60405180910390f35b61013061012b366004610992565b610328565b6040519015158152602001610114565b6002545b604051908152602001610114565b610130610160366004610992565b610341565b6101306101733660046109ba565b6103b9565b610130610186366004610992565b6103dc565b60405160068152602001610114565b6040516001600160a01b037f0000000000000000000000000000000000000000000000000000000000000000168152602001610114565b6101446101df3660046109f4565b6001600160a01b03165f9081526020819052604090205490565b61010761046a565b61013061020f366004610992565b610479565b610130610222366004610992565b61048b565b610130610235366004610992565b610498565b610144610248366004610a0d565b6001600160a01b039182165f90815260016020908152604080832093909416825291909152205490565b610130610280366004610a3e565b6104a3565b610130610293366004610a3e565b6104ae565b6060600380546102a790610a55565b80601f01602080910402602001604051908101604052809291908181526020018280546102d390610a55565b801561031e5780601f106102f55761010080835404028352916020019161031e565b820191905f5260205f20905b81548152906001019060200180831161030157829003601f168201915b5050505050905090565b5f336103358185856104b9565b60019150505b92915050565b5f306001600160a01b0384160361037b5760405163ec442f0560e01b81526001600160a01b03841660048201526024015b60405180910390fd5b61038533836104cb565b6103b07f00000000000000000000000000000000000000000000000000000000000000008484610503565b50600192915050565b5f336103c6858285610538565b6103d18585856105b4565b506001949350505050565b5f3330810361040057604051634b637e8f60e11b8152306004820152602401610372565b306001600160a01b038516036104345760405163ec442f0560e01b81526001600160a01b0385166004820152602401610372565b6104607f0000000000000000000000000000000000000000000000000000000000000000823086610611565b6103358484610647565b6060600480546102a790610a55565b5f61048483836103dc565b9392505050565b5f336103358185856105b4565b5f6104848383610341565b5f61033b3383610341565b5f61033b33836103dc565b6104c6838383600161067b565b505050565b6001600160a01b0382166104f457604051634b637e8f60e11b81525f6004820152602401610372565b6104ff825f8361074d565b5050565b6105108383836001610873565b6104c657604051635274afe760e01b81526001600160a01b0384166004820152602401610372565b6001600160a01b038381165f908152600160209081526040808320938616835292905220545f198110156105ae57818110156105a057604051637dc7a0d960e11b81526001600160a01b03841660048201526024810182905260448101839052606401610372565b6105ae84848484035f61067b565b50505050565b6001600160a01b0383166105dd57604051634b637e8f60e11b81525f6004820152602401610372565b6001600160a01b0382166106065760405163ec442f0560e01b81525f6004820152602401610372565b6104c683838361074d565b61061f8484848460016108d5565b6105ae57604051635274afe760e01b81526001600160a01b0385166004820152602401610372565b6001600160a01b0382166106705760405163ec442f0560e01b81525f6004820152602401610372565b6104ff5f838361074d565b6001600160a01b0384166106a45760405163e602df0560e01b81525f6004820152602401610372565b6001600160a01b0383166106cd57604051634a1406b160e11b81525f6004820152602401610372565b6001600160a01b038085165f90815260016020908152604080832093871683529290522082905580156105ae57826001600160a01b0316846001600160a01b03167f8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b9258460405161073f91815260200190565b60405180910390a350505050565b6001600160a01b038316610777578060025f82825461076c9190610a8d565b909155506107e79050565b6001600160a01b0383165f90815260208190526040902054818110156107c95760405163391434e360e21b81526001600160a01b03851660048201526024810182905260448101839052606401610372565b6001600160a01b0384165f9081526020819052604090209082900390555b6001600160a01b03821661080357600280548290039055610821565b6001600160a01b0382165f9081526020819052604090208054820190555b816001600160a01b0316836001600160a01b03167fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef8360405161086691815260200190565b60405180910390a3505050565b60405163a9059cbb60e01b5f8181526001600160a01b038616600452602485905291602083604481808b5af1925060015f511483166108c95783831516156108bd573d5f823e3d81fd5b5f873b113d1516831692505b60405250949350505050565b6040516323b872dd60e01b5f8181526001600160a01b038781166004528616602452604485905291602083606481808c5af1925060015f51148316610931578383151615610925573d5f823e3d81fd5b5f883b113d1516831692505b604052505f60605295945050505050565b602081525f82518060208401528060208501604085015e5f604082850101526040601f19601f83011684010191505092915050565b80356001600160a01b038116811461098d575f5ffd5b919050565b5f5f604083850312156109a3575f5ffd5b6109ac83610977565b946020939093013593505050565b5f5f5f606084860312156109cc575f5ffd5b6109d584610977565b92506109e360208501610977565b929592945050506040919091013590565b5f60208284031215610a04575f5ffd5b61048482610977565b5f5f60408385031215610a1e575f5ffd5b610a2783610977565b9150610a3560208401610977565b90509250929050565b5f60208284031215610a4e575f5ffd5b5035919050565b600181811c90821680610a6957607f821691505b602082108103610a8757634e487b7160e01b5f52602260045260245ffd5b50919050565b8082018082111561033b57634e487b7160e01b5f52601160045260245ffdfea2646970667358221220dc9455d3ec3318d8de7126a7fef357c01cf49e2bb83275340ccf335aafae831f64736f6c63430008250033",
}

// USDWABI is the input ABI used to generate the binding from.
// Deprecated: Use USDWMetaData.ABI instead.
var USDWABI = USDWMetaData.ABI

// USDWBin is the compiled bytecode used for deploying new contracts.
// Deprecated: Use USDWMetaData.Bin instead.
var USDWBin = USDWMetaData.Bin

// DeployUSDW deploys a new Ethereum contract, binding an instance of USDW to it.
func DeployUSDW(auth *bind.TransactOpts, backend bind.ContractBackend, stablecoin common.Address) (common.Address, *types.Transaction, *USDW, error) {
	parsed, err := USDWMetaData.GetAbi()
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	if parsed == nil {
		return common.Address{}, nil, nil, errors.New("GetABI returned nil")
	}

	address, tx, contract, err := bind.DeployContract(auth, *parsed, common.FromHex(USDWBin), backend, stablecoin)
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	return address, tx, &USDW{USDWCaller: USDWCaller{contract: contract}, USDWTransactor: USDWTransactor{contract: contract}, USDWFilterer: USDWFilterer{contract: contract}}, nil
}

// USDW is an auto generated Go binding around an Ethereum contract.
type USDW struct {
	USDWCaller     // Read-only binding to the contract
	USDWTransactor // Write-only binding to the contract
	USDWFilterer   // Log filterer for contract events
}

// USDWCaller is an auto generated read-only Go binding around an Ethereum contract.
type USDWCaller struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// USDWTransactor is an auto generated write-only Go binding around an Ethereum contract.
type USDWTransactor struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// USDWFilterer is an auto generated log filtering Go binding around an Ethereum contract events.
type USDWFilterer struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// USDWSession is an auto generated Go binding around an Ethereum contract,
// with pre-set call and transact options.
type USDWSession struct {
	Contract     *USDW             // Generic contract binding to set the session for
	CallOpts     bind.CallOpts     // Call options to use throughout this session
	TransactOpts bind.TransactOpts // Transaction auth options to use throughout this session
}

// USDWCallerSession is an auto generated read-only Go binding around an Ethereum contract,
// with pre-set call options.
type USDWCallerSession struct {
	Contract *USDWCaller   // Generic contract caller binding to set the session for
	CallOpts bind.CallOpts // Call options to use throughout this session
}

// USDWTransactorSession is an auto generated write-only Go binding around an Ethereum contract,
// with pre-set transact options.
type USDWTransactorSession struct {
	Contract     *USDWTransactor   // Generic contract transactor binding to set the session for
	TransactOpts bind.TransactOpts // Transaction auth options to use throughout this session
}

// USDWRaw is an auto generated low-level Go binding around an Ethereum contract.
type USDWRaw struct {
	Contract *USDW // Generic contract binding to access the raw methods on
}

// USDWCallerRaw is an auto generated low-level read-only Go binding around an Ethereum contract.
type USDWCallerRaw struct {
	Contract *USDWCaller // Generic read-only contract binding to access the raw methods on
}

// USDWTransactorRaw is an auto generated low-level write-only Go binding around an Ethereum contract.
type USDWTransactorRaw struct {
	Contract *USDWTransactor // Generic write-only contract binding to access the raw methods on
}

// NewUSDW creates a new instance of USDW, bound to a specific deployed contract.
func NewUSDW(address common.Address, backend bind.ContractBackend) (*USDW, error) {
	contract, err := bindUSDW(address, backend, backend, backend)
	if err != nil {
		return nil, err
	}
	return &USDW{USDWCaller: USDWCaller{contract: contract}, USDWTransactor: USDWTransactor{contract: contract}, USDWFilterer: USDWFilterer{contract: contract}}, nil
}

// NewUSDWCaller creates a new read-only instance of USDW, bound to a specific deployed contract.
func NewUSDWCaller(address common.Address, caller bind.ContractCaller) (*USDWCaller, error) {
	contract, err := bindUSDW(address, caller, nil, nil)
	if err != nil {
		return nil, err
	}
	return &USDWCaller{contract: contract}, nil
}

// NewUSDWTransactor creates a new write-only instance of USDW, bound to a specific deployed contract.
func NewUSDWTransactor(address common.Address, transactor bind.ContractTransactor) (*USDWTransactor, error) {
	contract, err := bindUSDW(address, nil, transactor, nil)
	if err != nil {
		return nil, err
	}
	return &USDWTransactor{contract: contract}, nil
}

// NewUSDWFilterer creates a new log filterer instance of USDW, bound to a specific deployed contract.
func NewUSDWFilterer(address common.Address, filterer bind.ContractFilterer) (*USDWFilterer, error) {
	contract, err := bindUSDW(address, nil, nil, filterer)
	if err != nil {
		return nil, err
	}
	return &USDWFilterer{contract: contract}, nil
}

// bindUSDW binds a generic wrapper to an already deployed contract.
func bindUSDW(address common.Address, caller bind.ContractCaller, transactor bind.ContractTransactor, filterer bind.ContractFilterer) (*bind.BoundContract, error) {
	parsed, err := USDWMetaData.GetAbi()
	if err != nil {
		return nil, err
	}
	return bind.NewBoundContract(address, *parsed, caller, transactor, filterer), nil
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_USDW *USDWRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _USDW.Contract.USDWCaller.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_USDW *USDWRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _USDW.Contract.USDWTransactor.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_USDW *USDWRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _USDW.Contract.USDWTransactor.contract.Transact(opts, method, params...)
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_USDW *USDWCallerRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _USDW.Contract.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_USDW *USDWTransactorRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _USDW.Contract.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_USDW *USDWTransactorRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _USDW.Contract.contract.Transact(opts, method, params...)
}

// Allowance is a free data retrieval call binding the contract method 0xdd62ed3e.
//
// Solidity: function allowance(address owner, address spender) view returns(uint256)
func (_USDW *USDWCaller) Allowance(opts *bind.CallOpts, owner common.Address, spender common.Address) (*big.Int, error) {
	var out []interface{}
	err := _USDW.contract.Call(opts, &out, "allowance", owner, spender)

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// Allowance is a free data retrieval call binding the contract method 0xdd62ed3e.
//
// Solidity: function allowance(address owner, address spender) view returns(uint256)
func (_USDW *USDWSession) Allowance(owner common.Address, spender common.Address) (*big.Int, error) {
	return _USDW.Contract.Allowance(&_USDW.CallOpts, owner, spender)
}

// Allowance is a free data retrieval call binding the contract method 0xdd62ed3e.
//
// Solidity: function allowance(address owner, address spender) view returns(uint256)
func (_USDW *USDWCallerSession) Allowance(owner common.Address, spender common.Address) (*big.Int, error) {
	return _USDW.Contract.Allowance(&_USDW.CallOpts, owner, spender)
}

// BalanceOf is a free data retrieval call binding the contract method 0x70a08231.
//
// Solidity: function balanceOf(address account) view returns(uint256)
func (_USDW *USDWCaller) BalanceOf(opts *bind.CallOpts, account common.Address) (*big.Int, error) {
	var out []interface{}
	err := _USDW.contract.Call(opts, &out, "balanceOf", account)

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// BalanceOf is a free data retrieval call binding the contract method 0x70a08231.
//
// Solidity: function balanceOf(address account) view returns(uint256)
func (_USDW *USDWSession) BalanceOf(account common.Address) (*big.Int, error) {
	return _USDW.Contract.BalanceOf(&_USDW.CallOpts, account)
}

// BalanceOf is a free data retrieval call binding the contract method 0x70a08231.
//
// Solidity: function balanceOf(address account) view returns(uint256)
func (_USDW *USDWCallerSession) BalanceOf(account common.Address) (*big.Int, error) {
	return _USDW.Contract.BalanceOf(&_USDW.CallOpts, account)
}

// Decimals is a free data retrieval call binding the contract method 0x313ce567.
//
// Solidity: function decimals() pure returns(uint8)
func (_USDW *USDWCaller) Decimals(opts *bind.CallOpts) (uint8, error) {
	var out []interface{}
	err := _USDW.contract.Call(opts, &out, "decimals")

	if err != nil {
		return *new(uint8), err
	}

	out0 := *abi.ConvertType(out[0], new(uint8)).(*uint8)

	return out0, err

}

// Decimals is a free data retrieval call binding the contract method 0x313ce567.
//
// Solidity: function decimals() pure returns(uint8)
func (_USDW *USDWSession) Decimals() (uint8, error) {
	return _USDW.Contract.Decimals(&_USDW.CallOpts)
}

// Decimals is a free data retrieval call binding the contract method 0x313ce567.
//
// Solidity: function decimals() pure returns(uint8)
func (_USDW *USDWCallerSession) Decimals() (uint8, error) {
	return _USDW.Contract.Decimals(&_USDW.CallOpts)
}

// Name is a free data retrieval call binding the contract method 0x06fdde03.
//
// Solidity: function name() view returns(string)
func (_USDW *USDWCaller) Name(opts *bind.CallOpts) (string, error) {
	var out []interface{}
	err := _USDW.contract.Call(opts, &out, "name")

	if err != nil {
		return *new(string), err
	}

	out0 := *abi.ConvertType(out[0], new(string)).(*string)

	return out0, err

}

// Name is a free data retrieval call binding the contract method 0x06fdde03.
//
// Solidity: function name() view returns(string)
func (_USDW *USDWSession) Name() (string, error) {
	return _USDW.Contract.Name(&_USDW.CallOpts)
}

// Name is a free data retrieval call binding the contract method 0x06fdde03.
//
// Solidity: function name() view returns(string)
func (_USDW *USDWCallerSession) Name() (string, error) {
	return _USDW.Contract.Name(&_USDW.CallOpts)
}

// Symbol is a free data retrieval call binding the contract method 0x95d89b41.
//
// Solidity: function symbol() view returns(string)
func (_USDW *USDWCaller) Symbol(opts *bind.CallOpts) (string, error) {
	var out []interface{}
	err := _USDW.contract.Call(opts, &out, "symbol")

	if err != nil {
		return *new(string), err
	}

	out0 := *abi.ConvertType(out[0], new(string)).(*string)

	return out0, err

}

// Symbol is a free data retrieval call binding the contract method 0x95d89b41.
//
// Solidity: function symbol() view returns(string)
func (_USDW *USDWSession) Symbol() (string, error) {
	return _USDW.Contract.Symbol(&_USDW.CallOpts)
}

// Symbol is a free data retrieval call binding the contract method 0x95d89b41.
//
// Solidity: function symbol() view returns(string)
func (_USDW *USDWCallerSession) Symbol() (string, error) {
	return _USDW.Contract.Symbol(&_USDW.CallOpts)
}

// TotalSupply is a free data retrieval call binding the contract method 0x18160ddd.
//
// Solidity: function totalSupply() view returns(uint256)
func (_USDW *USDWCaller) TotalSupply(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _USDW.contract.Call(opts, &out, "totalSupply")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// TotalSupply is a free data retrieval call binding the contract method 0x18160ddd.
//
// Solidity: function totalSupply() view returns(uint256)
func (_USDW *USDWSession) TotalSupply() (*big.Int, error) {
	return _USDW.Contract.TotalSupply(&_USDW.CallOpts)
}

// TotalSupply is a free data retrieval call binding the contract method 0x18160ddd.
//
// Solidity: function totalSupply() view returns(uint256)
func (_USDW *USDWCallerSession) TotalSupply() (*big.Int, error) {
	return _USDW.Contract.TotalSupply(&_USDW.CallOpts)
}

// Underlying is a free data retrieval call binding the contract method 0x6f307dc3.
//
// Solidity: function underlying() view returns(address)
func (_USDW *USDWCaller) Underlying(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _USDW.contract.Call(opts, &out, "underlying")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// Underlying is a free data retrieval call binding the contract method 0x6f307dc3.
//
// Solidity: function underlying() view returns(address)
func (_USDW *USDWSession) Underlying() (common.Address, error) {
	return _USDW.Contract.Underlying(&_USDW.CallOpts)
}

// Underlying is a free data retrieval call binding the contract method 0x6f307dc3.
//
// Solidity: function underlying() view returns(address)
func (_USDW *USDWCallerSession) Underlying() (common.Address, error) {
	return _USDW.Contract.Underlying(&_USDW.CallOpts)
}

// Approve is a paid mutator transaction binding the contract method 0x095ea7b3.
//
// Solidity: function approve(address spender, uint256 value) returns(bool)
func (_USDW *USDWTransactor) Approve(opts *bind.TransactOpts, spender common.Address, value *big.Int) (*types.Transaction, error) {
	return _USDW.contract.Transact(opts, "approve", spender, value)
}

// Approve is a paid mutator transaction binding the contract method 0x095ea7b3.
//
// Solidity: function approve(address spender, uint256 value) returns(bool)
func (_USDW *USDWSession) Approve(spender common.Address, value *big.Int) (*types.Transaction, error) {
	return _USDW.Contract.Approve(&_USDW.TransactOpts, spender, value)
}

// Approve is a paid mutator transaction binding the contract method 0x095ea7b3.
//
// Solidity: function approve(address spender, uint256 value) returns(bool)
func (_USDW *USDWTransactorSession) Approve(spender common.Address, value *big.Int) (*types.Transaction, error) {
	return _USDW.Contract.Approve(&_USDW.TransactOpts, spender, value)
}

// DepositFor is a paid mutator transaction binding the contract method 0x2f4f21e2.
//
// Solidity: function depositFor(address account, uint256 value) returns(bool)
func (_USDW *USDWTransactor) DepositFor(opts *bind.TransactOpts, account common.Address, value *big.Int) (*types.Transaction, error) {
	return _USDW.contract.Transact(opts, "depositFor", account, value)
}

// DepositFor is a paid mutator transaction binding the contract method 0x2f4f21e2.
//
// Solidity: function depositFor(address account, uint256 value) returns(bool)
func (_USDW *USDWSession) DepositFor(account common.Address, value *big.Int) (*types.Transaction, error) {
	return _USDW.Contract.DepositFor(&_USDW.TransactOpts, account, value)
}

// DepositFor is a paid mutator transaction binding the contract method 0x2f4f21e2.
//
// Solidity: function depositFor(address account, uint256 value) returns(bool)
func (_USDW *USDWTransactorSession) DepositFor(account common.Address, value *big.Int) (*types.Transaction, error) {
	return _USDW.Contract.DepositFor(&_USDW.TransactOpts, account, value)
}

// Transfer is a paid mutator transaction binding the contract method 0xa9059cbb.
//
// Solidity: function transfer(address to, uint256 value) returns(bool)
func (_USDW *USDWTransactor) Transfer(opts *bind.TransactOpts, to common.Address, value *big.Int) (*types.Transaction, error) {
	return _USDW.contract.Transact(opts, "transfer", to, value)
}

// Transfer is a paid mutator transaction binding the contract method 0xa9059cbb.
//
// Solidity: function transfer(address to, uint256 value) returns(bool)
func (_USDW *USDWSession) Transfer(to common.Address, value *big.Int) (*types.Transaction, error) {
	return _USDW.Contract.Transfer(&_USDW.TransactOpts, to, value)
}

// Transfer is a paid mutator transaction binding the contract method 0xa9059cbb.
//
// Solidity: function transfer(address to, uint256 value) returns(bool)
func (_USDW *USDWTransactorSession) Transfer(to common.Address, value *big.Int) (*types.Transaction, error) {
	return _USDW.Contract.Transfer(&_USDW.TransactOpts, to, value)
}

// TransferFrom is a paid mutator transaction binding the contract method 0x23b872dd.
//
// Solidity: function transferFrom(address from, address to, uint256 value) returns(bool)
func (_USDW *USDWTransactor) TransferFrom(opts *bind.TransactOpts, from common.Address, to common.Address, value *big.Int) (*types.Transaction, error) {
	return _USDW.contract.Transact(opts, "transferFrom", from, to, value)
}

// TransferFrom is a paid mutator transaction binding the contract method 0x23b872dd.
//
// Solidity: function transferFrom(address from, address to, uint256 value) returns(bool)
func (_USDW *USDWSession) TransferFrom(from common.Address, to common.Address, value *big.Int) (*types.Transaction, error) {
	return _USDW.Contract.TransferFrom(&_USDW.TransactOpts, from, to, value)
}

// TransferFrom is a paid mutator transaction binding the contract method 0x23b872dd.
//
// Solidity: function transferFrom(address from, address to, uint256 value) returns(bool)
func (_USDW *USDWTransactorSession) TransferFrom(from common.Address, to common.Address, value *big.Int) (*types.Transaction, error) {
	return _USDW.Contract.TransferFrom(&_USDW.TransactOpts, from, to, value)
}

// Unwrap is a paid mutator transaction binding the contract method 0xde0e9a3e.
//
// Solidity: function unwrap(uint256 amount) returns(bool)
func (_USDW *USDWTransactor) Unwrap(opts *bind.TransactOpts, amount *big.Int) (*types.Transaction, error) {
	return _USDW.contract.Transact(opts, "unwrap", amount)
}

// Unwrap is a paid mutator transaction binding the contract method 0xde0e9a3e.
//
// Solidity: function unwrap(uint256 amount) returns(bool)
func (_USDW *USDWSession) Unwrap(amount *big.Int) (*types.Transaction, error) {
	return _USDW.Contract.Unwrap(&_USDW.TransactOpts, amount)
}

// Unwrap is a paid mutator transaction binding the contract method 0xde0e9a3e.
//
// Solidity: function unwrap(uint256 amount) returns(bool)
func (_USDW *USDWTransactorSession) Unwrap(amount *big.Int) (*types.Transaction, error) {
	return _USDW.Contract.Unwrap(&_USDW.TransactOpts, amount)
}

// UnwrapTo is a paid mutator transaction binding the contract method 0xc12ea3ca.
//
// Solidity: function unwrapTo(address to, uint256 amount) returns(bool)
func (_USDW *USDWTransactor) UnwrapTo(opts *bind.TransactOpts, to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _USDW.contract.Transact(opts, "unwrapTo", to, amount)
}

// UnwrapTo is a paid mutator transaction binding the contract method 0xc12ea3ca.
//
// Solidity: function unwrapTo(address to, uint256 amount) returns(bool)
func (_USDW *USDWSession) UnwrapTo(to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _USDW.Contract.UnwrapTo(&_USDW.TransactOpts, to, amount)
}

// UnwrapTo is a paid mutator transaction binding the contract method 0xc12ea3ca.
//
// Solidity: function unwrapTo(address to, uint256 amount) returns(bool)
func (_USDW *USDWTransactorSession) UnwrapTo(to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _USDW.Contract.UnwrapTo(&_USDW.TransactOpts, to, amount)
}

// WithdrawTo is a paid mutator transaction binding the contract method 0x205c2878.
//
// Solidity: function withdrawTo(address account, uint256 value) returns(bool)
func (_USDW *USDWTransactor) WithdrawTo(opts *bind.TransactOpts, account common.Address, value *big.Int) (*types.Transaction, error) {
	return _USDW.contract.Transact(opts, "withdrawTo", account, value)
}

// WithdrawTo is a paid mutator transaction binding the contract method 0x205c2878.
//
// Solidity: function withdrawTo(address account, uint256 value) returns(bool)
func (_USDW *USDWSession) WithdrawTo(account common.Address, value *big.Int) (*types.Transaction, error) {
	return _USDW.Contract.WithdrawTo(&_USDW.TransactOpts, account, value)
}

// WithdrawTo is a paid mutator transaction binding the contract method 0x205c2878.
//
// Solidity: function withdrawTo(address account, uint256 value) returns(bool)
func (_USDW *USDWTransactorSession) WithdrawTo(account common.Address, value *big.Int) (*types.Transaction, error) {
	return _USDW.Contract.WithdrawTo(&_USDW.TransactOpts, account, value)
}

// Wrap is a paid mutator transaction binding the contract method 0xea598cb0.
//
// Solidity: function wrap(uint256 amount) returns(bool)
func (_USDW *USDWTransactor) Wrap(opts *bind.TransactOpts, amount *big.Int) (*types.Transaction, error) {
	return _USDW.contract.Transact(opts, "wrap", amount)
}

// Wrap is a paid mutator transaction binding the contract method 0xea598cb0.
//
// Solidity: function wrap(uint256 amount) returns(bool)
func (_USDW *USDWSession) Wrap(amount *big.Int) (*types.Transaction, error) {
	return _USDW.Contract.Wrap(&_USDW.TransactOpts, amount)
}

// Wrap is a paid mutator transaction binding the contract method 0xea598cb0.
//
// Solidity: function wrap(uint256 amount) returns(bool)
func (_USDW *USDWTransactorSession) Wrap(amount *big.Int) (*types.Transaction, error) {
	return _USDW.Contract.Wrap(&_USDW.TransactOpts, amount)
}

// WrapTo is a paid mutator transaction binding the contract method 0x9f126fbe.
//
// Solidity: function wrapTo(address to, uint256 amount) returns(bool)
func (_USDW *USDWTransactor) WrapTo(opts *bind.TransactOpts, to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _USDW.contract.Transact(opts, "wrapTo", to, amount)
}

// WrapTo is a paid mutator transaction binding the contract method 0x9f126fbe.
//
// Solidity: function wrapTo(address to, uint256 amount) returns(bool)
func (_USDW *USDWSession) WrapTo(to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _USDW.Contract.WrapTo(&_USDW.TransactOpts, to, amount)
}

// WrapTo is a paid mutator transaction binding the contract method 0x9f126fbe.
//
// Solidity: function wrapTo(address to, uint256 amount) returns(bool)
func (_USDW *USDWTransactorSession) WrapTo(to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _USDW.Contract.WrapTo(&_USDW.TransactOpts, to, amount)
}

// USDWApprovalIterator is returned from FilterApproval and is used to iterate over the raw logs and unpacked data for Approval events raised by the USDW contract.
type USDWApprovalIterator struct {
	Event *USDWApproval // Event containing the contract specifics and raw log

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
func (it *USDWApprovalIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(USDWApproval)
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
		it.Event = new(USDWApproval)
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
func (it *USDWApprovalIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *USDWApprovalIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// USDWApproval represents a Approval event raised by the USDW contract.
type USDWApproval struct {
	Owner   common.Address
	Spender common.Address
	Value   *big.Int
	Raw     types.Log // Blockchain specific contextual infos
}

// FilterApproval is a free log retrieval operation binding the contract event 0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925.
//
// Solidity: event Approval(address indexed owner, address indexed spender, uint256 value)
func (_USDW *USDWFilterer) FilterApproval(opts *bind.FilterOpts, owner []common.Address, spender []common.Address) (*USDWApprovalIterator, error) {

	var ownerRule []interface{}
	for _, ownerItem := range owner {
		ownerRule = append(ownerRule, ownerItem)
	}
	var spenderRule []interface{}
	for _, spenderItem := range spender {
		spenderRule = append(spenderRule, spenderItem)
	}

	logs, sub, err := _USDW.contract.FilterLogs(opts, "Approval", ownerRule, spenderRule)
	if err != nil {
		return nil, err
	}
	return &USDWApprovalIterator{contract: _USDW.contract, event: "Approval", logs: logs, sub: sub}, nil
}

// WatchApproval is a free log subscription operation binding the contract event 0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925.
//
// Solidity: event Approval(address indexed owner, address indexed spender, uint256 value)
func (_USDW *USDWFilterer) WatchApproval(opts *bind.WatchOpts, sink chan<- *USDWApproval, owner []common.Address, spender []common.Address) (event.Subscription, error) {

	var ownerRule []interface{}
	for _, ownerItem := range owner {
		ownerRule = append(ownerRule, ownerItem)
	}
	var spenderRule []interface{}
	for _, spenderItem := range spender {
		spenderRule = append(spenderRule, spenderItem)
	}

	logs, sub, err := _USDW.contract.WatchLogs(opts, "Approval", ownerRule, spenderRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(USDWApproval)
				if err := _USDW.contract.UnpackLog(event, "Approval", log); err != nil {
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

// ParseApproval is a log parse operation binding the contract event 0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925.
//
// Solidity: event Approval(address indexed owner, address indexed spender, uint256 value)
func (_USDW *USDWFilterer) ParseApproval(log types.Log) (*USDWApproval, error) {
	event := new(USDWApproval)
	if err := _USDW.contract.UnpackLog(event, "Approval", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// USDWTransferIterator is returned from FilterTransfer and is used to iterate over the raw logs and unpacked data for Transfer events raised by the USDW contract.
type USDWTransferIterator struct {
	Event *USDWTransfer // Event containing the contract specifics and raw log

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
func (it *USDWTransferIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(USDWTransfer)
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
		it.Event = new(USDWTransfer)
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
func (it *USDWTransferIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *USDWTransferIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// USDWTransfer represents a Transfer event raised by the USDW contract.
type USDWTransfer struct {
	From  common.Address
	To    common.Address
	Value *big.Int
	Raw   types.Log // Blockchain specific contextual infos
}

// FilterTransfer is a free log retrieval operation binding the contract event 0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef.
//
// Solidity: event Transfer(address indexed from, address indexed to, uint256 value)
func (_USDW *USDWFilterer) FilterTransfer(opts *bind.FilterOpts, from []common.Address, to []common.Address) (*USDWTransferIterator, error) {

	var fromRule []interface{}
	for _, fromItem := range from {
		fromRule = append(fromRule, fromItem)
	}
	var toRule []interface{}
	for _, toItem := range to {
		toRule = append(toRule, toItem)
	}

	logs, sub, err := _USDW.contract.FilterLogs(opts, "Transfer", fromRule, toRule)
	if err != nil {
		return nil, err
	}
	return &USDWTransferIterator{contract: _USDW.contract, event: "Transfer", logs: logs, sub: sub}, nil
}

// WatchTransfer is a free log subscription operation binding the contract event 0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef.
//
// Solidity: event Transfer(address indexed from, address indexed to, uint256 value)
func (_USDW *USDWFilterer) WatchTransfer(opts *bind.WatchOpts, sink chan<- *USDWTransfer, from []common.Address, to []common.Address) (event.Subscription, error) {

	var fromRule []interface{}
	for _, fromItem := range from {
		fromRule = append(fromRule, fromItem)
	}
	var toRule []interface{}
	for _, toItem := range to {
		toRule = append(toRule, toItem)
	}

	logs, sub, err := _USDW.contract.WatchLogs(opts, "Transfer", fromRule, toRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(USDWTransfer)
				if err := _USDW.contract.UnpackLog(event, "Transfer", log); err != nil {
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

// ParseTransfer is a log parse operation binding the contract event 0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef.
//
// Solidity: event Transfer(address indexed from, address indexed to, uint256 value)
func (_USDW *USDWFilterer) ParseTransfer(log types.Log) (*USDWTransfer, error) {
	event := new(USDWTransfer)
	if err := _USDW.contract.UnpackLog(event, "Transfer", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}
