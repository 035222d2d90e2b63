// Code generated - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package exchange

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

// CTFExchangeMatch is an auto generated low-level Go binding around an user-defined struct.
type CTFExchangeMatch struct {
	TakerOrder       CTFExchangeOrder
	MakerOrders      []CTFExchangeOrder
	TakerFillAmount  *big.Int
	MakerFillAmounts []*big.Int
}

// CTFExchangeOrder is an auto generated low-level Go binding around an user-defined struct.
type CTFExchangeOrder struct {
	Salt          *big.Int
	Maker         common.Address
	Signer        common.Address
	Taker         common.Address
	TokenId       *big.Int
	MakerAmount   *big.Int
	TakerAmount   *big.Int
	Expiration    *big.Int
	Nonce         *big.Int
	FeeRateBps    *big.Int
	Side          uint8
	SignatureType uint8
	ScopeId       string
	Signature     []byte
}

// CTFExchangeMetaData contains all meta data concerning the CTFExchange contract.
var CTFExchangeMetaData = &bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"contractIERC20\",\"name\":\"collateral_\",\"type\":\"address\"},{\"internalType\":\"contractIConditionalTokens\",\"name\":\"ctf_\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"safeFactory_\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"admin\",\"type\":\"address\"},{\"internalType\":\"address[]\",\"name\":\"operators\",\"type\":\"address[]\"},{\"internalType\":\"address\",\"name\":\"feeReceiver_\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[],\"name\":\"AccessControlBadConfirmation\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"internalType\":\"bytes32\",\"name\":\"neededRole\",\"type\":\"bytes32\"}],\"name\":\"AccessControlUnauthorizedAccount\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"orderHash\",\"type\":\"bytes32\"}],\"name\":\"CancelledOrder\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"EnforcedPause\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ExpectedPause\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"orderHash\",\"type\":\"bytes32\"}],\"name\":\"FeeTooHigh\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"orderHash\",\"type\":\"bytes32\"}],\"name\":\"InvalidAmounts\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidMakerOrders\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"matchTime\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"blockTime\",\"type\":\"uint256\"}],\"name\":\"InvalidMatchTime\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidMatches\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"orderHash\",\"type\":\"bytes32\"}],\"name\":\"InvalidNonce\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidShortString\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"orderHash\",\"type\":\"bytes32\"}],\"name\":\"InvalidSide\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"orderHash\",\"type\":\"bytes32\"}],\"name\":\"InvalidSignature\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"orderHash\",\"type\":\"bytes32\"}],\"name\":\"InvalidSignatureType\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidTokenPair\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"makerOrderHash\",\"type\":\"bytes32\"}],\"name\":\"MismatchedTokenIds\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"makerOrderHash\",\"type\":\"bytes32\"}],\"name\":\"NotCrossing\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"orderHash\",\"type\":\"bytes32\"}],\"name\":\"NotOwner\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"orderHash\",\"type\":\"bytes32\"}],\"name\":\"NotTaker\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"orderHash\",\"type\":\"bytes32\"}],\"name\":\"OrderExpired\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"orderHash\",\"type\":\"bytes32\"},{\"internalType\":\"uint256\",\"name\":\"filled\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"size\",\"type\":\"uint256\"}],\"name\":\"Overfilled\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ReentrancyGuardReentrantCall\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"SafeERC20FailedOperation\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"orderHash\",\"type\":\"bytes32\"}],\"name\":\"SignerNotMaker\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"string\",\"name\":\"str\",\"type\":\"string\"}],\"name\":\"StringTooLong\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"takerFillAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"makerFillTotal\",\"type\":\"uint256\"}],\"name\":\"TakerFillMismatch\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"tokenId\",\"type\":\"uint256\"}],\"name\":\"TokenAlreadyRegistered\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"tokenId\",\"type\":\"uint256\"}],\"name\":\"TokenNotRegistered\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroAddress\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"orderHash\",\"type\":\"bytes32\"}],\"name\":\"ZeroFill\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[],\"name\":\"EIP712DomainChanged\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"feeReceiver\",\"type\":\"address\"}],\"name\":\"FeeReceiverUpdated\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"maker\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"newNonce\",\"type\":\"uint256\"}],\"name\":\"NonceIncremented\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"orderHash\",\"type\":\"bytes32\"}],\"name\":\"OrderCancelled\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"orderHash\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"maker\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"taker\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"makerAssetId\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"takerAssetId\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"makerAmountFilled\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"takerAmountFilled\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"fee\",\"type\":\"uint256\"}],\"name\":\"OrderFilled\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"takerOrderHash\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"takerOrderMaker\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"makerAssetId\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"takerAssetId\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"makerAmountFilled\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"takerAmountFilled\",\"type\":\"uint256\"}],\"name\":\"OrdersMatched\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":false,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"Paused\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"previousAdminRole\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"newAdminRole\",\"type\":\"bytes32\"}],\"name\":\"RoleAdminChanged\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"RoleGranted\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"RoleRevoked\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint256\",\"name\":\"token0\",\"type\":\"uint256\"},{\"indexed\":true,\"internalType\":\"uint256\",\"name\":\"token1\",\"type\":\"uint256\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"conditionId\",\"type\":\"bytes32\"}],\"name\":\"TokenRegistered\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":false,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"Unpaused\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"BPS_DENOMINATOR\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"BUY\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"DEFAULT_ADMIN_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"MAX_BATCH_MATCHES\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"MAX_FEE_RATE_BPS\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"MAX_MAKER_ORDERS\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"MAX_MATCH_AGE\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"MAX_MATCH_SKEW\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"OPERATOR_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"ORDER_TYPEHASH\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"SELL\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"SIGNATURE_EOA\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"SIGNATURE_SAFE\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"internalType\":\"uint256\",\"name\":\"salt\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"maker\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"signer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"taker\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"tokenId\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"makerAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"takerAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"expiration\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"nonce\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"feeRateBps\",\"type\":\"uint256\"},{\"internalType\":\"uint8\",\"name\":\"side\",\"type\":\"uint8\"},{\"internalType\":\"uint8\",\"name\":\"signatureType\",\"type\":\"uint8\"},{\"internalType\":\"string\",\"name\":\"scopeId\",\"type\":\"string\"},{\"internalType\":\"bytes\",\"name\":\"signature\",\"type\":\"bytes\"}],\"internalType\":\"structCTFExchange.Order\",\"name\":\"order\",\"type\":\"tuple\"}],\"name\":\"cancelOrder\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"internalType\":\"uint256\",\"name\":\"salt\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"maker\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"signer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"taker\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"tokenId\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"makerAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"takerAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"expiration\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"nonce\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"feeRateBps\",\"type\":\"uint256\"},{\"internalType\":\"uint8\",\"name\":\"side\",\"type\":\"uint8\"},{\"internalType\":\"uint8\",\"name\":\"signatureType\",\"type\":\"uint8\"},{\"internalType\":\"string\",\"name\":\"scopeId\",\"type\":\"string\"},{\"internalType\":\"bytes\",\"name\":\"signature\",\"type\":\"bytes\"}],\"internalType\":\"structCTFExchange.Order[]\",\"name\":\"orders\",\"type\":\"tuple[]\"}],\"name\":\"cancelOrders\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"collateral\",\"outputs\":[{\"internalType\":\"contractIERC20\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"ctf\",\"outputs\":[{\"internalType\":\"contractIConditionalTokens\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"domainSeparator\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"eip712Domain\",\"outputs\":[{\"internalType\":\"bytes1\",\"name\":\"fields\",\"type\":\"bytes1\"},{\"internalType\":\"string\",\"name\":\"name\",\"type\":\"string\"},{\"internalType\":\"string\",\"name\":\"version\",\"type\":\"string\"},{\"internalType\":\"uint256\",\"name\":\"chainId\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"verifyingContract\",\"type\":\"address\"},{\"internalType\":\"bytes32\",\"name\":\"salt\",\"type\":\"bytes32\"},{\"internalType\":\"uint256[]\",\"name\":\"extensions\",\"type\":\"uint256[]\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"feeReceiver\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"}],\"name\":\"getRoleAdmin\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"grantRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"hasRole\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"internalType\":\"uint256\",\"name\":\"salt\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"maker\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"signer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"taker\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"tokenId\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"makerAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"takerAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"expiration\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"nonce\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"feeRateBps\",\"type\":\"uint256\"},{\"internalType\":\"uint8\",\"name\":\"side\",\"type\":\"uint8\"},{\"internalType\":\"uint8\",\"name\":\"signatureType\",\"type\":\"uint8\"},{\"internalType\":\"string\",\"name\":\"scopeId\",\"type\":\"string\"},{\"internalType\":\"bytes\",\"name\":\"signature\",\"type\":\"bytes\"}],\"internalType\":\"structCTFExchange.Order\",\"name\":\"order\",\"type\":\"tuple\"}],\"name\":\"hashOrder\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"incrementNonce\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"maker\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"nonce\",\"type\":\"uint256\"}],\"name\":\"isValidNonce\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"internalType\":\"uint256\",\"name\":\"salt\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"maker\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"signer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"taker\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"tokenId\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"makerAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"takerAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"expiration\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"nonce\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"feeRateBps\",\"type\":\"uint256\"},{\"internalType\":\"uint8\",\"name\":\"side\",\"type\":\"uint8\"},{\"internalType\":\"uint8\",\"name\":\"signatureType\",\"type\":\"uint8\"},{\"internalType\":\"string\",\"name\":\"scopeId\",\"type\":\"string\"},{\"internalType\":\"bytes\",\"name\":\"signature\",\"type\":\"bytes\"}],\"internalType\":\"structCTFExchange.Order\",\"name\":\"takerOrder\",\"type\":\"tuple\"},{\"components\":[{\"internalType\":\"uint256\",\"name\":\"salt\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"maker\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"signer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"taker\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"tokenId\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"makerAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"takerAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"expiration\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"nonce\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"feeRateBps\",\"type\":\"uint256\"},{\"internalType\":\"uint8\",\"name\":\"side\",\"type\":\"uint8\"},{\"internalType\":\"uint8\",\"name\":\"signatureType\",\"type\":\"uint8\"},{\"internalType\":\"string\",\"name\":\"scopeId\",\"type\":\"string\"},{\"internalType\":\"bytes\",\"name\":\"signature\",\"type\":\"bytes\"}],\"internalType\":\"structCTFExchange.Order[]\",\"name\":\"makerOrders\",\"type\":\"tuple[]\"},{\"internalType\":\"uint256\",\"name\":\"takerFillAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256[]\",\"name\":\"makerFillAmounts\",\"type\":\"uint256[]\"},{\"internalType\":\"uint256\",\"name\":\"matchTime\",\"type\":\"uint256\"}],\"name\":\"matchOrders\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"components\":[{\"internalType\":\"uint256\",\"name\":\"salt\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"maker\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"signer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"taker\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"tokenId\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"makerAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"takerAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"expiration\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"nonce\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"feeRateBps\",\"type\":\"uint256\"},{\"internalType\":\"uint8\",\"name\":\"side\",\"type\":\"uint8\"},{\"internalType\":\"uint8\",\"name\":\"signatureType\",\"type\":\"uint8\"},{\"internalType\":\"string\",\"name\":\"scopeId\",\"type\":\"string\"},{\"internalType\":\"bytes\",\"name\":\"signature\",\"type\":\"bytes\"}],\"internalType\":\"structCTFExchange.Order\",\"name\":\"takerOrder\",\"type\":\"tuple\"},{\"components\":[{\"internalType\":\"uint256\",\"name\":\"salt\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"maker\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"signer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"taker\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"tokenId\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"makerAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"takerAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"expiration\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"nonce\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"feeRateBps\",\"type\":\"uint256\"},{\"internalType\":\"uint8\",\"name\":\"side\",\"type\":\"uint8\"},{\"internalType\":\"uint8\",\"name\":\"signatureType\",\"type\":\"uint8\"},{\"internalType\":\"string\",\"name\":\"scopeId\",\"type\":\"string\"},{\"internalType\":\"bytes\",\"name\":\"signature\",\"type\":\"bytes\"}],\"internalType\":\"structCTFExchange.Order[]\",\"name\":\"makerOrders\",\"type\":\"tuple[]\"},{\"internalType\":\"uint256\",\"name\":\"takerFillAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256[]\",\"name\":\"makerFillAmounts\",\"type\":\"uint256[]\"}],\"internalType\":\"structCTFExchange.Match[]\",\"name\":\"matches\",\"type\":\"tuple[]\"},{\"internalType\":\"uint256\",\"name\":\"matchTime\",\"type\":\"uint256\"}],\"name\":\"matchOrdersBatch\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"maker\",\"type\":\"address\"}],\"name\":\"nonces\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"},{\"internalType\":\"uint256[]\",\"name\":\"\",\"type\":\"uint256[]\"},{\"internalType\":\"uint256[]\",\"name\":\"\",\"type\":\"uint256[]\"},{\"internalType\":\"bytes\",\"name\":\"\",\"type\":\"bytes\"}],\"name\":\"onERC1155BatchReceived\",\"outputs\":[{\"internalType\":\"bytes4\",\"name\":\"\",\"type\":\"bytes4\"}],\"stateMutability\":\"pure\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"},{\"internalType\":\"bytes\",\"name\":\"\",\"type\":\"bytes\"}],\"name\":\"onERC1155Received\",\"outputs\":[{\"internalType\":\"bytes4\",\"name\":\"\",\"type\":\"bytes4\"}],\"stateMutability\":\"pure\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"orderHash\",\"type\":\"bytes32\"}],\"name\":\"orderStatus\",\"outputs\":[{\"internalType\":\"uint128\",\"name\":\"filled\",\"type\":\"uint128\"},{\"internalType\":\"bool\",\"name\":\"cancelled\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"pause\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"paused\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"token0\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"token1\",\"type\":\"uint256\"},{\"internalType\":\"bytes32\",\"name\":\"conditionId\",\"type\":\"bytes32\"}],\"name\":\"registerToken\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"tokenId\",\"type\":\"uint256\"}],\"name\":\"registry\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"complement\",\"type\":\"uint256\"},{\"internalType\":\"bytes32\",\"name\":\"conditionId\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"callerConfirmation\",\"type\":\"address\"}],\"name\":\"renounceRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"revokeRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"}],\"name\":\"safeAddressOf\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"safeFactory\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"safeInitCodeHash\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"feeReceiver_\",\"type\":\"address\"}],\"name\":\"setFeeReceiver\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes4\",\"name\":\"interfaceId\",\"type\":\"bytes4\"}],\"name\":\"supportsInterface\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"unpause\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"internalType\":\"uint256\",\"name\":\"salt\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"maker\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"signer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"taker\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"tokenId\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"makerAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"takerAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"expiration\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"nonce\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"feeRateBps\",\"type\":\"uint256\"},{\"internalType\":\"uint8\",\"name\":\"side\",\"type\":\"uint8\"},{\"internalType\":\"uint8\",\"name\":\"signatureType\",\"type\":\"uint8\"},{\"internalType\":\"string\",\"name\":\"scopeId\",\"type\":\"string\"},{\"internalType\":\"bytes\",\"name\":\"signature\",\"type\":\"bytes\"}],\"internalType\":\"structCTFExchange.Order\",\"name\":\"order\",\"type\":\"tuple\"}],\"name\":\"validateOrder\",\"outputs\":[],\"stateMutability\":\"view\",\"type\":\"function\"}]",
	Bin: "0x6101e0604052348015610010575f5ffd5b506040516136e43803806136e483398101604081905261002f916104cc565b6040518060400160405280601181526020017050726564204354462045786368616e676560781b815250604051806040016040528060018152602001603160f81b815250610082826102bd60201b60201c565b6101205261008f816102bd565b61014052815160208084019190912060e052815190820120610100524660a05261011b60e05161010051604080517f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f60208201529081019290925260608201524660808201523060a08201525f9060c00160405160208183030381529060405280519060200120905090565b60805250503060c0526001600160a01b038616158061014157506001600160a01b038516155b8061015357506001600160a01b038416155b8061016557506001600160a01b038316155b8061017757506001600160a01b038116155b156101955760405163d92e233d60e01b815260040160405180910390fd5b6001600160a01b03808716610160528581166101805284166101a0819052604080516391c11e2160e01b815290516391c11e21916004808201926020929091908290030181865afa1580156101ec573d5f5f3e3d5ffd5b505050506040513d601f19601f8201168201806040525081019061021091906105f3565b6101c05260038054610100600160a81b0319166101006001600160a01b0384160217905561023e5f84610303565b505f5b825181101561029c576102937f97667070c54ef182b0f5858b034beac1b6f3089aa2d3188bb1e8929f4fa9b9298483815181106102805761028061060a565b602002602001015161030360201b60201c565b50600101610241565b506102b26001600160a01b038716865f196103b0565b505050505050610679565b5f5f829050601f815111156102f0578260405163305a27a960e01b81526004016102e7919061061e565b60405180910390fd5b80516102fb82610653565b179392505050565b5f8281526002602090815260408083206001600160a01b038516845290915281205460ff166103a7575f8381526002602090815260408083206001600160a01b03861684529091529020805460ff1916600117905561035f3390565b6001600160a01b0316826001600160a01b0316847f2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d60405160405180910390a45060016103aa565b505f5b92915050565b6103bc8383835f61042f565b61042a576103cd83835f600161042f565b6103f557604051635274afe760e01b81526001600160a01b03841660048201526024016102e7565b610402838383600161042f565b61042a57604051635274afe760e01b81526001600160a01b03841660048201526024016102e7565b505050565b60405163095ea7b360e01b5f8181526001600160a01b038616600452602485905291602083604481808b5af1925060015f51148316610485578383151615610479573d5f823e3d81fd5b5f873b113d1516831692505b60405250949350505050565b6001600160a01b03811681146104a5575f5ffd5b50565b80516104b381610491565b919050565b634e487b7160e01b5f52604160045260245ffd5b5f5f5f5f5f5f60c087890312156104e1575f5ffd5b86516104ec81610491565b60208801519096506104fd81610491565b604088015190955061050e81610491565b606088015190945061051f81610491565b60808801519093506001600160401b0381111561053a575f5ffd5b8701601f8101891361054a575f5ffd5b80516001600160401b03811115610563576105636104b8565b604051600582901b90603f8201601f191681016001600160401b0381118282101715610591576105916104b8565b60405291825260208184018101929081018c8411156105ae575f5ffd5b6020850194505b838510156105d4576105c6856104a8565b8152602094850194016105b5565b5094506105e79250505060a088016104a8565b90509295509295509295565b5f60208284031215610603575f5ffd5b5051919050565b634e487b7160e01b5f52603260045260245ffd5b602081525f82518060208401528060208501604085015e5f604082850101526040601f19601f83011684010191505092915050565b80516020808301519190811015610673575f198160200360031b1b821691505b50919050565b60805160a05160c05160e05161010051610120516101405161016051610180516101a0516101c051612f8961075b5f395f8181610715015261075c01525f818161030101526106d901525f81816103480152818161153c01528181611d9e0152818161203d015281816120fb01528181612196015261224e01525f81816105cd0152818161161001528181611cf2015281816120090152818161206c015281816121c501528181612311015261235801525f61186c01525f61184101525f61196901525f61194101525f61189c01525f6118c601525f6118f00152612f895ff3fe608060405234801561000f575f5ffd5b5060043610610276575f3560e01c806368c7450f11610156578063bc197c81116100ca578063f23a6e6111610084578063f23a6e6114610614578063f5b541a614610634578063f698da251461065b578063f973a20914610663578063fa8ca8141461068a578063fe1be32014610757575f5ffd5b8063bc197c811461057a578063d547741f146105b5578063d8dfeb45146105c8578063e1a45218146105ef578063e7ccf43f146105f8578063efdcd97414610601575f5ffd5b80638dc250fe1161011b5780638dc250fe1461052357806391d1485414610536578063a217fddf14610549578063a455b55d14610550578063ac9f06671461055a578063b3f0067414610562575f5ffd5b806368c7450f146104bb57806369bcac28146104ce5780637ecebe00146104e15780638456cb591461050057806384b0196e14610508575f5ffd5b8063328467a7116101ed57806348f4e3e1116101b257806348f4e3e1146104345780635893253c14610447578063593af9b9146104825780635c975abb14610495578063627cdcb9146104a0578063661e7155146104a8575f5ffd5b8063328467a71461040057806336568abe1461040957806337b5ba061461041c5780633f4ba83a14610424578063415b22d41461042c575f5ffd5b8063205730fd1161023e578063205730fd1461033b57806322a9339f14610343578063248a9ca31461036a57806328231d251461027a5780632dff692d1461039a5780632f2ff15d146103ed575f5ffd5b806301ab98061461027a57806301ffc9a7146102985780630647ee20146102bb57806309a619c6146102e7578063131e7e1c146102fc575b5f5ffd5b6102815f81565b60405160ff90911681526020015b60405180910390f35b6102ab6102a6366004612809565b61077e565b604051901515815260200161028f565b6102ab6102c936600461284b565b6001600160a01b03919091165f908152600660205260409020541490565b6102fa6102f536600461288a565b6107a8565b005b6103237f000000000000000000000000000000000000000000000000000000000000000081565b6040516001600160a01b03909116815260200161028f565b610281600181565b6103237f000000000000000000000000000000000000000000000000000000000000000081565b61038c6103783660046128c3565b5f9081526002602052604090206001015490565b60405190815260200161028f565b6103ce6103a83660046128c3565b60056020525f90815260409020546001600160801b03811690600160801b900460ff1682565b604080516001600160801b03909316835290151560208301520161028f565b6102fa6103fb3660046128da565b6108ac565b61038c6103e881565b6102fa6104173660046128da565b6108d6565b61038c602081565b6102fa610909565b61038c600f81565b6102fa61044236600461294b565b61091e565b61046d6104553660046128c3565b60046020525f90815260409020805460019091015482565b6040805192835260208301919091520161028f565b6102fa6104903660046129f3565b610982565b60035460ff166102ab565b6102fa6109c0565b6102fa6104b636600461288a565b610a2c565b6102fa6104c9366004612a31565b610a35565b61038c6104dc36600461288a565b610b61565b61038c6104ef366004612a5a565b60066020525f908152604090205481565b6102fa610b73565b610510610b85565b60405161028f9796959493929190612adb565b6102fa610531366004612b4a565b610bc7565b6102ab6105443660046128da565b610cab565b61038c5f81565b61038c6201518081565b610281600281565b6003546103239061010090046001600160a01b031681565b61059c610588366004612bce565b63bc197c8160e01b98975050505050505050565b6040516001600160e01b0319909116815260200161028f565b6102fa6105c33660046128da565b610cd5565b6103237f000000000000000000000000000000000000000000000000000000000000000081565b61038c61271081565b61038c61012c81565b6102fa61060f366004612a5a565b610cf9565b61059c610622366004612c8a565b63f23a6e6160e01b9695505050505050565b61038c7f97667070c54ef182b0f5858b034beac1b6f3089aa2d3188bb1e8929f4fa9b92981565b61038c610d7c565b61038c7fdd0b3d38693bb05298951a78ceae0310432b499f731a8c061776a1be1026fa1881565b610323610698366004612a5a565b604080516001600160a01b039290921660208084019190915281518084038201815283830183528051908201206001600160f81b03196060808601919091527f0000000000000000000000000000000000000000000000000000000000000000901b6bffffffffffffffffffffffff1916606185015260758401527f00000000000000000000000000000000000000000000000000000000000000006095808501919091528251808503909101815260b5909301909152815191012090565b61038c7f000000000000000000000000000000000000000000000000000000000000000081565b5f6001600160e01b03198216630271189760e51b14806107a257506107a282610d8a565b92915050565b5f6107b38242610dbe565b5f818152600560209081526040918290208251808401909352546001600160801b0381168352600160801b900460ff1615801591830191909152919250906108165760405163a1c074a760e01b8152600481018390526024015b60405180910390fd5b61081f836110f7565b81516001600160801b03161061086e578051829061083c856110f7565b60405163fa3f0b7160e01b815260048101939093526001600160801b039091166024830152604482015260640161080d565b60808301355f908152600460205260409020600101546108a757604051638f9f911160e01b81526080840135600482015260240161080d565b505050565b5f828152600260205260409020600101546108c681611125565b6108d0838361112f565b50505050565b6001600160a01b03811633146108ff5760405163334bd91960e11b815260040160405180910390fd5b6108a782826111c0565b5f61091381611125565b61091b61122b565b50565b61092661127d565b7f97667070c54ef182b0f5858b034beac1b6f3089aa2d3188bb1e8929f4fa9b92961095081611125565b6109586112b4565b610961826112d8565b61097088888888888888611323565b50610979611673565b50505050505050565b5f5b818110156108a7576109b88383838181106109a1576109a1612cfc565b90506020028101906109b39190612d10565b61169d565b600101610984565b335f908152600660205260408120546109da906001612d43565b335f818152600660205260409081902083905551919250907fa82a649bbd060c9099cd7b7326e2b0dc9e9af0836480e0f849dc9eaa79710b3b90610a219084815260200190565b60405180910390a250565b61091b8161169d565b5f610a3f81611125565b82841480610a4b575083155b80610a54575082155b80610a5d575081155b15610a7b57604051638686656d60e01b815260040160405180910390fd5b5f8481526004602052604090206001015415610aad5760405163e300460d60e01b81526004810185905260240161080d565b5f8381526004602052604090206001015415610adf5760405163e300460d60e01b81526004810184905260240161080d565b60408051808201825284815260208082018581525f88815260048084528582209451855591516001948501558451808601865289815280840188815289835292909352848120925183559051919092015590518391859187917fbc9a2432e8aeb48327246cddd6e872ef452812b4243c04e6bfb786a2cd8faf0d91a450505050565b5f6107a2610b6e83611764565b6117d1565b5f610b7d81611125565b61091b6117fd565b5f6060805f5f5f6060610b9661183a565b610b9e611865565b604080515f80825260208201909252600f60f81b9b939a50919850469750309650945092509050565b610bcf61127d565b7f97667070c54ef182b0f5858b034beac1b6f3089aa2d3188bb1e8929f4fa9b929610bf981611125565b610c016112b4565b821580610c0e5750602083115b15610c2c57604051630c2c313560e31b815260040160405180910390fd5b610c35826112d8565b5f5b83811015610ca15736858583818110610c5257610c52612cfc565b9050602002810190610c649190612d6a565b9050610c98610c738280612d10565b610c806020840184612d7e565b6040850135610c926060870187612d7e565b8a611323565b50600101610c37565b50506108a7611673565b5f9182526002602090815260408084206001600160a01b0393909316845291905290205460ff1690565b5f82815260026020526040902060010154610cef81611125565b6108d083836111c0565b5f610d0381611125565b6001600160a01b038216610d2a5760405163d92e233d60e01b815260040160405180910390fd5b60038054610100600160a81b0319166101006001600160a01b038516908102919091179091556040517f27aae5db36d94179909d019ae0b1ac7c16d96d953148f63c0f6a0a9c8ead79ee905f90a25050565b5f610d85611890565b905090565b5f6001600160e01b03198216637965db0b60e01b14806107a257506301ffc9a760e01b6001600160e01b03198316146107a2565b5f610dc883610b61565b905060e083013515801590610de05750818360e00135105b15610e015760405163173bae5760e11b81526004810182905260240161080d565b5f610e126080850160608601612a5a565b6001600160a01b031614158015610e41575033610e356080850160608601612a5a565b6001600160a01b031614155b8015610e65575030610e596080850160608601612a5a565b6001600160a01b031614155b15610e86576040516328da0d6160e01b81526004810182905260240161080d565b6001610e9a61016085016101408601612dc3565b60ff161115610ebf57604051632910154760e01b81526004810182905260240161080d565b60a08301351580610ed2575060c0830135155b80610ee757506001600160801b0360a0840135115b80610efc57506001600160801b0360c0840135115b15610f1d57604051632f54019f60e01b81526004810182905260240161080d565b6103e88361012001351115610f4857604051632d8a6f8160e01b81526004810182905260240161080d565b60065f610f5b6040860160208701612a5a565b6001600160a01b03166001600160a01b031681526020019081526020015f205483610100013514610fa257604051631cdba4a560e21b81526004810182905260240161080d565b610fb26060840160408501612a5a565b6001600160a01b0316610fd282610fcd6101a0870187612de3565b6119b9565b6001600160a01b0316141580610fff57505f610ff46060850160408601612a5a565b6001600160a01b0316145b1561102057604051633335be5d60e11b81526004810182905260240161080d565b5f61103361018085016101608601612dc3565b60ff16036110935761104b6040840160208501612a5a565b6001600160a01b03166110646060850160408601612a5a565b6001600160a01b03161461108e57604051637e992b6d60e01b81526004810182905260240161080d565b6107a2565b60026110a761018085016101608601612dc3565b60ff16036110db576110bf6040840160208501612a5a565b6001600160a01b03166110646106986060860160408701612a5a565b60405163724bede160e01b81526004810182905260240161080d565b5f8061110b61016084016101408501612dc3565b60ff161461111d578160a001356107a2565b5060c0013590565b61091b8133611a31565b5f61113a8383610cab565b6111b9575f8381526002602090815260408083206001600160a01b03861684529091529020805460ff191660011790556111713390565b6001600160a01b0316826001600160a01b0316847f2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d60405160405180910390a45060016107a2565b505f6107a2565b5f6111cb8383610cab565b156111b9575f8381526002602090815260408083206001600160a01b0386168085529252808320805460ff1916905551339286917ff6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b9190a45060016107a2565b611233611a6e565b6003805460ff191690557f5db9ee0a495bf2e6ff9c91a7834c1ba4fdd244a5e8aa4e537bd38aeae4b073aa335b6040516001600160a01b03909116815260200160405180910390a1565b611285611a91565b6112b260017f9b779b17422d0df92223018b32b4d1fa46e071723d6817e2486d003becc55f005b90611ad1565b565b60035460ff16156112b25760405163d93c066560e01b815260040160405180910390fd5b6112e461012c42612d43565b8111806112fc5750426112fa6201518083612d43565b105b1561091b57604051630cdcc67960e21b81526004810182905242602482015260440161080d565b848015806113315750600f81115b8061133c5750808314155b1561135a5760405163599e235560e11b815260040160405180910390fd5b5f6113658984610dbe565b905061139a6040518060c001604052805f81526020015f81526020015f81526020015f81526020015f81526020015f81525090565b6080808b01355f908152600460205260409020805460019091015460a08401819052918301526113e357604051638f9f911160e01b815260808b0135600482015260240161080d565b5f836001600160401b038111156113fc576113fc612d56565b604051908082528060200260200182016040528015611425578160200160208202803683370190505b5090505f5b8481101561149f5761147a8c8c8c8481811061144857611448612cfc565b905060200281019061145a9190612d10565b8a8a8581811061146c5761146c612cfc565b90506020020135868a611ad8565b82828151811061148c5761148c612cfc565b602090810291909101015260010161142a565b50815188146114ce578151604051638381fc9160e01b815261080d918a91600401918252602082015260400190565b6114dc838c845f0151611eac565b6114e68b83611fbc565b5f5b8481101561165057368b8b8381811061150357611503612cfc565b90506020028101906115159190612d10565b90505f61152a61016083016101408401612dc3565b60ff16036115e1576001600160a01b037f00000000000000000000000000000000000000000000000000000000000000001663f242432a306115726040850160208601612a5a565b84608001358d8d8881811061158957611589612cfc565b905060200201356040518563ffffffff1660e01b81526004016115af9493929190612e25565b5f604051808303815f87803b1580156115c6575f5ffd5b505af11580156115d8573d5f5f3e3d5ffd5b50505050611647565b6116476115f46040830160208401612a5a565b84848151811061160657611606612cfc565b60200260200101517f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03166121f49092919063ffffffff16565b506001016114e8565b5061165b8b83612229565b611666838c84612387565b5050505050505050505050565b6112b25f7f9b779b17422d0df92223018b32b4d1fa46e071723d6817e2486d003becc55f006112ac565b5f6116a782610b61565b90506116b96040830160208401612a5a565b6001600160a01b0316336001600160a01b0316141580156116fb57506116e56060830160408401612a5a565b6001600160a01b0316336001600160a01b031614155b1561171b5760405162a6922f60e81b81526004810182905260240161080d565b5f81815260056020526040808220805460ff60801b1916600160801b1790555182917f5152abf959f6564662358c2e52b702259b78bac5ee7842a0f01937e670efcc7d91a25050565b5f80611774610180840184612de3565b604051611782929190612e5c565b6040519081900381207fdd0b3d38693bb05298951a78ceae0310432b499f731a8c061776a1be1026fa18808352909250906101808560208301376101a0810192909252506101c0902092915050565b5f6107a26117dd611890565b8360405161190160f01b8152600281019290925260228201526042902090565b6118056112b4565b6003805460ff191660011790557f62e78cea01bee320cd4e420270b5ea74000d11b0c9f74754ebdbfc544b05a2586112603390565b6060610d857f0000000000000000000000000000000000000000000000000000000000000000612574565b6060610d857f0000000000000000000000000000000000000000000000000000000000000000612574565b5f306001600160a01b037f0000000000000000000000000000000000000000000000000000000000000000161480156118e857507f000000000000000000000000000000000000000000000000000000000000000046145b1561191257507f000000000000000000000000000000000000000000000000000000000000000090565b610d85604080517f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f60208201527f0000000000000000000000000000000000000000000000000000000000000000918101919091527f000000000000000000000000000000000000000000000000000000000000000060608201524660808201523060a08201525f9060c00160405160208183030381529060405280519060200120905090565b5f604182146119c957505f611a2a565b8235602084013560408501355f1a601b8110156119ee576119eb601b82612e6b565b90505b5f5f6119fc898487876125b1565b5090925090505f816003811115611a1557611a15612e84565b14611a20575f611a22565b815b955050505050505b9392505050565b611a3b8282610cab565b611a6a5760405163e2517d3f60e01b81526001600160a01b03821660048201526024810183905260440161080d565b5050565b60035460ff166112b257604051638dfc202b60e01b815260040160405180910390fd5b7f9b779b17422d0df92223018b32b4d1fa46e071723d6817e2486d003becc55f005c156112b257604051633ee5aeb560e01b815260040160405180910390fd5b80825d5050565b5f5f611ae48684610dbe565b9050611af1818787611eac565b5f80611b0561016089016101408a01612dc3565b60ff161490505f80611b1f6101608b016101408c01612dc3565b60ff1614905081611b4e5760a08801355f1960c08a0135890282010181611b4857611b48612e98565b04611b69565b8760c001358860a00135880281611b6757611b67612e98565b045b93505f8960800135896080013503611ba95781151583151503611ba257604051637b72aca760e11b81526004810185905260240161080d565b5083611c2a565b86608001518960800135141580611bc4575081151583151514155b15611be557604051637b72aca760e11b81526004810185905260240161080d565b878510611c0857604051634e2df1bb60e11b81526004810185905260240161080d565b611c128589612eac565b90508787606001818151611c269190612d43565b9052505b81611c43578960c0013588028a60a00135820210611c53565b8960a0013588028a60c001358202115b15611c7457604051634e2df1bb60e11b81526004810185905260240161080d565b87875f01818151611c859190612d43565b905250602087018051829190611c9c908390612d43565b905250612710611cb16101208c013583612ebf565b611cbb9190612ed6565b87604001818151611ccc9190612d43565b9052508215611d9457611d1a611ce860408b0160208c01612a5a565b6001600160a01b037f000000000000000000000000000000000000000000000000000000000000000016903088612679565b611d2a60408b0160208c01612a5a565b6001600160a01b0316611d4360408b0160208c01612a5a565b604080515f80825260808e81013560208401528284018b9052606083018e905282015290516001600160a01b03929092169187915f516020612f345f395f51905f52919081900360a00190a4611e9f565b6001600160a01b037f00000000000000000000000000000000000000000000000000000000000000001663f242432a611dd360408c0160208d01612a5a565b308c608001358c6040518563ffffffff1660e01b8152600401611df99493929190612e25565b5f604051808303815f87803b158015611e10575f5ffd5b505af1158015611e22573d5f5f3e3d5ffd5b50611e379250505060408b0160208c01612a5a565b6001600160a01b0316611e5060408b0160208c01612a5a565b6040805160808d81013582525f602083018190528284018e9052606083018b90529082015290516001600160a01b03929092169187915f516020612f345f395f51905f52919081900360a00190a45b5050505095945050505050565b805f03611ecf57604051635375771d60e01b81526004810184905260240161080d565b5f83815260056020908152604091829020825180840190935280546001600160801b0381168452600160801b900460ff16158015928401929092529190611f2c5760405163a1c074a760e01b81526004810186905260240161080d565b5f611f36856110f7565b90505f84835f01516001600160801b0316611f519190612d43565b905081811115611f9057825160405163fa3f0b7160e01b8152600481018990526001600160801b0390911660248201526044810183905260640161080d565b83546fffffffffffffffffffffffffffffffff19166001600160801b0391909116179092555050505050565b5f611fcf61016084016101408501612dc3565b60ff16036120f157612031611fea6040840160208501612a5a565b3083604001518460200151611fff9190612d43565b6001600160a01b037f000000000000000000000000000000000000000000000000000000000000000016929190612679565b606081015115611a6a577f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03166372ce42757f00000000000000000000000000000000000000000000000000000000000000005f5f1b8460a0015161209b6126af565b86606001516040518663ffffffff1660e01b81526004016120c0959493929190612ef5565b5f604051808303815f87803b1580156120d7575f5ffd5b505af11580156120e9573d5f5f3e3d5ffd5b505050505050565b6001600160a01b037f00000000000000000000000000000000000000000000000000000000000000001663f242432a6121306040850160208601612a5a565b83516040516001600160e01b031960e085901b16815261215c9291309160808901359190600401612e25565b5f604051808303815f87803b158015612173575f5ffd5b505af1158015612185573d5f5f3e3d5ffd5b5050505080606001515f14611a6a577f00000000000000000000000000000000000000000000000000000000000000006001600160a01b0316639e7212ad7f00000000000000000000000000000000000000000000000000000000000000005f5f1b8460a0015161209b6126af565b6122018383836001612713565b6108a757604051635274afe760e01b81526001600160a01b038416600482015260240161080d565b5f61223c61016084016101408501612dc3565b60ff16036122e0576001600160a01b037f00000000000000000000000000000000000000000000000000000000000000001663f242432a306122846040860160208701612a5a565b84516040516001600160e01b031960e086901b1681526122ae939291608089013591600401612e25565b5f604051808303815f87803b1580156122c5575f5ffd5b505af11580156122d7573d5f5f3e3d5ffd5b50505050612338565b6123386122f36040840160208501612a5a565b826040015183602001516123079190612eac565b6001600160a01b037f00000000000000000000000000000000000000000000000000000000000000001691906121f4565b604081015115611a6a576003546040820151611a6a916001600160a01b037f000000000000000000000000000000000000000000000000000000000000000081169261010090920416906121f4565b5f61239a61016084016101408501612dc3565b60ff1603612490575f816040015182602001516123b79190612d43565b9050306123ca6040850160208601612a5a565b835160408086015181515f81526080808a013560208301529281018790526060810193909352908201526001600160a01b03919091169086905f516020612f345f395f51905f529060a00160405180910390a461242d6040840160208501612a5a565b8251604080515f8152608080880135602083015291810185905260608101929092526001600160a01b03929092169186917f63bf4d16b7fa898ef4c4b2b6d90fd201e9c56313b65638af6088d149d2ce956c91015b60405180910390a350505050565b5f816040015182602001516124a59190612eac565b9050306124b86040850160208601612a5a565b835160408086015181516080808a013582525f60208301529281019390935260608301869052908201526001600160a01b03919091169086905f516020612f345f395f51905f529060a00160405180910390a461251b6040840160208501612a5a565b82516040805160808088013582525f602083015291810192909252606082018490526001600160a01b03929092169186917f63bf4d16b7fa898ef4c4b2b6d90fd201e9c56313b65638af6088d149d2ce956c9101612482565b60605f61258083612775565b6040805160208082528183019092529192505f91906020820181803683375050509182525060208101929092525090565b5f80807f7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a08411156125ea57505f9150600390508261266f565b604080515f808252602082018084528a905260ff891692820192909252606081018790526080810186905260019060a0016020604051602081039080840390855afa15801561263b573d5f5f3e3d5ffd5b5050604051601f1901519150506001600160a01b03811661266657505f92506001915082905061266f565b92505f91508190505b9450945094915050565b61268784848484600161279c565b6108d057604051635274afe760e01b81526001600160a01b038516600482015260240161080d565b60408051600280825260608083018452926020830190803683370190505090506001815f815181106126e3576126e3612cfc565b60200260200101818152505060028160018151811061270457612704612cfc565b60200260200101818152505090565b60405163a9059cbb60e01b5f8181526001600160a01b038616600452602485905291602083604481808b5af1925060015f5114831661276957838315161561275d573d5f823e3d81fd5b5f873b113d1516831692505b60405250949350505050565b5f60ff8216601f8111156107a257604051632cd44ac360e21b815260040160405180910390fd5b6040516323b872dd60e01b5f8181526001600160a01b038781166004528616602452604485905291602083606481808c5af1925060015f511483166127f85783831516156127ec573d5f823e3d81fd5b5f883b113d1516831692505b604052505f60605295945050505050565b5f60208284031215612819575f5ffd5b81356001600160e01b031981168114611a2a575f5ffd5b80356001600160a01b0381168114612846575f5ffd5b919050565b5f5f6040838503121561285c575f5ffd5b61286583612830565b946020939093013593505050565b5f6101c08284031215612884575f5ffd5b50919050565b5f6020828403121561289a575f5ffd5b81356001600160401b038111156128af575f5ffd5b6128bb84828501612873565b949350505050565b5f602082840312156128d3575f5ffd5b5035919050565b5f5f604083850312156128eb575f5ffd5b823591506128fb60208401612830565b90509250929050565b5f5f83601f840112612914575f5ffd5b5081356001600160401b0381111561292a575f5ffd5b6020830191508360208260051b8501011115612944575f5ffd5b9250929050565b5f5f5f5f5f5f5f60a0888a031215612961575f5ffd5b87356001600160401b03811115612976575f5ffd5b6129828a828b01612873565b97505060208801356001600160401b0381111561299d575f5ffd5b6129a98a828b01612904565b9097509550506040880135935060608801356001600160401b038111156129ce575f5ffd5b6129da8a828b01612904565b989b979a50959894979596608090950135949350505050565b5f5f60208385031215612a04575f5ffd5b82356001600160401b03811115612a19575f5ffd5b612a2585828601612904565b90969095509350505050565b5f5f5f60608486031215612a43575f5ffd5b505081359360208301359350604090920135919050565b5f60208284031215612a6a575f5ffd5b611a2a82612830565b5f81518084528060208401602086015e5f602082860101526020601f19601f83011685010191505092915050565b5f8151808452602084019350602083015f5b82811015612ad1578151865260209586019590910190600101612ab3565b5093949350505050565b60ff60f81b8816815260e060208201525f612af960e0830189612a73565b8281036040840152612b0b8189612a73565b606084018890526001600160a01b038716608085015260a0840186905283810360c08501529050612b3c8185612aa1565b9a9950505050505050505050565b5f5f5f60408486031215612b5c575f5ffd5b83356001600160401b03811115612b71575f5ffd5b612b7d86828701612904565b909790965060209590950135949350505050565b5f5f83601f840112612ba1575f5ffd5b5081356001600160401b03811115612bb7575f5ffd5b602083019150836020828501011115612944575f5ffd5b5f5f5f5f5f5f5f5f60a0898b031215612be5575f5ffd5b612bee89612830565b9750612bfc60208a01612830565b965060408901356001600160401b03811115612c16575f5ffd5b612c228b828c01612904565b90975095505060608901356001600160401b03811115612c40575f5ffd5b612c4c8b828c01612904565b90955093505060808901356001600160401b03811115612c6a575f5ffd5b612c768b828c01612b91565b999c989b5096995094979396929594505050565b5f5f5f5f5f5f60a08789031215612c9f575f5ffd5b612ca887612830565b9550612cb660208801612830565b9450604087013593506060870135925060808701356001600160401b03811115612cde575f5ffd5b612cea89828a01612b91565b979a9699509497509295939492505050565b634e487b7160e01b5f52603260045260245ffd5b5f82356101be19833603018112612d25575f5ffd5b9190910192915050565b634e487b7160e01b5f52601160045260245ffd5b808201808211156107a2576107a2612d2f565b634e487b7160e01b5f52604160045260245ffd5b5f8235607e19833603018112612d25575f5ffd5b5f5f8335601e19843603018112612d93575f5ffd5b8301803591506001600160401b03821115612dac575f5ffd5b6020019150600581901b3603821315612944575f5ffd5b5f60208284031215612dd3575f5ffd5b813560ff81168114611a2a575f5ffd5b5f5f8335601e19843603018112612df8575f5ffd5b8301803591506001600160401b03821115612e11575f5ffd5b602001915036819003821315612944575f5ffd5b6001600160a01b0394851681529290931660208301526040820152606081019190915260a0608082018190525f9082015260c00190565b818382375f9101908152919050565b60ff81811683821601908111156107a2576107a2612d2f565b634e487b7160e01b5f52602160045260245ffd5b634e487b7160e01b5f52601260045260245ffd5b818103818111156107a2576107a2612d2f565b80820281158282048414176107a2576107a2612d2f565b5f82612ef057634e487b7160e01b5f52601260045260245ffd5b500490565b60018060a01b038616815284602082015283604082015260a060608201525f612f2160a0830185612aa1565b9050826080830152969550505050505056fed0a08e8c493f9c94f29311604c9de1b4e8c8d4c06bd0c789af57f2d65bfec0f6a264697066735822122002474c140cb04ec7b3fbf59181ad82511716ecaa7beabe38dbfb3467b562339764736f6c63430008250033",
}

// CTFExchangeABI is the input ABI used to generate the binding from.
// Deprecated: Use CTFExchangeMetaData.ABI instead.
var CTFExchangeABI = CTFExchangeMetaData.ABI

// CTFExchangeBin is the compiled bytecode used for deploying new contracts.
// Deprecated: Use CTFExchangeMetaData.Bin instead.
var CTFExchangeBin = CTFExchangeMetaData.Bin

// DeployCTFExchange deploys a new Ethereum contract, binding an instance of CTFExchange to it.
func DeployCTFExchange(auth *bind.TransactOpts, backend bind.ContractBackend, collateral_ common.Address, ctf_ common.Address, safeFactory_ common.Address, admin common.Address, operators []common.Address, feeReceiver_ common.Address) (common.Address, *types.Transaction, *CTFExchange, error) {
	parsed, err := CTFExchangeMetaData.GetAbi()
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	if parsed == nil {
		return common.Address{}, nil, nil, errors.New("GetABI returned nil")
	}

	address, tx, contract, err := bind.DeployContract(auth, *parsed, common.FromHex(CTFExchangeBin), backend, collateral_, ctf_, safeFactory_, admin, operators, feeReceiver_)
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	return address, tx, &CTFExchange{CTFExchangeCaller: CTFExchangeCaller{contract: contract}, CTFExchangeTransactor: CTFExchangeTransactor{contract: contract}, CTFExchangeFilterer: CTFExchangeFilterer{contract: contract}}, nil
}

// CTFExchange is an auto generated Go binding around an Ethereum contract.
type CTFExchange struct {
	CTFExchangeCaller     // Read-only binding to the contract
	CTFExchangeTransactor // Write-only binding to the contract
	CTFExchangeFilterer   // Log filterer for contract events
}

// CTFExchangeCaller is an auto generated read-only Go binding around an Ethereum contract.
type CTFExchangeCaller struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// CTFExchangeTransactor is an auto generated write-only Go binding around an Ethereum contract.
type CTFExchangeTransactor struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// CTFExchangeFilterer is an auto generated log filtering Go binding around an Ethereum contract events.
type CTFExchangeFilterer struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// CTFExchangeSession is an auto generated Go binding around an Ethereum contract,
// with pre-set call and transact options.
type CTFExchangeSession struct {
	Contract     *CTFExchange      // Generic contract binding to set the session for
	CallOpts     bind.CallOpts     // Call options to use throughout this session
	TransactOpts bind.TransactOpts // Transaction auth options to use throughout this session
}

// CTFExchangeCallerSession is an auto generated read-only Go binding around an Ethereum contract,
// with pre-set call options.
type CTFExchangeCallerSession struct {
	Contract *CTFExchangeCaller // Generic contract caller binding to set the session for
	CallOpts bind.CallOpts      // Call options to use throughout this session
}

// CTFExchangeTransactorSession is an auto generated write-only Go binding around an Ethereum contract,
// with pre-set transact options.
type CTFExchangeTransactorSession struct {
	Contract     *CTFExchangeTransactor // Generic contract transactor binding to set the session for
	TransactOpts bind.TransactOpts      // Transaction auth options to use throughout this session
}

// CTFExchangeRaw is an auto generated low-level Go binding around an Ethereum contract.
type CTFExchangeRaw struct {
	Contract *CTFExchange // Generic contract binding to access the raw methods on
}

// CTFExchangeCallerRaw is an auto generated low-level read-only Go binding around an Ethereum contract.
type CTFExchangeCallerRaw struct {
	Contract *CTFExchangeCaller // Generic read-only contract binding to access the raw methods on
}

// CTFExchangeTransactorRaw is an auto generated low-level write-only Go binding around an Ethereum contract.
type CTFExchangeTransactorRaw struct {
	Contract *CTFExchangeTransactor // Generic write-only contract binding to access the raw methods on
}

// NewCTFExchange creates a new instance of CTFExchange, bound to a specific deployed contract.
func NewCTFExchange(address common.Address, backend bind.ContractBackend) (*CTFExchange, error) {
	contract, err := bindCTFExchange(address, backend, backend, backend)
	if err != nil {
		return nil, err
	}
	return &CTFExchange{CTFExchangeCaller: CTFExchangeCaller{contract: contract}, CTFExchangeTransactor: CTFExchangeTransactor{contract: contract}, CTFExchangeFilterer: CTFExchangeFilterer{contract: contract}}, nil
}

// NewCTFExchangeCaller creates a new read-only instance of CTFExchange, bound to a specific deployed contract.
func NewCTFExchangeCaller(address common.Address, caller bind.ContractCaller) (*CTFExchangeCaller, error) {
	contract, err := bindCTFExchange(address, caller, nil, nil)
	if err != nil {
		return nil, err
	}
	return &CTFExchangeCaller{contract: contract}, nil
}

// NewCTFExchangeTransactor creates a new write-only instance of CTFExchange, bound to a specific deployed contract.
func NewCTFExchangeTransactor(address common.Address, transactor bind.ContractTransactor) (*CTFExchangeTransactor, error) {
	contract, err := bindCTFExchange(address, nil, transactor, nil)
	if err != nil {
		return nil, err
	}
	return &CTFExchangeTransactor{contract: contract}, nil
}

// NewCTFExchangeFilterer creates a new log filterer instance of CTFExchange, bound to a specific deployed contract.
func NewCTFExchangeFilterer(address common.Address, filterer bind.ContractFilterer) (*CTFExchangeFilterer, error) {
	contract, err := bindCTFExchange(address, nil, nil, filterer)
	if err != nil {
		return nil, err
	}
	return &CTFExchangeFilterer{contract: contract}, nil
}

// bindCTFExchange binds a generic wrapper to an already deployed contract.
func bindCTFExchange(address common.Address, caller bind.ContractCaller, transactor bind.ContractTransactor, filterer bind.ContractFilterer) (*bind.BoundContract, error) {
	parsed, err := CTFExchangeMetaData.GetAbi()
	if err != nil {
		return nil, err
	}
	return bind.NewBoundContract(address, *parsed, caller, transactor, filterer), nil
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_CTFExchange *CTFExchangeRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _CTFExchange.Contract.CTFExchangeCaller.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_CTFExchange *CTFExchangeRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _CTFExchange.Contract.CTFExchangeTransactor.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_CTFExchange *CTFExchangeRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _CTFExchange.Contract.CTFExchangeTransactor.contract.Transact(opts, method, params...)
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_CTFExchange *CTFExchangeCallerRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _CTFExchange.Contract.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_CTFExchange *CTFExchangeTransactorRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _CTFExchange.Contract.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_CTFExchange *CTFExchangeTransactorRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _CTFExchange.Contract.contract.Transact(opts, method, params...)
}

// BPSDENOMINATOR is a free data retrieval call binding the contract method 0xe1a45218.
//
// Solidity: function BPS_DENOMINATOR() view returns(uint256)
func (_CTFExchange *CTFExchangeCaller) BPSDENOMINATOR(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _CTFExchange.contract.Call(opts, &out, "BPS_DENOMINATOR")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// BPSDENOMINATOR is a free data retrieval call binding the contract method 0xe1a45218.
//
// Solidity: function BPS_DENOMINATOR() view returns(uint256)
func (_CTFExchange *CTFExchangeSession) BPSDENOMINATOR() (*big.Int, error) {
	return _CTFExchange.Contract.BPSDENOMINATOR(&_CTFExchange.CallOpts)
}

// BPSDENOMINATOR is a free data retrieval call binding the contract method 0xe1a45218.
//
// Solidity: function BPS_DENOMINATOR() view returns(uint256)
func (_CTFExchange *CTFExchangeCallerSession) BPSDENOMINATOR() (*big.Int, error) {
	return _CTFExchange.Contract.BPSDENOMINATOR(&_CTFExchange.CallOpts)
}

// BUY is a free data retrieval call binding the contract method 0x01ab9806.
//
// Solidity: function BUY() view returns(uint8)
func (_CTFExchange *CTFExchangeCaller) BUY(opts *bind.CallOpts) (uint8, error) {
	var out []interface{}
	err := _CTFExchange.contract.Call(opts, &out, "BUY")

	if err != nil {
		return *new(uint8), err
	}

	out0 := *abi.ConvertType(out[0], new(uint8)).(*uint8)

	return out0, err

}

// BUY is a free data retrieval call binding the contract method 0x01ab9806.
//
// Solidity: function BUY() view returns(uint8)
func (_CTFExchange *CTFExchangeSession) BUY() (uint8, error) {
	return _CTFExchange.Contract.BUY(&_CTFExchange.CallOpts)
}

// BUY is a free data retrieval call binding the contract method 0x01ab9806.
//
// Solidity: function BUY() view returns(uint8)
func (_CTFExchange *CTFExchangeCallerSession) BUY() (uint8, error) {
	return _CTFExchange.Contract.BUY(&_CTFExchange.CallOpts)
}

// DEFAULTADMINROLE is a free data retrieval call binding the contract method 0xa217fddf.
//
// Solidity: function DEFAULT_ADMIN_ROLE() view returns(bytes32)
func (_CTFExchange *CTFExchangeCaller) DEFAULTADMINROLE(opts *bind.CallOpts) ([32]byte, error) {
	var out []interface{}
	err := _CTFExchange.contract.Call(opts, &out, "DEFAULT_ADMIN_ROLE")

	if err != nil {
		return *new([32]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)

	return out0, err

}

// DEFAULTADMINROLE is a free data retrieval call binding the contract method 0xa217fddf.
//
// Solidity: function DEFAULT_ADMIN_ROLE() view returns(bytes32)
func (_CTFExchange *CTFExchangeSession) DEFAULTADMINROLE() ([32]byte, error) {
	return _CTFExchange.Contract.DEFAULTADMINROLE(&_CTFExchange.CallOpts)
}

// DEFAULTADMINROLE is a free data retrieval call binding the contract method 0xa217fddf.
//
// Solidity: function DEFAULT_ADMIN_ROLE() view returns(bytes32)
func (_CTFExchange *CTFExchangeCallerSession) DEFAULTADMINROLE() ([32]byte, error) {
	return _CTFExchange.Contract.DEFAULTADMINROLE(&_CTFExchange.CallOpts)
}

// MAXBATCHMATCHES is a free data retrieval call binding the contract method 0x37b5ba06.
//
// Solidity: function MAX_BATCH_MATCHES() view returns(uint256)
func (_CTFExchange *CTFExchangeCaller) MAXBATCHMATCHES(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _CTFExchange.contract.Call(opts, &out, "MAX_BATCH_MATCHES")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// MAXBATCHMATCHES is a free data retrieval call binding the contract method 0x37b5ba06.
//
// Solidity: function MAX_BATCH_MATCHES() view returns(uint256)
func (_CTFExchange *CTFExchangeSession) MAXBATCHMATCHES() (*big.Int, error) {
	return _CTFExchange.Contract.MAXBATCHMATCHES(&_CTFExchange.CallOpts)
}

// MAXBATCHMATCHES is a free data retrieval call binding the contract method 0x37b5ba06.
//
// Solidity: function MAX_BATCH_MATCHES() view returns(uint256)
func (_CTFExchange *CTFExchangeCallerSession) MAXBATCHMATCHES() (*big.Int, error) {
	return _CTFExchange.Contract.MAXBATCHMATCHES(&_CTFExchange.CallOpts)
}

// MAXFEERATEBPS is a free data retrieval call binding the contract method 0x328467a7.
//
// Solidity: function MAX_FEE_RATE_BPS() view returns(uint256)
func (_CTFExchange *CTFExchangeCaller) MAXFEERATEBPS(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _CTFExchange.contract.Call(opts, &out, "MAX_FEE_RATE_BPS")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// MAXFEERATEBPS is a free data retrieval call binding the contract method 0x328467a7.
//
// Solidity: function MAX_FEE_RATE_BPS() view returns(uint256)
func (_CTFExchange *CTFExchangeSession) MAXFEERATEBPS() (*big.Int, error) {
	return _CTFExchange.Contract.MAXFEERATEBPS(&_CTFExchange.CallOpts)
}

// MAXFEERATEBPS is a free data retrieval call binding the contract method 0x328467a7.
//
// Solidity: function MAX_FEE_RATE_BPS() view returns(uint256)
func (_CTFExchange *CTFExchangeCallerSession) MAXFEERATEBPS() (*big.Int, error) {
	return _CTFExchange.Contract.MAXFEERATEBPS(&_CTFExchange.CallOpts)
}

// MAXMAKERORDERS is a free data retrieval call binding the contract method 0x415b22d4.
//
// Solidity: function MAX_MAKER_ORDERS() view returns(uint256)
func (_CTFExchange *CTFExchangeCaller) MAXMAKERORDERS(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _CTFExchange.contract.Call(opts, &out, "MAX_MAKER_ORDERS")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// MAXMAKERORDERS is a free data retrieval call binding the contract method 0x415b22d4.
//
// Solidity: function MAX_MAKER_ORDERS() view returns(uint256)
func (_CTFExchange *CTFExchangeSession) MAXMAKERORDERS() (*big.Int, error) {
	return _CTFExchange.Contract.MAXMAKERORDERS(&_CTFExchange.CallOpts)
}

// MAXMAKERORDERS is a free data retrieval call binding the contract method 0x415b22d4.
//
// Solidity: function MAX_MAKER_ORDERS() view returns(uint256)
func (_CTFExchange *CTFExchangeCallerSession) MAXMAKERORDERS() (*big.Int, error) {
	return _CTFExchange.Contract.MAXMAKERORDERS(&_CTFExchange.CallOpts)
}

// MAXMATCHAGE is a free data retrieval call binding the contract method 0xa455b55d.
//
// Solidity: function MAX_MATCH_AGE() view returns(uint256)
func (_CTFExchange *CTFExchangeCaller) MAXMATCHAGE(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _CTFExchange.contract.Call(opts, &out, "MAX_MATCH_AGE")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// MAXMATCHAGE is a free data retrieval call binding the contract method 0xa455b55d.
//
// Solidity: function MAX_MATCH_AGE() view returns(uint256)
func (_CTFExchange *CTFExchangeSession) MAXMATCHAGE() (*big.Int, error) {
	return _CTFExchange.Contract.MAXMATCHAGE(&_CTFExchange.CallOpts)
}

// MAXMATCHAGE is a free data retrieval call binding the contract method 0xa455b55d.
//
// Solidity: function MAX_MATCH_AGE() view returns(uint256)
func (_CTFExchange *CTFExchangeCallerSession) MAXMATCHAGE() (*big.Int, error) {
	return _CTFExchange.Contract.MAXMATCHAGE(&_CTFExchange.CallOpts)
}

// MAXMATCHSKEW is a free data retrieval call binding the contract method 0xe7ccf43f.
//
// Solidity: function MAX_MATCH_SKEW() view returns(uint256)
func (_CTFExchange *CTFExchangeCaller) MAXMATCHSKEW(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _CTFExchange.contract.Call(opts, &out, "MAX_MATCH_SKEW")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// MAXMATCHSKEW is a free data retrieval call binding the contract method 0xe7ccf43f.
//
// Solidity: function MAX_MATCH_SKEW() view returns(uint256)
func (_CTFExchange *CTFExchangeSession) MAXMATCHSKEW() (*big.Int, error) {
	return _CTFExchange.Contract.MAXMATCHSKEW(&_CTFExchange.CallOpts)
}

// MAXMATCHSKEW is a free data retrieval call binding the contract method 0xe7ccf43f.
//
// Solidity: function MAX_MATCH_SKEW() view returns(uint256)
func (_CTFExchange *CTFExchangeCallerSession) MAXMATCHSKEW() (*big.Int, error) {
	return _CTFExchange.Contract.MAXMATCHSKEW(&_CTFExchange.CallOpts)
}

// OPERATORROLE is a free data retrieval call binding the contract method 0xf5b541a6.
//
// Solidity: function OPERATOR_ROLE() view returns(bytes32)
func (_CTFExchange *CTFExchangeCaller) OPERATORROLE(opts *bind.CallOpts) ([32]byte, error) {
	var out []interface{}
	err := _CTFExchange.contract.Call(opts, &out, "OPERATOR_ROLE")

	if err != nil {
		return *new([32]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)

	return out0, err

}

// OPERATORROLE is a free data retrieval call binding the contract method 0xf5b541a6.
//
// Solidity: function OPERATOR_ROLE() view returns(bytes32)
func (_CTFExchange *CTFExchangeSession) OPERATORROLE() ([32]byte, error) {
	return _CTFExchange.Contract.OPERATORROLE(&_CTFExchange.CallOpts)
}

// OPERATORROLE is a free data retrieval call binding the contract method 0xf5b541a6.
//
// Solidity: function OPERATOR_ROLE() view returns(bytes32)
func (_CTFExchange *CTFExchangeCallerSession) OPERATORROLE() ([32]byte, error) {
	return _CTFExchange.Contract.OPERATORROLE(&_CTFExchange.CallOpts)
}

// ORDERTYPEHASH is a free data retrieval call binding the contract method 0xf973a209.
//
// Solidity: function ORDER_TYPEHASH() view returns(bytes32)
func (_CTFExchange *CTFExchangeCaller) ORDERTYPEHASH(opts *bind.CallOpts) ([32]byte, error) {
	var out []interface{}
	err := _CTFExchange.contract.Call(opts, &out, "ORDER_TYPEHASH")

	if err != nil {
		return *new([32]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)

	return out0, err

}

// ORDERTYPEHASH is a free data retrieval call binding the contract method 0xf973a209.
//
// Solidity: function ORDER_TYPEHASH() view returns(bytes32)
func (_CTFExchange *CTFExchangeSession) ORDERTYPEHASH() ([32]byte, error) {
	return _CTFExchange.Contract.ORDERTYPEHASH(&_CTFExchange.CallOpts)
}

// ORDERTYPEHASH is a free data retrieval call binding the contract method 0xf973a209.
//
// Solidity: function ORDER_TYPEHASH() view returns(bytes32)
func (_CTFExchange *CTFExchangeCallerSession) ORDERTYPEHASH() ([32]byte, error) {
	return _CTFExchange.Contract.ORDERTYPEHASH(&_CTFExchange.CallOpts)
}

// SELL is a free data retrieval call binding the contract method 0x205730fd.
//
// Solidity: function SELL() view returns(uint8)
func (_CTFExchange *CTFExchangeCaller) SELL(opts *bind.CallOpts) (uint8, error) {
	var out []interface{}
	err := _CTFExchange.contract.Call(opts, &out, "SELL")

	if err != nil {
		return *new(uint8), err
	}

	out0 := *abi.ConvertType(out[0], new(uint8)).(*uint8)

	return out0, err

}

// SELL is a free data retrieval call binding the contract method 0x205730fd.
//
// Solidity: function SELL() view returns(uint8)
func (_CTFExchange *CTFExchangeSession) SELL() (uint8, error) {
	return _CTFExchange.Contract.SELL(&_CTFExchange.CallOpts)
}

// SELL is a free data retrieval call binding the contract method 0x205730fd.
//
// Solidity: function SELL() view returns(uint8)
func (_CTFExchange *CTFExchangeCallerSession) SELL() (uint8, error) {
	return _CTFExchange.Contract.SELL(&_CTFExchange.CallOpts)
}

// SIGNATUREEOA is a free data retrieval call binding the contract method 0x28231d25.
//
// Solidity: function SIGNATURE_EOA() view returns(uint8)
func (_CTFExchange *CTFExchangeCaller) SIGNATUREEOA(opts *bind.CallOpts) (uint8, error) {
	var out []interface{}
	err := _CTFExchange.contract.Call(opts, &out, "SIGNATURE_EOA")

	if err != nil {
		return *new(uint8), err
	}

	out0 := *abi.ConvertType(out[0], new(uint8)).(*uint8)

	return out0, err

}

// SIGNATUREEOA is a free data retrieval call binding the contract method 0x28231d25.
//
// Solidity: function SIGNATURE_EOA() view returns(uint8)
func (_CTFExchange *CTFExchangeSession) SIGNATUREEOA() (uint8, error) {
	return _CTFExchange.Contract.SIGNATUREEOA(&_CTFExchange.CallOpts)
}

// SIGNATUREEOA is a free data retrieval call binding the contract method 0x28231d25.
//
// Solidity: function SIGNATURE_EOA() view returns(uint8)
func (_CTFExchange *CTFExchangeCallerSession) SIGNATUREEOA() (uint8, error) {
	return _CTFExchange.Contract.SIGNATUREEOA(&_CTFExchange.CallOpts)
}

// SIGNATURESAFE is a free data retrieval call binding the contract method 0xac9f0667.
//
// Solidity: function SIGNATURE_SAFE() view returns(uint8)
func (_CTFExchange *CTFExchangeCaller) SIGNATURESAFE(opts *bind.CallOpts) (uint8, error) {
	var out []interface{}
	err := _CTFExchange.contract.Call(opts, &out, "SIGNATURE_SAFE")

	if err != nil {
		return *new(uint8), err
	}

	out0 := *abi.ConvertType(out[0], new(uint8)).(*uint8)

	return out0, err

}

// SIGNATURESAFE is a free data retrieval call binding the contract method 0xac9f0667.
//
// Solidity: function SIGNATURE_SAFE() view returns(uint8)
func (_CTFExchange *CTFExchangeSession) SIGNATURESAFE() (uint8, error) {
	return _CTFExchange.Contract.SIGNATURESAFE(&_CTFExchange.CallOpts)
}

// SIGNATURESAFE is a free data retrieval call binding the contract method 0xac9f0667.
//
// Solidity: function SIGNATURE_SAFE() view returns(uint8)
func (_CTFExchange *CTFExchangeCallerSession) SIGNATURESAFE() (uint8, error) {
	return _CTFExchange.Contract.SIGNATURESAFE(&_CTFExchange.CallOpts)
}

// Collateral is a free data retrieval call binding the contract method 0xd8dfeb45.
//
// Solidity: function collateral() view returns(address)
func (_CTFExchange *CTFExchangeCaller) Collateral(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _CTFExchange.contract.Call(opts, &out, "collateral")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// Collateral is a free data retrieval call binding the contract method 0xd8dfeb45.
//
// Solidity: function collateral() view returns(address)
func (_CTFExchange *CTFExchangeSession) Collateral() (common.Address, error) {
	return _CTFExchange.Contract.Collateral(&_CTFExchange.CallOpts)
}

// Collateral is a free data retrieval call binding the contract method 0xd8dfeb45.
//
// Solidity: function collateral() view returns(address)
func (_CTFExchange *CTFExchangeCallerSession) Collateral() (common.Address, error) {
	return _CTFExchange.Contract.Collateral(&_CTFExchange.CallOpts)
}

// Ctf is a free data retrieval call binding the contract method 0x22a9339f.
//
// Solidity: function ctf() view returns(address)
func (_CTFExchange *CTFExchangeCaller) Ctf(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _CTFExchange.contract.Call(opts, &out, "ctf")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// Ctf is a free data retrieval call binding the contract method 0x22a9339f.
//
// Solidity: function ctf() view returns(address)
func (_CTFExchange *CTFExchangeSession) Ctf() (common.Address, error) {
	return _CTFExchange.Contract.Ctf(&_CTFExchange.CallOpts)
}

// Ctf is a free data retrieval call binding the contract method 0x22a9339f.
//
// Solidity: function ctf() view returns(address)
func (_CTFExchange *CTFExchangeCallerSession) Ctf() (common.Address, error) {
	return _CTFExchange.Contract.Ctf(&_CTFExchange.CallOpts)
}

// DomainSeparator is a free data retrieval call binding the contract method 0xf698da25.
//
// Solidity: function domainSeparator() view returns(bytes32)
func (_CTFExchange *CTFExchangeCaller) DomainSeparator(opts *bind.CallOpts) ([32]byte, error) {
	var out []interface{}
	err := _CTFExchange.contract.Call(opts, &out, "domainSeparator")

	if err != nil {
		return *new([32]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)

	return out0, err

}

// DomainSeparator is a free data retrieval call binding the contract method 0xf698da25.
//
// Solidity: function domainSeparator() view returns(bytes32)
func (_CTFExchange *CTFExchangeSession) DomainSeparator() ([32]byte, error) {
	return _CTFExchange.Contract.DomainSeparator(&_CTFExchange.CallOpts)
}

// DomainSeparator is a free data retrieval call binding the contract method 0xf698da25.
//
// Solidity: function domainSeparator() view returns(bytes32)
func (_CTFExchange *CTFExchangeCallerSession) DomainSeparator() ([32]byte, error) {
	return _CTFExchange.Contract.DomainSeparator(&_CTFExchange.CallOpts)
}

// Eip712Domain is a free data retrieval call binding the contract method 0x84b0196e.
//
// Solidity: function eip712Domain() view returns(bytes1 fields, string name, string version, uint256 chainId, address verifyingContract, bytes32 salt, uint256[] extensions)
func (_CTFExchange *CTFExchangeCaller) Eip712Domain(opts *bind.CallOpts) (struct {
	Fields            [1]byte
	Name              string
	Version           string
	ChainId           *big.Int
	VerifyingContract common.Address
	Salt              [32]byte
	Extensions        []*big.Int
}, error) {
	var out []interface{}
	err := _CTFExchange.contract.Call(opts, &out, "eip712Domain")

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
func (_CTFExchange *CTFExchangeSession) Eip712Domain() (struct {
	Fields            [1]byte
	Name              string
	Version           string
	ChainId           *big.Int
	VerifyingContract common.Address
	Salt              [32]byte
	Extensions        []*big.Int
}, error) {
	return _CTFExchange.Contract.Eip712Domain(&_CTFExchange.CallOpts)
}

// Eip712Domain is a free data retrieval call binding the contract method 0x84b0196e.
//
// Solidity: function eip712Domain() view returns(bytes1 fields, string name, string version, uint256 chainId, address verifyingContract, bytes32 salt, uint256[] extensions)
func (_CTFExchange *CTFExchangeCallerSession) Eip712Domain() (struct {
	Fields            [1]byte
	Name              string
	Version           string
	ChainId           *big.Int
	VerifyingContract common.Address
	Salt              [32]byte
	Extensions        []*big.Int
}, error) {
	return _CTFExchange.Contract.Eip712Domain(&_CTFExchange.CallOpts)
}

// FeeReceiver is a free data retrieval call binding the contract method 0xb3f00674.
//
// Solidity: function feeReceiver() view returns(address)
func (_CTFExchange *CTFExchangeCaller) FeeReceiver(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _CTFExchange.contract.Call(opts, &out, "feeReceiver")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// FeeReceiver is a free data retrieval call binding the contract method 0xb3f00674.
//
// Solidity: function feeReceiver() view returns(address)
func (_CTFExchange *CTFExchangeSession) FeeReceiver() (common.Address, error) {
	return _CTFExchange.Contract.FeeReceiver(&_CTFExchange.CallOpts)
}

// FeeReceiver is a free data retrieval call binding the contract method 0xb3f00674.
//
// Solidity: function feeReceiver() view returns(address)
func (_CTFExchange *CTFExchangeCallerSession) FeeReceiver() (common.Address, error) {
	return _CTFExchange.Contract.FeeReceiver(&_CTFExchange.CallOpts)
}

// GetRoleAdmin is a free data retrieval call binding the contract method 0x248a9ca3.
//
// Solidity: function getRoleAdmin(bytes32 role) view returns(bytes32)
func (_CTFExchange *CTFExchangeCaller) GetRoleAdmin(opts *bind.CallOpts, role [32]byte) ([32]byte, error) {
	var out []interface{}
	err := _CTFExchange.contract.Call(opts, &out, "getRoleAdmin", role)

	if err != nil {
		return *new([32]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)

	return out0, err

}

// GetRoleAdmin is a free data retrieval call binding the contract method 0x248a9ca3.
//
// Solidity: function getRoleAdmin(bytes32 role) view returns(bytes32)
func (_CTFExchange *CTFExchangeSession) GetRoleAdmin(role [32]byte) ([32]byte, error) {
	return _CTFExchange.Contract.GetRoleAdmin(&_CTFExchange.CallOpts, role)
}

// GetRoleAdmin is a free data retrieval call binding the contract method 0x248a9ca3.
//
// Solidity: function getRoleAdmin(bytes32 role) view returns(bytes32)
func (_CTFExchange *CTFExchangeCallerSession) GetRoleAdmin(role [32]byte) ([32]byte, error) {
	return _CTFExchange.Contract.GetRoleAdmin(&_CTFExchange.CallOpts, role)
}

// HasRole is a free data retrieval call binding the contract method 0x91d14854.
//
// Solidity: function hasRole(bytes32 role, address account) view returns(bool)
func (_CTFExchange *CTFExchangeCaller) HasRole(opts *bind.CallOpts, role [32]byte, account common.Address) (bool, error) {
	var out []interface{}
	err := _CTFExchange.contract.Call(opts, &out, "hasRole", role, account)

	if err != nil {
		return *new(bool), err
	}

	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)

	return out0, err

}

// HasRole is a free data retrieval call binding the contract method 0x91d14854.
//
// Solidity: function hasRole(bytes32 role, address account) view returns(bool)
func (_CTFExchange *CTFExchangeSession) HasRole(role [32]byte, account common.Address) (bool, error) {
	return _CTFExchange.Contract.HasRole(&_CTFExchange.CallOpts, role, account)
}

// HasRole is a free data retrieval call binding the contract method 0x91d14854.
//
// Solidity: function hasRole(bytes32 role, address account) view returns(bool)
func (_CTFExchange *CTFExchangeCallerSession) HasRole(role [32]byte, account common.Address) (bool, error) {
	return _CTFExchange.Contract.HasRole(&_CTFExchange.CallOpts, role, account)
}

// HashOrder is a free data retrieval call binding the contract method 0x69bcac28.
//
// Solidity: function hashOrder((uint256,address,address,address,uint256,uint256,uint256,uint256,uint256,uint256,uint8,uint8,string,bytes) order) view returns(bytes32)
func (_CTFExchange *CTFExchangeCaller) HashOrder(opts *bind.CallOpts, order CTFExchangeOrder) ([32]byte, error) {
	var out []interface{}
	err := _CTFExchange.contract.Call(opts, &out, "hashOrder", order)

	if err != nil {
		return *new([32]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)

	return out0, err

}

// HashOrder is a free data retrieval call binding the contract method 0x69bcac28.
//
// Solidity: function hashOrder((uint256,address,address,address,uint256,uint256,uint256,uint256,uint256,uint256,uint8,uint8,string,bytes) order) view returns(bytes32)
func (_CTFExchange *CTFExchangeSession) HashOrder(order CTFExchangeOrder) ([32]byte, error) {
	return _CTFExchange.Contract.HashOrder(&_CTFExchange.CallOpts, order)
}

// HashOrder is a free data retrieval call binding the contract method 0x69bcac28.
//
// Solidity: function hashOrder((uint256,address,address,address,uint256,uint256,uint256,uint256,uint256,uint256,uint8,uint8,string,bytes) order) view returns(bytes32)
func (_CTFExchange *CTFExchangeCallerSession) HashOrder(order CTFExchangeOrder) ([32]byte, error) {
	return _CTFExchange.Contract.HashOrder(&_CTFExchange.CallOpts, order)
}

// IsValidNonce is a free data retrieval call binding the contract method 0x0647ee20.
//
// Solidity: function isValidNonce(address maker, uint256 nonce) view returns(bool)
func (_CTFExchange *CTFExchangeCaller) IsValidNonce(opts *bind.CallOpts, maker common.Address, nonce *big.Int) (bool, error) {
	var out []interface{}
	err := _CTFExchange.contract.Call(opts, &out, "isValidNonce", maker, nonce)

	if err != nil {
		return *new(bool), err
	}

	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)

	return out0, err

}

// IsValidNonce is a free data retrieval call binding the contract method 0x0647ee20.
//
// Solidity: function isValidNonce(address maker, uint256 nonce) view returns(bool)
func (_CTFExchange *CTFExchangeSession) IsValidNonce(maker common.Address, nonce *big.Int) (bool, error) {
	return _CTFExchange.Contract.IsValidNonce(&_CTFExchange.CallOpts, maker, nonce)
}

// IsValidNonce is a free data retrieval call binding the contract method 0x0647ee20.
//
// Solidity: function isValidNonce(address maker, uint256 nonce) view returns(bool)
func (_CTFExchange *CTFExchangeCallerSession) IsValidNonce(maker common.Address, nonce *big.Int) (bool, error) {
	return _CTFExchange.Contract.IsValidNonce(&_CTFExchange.CallOpts, maker, nonce)
}

// Nonces is a free data retrieval call binding the contract method 0x7ecebe00.
//
// Solidity: function nonces(address maker) view returns(uint256)
func (_CTFExchange *CTFExchangeCaller) Nonces(opts *bind.CallOpts, maker common.Address) (*big.Int, error) {
	var out []interface{}
	err := _CTFExchange.contract.Call(opts, &out, "nonces", maker)

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// Nonces is a free data retrieval call binding the contract method 0x7ecebe00.
//
// Solidity: function nonces(address maker) view returns(uint256)
func (_CTFExchange *CTFExchangeSession) Nonces(maker common.Address) (*big.Int, error) {
	return _CTFExchange.Contract.Nonces(&_CTFExchange.CallOpts, maker)
}

// Nonces is a free data retrieval call binding the contract method 0x7ecebe00.
//
// Solidity: function nonces(address maker) view returns(uint256)
func (_CTFExchange *CTFExchangeCallerSession) Nonces(maker common.Address) (*big.Int, error) {
	return _CTFExchange.Contract.Nonces(&_CTFExchange.CallOpts, maker)
}

// OnERC1155BatchReceived is a free data retrieval call binding the contract method 0xbc197c81.
//
// Solidity: function onERC1155BatchReceived(address , address , uint256[] , uint256[] , bytes ) pure returns(bytes4)
func (_CTFExchange *CTFExchangeCaller) OnERC1155BatchReceived(opts *bind.CallOpts, arg0 common.Address, arg1 common.Address, arg2 []*big.Int, arg3 []*big.Int, arg4 []byte) ([4]byte, error) {
	var out []interface{}
	err := _CTFExchange.contract.Call(opts, &out, "onERC1155BatchReceived", arg0, arg1, arg2, arg3, arg4)

	if err != nil {
		return *new([4]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([4]byte)).(*[4]byte)

	return out0, err

}

// OnERC1155BatchReceived is a free data retrieval call binding the contract method 0xbc197c81.
//
// Solidity: function onERC1155BatchReceived(address , address , uint256[] , uint256[] , bytes ) pure returns(bytes4)
func (_CTFExchange *CTFExchangeSession) OnERC1155BatchReceived(arg0 common.Address, arg1 common.Address, arg2 []*big.Int, arg3 []*big.Int, arg4 []byte) ([4]byte, error) {
	return _CTFExchange.Contract.OnERC1155BatchReceived(&_CTFExchange.CallOpts, arg0, arg1, arg2, arg3, arg4)
}

// OnERC1155BatchReceived is a free data retrieval call binding the contract method 0xbc197c81.
//
// Solidity: function onERC1155BatchReceived(address , address , uint256[] , uint256[] , bytes ) pure returns(bytes4)
func (_CTFExchange *CTFExchangeCallerSession) OnERC1155BatchReceived(arg0 common.Address, arg1 common.Address, arg2 []*big.Int, arg3 []*big.Int, arg4 []byte) ([4]byte, error) {
	return _CTFExchange.Contract.OnERC1155BatchReceived(&_CTFExchange.CallOpts, arg0, arg1, arg2, arg3, arg4)
}

// OnERC1155Received is a free data retrieval call binding the contract method 0xf23a6e61.
//
// Solidity: function onERC1155Received(address , address , uint256 , uint256 , bytes ) pure returns(bytes4)
func (_CTFExchange *CTFExchangeCaller) OnERC1155Received(opts *bind.CallOpts, arg0 common.Address, arg1 common.Address, arg2 *big.Int, arg3 *big.Int, arg4 []byte) ([4]byte, error) {
	var out []interface{}
	err := _CTFExchange.contract.Call(opts, &out, "onERC1155Received", arg0, arg1, arg2, arg3, arg4)

	if err != nil {
		return *new([4]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([4]byte)).(*[4]byte)

	return out0, err

}

// OnERC1155Received is a free data retrieval call binding the contract method 0xf23a6e61.
//
// Solidity: function onERC1155Received(address , address , uint256 , uint256 , bytes ) pure returns(bytes4)
func (_CTFExchange *CTFExchangeSession) OnERC1155Received(arg0 common.Address, arg1 common.Address, arg2 *big.Int, arg3 *big.Int, arg4 []byte) ([4]byte, error) {
	return _CTFExchange.Contract.OnERC1155Received(&_CTFExchange.CallOpts, arg0, arg1, arg2, arg3, arg4)
}

// OnERC1155Received is a free data retrieval call binding the contract method 0xf23a6e61.
//
// Solidity: function onERC1155Received(address , address , uint256 , uint256 , bytes ) pure returns(bytes4)
func (_CTFExchange *CTFExchangeCallerSession) OnERC1155Received(arg0 common.Address, arg1 common.Address, arg2 *big.Int, arg3 *big.Int, arg4 []byte) ([4]byte, error) {
	return _CTFExchange.Contract.OnERC1155Received(&_CTFExchange.CallOpts, arg0, arg1, arg2, arg3, arg4)
}

// OrderStatus is a free data retrieval call binding the contract method 0x2dff692d.
//
// Solidity: function orderStatus(bytes32 orderHash) view returns(uint128 filled, bool cancelled)
func (_CTFExchange *CTFExchangeCaller) OrderStatus(opts *bind.CallOpts, orderHash [32]byte) (struct {
	Filled    *big.Int
	Cancelled bool
}, error) {
	var out []interface{}
	err := _CTFExchange.contract.Call(opts, &out, "orderStatus", orderHash)

	outstruct := new(struct {
		Filled    *big.Int
		Cancelled bool
	})
	if err != nil {
		return *outstruct, err
	}

	outstruct.Filled = *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)
	outstruct.Cancelled = *abi.ConvertType(out[1], new(bool)).(*bool)

	return *outstruct, err

}

// OrderStatus is a free data retrieval call binding the contract method 0x2dff692d.
//
// Solidity: function orderStatus(bytes32 orderHash) view returns(uint128 filled, bool cancelled)
func (_CTFExchange *CTFExchangeSession) OrderStatus(orderHash [32]byte) (struct {
	Filled    *big.Int
	Cancelled bool
}, error) {
	return _CTFExchange.Contract.OrderStatus(&_CTFExchange.CallOpts, orderHash)
}

// OrderStatus is a free data retrieval call binding the contract method 0x2dff692d.
//
// Solidity: function orderStatus(bytes32 orderHash) view returns(uint128 filled, bool cancelled)
func (_CTFExchange *CTFExchangeCallerSession) OrderStatus(orderHash [32]byte) (struct {
	Filled    *big.Int
	Cancelled bool
}, error) {
	return _CTFExchange.Contract.OrderStatus(&_CTFExchange.CallOpts, orderHash)
}

// Paused is a free data retrieval call binding the contract method 0x5c975abb.
//
// Solidity: function paused() view returns(bool)
func (_CTFExchange *CTFExchangeCaller) Paused(opts *bind.CallOpts) (bool, error) {
	var out []interface{}
	err := _CTFExchange.contract.Call(opts, &out, "paused")

	if err != nil {
		return *new(bool), err
	}

	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)

	return out0, err

}

// Paused is a free data retrieval call binding the contract method 0x5c975abb.
//
// Solidity: function paused() view returns(bool)
func (_CTFExchange *CTFExchangeSession) Paused() (bool, error) {
	return _CTFExchange.Contract.Paused(&_CTFExchange.CallOpts)
}

// Paused is a free data retrieval call binding the contract method 0x5c975abb.
//
// Solidity: function paused() view returns(bool)
func (_CTFExchange *CTFExchangeCallerSession) Paused() (bool, error) {
	return _CTFExchange.Contract.Paused(&_CTFExchange.CallOpts)
}

// Registry is a free data retrieval call binding the contract method 0x5893253c.
//
// Solidity: function registry(uint256 tokenId) view returns(uint256 complement, bytes32 conditionId)
func (_CTFExchange *CTFExchangeCaller) Registry(opts *bind.CallOpts, tokenId *big.Int) (struct {
	Complement  *big.Int
	ConditionId [32]byte
}, error) {
	var out []interface{}
	err := _CTFExchange.contract.Call(opts, &out, "registry", tokenId)

	outstruct := new(struct {
		Complement  *big.Int
		ConditionId [32]byte
	})
	if err != nil {
		return *outstruct, err
	}

	outstruct.Complement = *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)
	outstruct.ConditionId = *abi.ConvertType(out[1], new([32]byte)).(*[32]byte)

	return *outstruct, err

}

// Registry is a free data retrieval call binding the contract method 0x5893253c.
//
// Solidity: function registry(uint256 tokenId) view returns(uint256 complement, bytes32 conditionId)
func (_CTFExchange *CTFExchangeSession) Registry(tokenId *big.Int) (struct {
	Complement  *big.Int
	ConditionId [32]byte
}, error) {
	return _CTFExchange.Contract.Registry(&_CTFExchange.CallOpts, tokenId)
}

// Registry is a free data retrieval call binding the contract method 0x5893253c.
//
// Solidity: function registry(uint256 tokenId) view returns(uint256 complement, bytes32 conditionId)
func (_CTFExchange *CTFExchangeCallerSession) Registry(tokenId *big.Int) (struct {
	Complement  *big.Int
	ConditionId [32]byte
}, error) {
	return _CTFExchange.Contract.Registry(&_CTFExchange.CallOpts, tokenId)
}

// SafeAddressOf is a free data retrieval call binding the contract method 0xfa8ca814.
//
// Solidity: function safeAddressOf(address owner) view returns(address)
func (_CTFExchange *CTFExchangeCaller) SafeAddressOf(opts *bind.CallOpts, owner common.Address) (common.Address, error) {
	var out []interface{}
	err := _CTFExchange.contract.Call(opts, &out, "safeAddressOf", owner)

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// SafeAddressOf is a free data retrieval call binding the contract method 0xfa8ca814.
//
// Solidity: function safeAddressOf(address owner) view returns(address)
func (_CTFExchange *CTFExchangeSession) SafeAddressOf(owner common.Address) (common.Address, error) {
	return _CTFExchange.Contract.SafeAddressOf(&_CTFExchange.CallOpts, owner)
}

// SafeAddressOf is a free data retrieval call binding the contract method 0xfa8ca814.
//
// Solidity: function safeAddressOf(address owner) view returns(address)
func (_CTFExchange *CTFExchangeCallerSession) SafeAddressOf(owner common.Address) (common.Address, error) {
	return _CTFExchange.Contract.SafeAddressOf(&_CTFExchange.CallOpts, owner)
}

// SafeFactory is a free data retrieval call binding the contract method 0x131e7e1c.
//
// Solidity: function safeFactory() view returns(address)
func (_CTFExchange *CTFExchangeCaller) SafeFactory(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _CTFExchange.contract.Call(opts, &out, "safeFactory")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// SafeFactory is a free data retrieval call binding the contract method 0x131e7e1c.
//
// Solidity: function safeFactory() view returns(address)
func (_CTFExchange *CTFExchangeSession) SafeFactory() (common.Address, error) {
	return _CTFExchange.Contract.SafeFactory(&_CTFExchange.CallOpts)
}

// SafeFactory is a free data retrieval call binding the contract method 0x131e7e1c.
//
// Solidity: function safeFactory() view returns(address)
func (_CTFExchange *CTFExchangeCallerSession) SafeFactory() (common.Address, error) {
	return _CTFExchange.Contract.SafeFactory(&_CTFExchange.CallOpts)
}

// SafeInitCodeHash is a free data retrieval call binding the contract method 0xfe1be320.
//
// Solidity: function safeInitCodeHash() view returns(bytes32)
func (_CTFExchange *CTFExchangeCaller) SafeInitCodeHash(opts *bind.CallOpts) ([32]byte, error) {
	var out []interface{}
	err := _CTFExchange.contract.Call(opts, &out, "safeInitCodeHash")

	if err != nil {
		return *new([32]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)

	return out0, err

}

// SafeInitCodeHash is a free data retrieval call binding the contract method 0xfe1be320.
//
// Solidity: function safeInitCodeHash() view returns(bytes32)
func (_CTFExchange *CTFExchangeSession) SafeInitCodeHash() ([32]byte, error) {
	return _CTFExchange.Contract.SafeInitCodeHash(&_CTFExchange.CallOpts)
}

// SafeInitCodeHash is a free data retrieval call binding the contract method 0xfe1be320.
//
// Solidity: function safeInitCodeHash() view returns(bytes32)
func (_CTFExchange *CTFExchangeCallerSession) SafeInitCodeHash() ([32]byte, error) {
	return _CTFExchange.Contract.SafeInitCodeHash(&_CTFExchange.CallOpts)
}

// SupportsInterface is a free data retrieval call binding the contract method 0x01ffc9a7.
//
// Solidity: function supportsInterface(bytes4 interfaceId) view returns(bool)
func (_CTFExchange *CTFExchangeCaller) SupportsInterface(opts *bind.CallOpts, interfaceId [4]byte) (bool, error) {
	var out []interface{}
	err := _CTFExchange.contract.Call(opts, &out, "supportsInterface", interfaceId)

	if err != nil {
		return *new(bool), err
	}

	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)

	return out0, err

}

// SupportsInterface is a free data retrieval call binding the contract method 0x01ffc9a7.
//
// Solidity: function supportsInterface(bytes4 interfaceId) view returns(bool)
func (_CTFExchange *CTFExchangeSession) SupportsInterface(interfaceId [4]byte) (bool, error) {
	return _CTFExchange.Contract.SupportsInterface(&_CTFExchange.CallOpts, interfaceId)
}

// SupportsInterface is a free data retrieval call binding the contract method 0x01ffc9a7.
//
// Solidity: function supportsInterface(bytes4 interfaceId) view returns(bool)
func (_CTFExchange *CTFExchangeCallerSession) SupportsInterface(interfaceId [4]byte) (bool, error) {
	return _CTFExchange.Contract.SupportsInterface(&_CTFExchange.CallOpts, interfaceId)
}

// ValidateOrder is a free data retrieval call binding the contract method 0x09a619c6.
//
// Solidity: function validateOrder((uint256,address,address,address,uint256,uint256,uint256,uint256,uint256,uint256,uint8,uint8,string,bytes) order) view returns()
func (_CTFExchange *CTFExchangeCaller) ValidateOrder(opts *bind.CallOpts, order CTFExchangeOrder) error {
	var out []interface{}
	err := _CTFExchange.contract.Call(opts, &out, "validateOrder", order)

	if err != nil {
		return err
	}

	return err

}

// ValidateOrder is a free data retrieval call binding the contract method 0x09a619c6.
//
// Solidity: function validateOrder((uint256,address,address,address,uint256,uint256,uint256,uint256,uint256,uint256,uint8,uint8,string,bytes) order) view returns()
func (_CTFExchange *CTFExchangeSession) ValidateOrder(order CTFExchangeOrder) error {
	return _CTFExchange.Contract.ValidateOrder(&_CTFExchange.CallOpts, order)
}

// ValidateOrder is a free data retrieval call binding the contract method 0x09a619c6.
//
// Solidity: function validateOrder((uint256,address,address,address,uint256,uint256,uint256,uint256,uint256,uint256,uint8,uint8,string,bytes) order) view returns()
func (_CTFExchange *CTFExchangeCallerSession) ValidateOrder(order CTFExchangeOrder) error {
	return _CTFExchange.Contract.ValidateOrder(&_CTFExchange.CallOpts, order)
}

// CancelOrder is a paid mutator transaction binding the contract method 0x661e7155.
//
// Solidity: function cancelOrder((uint256,address,address,address,uint256,uint256,uint256,uint256,uint256,uint256,uint8,uint8,string,bytes) order) returns()
func (_CTFExchange *CTFExchangeTransactor) CancelOrder(opts *bind.TransactOpts, order CTFExchangeOrder) (*types.Transaction, error) {
	return _CTFExchange.contract.Transact(opts, "cancelOrder", order)
}

// CancelOrder is a paid mutator transaction binding the contract method 0x661e7155.
//
// Solidity: function cancelOrder((uint256,address,address,address,uint256,uint256,uint256,uint256,uint256,uint256,uint8,uint8,string,bytes) order) returns()
func (_CTFExchange *CTFExchangeSession) CancelOrder(order CTFExchangeOrder) (*types.Transaction, error) {
	return _CTFExchange.Contract.CancelOrder(&_CTFExchange.TransactOpts, order)
}

// CancelOrder is a paid mutator transaction binding the contract method 0x661e7155.
//
// Solidity: function cancelOrder((uint256,address,address,address,uint256,uint256,uint256,uint256,uint256,uint256,uint8,uint8,string,bytes) order) returns()
func (_CTFExchange *CTFExchangeTransactorSession) CancelOrder(order CTFExchangeOrder) (*types.Transaction, error) {
	return _CTFExchange.Contract.CancelOrder(&_CTFExchange.TransactOpts, order)
}

// CancelOrders is a paid mutator transaction binding the contract method 0x593af9b9.
//
// Solidity: function cancelOrders((uint256,address,address,address,uint256,uint256,uint256,uint256,uint256,uint256,uint8,uint8,string,bytes)[] orders) returns()
func (_CTFExchange *CTFExchangeTransactor) CancelOrders(opts *bind.TransactOpts, orders []CTFExchangeOrder) (*types.Transaction, error) {
	return _CTFExchange.contract.Transact(opts, "cancelOrders", orders)
}

// CancelOrders is a paid mutator transaction binding the contract method 0x593af9b9.
//
// Solidity: function cancelOrders((uint256,address,address,address,uint256,uint256,uint256,uint256,uint256,uint256,uint8,uint8,string,bytes)[] orders) returns()
func (_CTFExchange *CTFExchangeSession) CancelOrders(orders []CTFExchangeOrder) (*types.Transaction, error) {
	return _CTFExchange.Contract.CancelOrders(&_CTFExchange.TransactOpts, orders)
}

// CancelOrders is a paid mutator transaction binding the contract method 0x593af9b9.
//
// Solidity: function cancelOrders((uint256,address,address,address,uint256,uint256,uint256,uint256,uint256,uint256,uint8,uint8,string,bytes)[] orders) returns()
func (_CTFExchange *CTFExchangeTransactorSession) CancelOrders(orders []CTFExchangeOrder) (*types.Transaction, error) {
	return _CTFExchange.Contract.CancelOrders(&_CTFExchange.TransactOpts, orders)
}

// GrantRole is a paid mutator transaction binding the contract method 0x2f2ff15d.
//
// Solidity: function grantRole(bytes32 role, address account) returns()
func (_CTFExchange *CTFExchangeTransactor) GrantRole(opts *bind.TransactOpts, role [32]byte, account common.Address) (*types.Transaction, error) {
	return _CTFExchange.contract.Transact(opts, "grantRole", role, account)
}

// GrantRole is a paid mutator transaction binding the contract method 0x2f2ff15d.
//
// Solidity: function grantRole(bytes32 role, address account) returns()
func (_CTFExchange *CTFExchangeSession) GrantRole(role [32]byte, account common.Address) (*types.Transaction, error) {
	return _CTFExchange.Contract.GrantRole(&_CTFExchange.TransactOpts, role, account)
}

// GrantRole is a paid mutator transaction binding the contract method 0x2f2ff15d.
//
// Solidity: function grantRole(bytes32 role, address account) returns()
func (_CTFExchange *CTFExchangeTransactorSession) GrantRole(role [32]byte, account common.Address) (*types.Transaction, error) {
	return _CTFExchange.Contract.GrantRole(&_CTFExchange.TransactOpts, role, account)
}

// IncrementNonce is a paid mutator transaction binding the contract method 0x627cdcb9.
//
// Solidity: function incrementNonce() returns()
func (_CTFExchange *CTFExchangeTransactor) IncrementNonce(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _CTFExchange.contract.Transact(opts, "incrementNonce")
}

// IncrementNonce is a paid mutator transaction binding the contract method 0x627cdcb9.
//
// Solidity: function incrementNonce() returns()
func (_CTFExchange *CTFExchangeSession) IncrementNonce() (*types.Transaction, error) {
	return _CTFExchange.Contract.IncrementNonce(&_CTFExchange.TransactOpts)
}

// IncrementNonce is a paid mutator transaction binding the contract method 0x627cdcb9.
//
// Solidity: function incrementNonce() returns()
func (_CTFExchange *CTFExchangeTransactorSession) IncrementNonce() (*types.Transaction, error) {
	return _CTFExchange.Contract.IncrementNonce(&_CTFExchange.TransactOpts)
}

// MatchOrders is a paid mutator transaction binding the contract method 0x48f4e3e1.
//
// Solidity: function matchOrders((uint256,address,address,address,uint256,uint256,uint256,uint256,uint256,uint256,uint8,uint8,string,bytes) takerOrder, (uint256,address,address,address,uint256,uint256,uint256,uint256,uint256,uint256,uint8,uint8,string,bytes)[] makerOrders, uint256 takerFillAmount, uint256[] makerFillAmounts, uint256 matchTime) returns()
func (_CTFExchange *CTFExchangeTransactor) MatchOrders(opts *bind.TransactOpts, takerOrder CTFExchangeOrder, makerOrders []CTFExchangeOrder, takerFillAmount *big.Int, makerFillAmounts []*big.Int, matchTime *big.Int) (*types.Transaction, error) {
	return _CTFExchange.contract.Transact(opts, "matchOrders", takerOrder, makerOrders, takerFillAmount, makerFillAmounts, matchTime)
}

// MatchOrders is a paid mutator transaction binding the contract method 0x48f4e3e1.
//
// Solidity: function matchOrders((uint256,address,address,address,uint256,uint256,uint256,uint256,uint256,uint256,uint8,uint8,string,bytes) takerOrder, (uint256,address,address,address,uint256,uint256,uint256,uint256,uint256,uint256,uint8,uint8,string,bytes)[] makerOrders, uint256 takerFillAmount, uint256[] makerFillAmounts, uint256 matchTime) returns()
func (_CTFExchange *CTFExchangeSession) MatchOrders(takerOrder CTFExchangeOrder, makerOrders []CTFExchangeOrder, takerFillAmount *big.Int, makerFillAmounts []*big.Int, matchTime *big.Int) (*types.Transaction, error) {
	return _CTFExchange.Contract.MatchOrders(&_CTFExchange.TransactOpts, takerOrder, makerOrders, takerFillAmount, makerFillAmounts, matchTime)
}

// MatchOrders is a paid mutator transaction binding the contract method 0x48f4e3e1.
//
// Solidity: function matchOrders((uint256,address,address,address,uint256,uint256,uint256,uint256,uint256,uint256,uint8,uint8,string,bytes) takerOrder, (uint256,address,address,address,uint256,uint256,uint256,uint256,uint256,uint256,uint8,uint8,string,bytes)[] makerOrders, uint256 takerFillAmount, uint256[] makerFillAmounts, uint256 matchTime) returns()
func (_CTFExchange *CTFExchangeTransactorSession) MatchOrders(takerOrder CTFExchangeOrder, makerOrders []CTFExchangeOrder, takerFillAmount *big.Int, makerFillAmounts []*big.Int, matchTime *big.Int) (*types.Transaction, error) {
	return _CTFExchange.Contract.MatchOrders(&_CTFExchange.TransactOpts, takerOrder, makerOrders, takerFillAmount, makerFillAmounts, matchTime)
}

// MatchOrdersBatch is a paid mutator transaction binding the contract method 0x8dc250fe.
//
// Solidity: function matchOrdersBatch(((uint256,address,address,address,uint256,uint256,uint256,uint256,uint256,uint256,uint8,uint8,string,bytes),(uint256,address,address,address,uint256,uint256,uint256,uint256,uint256,uint256,uint8,uint8,string,bytes)[],uint256,uint256[])[] matches, uint256 matchTime) returns()
func (_CTFExchange *CTFExchangeTransactor) MatchOrdersBatch(opts *bind.TransactOpts, matches []CTFExchangeMatch, matchTime *big.Int) (*types.Transaction, error) {
	return _CTFExchange.contract.Transact(opts, "matchOrdersBatch", matches, matchTime)
}

// MatchOrdersBatch is a paid mutator transaction binding the contract method 0x8dc250fe.
//
// Solidity: function matchOrdersBatch(((uint256,address,address,address,uint256,uint256,uint256,uint256,uint256,uint256,uint8,uint8,string,bytes),(uint256,address,address,address,uint256,uint256,uint256,uint256,uint256,uint256,uint8,uint8,string,bytes)[],uint256,uint256[])[] matches, uint256 matchTime) returns()
func (_CTFExchange *CTFExchangeSession) MatchOrdersBatch(matches []CTFExchangeMatch, matchTime *big.Int) (*types.Transaction, error) {
	return _CTFExchange.Contract.MatchOrdersBatch(&_CTFExchange.TransactOpts, matches, matchTime)
}

// MatchOrdersBatch is a paid mutator transaction binding the contract method 0x8dc250fe.
//
// Solidity: function matchOrdersBatch(((uint256,address,address,address,uint256,uint256,uint256,uint256,uint256,uint256,uint8,uint8,string,bytes),(uint256,address,address,address,uint256,uint256,uint256,uint256,uint256,uint256,uint8,uint8,string,bytes)[],uint256,uint256[])[] matches, uint256 matchTime) returns()
func (_CTFExchange *CTFExchangeTransactorSession) MatchOrdersBatch(matches []CTFExchangeMatch, matchTime *big.Int) (*types.Transaction, error) {
	return _CTFExchange.Contract.MatchOrdersBatch(&_CTFExchange.TransactOpts, matches, matchTime)
}

// Pause is a paid mutator transaction binding the contract method 0x8456cb59.
//
// Solidity: function pause() returns()
func (_CTFExchange *CTFExchangeTransactor) Pause(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _CTFExchange.contract.Transact(opts, "pause")
}

// Pause is a paid mutator transaction binding the contract method 0x8456cb59.
//
// Solidity: function pause() returns()
func (_CTFExchange *CTFExchangeSession) Pause() (*types.Transaction, error) {
	return _CTFExchange.Contract.Pause(&_CTFExchange.TransactOpts)
}

// Pause is a paid mutator transaction binding the contract method 0x8456cb59.
//
// Solidity: function pause() returns()
func (_CTFExchange *CTFExchangeTransactorSession) Pause() (*types.Transaction, error) {
	return _CTFExchange.Contract.Pause(&_CTFExchange.TransactOpts)
}

// RegisterToken is a paid mutator transaction binding the contract method 0x68c7450f.
//
// Solidity: function registerToken(uint256 token0, uint256 token1, bytes32 conditionId) returns()
func (_CTFExchange *CTFExchangeTransactor) RegisterToken(opts *bind.TransactOpts, token0 *big.Int, token1 *big.Int, conditionId [32]byte) (*types.Transaction, error) {
	return _CTFExchange.contract.Transact(opts, "registerToken", token0, token1, conditionId)
}

// RegisterToken is a paid mutator transaction binding the contract method 0x68c7450f.
//
// Solidity: function registerToken(uint256 token0, uint256 token1, bytes32 conditionId) returns()
func (_CTFExchange *CTFExchangeSession) RegisterToken(token0 *big.Int, token1 *big.Int, conditionId [32]byte) (*types.Transaction, error) {
	return _CTFExchange.Contract.RegisterToken(&_CTFExchange.TransactOpts, token0, token1, conditionId)
}

// RegisterToken is a paid mutator transaction binding the contract method 0x68c7450f.
//
// Solidity: function registerToken(uint256 token0, uint256 token1, bytes32 conditionId) returns()
func (_CTFExchange *CTFExchangeTransactorSession) RegisterToken(token0 *big.Int, token1 *big.Int, conditionId [32]byte) (*types.Transaction, error) {
	return _CTFExchange.Contract.RegisterToken(&_CTFExchange.TransactOpts, token0, token1, conditionId)
}

// RenounceRole is a paid mutator transaction binding the contract method 0x36568abe.
//
// Solidity: function renounceRole(bytes32 role, address callerConfirmation) returns()
func (_CTFExchange *CTFExchangeTransactor) RenounceRole(opts *bind.TransactOpts, role [32]byte, callerConfirmation common.Address) (*types.Transaction, error) {
	return _CTFExchange.contract.Transact(opts, "renounceRole", role, callerConfirmation)
}

// RenounceRole is a paid mutator transaction binding the contract method 0x36568abe.
//
// Solidity: function renounceRole(bytes32 role, address callerConfirmation) returns()
func (_CTFExchange *CTFExchangeSession) RenounceRole(role [32]byte, callerConfirmation common.Address) (*types.Transaction, error) {
	return _CTFExchange.Contract.RenounceRole(&_CTFExchange.TransactOpts, role, callerConfirmation)
}

// RenounceRole is a paid mutator transaction binding the contract method 0x36568abe.
//
// Solidity: function renounceRole(bytes32 role, address callerConfirmation) returns()
func (_CTFExchange *CTFExchangeTransactorSession) RenounceRole(role [32]byte, callerConfirmation common.Address) (*types.Transaction, error) {
	return _CTFExchange.Contract.RenounceRole(&_CTFExchange.TransactOpts, role, callerConfirmation)
}

// RevokeRole is a paid mutator transaction binding the contract method 0xd547741f.
//
// Solidity: function revokeRole(bytes32 role, address account) returns()
func (_CTFExchange *CTFExchangeTransactor) RevokeRole(opts *bind.TransactOpts, role [32]byte, account common.Address) (*types.Transaction, error) {
	return _CTFExchange.contract.Transact(opts, "revokeRole", role, account)
}

// RevokeRole is a paid mutator transaction binding the contract method 0xd547741f.
//
// Solidity: function revokeRole(bytes32 role, address account) returns()
func (_CTFExchange *CTFExchangeSession) RevokeRole(role [32]byte, account common.Address) (*types.Transaction, error) {
	return _CTFExchange.Contract.RevokeRole(&_CTFExchange.TransactOpts, role, account)
}

// RevokeRole is a paid mutator transaction binding the contract method 0xd547741f.
//
// Solidity: function revokeRole(bytes32 role, address account) returns()
func (_CTFExchange *CTFExchangeTransactorSession) RevokeRole(role [32]byte, account common.Address) (*types.Transaction, error) {
	return _CTFExchange.Contract.RevokeRole(&_CTFExchange.TransactOpts, role, account)
}

// SetFeeReceiver is a paid mutator transaction binding the contract method 0xefdcd974.
//
// Solidity: function setFeeReceiver(address feeReceiver_) returns()
func (_CTFExchange *CTFExchangeTransactor) SetFeeReceiver(opts *bind.TransactOpts, feeReceiver_ common.Address) (*types.Transaction, error) {
	return _CTFExchange.contract.Transact(opts, "setFeeReceiver", feeReceiver_)
}

// SetFeeReceiver is a paid mutator transaction binding the contract method 0xefdcd974.
//
// Solidity: function setFeeReceiver(address feeReceiver_) returns()
func (_CTFExchange *CTFExchangeSession) SetFeeReceiver(feeReceiver_ common.Address) (*types.Transaction, error) {
	return _CTFExchange.Contract.SetFeeReceiver(&_CTFExchange.TransactOpts, feeReceiver_)
}

// SetFeeReceiver is a paid mutator transaction binding the contract method 0xefdcd974.
//
// Solidity: function setFeeReceiver(address feeReceiver_) returns()
func (_CTFExchange *CTFExchangeTransactorSession) SetFeeReceiver(feeReceiver_ common.Address) (*types.Transaction, error) {
	return _CTFExchange.Contract.SetFeeReceiver(&_CTFExchange.TransactOpts, feeReceiver_)
}

// Unpause is a paid mutator transaction binding the contract method 0x3f4ba83a.
//
// Solidity: function unpause() returns()
func (_CTFExchange *CTFExchangeTransactor) Unpause(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _CTFExchange.contract.Transact(opts, "unpause")
}

// Unpause is a paid mutator transaction binding the contract method 0x3f4ba83a.
//
// Solidity: function unpause() returns()
func (_CTFExchange *CTFExchangeSession) Unpause() (*types.Transaction, error) {
	return _CTFExchange.Contract.Unpause(&_CTFExchange.TransactOpts)
}

// Unpause is a paid mutator transaction binding the contract method 0x3f4ba83a.
//
// Solidity: function unpause() returns()
func (_CTFExchange *CTFExchangeTransactorSession) Unpause() (*types.Transaction, error) {
	return _CTFExchange.Contract.Unpause(&_CTFExchange.TransactOpts)
}

// CTFExchangeEIP712DomainChangedIterator is returned from FilterEIP712DomainChanged and is used to iterate over the raw logs and unpacked data for EIP712DomainChanged events raised by the CTFExchange contract.
type CTFExchangeEIP712DomainChangedIterator struct {
	Event *CTFExchangeEIP712DomainChanged // Event containing the contract specifics and raw log

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
func (it *CTFExchangeEIP712DomainChangedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(CTFExchangeEIP712DomainChanged)
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
		it.Event = new(CTFExchangeEIP712DomainChanged)
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
func (it *CTFExchangeEIP712DomainChangedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *CTFExchangeEIP712DomainChangedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// CTFExchangeEIP712DomainChanged represents a EIP712DomainChanged event raised by the CTFExchange contract.
type CTFExchangeEIP712DomainChanged struct {
	Raw types.Log // Blockchain specific contextual infos
}

// FilterEIP712DomainChanged is a free log retrieval operation binding the contract event 0x0a6387c9ea3628b88a633bb4f3b151770f70085117a15f9bf3787cda53f13d31.
//
// Solidity: event EIP712DomainChanged()
func (_CTFExchange *CTFExchangeFilterer) FilterEIP712DomainChanged(opts *bind.FilterOpts) (*CTFExchangeEIP712DomainChangedIterator, error) {

	logs, sub, err := _CTFExchange.contract.FilterLogs(opts, "EIP712DomainChanged")
	if err != nil {
		return nil, err
	}
	return &CTFExchangeEIP712DomainChangedIterator{contract: _CTFExchange.contract, event: "EIP712DomainChanged", logs: logs, sub: sub}, nil
}

// WatchEIP712DomainChanged is a free log subscription operation binding the contract event 0x0a6387c9ea3628b88a633bb4f3b151770f70085117a15f9bf3787cda53f13d31.
//
// Solidity: event EIP712DomainChanged()
func (_CTFExchange *CTFExchangeFilterer) WatchEIP712DomainChanged(opts *bind.WatchOpts, sink chan<- *CTFExchangeEIP712DomainChanged) (event.Subscription, error) {

	logs, sub, err := _CTFExchange.contract.WatchLogs(opts, "EIP712DomainChanged")
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(CTFExchangeEIP712DomainChanged)
				if err := _CTFExchange.contract.UnpackLog(event, "EIP712DomainChanged", log); err != nil {
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
func (_CTFExchange *CTFExchangeFilterer) ParseEIP712DomainChanged(log types.Log) (*CTFExchangeEIP712DomainChanged, error) {
	event := new(CTFExchangeEIP712DomainChanged)
	if err := _CTFExchange.contract.UnpackLog(event, "EIP712DomainChanged", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// CTFExchangeFeeReceiverUpdatedIterator is returned from FilterFeeReceiverUpdated and is used to iterate over the raw logs and unpacked data for FeeReceiverUpdated events raised by the CTFExchange contract.
type CTFExchangeFeeReceiverUpdatedIterator struct {
	Event *CTFExchangeFeeReceiverUpdated // Event containing the contract specifics and raw log

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
func (it *CTFExchangeFeeReceiverUpdatedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(CTFExchangeFeeReceiverUpdated)
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
		it.Event = new(CTFExchangeFeeReceiverUpdated)
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
func (it *CTFExchangeFeeReceiverUpdatedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *CTFExchangeFeeReceiverUpdatedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// CTFExchangeFeeReceiverUpdated represents a FeeReceiverUpdated event raised by the CTFExchange contract.
type CTFExchangeFeeReceiverUpdated struct {
	FeeReceiver common.Address
	Raw         types.Log // Blockchain specific contextual infos
}

// FilterFeeReceiverUpdated is a free log retrieval operation binding the contract event 0x27aae5db36d94179909d019ae0b1ac7c16d96d953148f63c0f6a0a9c8ead79ee.
//
// Solidity: event FeeReceiverUpdated(address indexed feeReceiver)
func (_CTFExchange *CTFExchangeFilterer) FilterFeeReceiverUpdated(opts *bind.FilterOpts, feeReceiver []common.Address) (*CTFExchangeFeeReceiverUpdatedIterator, error) {

	var feeReceiverRule []interface{}
	for _, feeReceiverItem := range feeReceiver {
		feeReceiverRule = append(feeReceiverRule, feeReceiverItem)
	}

	logs, sub, err := _CTFExchange.contract.FilterLogs(opts, "FeeReceiverUpdated", feeReceiverRule)
	if err != nil {
		return nil, err
	}
	return &CTFExchangeFeeReceiverUpdatedIterator{contract: _CTFExchange.contract, event: "FeeReceiverUpdated", logs: logs, sub: sub}, nil
}

// WatchFeeReceiverUpdated is a free log subscription operation binding the contract event 0x27aae5db36d94179909d019ae0b1ac7c16d96d953148f63c0f6a0a9c8ead79ee.
//
// Solidity: event FeeReceiverUpdated(address indexed feeReceiver)
func (_CTFExchange *CTFExchangeFilterer) WatchFeeReceiverUpdated(opts *bind.WatchOpts, sink chan<- *CTFExchangeFeeReceiverUpdated, feeReceiver []common.Address) (event.Subscription, error) {

	var feeReceiverRule []interface{}
	for _, feeReceiverItem := range feeReceiver {
		feeReceiverRule = append(feeReceiverRule, feeReceiverItem)
	}

	logs, sub, err := _CTFExchange.contract.WatchLogs(opts, "FeeReceiverUpdated", feeReceiverRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(CTFExchangeFeeReceiverUpdated)
				if err := _CTFExchange.contract.UnpackLog(event, "FeeReceiverUpdated", log); err != nil {
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

// ParseFeeReceiverUpdated is a log parse operation binding the contract event 0x27aae5db36d94179909d019ae0b1ac7c16d96d953148f63c0f6a0a9c8ead79ee.
//
// Solidity: event FeeReceiverUpdated(address indexed feeReceiver)
func (_CTFExchange *CTFExchangeFilterer) ParseFeeReceiverUpdated(log types.Log) (*CTFExchangeFeeReceiverUpdated, error) {
	event := new(CTFExchangeFeeReceiverUpdated)
	if err := _CTFExchange.contract.UnpackLog(event, "FeeReceiverUpdated", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// CTFExchangeNonceIncrementedIterator is returned from FilterNonceIncremented and is used to iterate over the raw logs and unpacked data for NonceIncremented events raised by the CTFExchange contract.
type CTFExchangeNonceIncrementedIterator struct {
	Event *CTFExchangeNonceIncremented // Event containing the contract specifics and raw log

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
func (it *CTFExchangeNonceIncrementedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(CTFExchangeNonceIncremented)
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
		it.Event = new(CTFExchangeNonceIncremented)
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
func (it *CTFExchangeNonceIncrementedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *CTFExchangeNonceIncrementedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// CTFExchangeNonceIncremented represents a NonceIncremented event raised by the CTFExchange contract.
type CTFExchangeNonceIncremented struct {
	Maker    common.Address
	NewNonce *big.Int
	Raw      types.Log // Blockchain specific contextual infos
}

// FilterNonceIncremented is a free log retrieval operation binding the contract event 0xa82a649bbd060c9099cd7b7326e2b0dc9e9af0836480e0f849dc9eaa79710b3b.
//
// Solidity: event NonceIncremented(address indexed maker, uint256 newNonce)
func (_CTFExchange *CTFExchangeFilterer) FilterNonceIncremented(opts *bind.FilterOpts, maker []common.Address) (*CTFExchangeNonceIncrementedIterator, error) {

	var makerRule []interface{}
	for _, makerItem := range maker {
		makerRule = append(makerRule, makerItem)
	}

	logs, sub, err := _CTFExchange.contract.FilterLogs(opts, "NonceIncremented", makerRule)
	if err != nil {
		return nil, err
	}
	return &CTFExchangeNonceIncrementedIterator{contract: _CTFExchange.contract, event: "NonceIncremented", logs: logs, sub: sub}, nil
}

// WatchNonceIncremented is a free log subscription operation binding the contract event 0xa82a649bbd060c9099cd7b7326e2b0dc9e9af0836480e0f849dc9eaa79710b3b.
//
// Solidity: event NonceIncremented(address indexed maker, uint256 newNonce)
func (_CTFExchange *CTFExchangeFilterer) WatchNonceIncremented(opts *bind.WatchOpts, sink chan<- *CTFExchangeNonceIncremented, maker []common.Address) (event.Subscription, error) {

	var makerRule []interface{}
	for _, makerItem := range maker {
		makerRule = append(makerRule, makerItem)
	}

	logs, sub, err := _CTFExchange.contract.WatchLogs(opts, "NonceIncremented", makerRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(CTFExchangeNonceIncremented)
				if err := _CTFExchange.contract.UnpackLog(event, "NonceIncremented", log); err != nil {
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

// ParseNonceIncremented is a log parse operation binding the contract event 0xa82a649bbd060c9099cd7b7326e2b0dc9e9af0836480e0f849dc9eaa79710b3b.
//
// Solidity: event NonceIncremented(address indexed maker, uint256 newNonce)
func (_CTFExchange *CTFExchangeFilterer) ParseNonceIncremented(log types.Log) (*CTFExchangeNonceIncremented, error) {
	event := new(CTFExchangeNonceIncremented)
	if err := _CTFExchange.contract.UnpackLog(event, "NonceIncremented", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// CTFExchangeOrderCancelledIterator is returned from FilterOrderCancelled and is used to iterate over the raw logs and unpacked data for OrderCancelled events raised by the CTFExchange contract.
type CTFExchangeOrderCancelledIterator struct {
	Event *CTFExchangeOrderCancelled // Event containing the contract specifics and raw log

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
func (it *CTFExchangeOrderCancelledIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(CTFExchangeOrderCancelled)
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
		it.Event = new(CTFExchangeOrderCancelled)
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
func (it *CTFExchangeOrderCancelledIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *CTFExchangeOrderCancelledIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// CTFExchangeOrderCancelled represents a OrderCancelled event raised by the CTFExchange contract.
type CTFExchangeOrderCancelled struct {
	OrderHash [32]byte
	Raw       types.Log // Blockchain specific contextual infos
}

// FilterOrderCancelled is a free log retrieval operation binding the contract event 0x5152abf959f6564662358c2e52b702259b78bac5ee7842a0f01937e670efcc7d.
//
// Solidity: event OrderCancelled(bytes32 indexed orderHash)
func (_CTFExchange *CTFExchangeFilterer) FilterOrderCancelled(opts *bind.FilterOpts, orderHash [][32]byte) (*CTFExchangeOrderCancelledIterator, error) {

	var orderHashRule []interface{}
	for _, orderHashItem := range orderHash {
		orderHashRule = append(orderHashRule, orderHashItem)
	}

	logs, sub, err := _CTFExchange.contract.FilterLogs(opts, "OrderCancelled", orderHashRule)
	if err != nil {
		return nil, err
	}
	return &CTFExchangeOrderCancelledIterator{contract: _CTFExchange.contract, event: "OrderCancelled", logs: logs, sub: sub}, nil
}

// WatchOrderCancelled is a free log subscription operation binding the contract event 0x5152abf959f6564662358c2e52b702259b78bac5ee7842a0f01937e670efcc7d.
//
// Solidity: event OrderCancelled(bytes32 indexed orderHash)
func (_CTFExchange *CTFExchangeFilterer) WatchOrderCancelled(opts *bind.WatchOpts, sink chan<- *CTFExchangeOrderCancelled, orderHash [][32]byte) (event.Subscription, error) {

	var orderHashRule []interface{}
	for _, orderHashItem := range orderHash {
		orderHashRule = append(orderHashRule, orderHashItem)
	}

	logs, sub, err := _CTFExchange.contract.WatchLogs(opts, "OrderCancelled", orderHashRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(CTFExchangeOrderCancelled)
				if err := _CTFExchange.contract.UnpackLog(event, "OrderCancelled", log); err != nil {
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

// ParseOrderCancelled is a log parse operation binding the contract event 0x5152abf959f6564662358c2e52b702259b78bac5ee7842a0f01937e670efcc7d.
//
// Solidity: event OrderCancelled(bytes32 indexed orderHash)
func (_CTFExchange *CTFExchangeFilterer) ParseOrderCancelled(log types.Log) (*CTFExchangeOrderCancelled, error) {
	event := new(CTFExchangeOrderCancelled)
	if err := _CTFExchange.contract.UnpackLog(event, "OrderCancelled", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// CTFExchangeOrderFilledIterator is returned from FilterOrderFilled and is used to iterate over the raw logs and unpacked data for OrderFilled events raised by the CTFExchange contract.
type CTFExchangeOrderFilledIterator struct {
	Event *CTFExchangeOrderFilled // Event containing the contract specifics and raw log

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
func (it *CTFExchangeOrderFilledIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(CTFExchangeOrderFilled)
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
		it.Event = new(CTFExchangeOrderFilled)
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
func (it *CTFExchangeOrderFilledIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *CTFExchangeOrderFilledIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// CTFExchangeOrderFilled represents a OrderFilled event raised by the CTFExchange contract.
type CTFExchangeOrderFilled struct {
	OrderHash         [32]byte
	Maker             common.Address
	Taker             common.Address
	MakerAssetId      *big.Int
	TakerAssetId      *big.Int
	MakerAmountFilled *big.Int
	TakerAmountFilled *big.Int
	Fee               *big.Int
	Raw               types.Log // Blockchain specific contextual infos
}

// FilterOrderFilled is a free log retrieval operation binding the contract event 0xd0a08e8c493f9c94f29311604c9de1b4e8c8d4c06bd0c789af57f2d65bfec0f6.
//
// Solidity: event OrderFilled(bytes32 indexed orderHash, address indexed maker, address indexed taker, uint256 makerAssetId, uint256 takerAssetId, uint256 makerAmountFilled, uint256 takerAmountFilled, uint256 fee)
func (_CTFExchange *CTFExchangeFilterer) FilterOrderFilled(opts *bind.FilterOpts, orderHash [][32]byte, maker []common.Address, taker []common.Address) (*CTFExchangeOrderFilledIterator, error) {

	var orderHashRule []interface{}
	for _, orderHashItem := range orderHash {
		orderHashRule = append(orderHashRule, orderHashItem)
	}
	var makerRule []interface{}
	for _, makerItem := range maker {
		makerRule = append(makerRule, makerItem)
	}
	var takerRule []interface{}
	for _, takerItem := range taker {
		takerRule = append(takerRule, takerItem)
	}

	logs, sub, err := _CTFExchange.contract.FilterLogs(opts, "OrderFilled", orderHashRule, makerRule, takerRule)
	if err != nil {
		return nil, err
	}
	return &CTFExchangeOrderFilledIterator{contract: _CTFExchange.contract, event: "OrderFilled", logs: logs, sub: sub}, nil
}

// WatchOrderFilled is a free log subscription operation binding the contract event 0xd0a08e8c493f9c94f29311604c9de1b4e8c8d4c06bd0c789af57f2d65bfec0f6.
//
// Solidity: event OrderFilled(bytes32 indexed orderHash, address indexed maker, address indexed taker, uint256 makerAssetId, uint256 takerAssetId, uint256 makerAmountFilled, uint256 takerAmountFilled, uint256 fee)
func (_CTFExchange *CTFExchangeFilterer) WatchOrderFilled(opts *bind.WatchOpts, sink chan<- *CTFExchangeOrderFilled, orderHash [][32]byte, maker []common.Address, taker []common.Address) (event.Subscription, error) {

	var orderHashRule []interface{}
	for _, orderHashItem := range orderHash {
		orderHashRule = append(orderHashRule, orderHashItem)
	}
	var makerRule []interface{}
	for _, makerItem := range maker {
		makerRule = append(makerRule, makerItem)
	}
	var takerRule []interface{}
	for _, takerItem := range taker {
		takerRule = append(takerRule, takerItem)
	}

	logs, sub, err := _CTFExchange.contract.WatchLogs(opts, "OrderFilled", orderHashRule, makerRule, takerRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(CTFExchangeOrderFilled)
				if err := _CTFExchange.contract.UnpackLog(event, "OrderFilled", log); err != nil {
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

// ParseOrderFilled is a log parse operation binding the contract event 0xd0a08e8c493f9c94f29311604c9de1b4e8c8d4c06bd0c789af57f2d65bfec0f6.
//
// Solidity: event OrderFilled(bytes32 indexed orderHash, address indexed maker, address indexed taker, uint256 makerAssetId, uint256 takerAssetId, uint256 makerAmountFilled, uint256 takerAmountFilled, uint256 fee)
func (_CTFExchange *CTFExchangeFilterer) ParseOrderFilled(log types.Log) (*CTFExchangeOrderFilled, error) {
	event := new(CTFExchangeOrderFilled)
	if err := _CTFExchange.contract.UnpackLog(event, "OrderFilled", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// CTFExchangeOrdersMatchedIterator is returned from FilterOrdersMatched and is used to iterate over the raw logs and unpacked data for OrdersMatched events raised by the CTFExchange contract.
type CTFExchangeOrdersMatchedIterator struct {
	Event *CTFExchangeOrdersMatched // Event containing the contract specifics and raw log

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
func (it *CTFExchangeOrdersMatchedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(CTFExchangeOrdersMatched)
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
		it.Event = new(CTFExchangeOrdersMatched)
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
func (it *CTFExchangeOrdersMatchedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *CTFExchangeOrdersMatchedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// CTFExchangeOrdersMatched represents a OrdersMatched event raised by the CTFExchange contract.
type CTFExchangeOrdersMatched struct {
	TakerOrderHash    [32]byte
	TakerOrderMaker   common.Address
	MakerAssetId      *big.Int
	TakerAssetId      *big.Int
	MakerAmountFilled *big.Int
	TakerAmountFilled *big.Int
	Raw               types.Log // Blockchain specific contextual infos
}

// FilterOrdersMatched is a free log retrieval operation binding the contract event 0x63bf4d16b7fa898ef4c4b2b6d90fd201e9c56313b65638af6088d149d2ce956c.
//
// Solidity: event OrdersMatched(bytes32 indexed takerOrderHash, address indexed takerOrderMaker, uint256 makerAssetId, uint256 takerAssetId, uint256 makerAmountFilled, uint256 takerAmountFilled)
func (_CTFExchange *CTFExchangeFilterer) FilterOrdersMatched(opts *bind.FilterOpts, takerOrderHash [][32]byte, takerOrderMaker []common.Address) (*CTFExchangeOrdersMatchedIterator, error) {

	var takerOrderHashRule []interface{}
	for _, takerOrderHashItem := range takerOrderHash {
		takerOrderHashRule = append(takerOrderHashRule, takerOrderHashItem)
	}
	var takerOrderMakerRule []interface{}
	for _, takerOrderMakerItem := range takerOrderMaker {
		takerOrderMakerRule = append(takerOrderMakerRule, takerOrderMakerItem)
	}

	logs, sub, err := _CTFExchange.contract.FilterLogs(opts, "OrdersMatched", takerOrderHashRule, takerOrderMakerRule)
	if err != nil {
		return nil, err
	}
	return &CTFExchangeOrdersMatchedIterator{contract: _CTFExchange.contract, event: "OrdersMatched", logs: logs, sub: sub}, nil
}

// WatchOrdersMatched is a free log subscription operation binding the contract event 0x63bf4d16b7fa898ef4c4b2b6d90fd201e9c56313b65638af6088d149d2ce956c.
//
// Solidity: event OrdersMatched(bytes32 indexed takerOrderHash, address indexed takerOrderMaker, uint256 makerAssetId, uint256 takerAssetId, uint256 makerAmountFilled, uint256 takerAmountFilled)
func (_CTFExchange *CTFExchangeFilterer) WatchOrdersMatched(opts *bind.WatchOpts, sink chan<- *CTFExchangeOrdersMatched, takerOrderHash [][32]byte, takerOrderMaker []common.Address) (event.Subscription, error) {

	var takerOrderHashRule []interface{}
	for _, takerOrderHashItem := range takerOrderHash {
		takerOrderHashRule = append(takerOrderHashRule, takerOrderHashItem)
	}
	var takerOrderMakerRule []interface{}
	for _, takerOrderMakerItem := range takerOrderMaker {
		takerOrderMakerRule = append(takerOrderMakerRule, takerOrderMakerItem)
	}

	logs, sub, err := _CTFExchange.contract.WatchLogs(opts, "OrdersMatched", takerOrderHashRule, takerOrderMakerRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(CTFExchangeOrdersMatched)
				if err := _CTFExchange.contract.UnpackLog(event, "OrdersMatched", log); err != nil {
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

// ParseOrdersMatched is a log parse operation binding the contract event 0x63bf4d16b7fa898ef4c4b2b6d90fd201e9c56313b65638af6088d149d2ce956c.
//
// Solidity: event OrdersMatched(bytes32 indexed takerOrderHash, address indexed takerOrderMaker, uint256 makerAssetId, uint256 takerAssetId, uint256 makerAmountFilled, uint256 takerAmountFilled)
func (_CTFExchange *CTFExchangeFilterer) ParseOrdersMatched(log types.Log) (*CTFExchangeOrdersMatched, error) {
	event := new(CTFExchangeOrdersMatched)
	if err := _CTFExchange.contract.UnpackLog(event, "OrdersMatched", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// CTFExchangePausedIterator is returned from FilterPaused and is used to iterate over the raw logs and unpacked data for Paused events raised by the CTFExchange contract.
type CTFExchangePausedIterator struct {
	Event *CTFExchangePaused // Event containing the contract specifics and raw log

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
func (it *CTFExchangePausedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(CTFExchangePaused)
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
		it.Event = new(CTFExchangePaused)
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
func (it *CTFExchangePausedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *CTFExchangePausedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// CTFExchangePaused represents a Paused event raised by the CTFExchange contract.
type CTFExchangePaused struct {
	Account common.Address
	Raw     types.Log // Blockchain specific contextual infos
}

// FilterPaused is a free log retrieval operation binding the contract event 0x62e78cea01bee320cd4e420270b5ea74000d11b0c9f74754ebdbfc544b05a258.
//
// Solidity: event Paused(address account)
func (_CTFExchange *CTFExchangeFilterer) FilterPaused(opts *bind.FilterOpts) (*CTFExchangePausedIterator, error) {

	logs, sub, err := _CTFExchange.contract.FilterLogs(opts, "Paused")
	if err != nil {
		return nil, err
	}
	return &CTFExchangePausedIterator{contract: _CTFExchange.contract, event: "Paused", logs: logs, sub: sub}, nil
}

// WatchPaused is a free log subscription operation binding the contract event 0x62e78cea01bee320cd4e420270b5ea74000d11b0c9f74754ebdbfc544b05a258.
//
// Solidity: event Paused(address account)
func (_CTFExchange *CTFExchangeFilterer) WatchPaused(opts *bind.WatchOpts, sink chan<- *CTFExchangePaused) (event.Subscription, error) {

	logs, sub, err := _CTFExchange.contract.WatchLogs(opts, "Paused")
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(CTFExchangePaused)
				if err := _CTFExchange.contract.UnpackLog(event, "Paused", log); err != nil {
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

// ParsePaused is a log parse operation binding the contract event 0x62e78cea01bee320cd4e420270b5ea74000d11b0c9f74754ebdbfc544b05a258.
//
// Solidity: event Paused(address account)
func (_CTFExchange *CTFExchangeFilterer) ParsePaused(log types.Log) (*CTFExchangePaused, error) {
	event := new(CTFExchangePaused)
	if err := _CTFExchange.contract.UnpackLog(event, "Paused", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// CTFExchangeRoleAdminChangedIterator is returned from FilterRoleAdminChanged and is used to iterate over the raw logs and unpacked data for RoleAdminChanged events raised by the CTFExchange contract.
type CTFExchangeRoleAdminChangedIterator struct {
	Event *CTFExchangeRoleAdminChanged // Event containing the contract specifics and raw log

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
func (it *CTFExchangeRoleAdminChangedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(CTFExchangeRoleAdminChanged)
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
		it.Event = new(CTFExchangeRoleAdminChanged)
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
func (it *CTFExchangeRoleAdminChangedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *CTFExchangeRoleAdminChangedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// CTFExchangeRoleAdminChanged represents a RoleAdminChanged event raised by the CTFExchange contract.
type CTFExchangeRoleAdminChanged struct {
	Role              [32]byte
	PreviousAdminRole [32]byte
	NewAdminRole      [32]byte
	Raw               types.Log // Blockchain specific contextual infos
}

// FilterRoleAdminChanged is a free log retrieval operation binding the contract event 0xbd79b86ffe0ab8e8776151514217cd7cacd52c909f66475c3af44e129f0b00ff.
//
// Solidity: event RoleAdminChanged(bytes32 indexed role, bytes32 indexed previousAdminRole, bytes32 indexed newAdminRole)
func (_CTFExchange *CTFExchangeFilterer) FilterRoleAdminChanged(opts *bind.FilterOpts, role [][32]byte, previousAdminRole [][32]byte, newAdminRole [][32]byte) (*CTFExchangeRoleAdminChangedIterator, error) {

	var roleRule []interface{}
	for _, roleItem := range role {
		roleRule = append(roleRule, roleItem)
	}
	var previousAdminRoleRule []interface{}
	for _, previousAdminRoleItem := range previousAdminRole {
		previousAdminRoleRule = append(previousAdminRoleRule, previousAdminRoleItem)
	}
	var newAdminRoleRule []interface{}
	for _, newAdminRoleItem := range newAdminRole {
		newAdminRoleRule = append(newAdminRoleRule, newAdminRoleItem)
	}

	logs, sub, err := _CTFExchange.contract.FilterLogs(opts, "RoleAdminChanged", roleRule, previousAdminRoleRule, newAdminRoleRule)
	if err != nil {
		return nil, err
	}
	return &CTFExchangeRoleAdminChangedIterator{contract: _CTFExchange.contract, event: "RoleAdminChanged", logs: logs, sub: sub}, nil
}

// WatchRoleAdminChanged is a free log subscription operation binding the contract event 0xbd79b86ffe0ab8e8776151514217cd7cacd52c909f66475c3af44e129f0b00ff.
//
// Solidity: event RoleAdminChanged(bytes32 indexed role, bytes32 indexed previousAdminRole, bytes32 indexed newAdminRole)
func (_CTFExchange *CTFExchangeFilterer) WatchRoleAdminChanged(opts *bind.WatchOpts, sink chan<- *CTFExchangeRoleAdminChanged, role [][32]byte, previousAdminRole [][32]byte, newAdminRole [][32]byte) (event.Subscription, error) {

	var roleRule []interface{}
	for _, roleItem := range role {
		roleRule = append(roleRule, roleItem)
	}
	var previousAdminRoleRule []interface{}
	for _, previousAdminRoleItem := range previousAdminRole {
		previousAdminRoleRule = append(previousAdminRoleRule, previousAdminRoleItem)
	}
	var newAdminRoleRule []interface{}
	for _, newAdminRoleItem := range newAdminRole {
		newAdminRoleRule = append(newAdminRoleRule, newAdminRoleItem)
	}

	logs, sub, err := _CTFExchange.contract.WatchLogs(opts, "RoleAdminChanged", roleRule, previousAdminRoleRule, newAdminRoleRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(CTFExchangeRoleAdminChanged)
				if err := _CTFExchange.contract.UnpackLog(event, "RoleAdminChanged", log); err != nil {
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

// ParseRoleAdminChanged is a log parse operation binding the contract event 0xbd79b86ffe0ab8e8776151514217cd7cacd52c909f66475c3af44e129f0b00ff.
//
// Solidity: event RoleAdminChanged(bytes32 indexed role, bytes32 indexed previousAdminRole, bytes32 indexed newAdminRole)
func (_CTFExchange *CTFExchangeFilterer) ParseRoleAdminChanged(log types.Log) (*CTFExchangeRoleAdminChanged, error) {
	event := new(CTFExchangeRoleAdminChanged)
	if err := _CTFExchange.contract.UnpackLog(event, "RoleAdminChanged", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// CTFExchangeRoleGrantedIterator is returned from FilterRoleGranted and is used to iterate over the raw logs and unpacked data for RoleGranted events raised by the CTFExchange contract.
type CTFExchangeRoleGrantedIterator struct {
	Event *CTFExchangeRoleGranted // Event containing the contract specifics and raw log

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
func (it *CTFExchangeRoleGrantedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(CTFExchangeRoleGranted)
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
		it.Event = new(CTFExchangeRoleGranted)
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
func (it *CTFExchangeRoleGrantedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *CTFExchangeRoleGrantedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// CTFExchangeRoleGranted represents a RoleGranted event raised by the CTFExchange contract.
type CTFExchangeRoleGranted struct {
	Role    [32]byte
	Account common.Address
	Sender  common.Address
	Raw     types.Log // Blockchain specific contextual infos
}

// FilterRoleGranted is a free log retrieval operation binding the contract event 0x2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d.
//
// Solidity: event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender)
func (_CTFExchange *CTFExchangeFilterer) FilterRoleGranted(opts *bind.FilterOpts, role [][32]byte, account []common.Address, sender []common.Address) (*CTFExchangeRoleGrantedIterator, error) {

	var roleRule []interface{}
	for _, roleItem := range role {
		roleRule = append(roleRule, roleItem)
	}
	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}
	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}

	logs, sub, err := _CTFExchange.contract.FilterLogs(opts, "RoleGranted", roleRule, accountRule, senderRule)
	if err != nil {
		return nil, err
	}
	return &CTFExchangeRoleGrantedIterator{contract: _CTFExchange.contract, event: "RoleGranted", logs: logs, sub: sub}, nil
}

// WatchRoleGranted is a free log subscription operation binding the contract event 0x2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d.
//
// Solidity: event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender)
func (_CTFExchange *CTFExchangeFilterer) WatchRoleGranted(opts *bind.WatchOpts, sink chan<- *CTFExchangeRoleGranted, role [][32]byte, account []common.Address, sender []common.Address) (event.Subscription, error) {

	var roleRule []interface{}
	for _, roleItem := range role {
		roleRule = append(roleRule, roleItem)
	}
	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}
	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}

	logs, sub, err := _CTFExchange.contract.WatchLogs(opts, "RoleGranted", roleRule, accountRule, senderRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(CTFExchangeRoleGranted)
				if err := _CTFExchange.contract.UnpackLog(event, "RoleGranted", log); err != nil {
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

// ParseRoleGranted is a log parse operation binding the contract event 0x2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d.
//
// Solidity: event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender)
func (_CTFExchange *CTFExchangeFilterer) ParseRoleGranted(log types.Log) (*CTFExchangeRoleGranted, error) {
	event := new(CTFExchangeRoleGranted)
	if err := _CTFExchange.contract.UnpackLog(event, "RoleGranted", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// CTFExchangeRoleRevokedIterator is returned from FilterRoleRevoked and is used to iterate over the raw logs and unpacked data for RoleRevoked events raised by the CTFExchange contract.
type CTFExchangeRoleRevokedIterator struct {
	Event *CTFExchangeRoleRevoked // Event containing the contract specifics and raw log

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
func (it *CTFExchangeRoleRevokedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(CTFExchangeRoleRevoked)
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
		it.Event = new(CTFExchangeRoleRevoked)
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
func (it *CTFExchangeRoleRevokedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *CTFExchangeRoleRevokedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// CTFExchangeRoleRevoked represents a RoleRevoked event raised by the CTFExchange contract.
type CTFExchangeRoleRevoked struct {
	Role    [32]byte
	Account common.Address
	Sender  common.Address
	Raw     types.Log // Blockchain specific contextual infos
}

// FilterRoleRevoked is a free log retrieval operation binding the contract event 0xf6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b.
//
// Solidity: event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender)
func (_CTFExchange *CTFExchangeFilterer) FilterRoleRevoked(opts *bind.FilterOpts, role [][32]byte, account []common.Address, sender []common.Address) (*CTFExchangeRoleRevokedIterator, error) {

	var roleRule []interface{}
	for _, roleItem := range role {
		roleRule = append(roleRule, roleItem)
	}
	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}
	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}

	logs, sub, err := _CTFExchange.contract.FilterLogs(opts, "RoleRevoked", roleRule, accountRule, senderRule)
	if err != nil {
		return nil, err
	}
	return &CTFExchangeRoleRevokedIterator{contract: _CTFExchange.contract, event: "RoleRevoked", logs: logs, sub: sub}, nil
}

// WatchRoleRevoked is a free log subscription operation binding the contract event 0xf6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b.
//
// Solidity: event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender)
func (_CTFExchange *CTFExchangeFilterer) WatchRoleRevoked(opts *bind.WatchOpts, sink chan<- *CTFExchangeRoleRevoked, role [][32]byte, account []common.Address, sender []common.Address) (event.Subscription, error) {

	var roleRule []interface{}
	for _, roleItem := range role {
		roleRule = append(roleRule, roleItem)
	}
	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}
	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}

	logs, sub, err := _CTFExchange.contract.WatchLogs(opts, "RoleRevoked", roleRule, accountRule, senderRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(CTFExchangeRoleRevoked)
				if err := _CTFExchange.contract.UnpackLog(event, "RoleRevoked", log); err != nil {
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

// ParseRoleRevoked is a log parse operation binding the contract event 0xf6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b.
//
// Solidity: event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender)
func (_CTFExchange *CTFExchangeFilterer) ParseRoleRevoked(log types.Log) (*CTFExchangeRoleRevoked, error) {
	event := new(CTFExchangeRoleRevoked)
	if err := _CTFExchange.contract.UnpackLog(event, "RoleRevoked", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// CTFExchangeTokenRegisteredIterator is returned from FilterTokenRegistered and is used to iterate over the raw logs and unpacked data for TokenRegistered events raised by the CTFExchange contract.
type CTFExchangeTokenRegisteredIterator struct {
	Event *CTFExchangeTokenRegistered // Event containing the contract specifics and raw log

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
func (it *CTFExchangeTokenRegisteredIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(CTFExchangeTokenRegistered)
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
		it.Event = new(CTFExchangeTokenRegistered)
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
func (it *CTFExchangeTokenRegisteredIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *CTFExchangeTokenRegisteredIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// CTFExchangeTokenRegistered represents a TokenRegistered event raised by the CTFExchange contract.
type CTFExchangeTokenRegistered struct {
	Token0      *big.Int
	Token1      *big.Int
	ConditionId [32]byte
	Raw         types.Log // Blockchain specific contextual infos
}

// FilterTokenRegistered is a free log retrieval operation binding the contract event 0xbc9a2432e8aeb48327246cddd6e872ef452812b4243c04e6bfb786a2cd8faf0d.
//
// Solidity: event TokenRegistered(uint256 indexed token0, uint256 indexed token1, bytes32 indexed conditionId)
func (_CTFExchange *CTFExchangeFilterer) FilterTokenRegistered(opts *bind.FilterOpts, token0 []*big.Int, token1 []*big.Int, conditionId [][32]byte) (*CTFExchangeTokenRegisteredIterator, error) {

	var token0Rule []interface{}
	for _, token0Item := range token0 {
		token0Rule = append(token0Rule, token0Item)
	}
	var token1Rule []interface{}
	for _, token1Item := range token1 {
		token1Rule = append(token1Rule, token1Item)
	}
	var conditionIdRule []interface{}
	for _, conditionIdItem := range conditionId {
		conditionIdRule = append(conditionIdRule, conditionIdItem)
	}

	logs, sub, err := _CTFExchange.contract.FilterLogs(opts, "TokenRegistered", token0Rule, token1Rule, conditionIdRule)
	if err != nil {
		return nil, err
	}
	return &CTFExchangeTokenRegisteredIterator{contract: _CTFExchange.contract, event: "TokenRegistered", logs: logs, sub: sub}, nil
}

// WatchTokenRegistered is a free log subscription operation binding the contract event 0xbc9a2432e8aeb48327246cddd6e872ef452812b4243c04e6bfb786a2cd8faf0d.
//
// Solidity: event TokenRegistered(uint256 indexed token0, uint256 indexed token1, bytes32 indexed conditionId)
func (_CTFExchange *CTFExchangeFilterer) WatchTokenRegistered(opts *bind.WatchOpts, sink chan<- *CTFExchangeTokenRegistered, token0 []*big.Int, token1 []*big.Int, conditionId [][32]byte) (event.Subscription, error) {

	var token0Rule []interface{}
	for _, token0Item := range token0 {
		token0Rule = append(token0Rule, token0Item)
	}
	var token1Rule []interface{}
	for _, token1Item := range token1 {
		token1Rule = append(token1Rule, token1Item)
	}
	var conditionIdRule []interface{}
	for _, conditionIdItem := range conditionId {
		conditionIdRule = append(conditionIdRule, conditionIdItem)
	}

	logs, sub, err := _CTFExchange.contract.WatchLogs(opts, "TokenRegistered", token0Rule, token1Rule, conditionIdRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(CTFExchangeTokenRegistered)
				if err := _CTFExchange.contract.UnpackLog(event, "TokenRegistered", log); err != nil {
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

// ParseTokenRegistered is a log parse operation binding the contract event 0xbc9a2432e8aeb48327246cddd6e872ef452812b4243c04e6bfb786a2cd8faf0d.
//
// Solidity: event TokenRegistered(uint256 indexed token0, uint256 indexed token1, bytes32 indexed conditionId)
func (_CTFExchange *CTFExchangeFilterer) ParseTokenRegistered(log types.Log) (*CTFExchangeTokenRegistered, error) {
	event := new(CTFExchangeTokenRegistered)
	if err := _CTFExchange.contract.UnpackLog(event, "TokenRegistered", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// CTFExchangeUnpausedIterator is returned from FilterUnpaused and is used to iterate over the raw logs and unpacked data for Unpaused events raised by the CTFExchange contract.
type CTFExchangeUnpausedIterator struct {
	Event *CTFExchangeUnpaused // Event containing the contract specifics and raw log

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
func (it *CTFExchangeUnpausedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(CTFExchangeUnpaused)
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
		it.Event = new(CTFExchangeUnpaused)
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
func (it *CTFExchangeUnpausedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *CTFExchangeUnpausedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// CTFExchangeUnpaused represents a Unpaused event raised by the CTFExchange contract.
type CTFExchangeUnpaused struct {
	Account common.Address
	Raw     types.Log // Blockchain specific contextual infos
}

// FilterUnpaused is a free log retrieval operation binding the contract event 0x5db9ee0a495bf2e6ff9c91a7834c1ba4fdd244a5e8aa4e537bd38aeae4b073aa.
//
// Solidity: event Unpaused(address account)
func (_CTFExchange *CTFExchangeFilterer) FilterUnpaused(opts *bind.FilterOpts) (*CTFExchangeUnpausedIterator, error) {

	logs, sub, err := _CTFExchange.contract.FilterLogs(opts, "Unpaused")
	if err != nil {
		return nil, err
	}
	return &CTFExchangeUnpausedIterator{contract: _CTFExchange.contract, event: "Unpaused", logs: logs, sub: sub}, nil
}

// WatchUnpaused is a free log subscription operation binding the contract event 0x5db9ee0a495bf2e6ff9c91a7834c1ba4fdd244a5e8aa4e537bd38aeae4b073aa.
//
// Solidity: event Unpaused(address account)
func (_CTFExchange *CTFExchangeFilterer) WatchUnpaused(opts *bind.WatchOpts, sink chan<- *CTFExchangeUnpaused) (event.Subscription, error) {

	logs, sub, err := _CTFExchange.contract.WatchLogs(opts, "Unpaused")
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(CTFExchangeUnpaused)
				if err := _CTFExchange.contract.UnpackLog(event, "Unpaused", log); err != nil {
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

// ParseUnpaused is a log parse operation binding the contract event 0x5db9ee0a495bf2e6ff9c91a7834c1ba4fdd244a5e8aa4e537bd38aeae4b073aa.
//
// Solidity: event Unpaused(address account)
func (_CTFExchange *CTFExchangeFilterer) ParseUnpaused(log types.Log) (*CTFExchangeUnpaused, error) {
	event := new(CTFExchangeUnpaused)
	if err := _CTFExchange.contract.UnpackLog(event, "Unpaused", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}
