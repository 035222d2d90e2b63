// Code generated - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package safefactory

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

// SafeFactoryMetaData contains all meta data concerning the SafeFactory contract.
var SafeFactoryMetaData = &bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"singleton_\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"fallbackHandler_\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"setupTo_\",\"type\":\"address\"},{\"internalType\":\"bytes\",\"name\":\"setupData_\",\"type\":\"bytes\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[],\"name\":\"InvalidShortString\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidSignature\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"proxy\",\"type\":\"address\"}],\"name\":\"ProxyExists\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"string\",\"name\":\"str\",\"type\":\"string\"}],\"name\":\"StringTooLong\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroOwner\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[],\"name\":\"EIP712DomainChanged\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"proxy\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"}],\"name\":\"ProxyCreation\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"CREATE_PROXY_TYPEHASH\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"}],\"name\":\"computeProxyAddress\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"createOwnProxy\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"proxy\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"paymentToken\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"payment\",\"type\":\"uint256\"},{\"internalType\":\"addresspayable\",\"name\":\"paymentReceiver\",\"type\":\"address\"},{\"internalType\":\"bytes\",\"name\":\"signature\",\"type\":\"bytes\"}],\"name\":\"createProxy\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"proxy\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"paymentToken\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"payment\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"paymentReceiver\",\"type\":\"address\"}],\"name\":\"createProxyDigest\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"domainSeparator\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"eip712Domain\",\"outputs\":[{\"internalType\":\"bytes1\",\"name\":\"fields\",\"type\":\"bytes1\"},{\"internalType\":\"string\",\"name\":\"name\",\"type\":\"string\"},{\"internalType\":\"string\",\"name\":\"version\",\"type\":\"string\"},{\"internalType\":\"uint256\",\"name\":\"chainId\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"verifyingContract\",\"type\":\"address\"},{\"internalType\":\"bytes32\",\"name\":\"salt\",\"type\":\"bytes32\"},{\"internalType\":\"uint256[]\",\"name\":\"extensions\",\"type\":\"uint256[]\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"fallbackHandler\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"proxyCreationCode\",\"outputs\":[{\"internalType\":\"bytes\",\"name\":\"\",\"type\":\"bytes\"}],\"stateMutability\":\"pure\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"proxyInitCodeHash\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"setupData\",\"outputs\":[{\"internalType\":\"bytes\",\"name\":\"\",\"type\":\"bytes\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"setupTo\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"singleton\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"}]",
	Bin: "0x6101e0604052348015610010575f5ffd5b506040516116f93803806116f983398101604081905261002f91610243565b6040518060400160405280601181526020017050726564205361666520466163746f727960781b815250604051806040016040528060018152602001603160f81b8152506100828261016c60201b60201c565b6101205261008f8161016c565b61014052815160208084019190912060e052815190820120610100524660a05261011b60e05161010051604080517f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f60208201529081019290925260608201524660808201523060a08201525f9060c00160405160208183030381529060405280519060200120905090565b60805250503060c0526001600160a01b03848116610160528381166101805282166101c052600261014c82826103b4565b50610156846101b2565b80516020909101206101a052506104e492505050565b5f5f829050601f8151111561019f578260405163305a27a960e01b81526004016101969190610472565b60405180910390fd5b80516101aa826104a7565b179392505050565b6060604051806020016101c490610207565b601f1982820381018352601f9091011660408190526101f191906001600160a01b038516906020016104ca565b6040516020818303038152906040529050919050565b6101638061159683390190565b80516001600160a01b038116811461022a575f5ffd5b919050565b634e487b7160e01b5f52604160045260245ffd5b5f5f5f5f60808587031215610256575f5ffd5b61025f85610214565b935061026d60208601610214565b925061027b60408601610214565b60608601519092506001600160401b03811115610296575f5ffd5b8501601f810187136102a6575f5ffd5b80516001600160401b038111156102bf576102bf61022f565b604051601f8201601f19908116603f011681016001600160401b03811182821017156102ed576102ed61022f565b604052818152828201602001891015610304575f5ffd5b8160208401602083015e5f6020838301015280935050505092959194509250565b600181811c9082168061033957607f821691505b60208210810361035757634e487b7160e01b5f52602260045260245ffd5b50919050565b601f8211156103af57828211156103af57805f5260205f20601f840160051c602085101561038857505f5b90810190601f840160051c035f5b818110156103ab575f83820155600101610396565b5050505b505050565b81516001600160401b038111156103cd576103cd61022f565b6103e1816103db8454610325565b8461035d565b6020601f821160018114610413575f83156103fc5750848201515b5f19600385901b1c1916600184901b17845561046b565b5f84815260208120601f198516915b828110156104425787850151825560209485019460019092019101610422565b508482101561045f57868401515f19600387901b60f8161c191681555b505060018360011b0184555b5050505050565b602081525f82518060208401528060208501604085015e5f604082850101526040601f19601f83011684010191505092915050565b80516020808301519190811015610357575f1960209190910360031b1b16919050565b5f83518060208601845e9190910191825250602001919050565b60805160a05160c05160e05161010051610120516101405161016051610180516101a0516101c05161101d6105795f395f81816101ab01526106cd01525f818161015d01526104ce01525f818161021401526106f201525f81816101d201526105c401525f6107c101525f61079601525f6108be01525f61089601525f6107f101525f61081b01525f610845015261101d5ff3fe608060405234801561000f575f5ffd5b50600436106100cb575f3560e01c806398827e2911610088578063c43f009411610063578063c43f0094146101f4578063d600539a146101fc578063eed2f2521461020f578063f698da2514610236575f5ffd5b806398827e291461017f5780639c6ed3fd146101a6578063b62654fb146101cd575f5ffd5b8063191980a8146100cf5780634e6699bd146100f557806353e5d9351461010a5780637808c4751461011257806384b0196e1461013d57806391c11e2114610158575b5f5ffd5b6100e26100dd366004610ab3565b61023e565b6040519081526020015b60405180910390f35b6100fd6102be565b6040516100ec9190610b31565b6100fd61034a565b610125610120366004610b4a565b610374565b6040516001600160a01b0390911681526020016100ec565b610145610401565b6040516100ec9796959493929190610bf8565b6100e27f000000000000000000000000000000000000000000000000000000000000000081565b6100e27f8e1ba5cbdc6bf59398186019307aea5abfddb4493f425e44ff455af491fc79d081565b6101257f000000000000000000000000000000000000000000000000000000000000000081565b6101257f000000000000000000000000000000000000000000000000000000000000000081565b610125610443565b61012561020a366004610c8e565b610455565b6101257f000000000000000000000000000000000000000000000000000000000000000081565b6100e2610514565b604080517f8e1ba5cbdc6bf59398186019307aea5abfddb4493f425e44ff455af491fc79d060208201526001600160a01b038087169282019290925281851660608201526080810184905290821660a08201525f906102b59060c0016040516020818303038152906040528051906020012061051d565b95945050505050565b600280546102cb90610ca9565b80601f01602080910402602001604051908101604052809291908181526020018280546102f790610ca9565b80156103425780601f1061031957610100808354040283529160200191610342565b820191905f5260205f20905b81548152906001019060200180831161032557829003601f168201915b505050505081565b60606040518060200161035c90610a8f565b601f1982820381018352601f90910116604052919050565b5f5f6103828888888861023e565b90505f5f61039183878761054f565b5090925090505f8160038111156103aa576103aa610ce1565b1415806103c95750896001600160a01b0316826001600160a01b031614155b156103e757604051638baa579f60e01b815260040160405180910390fd5b6103f38a8a8a8a610596565b9a9950505050505050505050565b5f6060805f5f5f606061041261078f565b61041a6107ba565b604080515f80825260208201909252600f60f81b9b939a50919850469750309650945092509050565b5f610450335f5f5f610596565b905090565b5f806001600160f81b03193061049885604080516001600160a01b03831660208201525f9101604051602081830303815290604052805190602001209050919050565b6040516001600160f81b031993909316602084015260609190911b6bffffffffffffffffffffffff1916602183015260358201527f0000000000000000000000000000000000000000000000000000000000000000605582015260750160408051601f1981840301815291905280516020909101209392505050565b5f6104506107e5565b5f6105496105296107e5565b8360405161190160f01b8152600281019290925260228201526042902090565b92915050565b5f80806041849003610583578435602086013560408701355f1a6105758982858561090e565b95509550955050505061058d565b505f915060029050825b93509350939050565b5f6001600160a01b0385166105be57604051639905827b60e01b815260040160405180910390fd5b5f6105e87f00000000000000000000000000000000000000000000000000000000000000006109d6565b604080516001600160a01b0389166020808301919091528251808303820181529183019092528051910120909150808251602084015ff592506001600160a01b0383166106615761063887610455565b604051632f20f90360e21b81526001600160a01b03909116600482015260240160405180910390fd5b6040805160018082528183019092525f916020808301908036833701905050905087815f8151811061069557610695610cf5565b6001600160a01b03928316602091820292909201015260405163b63e800d60e01b81529085169063b63e800d906107209084906001907f0000000000000000000000000000000000000000000000000000000000000000906002907f0000000000000000000000000000000000000000000000000000000000000000908f908f908f90600401610da7565b5f604051808303815f87803b158015610737575f5ffd5b505af1158015610749573d5f5f3e3d5ffd5b50506040516001600160a01b03808c169350871691507f4f51faf6c4561ff95f067657e43439f0f856d97c04d9ec9070a6199ad418e235905f90a3505050949350505050565b60606104507f0000000000000000000000000000000000000000000000000000000000000000610a2b565b60606104507f0000000000000000000000000000000000000000000000000000000000000000610a2b565b5f306001600160a01b037f00000000000000000000000000000000000000000000000000000000000000001614801561083d57507f000000000000000000000000000000000000000000000000000000000000000046145b1561086757507f000000000000000000000000000000000000000000000000000000000000000090565b610450604080517f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f60208201527f0000000000000000000000000000000000000000000000000000000000000000918101919091527f000000000000000000000000000000000000000000000000000000000000000060608201524660808201523060a08201525f9060c00160405160208183030381529060405280519060200120905090565b5f80807f7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a084111561094757505f915060039050826109cc565b604080515f808252602082018084528a905260ff891692820192909252606081018790526080810186905260019060a0016020604051602081039080840390855afa158015610998573d5f5f3e3d5ffd5b5050604051601f1901519150506001600160a01b0381166109c357505f9250600191508290506109cc565b92505f91508190505b9450945094915050565b6060604051806020016109e890610a8f565b601f1982820381018352601f909101166040819052610a1591906001600160a01b03851690602001610e6a565b6040516020818303038152906040529050919050565b60605f610a3783610a68565b6040805160208082528183019092529192505f91906020820181803683375050509182525060208101929092525090565b5f60ff8216601f81111561054957604051632cd44ac360e21b815260040160405180910390fd5b61016380610e8583390190565b6001600160a01b0381168114610ab0575f5ffd5b50565b5f5f5f5f60808587031215610ac6575f5ffd5b8435610ad181610a9c565b93506020850135610ae181610a9c565b9250604085013591506060850135610af881610a9c565b939692955090935050565b5f81518084528060208401602086015e5f602082860101526020601f19601f83011685010191505092915050565b602081525f610b436020830184610b03565b9392505050565b5f5f5f5f5f5f60a08789031215610b5f575f5ffd5b8635610b6a81610a9c565b95506020870135610b7a81610a9c565b9450604087013593506060870135610b9181610a9c565b9250608087013567ffffffffffffffff811115610bac575f5ffd5b8701601f81018913610bbc575f5ffd5b803567ffffffffffffffff811115610bd2575f5ffd5b896020828401011115610be3575f5ffd5b60208201935080925050509295509295509295565b60ff60f81b8816815260e060208201525f610c1660e0830189610b03565b8281036040840152610c288189610b03565b606084018890526001600160a01b038716608085015260a0840186905283810360c0850152845180825260208087019350909101905f5b81811015610c7d578351835260209384019390920191600101610c5f565b50909b9a5050505050505050505050565b5f60208284031215610c9e575f5ffd5b8135610b4381610a9c565b600181811c90821680610cbd57607f821691505b602082108103610cdb57634e487b7160e01b5f52602260045260245ffd5b50919050565b634e487b7160e01b5f52602160045260245ffd5b634e487b7160e01b5f52603260045260245ffd5b80545f90600181811c90821680610d2157607f821691505b602082108103610d3f57634e487b7160e01b5f52602260045260245ffd5b81865260208601818015610d5a5760018114610d7057610d9c565b60ff198516825283151560051b82019550610d9c565b5f878152602090205f5b85811015610d9657815484820152600190910190602001610d7a565b83019650505b505050505092915050565b61010080825289519082018190525f9060208b0190610120840190835b81811015610deb5783516001600160a01b0316835260209384019390920191600101610dc4565b50508a6020850152610e08604085018b6001600160a01b03169052565b8381036060850152610e1a818a610d09565b92505050610e3360808301876001600160a01b03169052565b6001600160a01b03851660a08301528360c0830152610e5d60e08301846001600160a01b03169052565b9998505050505050505050565b5f83518060208601845e919091019182525060200191905056fe6080604052348015600e575f5ffd5b50604051610163380380610163833981016040819052602b9160b2565b6001600160a01b038116608f5760405162461bcd60e51b815260206004820152602260248201527f496e76616c69642073696e676c65746f6e20616464726573732070726f766964604482015261195960f21b606482015260840160405180910390fd5b5f80546001600160a01b0319166001600160a01b039290921691909117905560dd565b5f6020828403121560c1575f5ffd5b81516001600160a01b038116811460d6575f5ffd5b9392505050565b607a806100e95f395ff3fe60806040525f80546001600160a01b03169035632cf35bc960e11b01602657805f5260205ff35b365f5f375f5f365f845af490503d5f5f3e80603f573d5ffd5b503d5ff3fea2646970667358221220578ffe5b50579c76ac0246cae8fdc60e15e201e157081cd3c3823269dcc8aea264736f6c63430008250033a26469706673582212206158934f0e3edd870aff5d1bd4af0d0d6cf3c301036fbf354bff9e53d39d388e64736f6c634300082500336080604052348015600e575f5ffd5b50604051610163380380610163833981016040819052602b9160b2565b6001600160a01b038116608f5760405162461bcd60e51b815260206004820152602260248201527f496e76616c69642073696e676c65746f6e20616464726573732070726f766964604482015261195960f21b606482015260840160405180910390fd5b5f80546001600160a01b0319166001600160a01b039290921691909117905560dd565b5f6020828403121560c1575f5ffd5b81516001600160a01b038116811460d6575f5ffd5b9392505050565b607a806100e95f395ff3fe60806040525f80546001600160a01b03169035632cf35bc960e11b01602657805f5260205ff35b365f5f375f5f365f845af490503d5f5f3e80603f573d5ffd5b503d5ff3fea2646970667358221220578ffe5b50579c76ac0246cae8fdc60e15e201e157081cd3c3823269dcc8aea264736f6c63430008250033",
}

// SafeFactoryABI is the input ABI used to generate the binding from.
// Deprecated: Use SafeFactoryMetaData.ABI instead.
var SafeFactoryABI = SafeFactoryMetaData.ABI

// SafeFactoryBin is the compiled bytecode used for deploying new contracts.
// Deprecated: Use SafeFactoryMetaData.Bin instead.
var SafeFactoryBin = SafeFactoryMetaData.Bin

// DeploySafeFactory deploys a new Ethereum contract, binding an instance of SafeFactory to it.
func DeploySafeFactory(auth *bind.TransactOpts, backend bind.ContractBackend, singleton_ common.Address, fallbackHandler_ common.Address, setupTo_ common.Address, setupData_ []byte) (common.Address, *types.Transaction, *SafeFactory, error) {
	parsed, err := SafeFactoryMetaData.GetAbi()
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	if parsed == nil {
		return common.Address{}, nil, nil, errors.New("GetABI returned nil")
	}

	address, tx, contract, err := bind.DeployContract(auth, *parsed, common.FromHex(SafeFactoryBin), backend, singleton_, fallbackHandler_, setupTo_, setupData_)
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	return address, tx, &SafeFactory{SafeFactoryCaller: SafeFactoryCaller{contract: contract}, SafeFactoryTransactor: SafeFactoryTransactor{contract: contract}, SafeFactoryFilterer: SafeFactoryFilterer{contract: contract}}, nil
}

// SafeFactory is an auto generated Go binding around an Ethereum contract.
type SafeFactory struct {
	SafeFactoryCaller     // Read-only binding to the contract
	SafeFactoryTransactor // Write-only binding to the contract
	SafeFactoryFilterer   // Log filterer for contract events
}

// SafeFactoryCaller is an auto generated read-only Go binding around an Ethereum contract.
type SafeFactoryCaller struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// SafeFactoryTransactor is an auto generated write-only Go binding around an Ethereum contract.
type SafeFactoryTransactor struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// SafeFactoryFilterer is an auto generated log filtering Go binding around an Ethereum contract events.
type SafeFactoryFilterer struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// SafeFactorySession is an auto generated Go binding around an Ethereum contract,
// with pre-set call and transact options.
type SafeFactorySession struct {
	Contract     *SafeFactory      // Generic contract binding to set the session for
	CallOpts     bind.CallOpts     // Call options to use throughout this session
	TransactOpts bind.TransactOpts // Transaction auth options to use throughout this session
}

// SafeFactoryCallerSession is an auto generated read-only Go binding around an Ethereum contract,
// with pre-set call options.
type SafeFactoryCallerSession struct {
	Contract *SafeFactoryCaller // Generic contract caller binding to set the session for
	CallOpts bind.CallOpts      // Call options to use throughout this session
}

// SafeFactoryTransactorSession is an auto generated write-only Go binding around an Ethereum contract,
// with pre-set transact options.
type SafeFactoryTransactorSession struct {
	Contract     *SafeFactoryTransactor // Generic contract transactor binding to set the session for
	TransactOpts bind.TransactOpts      // Transaction auth options to use throughout this session
}

// SafeFactoryRaw is an auto generated low-level Go binding around an Ethereum contract.
type SafeFactoryRaw struct {
	Contract *SafeFactory // Generic contract binding to access the raw methods on
}

// SafeFactoryCallerRaw is an auto generated low-level read-only Go binding around an Ethereum contract.
type SafeFactoryCallerRaw struct {
	Contract *SafeFactoryCaller // Generic read-only contract binding to access the raw methods on
}

// SafeFactoryTransactorRaw is an auto generated low-level write-only Go binding around an Ethereum contract.
type SafeFactoryTransactorRaw struct {
	Contract *SafeFactoryTransactor // Generic write-only contract binding to access the raw methods on
}

// NewSafeFactory creates a new instance of SafeFactory, bound to a specific deployed contract.
func NewSafeFactory(address common.Address, backend bind.ContractBackend) (*SafeFactory, error) {
	contract, err := bindSafeFactory(address, backend, backend, backend)
	if err != nil {
		return nil, err
	}
	return &SafeFactory{SafeFactoryCaller: SafeFactoryCaller{contract: contract}, SafeFactoryTransactor: SafeFactoryTransactor{contract: contract}, SafeFactoryFilterer: SafeFactoryFilterer{contract: contract}}, nil
}

// NewSafeFactoryCaller creates a new read-only instance of SafeFactory, bound to a specific deployed contract.
func NewSafeFactoryCaller(address common.Address, caller bind.ContractCaller) (*SafeFactoryCaller, error) {
	contract, err := bindSafeFactory(address, caller, nil, nil)
	if err != nil {
		return nil, err
	}
	return &SafeFactoryCaller{contract: contract}, nil
}

// NewSafeFactoryTransactor creates a new write-only instance of SafeFactory, bound to a specific deployed contract.
func NewSafeFactoryTransactor(address common.Address, transactor bind.ContractTransactor) (*SafeFactoryTransactor, error) {
	contract, err := bindSafeFactory(address, nil, transactor, nil)
	if err != nil {
		return nil, err
	}
	return &SafeFactoryTransactor{contract: contract}, nil
}

// NewSafeFactoryFilterer creates a new log filterer instance of SafeFactory, bound to a specific deployed contract.
func NewSafeFactoryFilterer(address common.Address, filterer bind.ContractFilterer) (*SafeFactoryFilterer, error) {
	contract, err := bindSafeFactory(address, nil, nil, filterer)
	if err != nil {
		return nil, err
	}
	return &SafeFactoryFilterer{contract: contract}, nil
}

// bindSafeFactory binds a generic wrapper to an already deployed contract.
func bindSafeFactory(address common.Address, caller bind.ContractCaller, transactor bind.ContractTransactor, filterer bind.ContractFilterer) (*bind.BoundContract, error) {
	parsed, err := SafeFactoryMetaData.GetAbi()
	if err != nil {
		return nil, err
	}
	return bind.NewBoundContract(address, *parsed, caller, transactor, filterer), nil
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_SafeFactory *SafeFactoryRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _SafeFactory.Contract.SafeFactoryCaller.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_SafeFactory *SafeFactoryRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _SafeFactory.Contract.SafeFactoryTransactor.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_SafeFactory *SafeFactoryRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _SafeFactory.Contract.SafeFactoryTransactor.contract.Transact(opts, method, params...)
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_SafeFactory *SafeFactoryCallerRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _SafeFactory.Contract.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_SafeFactory *SafeFactoryTransactorRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _SafeFactory.Contract.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_SafeFactory *SafeFactoryTransactorRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _SafeFactory.Contract.contract.Transact(opts, method, params...)
}

// CREATEPROXYTYPEHASH is a free data retrieval call binding the contract method 0x98827e29.
//
// Solidity: function CREATE_PROXY_TYPEHASH() view returns(bytes32)
func (_SafeFactory *SafeFactoryCaller) CREATEPROXYTYPEHASH(opts *bind.CallOpts) ([32]byte, error) {
	var out []interface{}
	err := _SafeFactory.contract.Call(opts, &out, "CREATE_PROXY_TYPEHASH")

	if err != nil {
		return *new([32]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)

	return out0, err

}

// CREATEPROXYTYPEHASH is a free data retrieval call binding the contract method 0x98827e29.
//
// Solidity: function CREATE_PROXY_TYPEHASH() view returns(bytes32)
func (_SafeFactory *SafeFactorySession) CREATEPROXYTYPEHASH() ([32]byte, error) {
	return _SafeFactory.Contract.CREATEPROXYTYPEHASH(&_SafeFactory.CallOpts)
}

// CREATEPROXYTYPEHASH is a free data retrieval call binding the contract method 0x98827e29.
//
// Solidity: function CREATE_PROXY_TYPEHASH() view returns(bytes32)
func (_SafeFactory *SafeFactoryCallerSession) CREATEPROXYTYPEHASH() ([32]byte, error) {
	return _SafeFactory.Contract.CREATEPROXYTYPEHASH(&_SafeFactory.CallOpts)
}

// ComputeProxyAddress is a free data retrieval call binding the contract method 0xd600539a.
//
// Solidity: function computeProxyAddress(address owner) view returns(address)
func (_SafeFactory *SafeFactoryCaller) ComputeProxyAddress(opts *bind.CallOpts, owner common.Address) (common.Address, error) {
	var out []interface{}
	err := _SafeFactory.contract.Call(opts, &out, "computeProxyAddress", owner)

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// ComputeProxyAddress is a free data retrieval call binding the contract method 0xd600539a.
//
// Solidity: function computeProxyAddress(address owner) view returns(address)
func (_SafeFactory *SafeFactorySession) ComputeProxyAddress(owner common.Address) (common.Address, error) {
	return _SafeFactory.Contract.ComputeProxyAddress(&_SafeFactory.CallOpts, owner)
}

// ComputeProxyAddress is a free data retrieval call binding the contract method 0xd600539a.
//
// Solidity: function computeProxyAddress(address owner) view returns(address)
func (_SafeFactory *SafeFactoryCallerSession) ComputeProxyAddress(owner common.Address) (common.Address, error) {
	return _SafeFactory.Contract.ComputeProxyAddress(&_SafeFactory.CallOpts, owner)
}

// CreateProxyDigest is a free data retrieval call binding the contract method 0x191980a8.
//
// Solidity: function createProxyDigest(address owner, address paymentToken, uint256 payment, address paymentReceiver) view returns(bytes32)
func (_SafeFactory *SafeFactoryCaller) CreateProxyDigest(opts *bind.CallOpts, owner common.Address, paymentToken common.Address, payment *big.Int, paymentReceiver common.Address) ([32]byte, error) {
	var out []interface{}
	err := _SafeFactory.contract.Call(opts, &out, "createProxyDigest", owner, paymentToken, payment, paymentReceiver)

	if err != nil {
		return *new([32]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)

	return out0, err

}

// CreateProxyDigest is a free data retrieval call binding the contract method 0x191980a8.
//
// Solidity: function createProxyDigest(address owner, address paymentToken, uint256 payment, address paymentReceiver) view returns(bytes32)
func (_SafeFactory *SafeFactorySession) CreateProxyDigest(owner common.Address, paymentToken common.Address, payment *big.Int, paymentReceiver common.Address) ([32]byte, error) {
	return _SafeFactory.Contract.CreateProxyDigest(&_SafeFactory.CallOpts, owner, paymentToken, payment, paymentReceiver)
}

// CreateProxyDigest is a free data retrieval call binding the contract method 0x191980a8.
//
// Solidity: function createProxyDigest(address owner, address paymentToken, uint256 payment, address paymentReceiver) view returns(bytes32)
func (_SafeFactory *SafeFactoryCallerSession) CreateProxyDigest(owner common.Address, paymentToken common.Address, payment *big.Int, paymentReceiver common.Address) ([32]byte, error) {
	return _SafeFactory.Contract.CreateProxyDigest(&_SafeFactory.CallOpts, owner, paymentToken, payment, paymentReceiver)
}

// DomainSeparator is a free data retrieval call binding the contract method 0xf698da25.
//
// Solidity: function domainSeparator() view returns(bytes32)
func (_SafeFactory *SafeFactoryCaller) DomainSeparator(opts *bind.CallOpts) ([32]byte, error) {
	var out []interface{}
	err := _SafeFactory.contract.Call(opts, &out, "domainSeparator")

	if err != nil {
		return *new([32]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)

	return out0, err

}

// DomainSeparator is a free data retrieval call binding the contract method 0xf698da25.
//
// Solidity: function domainSeparator() view returns(bytes32)
func (_SafeFactory *SafeFactorySession) DomainSeparator() ([32]byte, error) {
	return _SafeFactory.Contract.DomainSeparator(&_SafeFactory.CallOpts)
}

// DomainSeparator is a free data retrieval call binding the contract method 0xf698da25.
//
// Solidity: function domainSeparator() view returns(bytes32)
func (_SafeFactory *SafeFactoryCallerSession) DomainSeparator() ([32]byte, error) {
	return _SafeFactory.Contract.DomainSeparator(&_SafeFactory.CallOpts)
}

// Eip712Domain is a free data retrieval call binding the contract method 0x84b0196e.
//
// Solidity: function eip712Domain() view returns(bytes1 fields, string name, string version, uint256 chainId, address verifyingContract, bytes32 salt, uint256[] extensions)
func (_SafeFactory *SafeFactoryCaller) Eip712Domain(opts *bind.CallOpts) (struct {
	Fields            [1]byte
	Name              string
	Version           string
	ChainId           *big.Int
	VerifyingContract common.Address
	Salt              [32]byte
	Extensions        []*big.Int
}, error) {
	var out []interface{}
	err := _SafeFactory.contract.Call(opts, &out, "eip712Domain")

	outstruct := new(struct {
		Fields            [1]byte
		Name              string
		Version           string
		ChainId           *big.Int
		VerifyingContract common.Address
		Salt              [32]byte
		Extensions        []*big.Int
	})
	if err != nil {
		return *outstruct, err
	}

	outstruct.Fields = *abi.ConvertType(out[0], new([1]byte)).(*[1]byte)
	outstruct.Name = *abi.ConvertType(out[1], new(string)).(*string)
	outstruct.Version = *abi.ConvertType(out[2], new(string)).(*string)
	outstruct.ChainId = *abi.ConvertType(out[3], new(*big.Int)).(**big.Int)
	outstruct.VerifyingContract = *abi.ConvertType(out[4], new(common.Address)).(*common.Address)
	outstruct.Salt = *abi.ConvertType(out[5], new([32]byte)).(*[32]byte)
	outstruct.Extensions = *abi.ConvertType(out[6], new([]*big.Int)).(*[]*big.Int)

	return *outstruct, err

}

// Eip712Domain is a free data retrieval call binding the contract method 0x84b0196e.
//
// Solidity: function eip712Domain() view returns(bytes1 fields, string name, string version, uint256 chainId, address verifyingContract, bytes32 salt, uint256[] extensions)
func (_SafeFactory *SafeFactorySession) Eip712Domain() (struct {
	Fields            [1]byte
	Name              string
	Version           string
	ChainId           *big.Int
	VerifyingContract common.Address
	Salt              [32]byte
	Extensions        []*big.Int
}, error) {
	return _SafeFactory.Contract.Eip712Domain(&_SafeFactory.CallOpts)
}

// Eip712Domain is a free data retrieval call binding the contract method 0x84b0196e.
//
// Solidity: function eip712Domain() view returns(bytes1 fields, string name, string version, uint256 chainId, address verifyingContract, bytes32 salt, uint256[] extensions)
func (_SafeFactory *SafeFactoryCallerSession) Eip712Domain() (struct {
	Fields            [1]byte
	Name              string
	Version           string
	ChainId           *big.Int
	VerifyingContract common.Address
	Salt              [32]byte
	Extensions        []*big.Int
}, error) {
	return _SafeFactory.Contract.Eip712Domain(&_SafeFactory.CallOpts)
}

// FallbackHandler is a free data retrieval call binding the contract method 0xeed2f252.
//
// Solidity: function fallbackHandler() view returns(address)
func (_SafeFactory *SafeFactoryCaller) FallbackHandler(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _SafeFactory.contract.Call(opts, &out, "fallbackHandler")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// FallbackHandler is a free data retrieval call binding the contract method 0xeed2f252.
//
// Solidity: function fallbackHandler() view returns(address)
func (_SafeFactory *SafeFactorySession) FallbackHandler() (common.Address, error) {
	return _SafeFactory.Contract.FallbackHandler(&_SafeFactory.CallOpts)
}

// FallbackHandler is a free data retrieval call binding the contract method 0xeed2f252.
//
// Solidity: function fallbackHandler() view returns(address)
func (_SafeFactory *SafeFactoryCallerSession) FallbackHandler() (common.Address, error) {
	return _SafeFactory.Contract.FallbackHandler(&_SafeFactory.CallOpts)
}

// ProxyCreationCode is a free data retrieval call binding the contract method 0x53e5d935.
//
// Solidity: function proxyCreationCode() pure returns(bytes)
func (_SafeFactory *SafeFactoryCaller) ProxyCreationCode(opts *bind.CallOpts) ([]byte, error) {
	var out []interface{}
	err := _SafeFactory.contract.Call(opts, &out, "proxyCreationCode")

	if err != nil {
		return *new([]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([]byte)).(*[]byte)

	return out0, err

}

// ProxyCreationCode is a free data retrieval call binding the contract method 0x53e5d935.
//
// Solidity: function proxyCreationCode() pure returns(bytes)
func (_SafeFactory *SafeFactorySession) ProxyCreationCode() ([]byte, error) {
	return _SafeFactory.Contract.ProxyCreationCode(&_SafeFactory.CallOpts)
}

// ProxyCreationCode is a free data retrieval call binding the contract method 0x53e5d935.
//
// Solidity: function proxyCreationCode() pure returns(bytes)
func (_SafeFactory *SafeFactoryCallerSession) ProxyCreationCode() ([]byte, error) {
	return _SafeFactory.Contract.ProxyCreationCode(&_SafeFactory.CallOpts)
}

// ProxyInitCodeHash is a free data retrieval call binding the contract method 0x91c11e21.
//
// Solidity: function proxyInitCodeHash() view returns(bytes32)
func (_SafeFactory *SafeFactoryCaller) ProxyInitCodeHash(opts *bind.CallOpts) ([32]byte, error) {
	var out []interface{}
	err := _SafeFactory.contract.Call(opts, &out, "proxyInitCodeHash")

	if err != nil {
		return *new([32]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)

	return out0, err

}

// ProxyInitCodeHash is a free data retrieval call binding the contract method 0x91c11e21.
//
// Solidity: function proxyInitCodeHash() view returns(bytes32)
func (_SafeFactory *SafeFactorySession) ProxyInitCodeHash() ([32]byte, error) {
	return _SafeFactory.Contract.ProxyInitCodeHash(&_SafeFactory.CallOpts)
}

// ProxyInitCodeHash is a free data retrieval call binding the contract method 0x91c11e21.
//
// Solidity: function proxyInitCodeHash() view returns(bytes32)
func (_SafeFactory *SafeFactoryCallerSession) ProxyInitCodeHash() ([32]byte, error) {
	return _SafeFactory.Contract.ProxyInitCodeHash(&_SafeFactory.CallOpts)
}

// SetupData is a free data retrieval call binding the contract method 0x4e6699bd.
//
// Solidity: function setupData() view returns(bytes)
func (_SafeFactory *SafeFactoryCaller) SetupData(opts *bind.CallOpts) ([]byte, error) {
	var out []interface{}
	err := _SafeFactory.contract.Call(opts, &out, "setupData")

	if err != nil {
		return *new([]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([]byte)).(*[]byte)

	return out0, err

}

// SetupData is a free data retrieval call binding the contract method 0x4e6699bd.
//
// Solidity: function setupData() view returns(bytes)
func (_SafeFactory *SafeFactorySession) SetupData() ([]byte, error) {
	return _SafeFactory.Contract.SetupData(&_SafeFactory.CallOpts)
}

// SetupData is a free data retrieval call binding the contract method 0x4e6699bd.
//
// Solidity: function setupData() view returns(bytes)
func (_SafeFactory *SafeFactoryCallerSession) SetupData() ([]byte, error) {
	return _SafeFactory.Contract.SetupData(&_SafeFactory.CallOpts)
}

// SetupTo is a free data retrieval call binding the contract method 0x9c6ed3fd.
//
// Solidity: function setupTo() view returns(address)
func (_SafeFactory *SafeFactoryCaller) SetupTo(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _SafeFactory.contract.Call(opts, &out, "setupTo")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// SetupTo is a free data retrieval call binding the contract method 0x9c6ed3fd.
//
// Solidity: function setupTo() view returns(address)
func (_SafeFactory *SafeFactorySession) SetupTo() (common.Address, error) {
	return _SafeFactory.Contract.SetupTo(&_SafeFactory.CallOpts)
}

// SetupTo is a free data retrieval call binding the contract method 0x9c6ed3fd.
//
// Solidity: function setupTo() view returns(address)
func (_SafeFactory *SafeFactoryCallerSession) SetupTo() (common.Address, error) {
	return _SafeFactory.Contract.SetupTo(&_SafeFactory.CallOpts)
}

// Singleton is a free data retrieval call binding the contract method 0xb62654fb.
//
// Solidity: function singleton() view returns(address)
func (_SafeFactory *SafeFactoryCaller) Singleton(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _SafeFactory.contract.Call(opts, &out, "singleton")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// Singleton is a free data retrieval call binding the contract method 0xb62654fb.
//
// Solidity: function singleton() view returns(address)
func (_SafeFactory *SafeFactorySession) Singleton() (common.Address, error) {
	return _SafeFactory.Contract.Singleton(&_SafeFactory.CallOpts)
}

// Singleton is a free data retrieval call binding the contract method 0xb62654fb.
//
// Solidity: function singleton() view returns(address)
func (_SafeFactory *SafeFactoryCallerSession) Singleton() (common.Address, error) {
	return _SafeFactory.Contract.Singleton(&_SafeFactory.CallOpts)
}

// CreateOwnProxy is a paid mutator transaction binding the contract method 0xc43f0094.
//
// Solidity: function createOwnProxy() returns(address proxy)
func (_SafeFactory *SafeFactoryTransactor) CreateOwnProxy(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _SafeFactory.contract.Transact(opts, "createOwnProxy")
}

// CreateOwnProxy is a paid mutator transaction binding the contract method 0xc43f0094.
//
// Solidity: function createOwnProxy() returns(address proxy)
func (_SafeFactory *SafeFactorySession) CreateOwnProxy() (*types.Transaction, error) {
	return _SafeFactory.Contract.CreateOwnProxy(&_SafeFactory.TransactOpts)
}

// CreateOwnProxy is a paid mutator transaction binding the contract method 0xc43f0094.
//
// Solidity: function createOwnProxy() returns(address proxy)
func (_SafeFactory *SafeFactoryTransactorSession) CreateOwnProxy() (*types.Transaction, error) {
	return _SafeFactory.Contract.CreateOwnProxy(&_SafeFactory.TransactOpts)
}

// CreateProxy is a paid mutator transaction binding the contract method 0x7808c475.
//
// Solidity: function createProxy(address owner, address paymentToken, uint256 payment, address paymentReceiver, bytes signature) returns(address proxy)
func (_SafeFactory *SafeFactoryTransactor) CreateProxy(opts *bind.TransactOpts, owner common.Address, paymentToken common.Address, payment *big.Int, paymentReceiver common.Address, signature []byte) (*types.Transaction, error) {
	return _SafeFactory.contract.Transact(opts, "createProxy", owner, paymentToken, payment, paymentReceiver, signature)
}

// CreateProxy is a paid mutator transaction binding the contract method 0x7808c475.
//
// Solidity: function createProxy(address owner, address paymentToken, uint256 payment, address paymentReceiver, bytes signature) returns(address proxy)
func (_SafeFactory *SafeFactorySession) CreateProxy(owner common.Address, paymentToken common.Address, payment *big.Int, paymentReceiver common.Address, signature []byte) (*types.Transaction, error) {
	return _SafeFactory.Contract.CreateProxy(&_SafeFactory.TransactOpts, owner, paymentToken, payment, paymentReceiver, signature)
}

// CreateProxy is a paid mutator transaction binding the contract method 0x7808c475.
//
// Solidity: function createProxy(address owner, address paymentToken, uint256 payment, address paymentReceiver, bytes signature) returns(address proxy)
func (_SafeFactory *SafeFactoryTransactorSession) CreateProxy(owner common.Address, paymentToken common.Address, payment *big.Int, paymentReceiver common.Address, signature []byte) (*types.Transaction, error) {
	return _SafeFactory.Contract.CreateProxy(&_SafeFactory.TransactOpts, owner, paymentToken, payment, paymentReceiver, signature)
}

// SafeFactoryEIP712DomainChangedIterator is returned from FilterEIP712DomainChanged and is used to iterate over the raw logs and unpacked data for EIP712DomainChanged events raised by the SafeFactory contract.
type SafeFactoryEIP712DomainChangedIterator struct {
	Event *SafeFactoryEIP712DomainChanged // Event containing the contract specifics and raw log

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
func (it *SafeFactoryEIP712DomainChangedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(SafeFactoryEIP712DomainChanged)
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
		it.Event = new(SafeFactoryEIP712DomainChanged)
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
func (it *SafeFactoryEIP712DomainChangedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *SafeFactoryEIP712DomainChangedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// SafeFactoryEIP712DomainChanged represents a EIP712DomainChanged event raised by the SafeFactory contract.
type SafeFactoryEIP712DomainChanged struct {
	Raw types.Log // Blockchain specific contextual infos
}

// FilterEIP712DomainChanged is a free log retrieval operation binding the contract event 0x0a6387c9ea3628b88a633bb4f3b151770f70085117a15f9bf3787cda53f13d31.
//
// Solidity: event EIP712DomainChanged()
func (_SafeFactory *SafeFactoryFilterer) FilterEIP712DomainChanged(opts *bind.FilterOpts) (*SafeFactoryEIP712DomainChangedIterator, error) {

	logs, sub, err := _SafeFactory.contract.FilterLogs(opts, "EIP712DomainChanged")
	if err != nil {
		return nil, err
	}
	return &SafeFactoryEIP712DomainChangedIterator{contract: _SafeFactory.contract, event: "EIP712DomainChanged", logs: logs, sub: sub}, nil
}

// WatchEIP712DomainChanged is a free log subscription operation binding the contract event 0x0a6387c9ea3628b88a633bb4f3b151770f70085117a15f9bf3787cda53f13d31.
//
// Solidity: event EIP712DomainChanged()
func (_SafeFactory *SafeFactoryFilterer) WatchEIP712DomainChanged(opts *bind.WatchOpts, sink chan<- *SafeFactoryEIP712DomainChanged) (event.Subscription, error) {

	logs, sub, err := _SafeFactory.contract.WatchLogs(opts, "EIP712DomainChanged")
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(SafeFactoryEIP712DomainChanged)
				if err := _SafeFactory.contract.UnpackLog(event, "EIP712DomainChanged", log); err != nil {
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

// ParseEIP712DomainChanged is a log parse operation binding the contract event 0x0a6387c9ea3628b88a633bb4f3b151770f70085117a15f9bf3787cda53f13d31.
//
// Solidity: event EIP712DomainChanged()
func (_SafeFactory *SafeFactoryFilterer) ParseEIP712DomainChanged(log types.Log) (*SafeFactoryEIP712DomainChanged, error) {
	event := new(SafeFactoryEIP712DomainChanged)
	if err := _SafeFactory.contract.UnpackLog(event, "EIP712DomainChanged", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// SafeFactoryProxyCreationIterator is returned from FilterProxyCreation and is used to iterate over the raw logs and unpacked data for ProxyCreation events raised by the SafeFactory contract.
type SafeFactoryProxyCreationIterator struct {
	Event *SafeFactoryProxyCreation // Event containing the contract specifics and raw log

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
func (it *SafeFactoryProxyCreationIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(SafeFactoryProxyCreation)
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
		it.Event = new(SafeFactoryProxyCreation)
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
func (it *SafeFactoryProxyCreationIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *SafeFactoryProxyCreationIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// SafeFactoryProxyCreation represents a ProxyCreation event raised by the SafeFactory contract.
type SafeFactoryProxyCreation struct {
	Proxy common.Address
	Owner common.Address
	Raw   types.Log // Blockchain specific contextual infos
}

// FilterProxyCreation is a free log retrieval operation binding the contract event 0x4f51faf6c4561ff95f067657e43439f0f856d97c04d9ec9070a6199ad418e235.
//
// Solidity: event ProxyCreation(address indexed proxy, address indexed owner)
func (_SafeFactory *SafeFactoryFilterer) FilterProxyCreation(opts *bind.FilterOpts, proxy []common.Address, owner []common.Address) (*SafeFactoryProxyCreationIterator, error) {

	var proxyRule []interface{}
	for _, proxyItem := range proxy {
		proxyRule = append(proxyRule, proxyItem)
	}
	var ownerRule []interface{}
	for _, ownerItem := range owner {
		ownerRule = append(ownerRule, ownerItem)
	}

	logs, sub, err := _SafeFactory.contract.FilterLogs(opts, "ProxyCreation", proxyRule, ownerRule)
	if err != nil {
		return nil, err
	}
	return &SafeFactoryProxyCreationIterator{contract: _SafeFactory.contract, event: "ProxyCreation", logs: logs, sub: sub}, nil
}

// WatchProxyCreation is a free log subscription operation binding the contract event 0x4f51faf6c4561ff95f067657e43439f0f856d97c04d9ec9070a6199ad418e235.
//
// Solidity: event ProxyCreation(address indexed proxy, address indexed owner)
func (_SafeFactory *SafeFactoryFilterer) WatchProxyCreation(opts *bind.WatchOpts, sink chan<- *SafeFactoryProxyCreation, proxy []common.Address, owner []common.Address) (event.Subscription, error) {

	var proxyRule []interface{}
	for _, proxyItem := range proxy {
		proxyRule = append(proxyRule, proxyItem)
	}
	var ownerRule []interface{}
	for _, ownerItem := range owner {
		ownerRule = append(ownerRule, ownerItem)
	}

	logs, sub, err := _SafeFactory.contract.WatchLogs(opts, "ProxyCreation", proxyRule, ownerRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(SafeFactoryProxyCreation)
				if err := _SafeFactory.contract.UnpackLog(event, "ProxyCreation", log); err != nil {
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

// ParseProxyCreation is a log parse operation binding the contract event 0x4f51faf6c4561ff95f067657e43439f0f856d97c04d9ec9070a6199ad418e235.
//
// Solidity: event ProxyCreation(address indexed proxy, address indexed owner)
func (_SafeFactory *SafeFactoryFilterer) ParseProxyCreation(log types.Log) (*SafeFactoryProxyCreation, error) {
	event := new(SafeFactoryProxyCreation)
	if err := _SafeFactory.contract.UnpackLog(event, "ProxyCreation", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}
