// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {SafeProxy} from "@safe-global/safe-contracts/contracts/proxies/SafeProxy.sol";
import {Safe} from "@safe-global/safe-contracts/contracts/Safe.sol";

/// @title SafeFactory: deploys each trader's proxy wallet.
/// @notice A trader's proxy wallet is a Safe 1.4.1 proxy with the trader's
/// EOA as sole owner (threshold 1), created with CREATE2 at
///
///     salt    = keccak256(abi.encode(owner))
///     address = keccak256(0xff ‖ factory ‖ salt ‖ proxyInitCodeHash)[12:]
///     proxyInitCodeHash = keccak256(SafeProxy.creationCode ‖ abi.encode(singleton))
///
/// so its address is known before it exists (proto/wallet derives it).
/// Creation is relayable: the owner signs the EIP-712 message
/// CreateProxy(address owner,address paymentToken,uint256 payment,address paymentReceiver)
/// under this factory's domain ("Pred Safe Factory", version "1") and anyone
/// may submit it and pay the gas. A second creation for the same owner
/// fails, so a signature cannot be replayed to any effect. The payment
/// fields are passed to Safe.setup, which pays them out of the new wallet
/// (all zero when the relayer charges nothing).
contract SafeFactory is EIP712 {
    bytes32 public constant CREATE_PROXY_TYPEHASH =
        keccak256("CreateProxy(address owner,address paymentToken,uint256 payment,address paymentReceiver)");

    /// @notice The Safe singleton every proxy delegates to.
    address public immutable singleton;
    /// @notice The fallback handler every proxy is set up with
    /// (CompatibilityFallbackHandler: ERC-1155 and ERC-721 receive hooks, EIP-1271).
    address public immutable fallbackHandler;
    /// @notice keccak256(SafeProxy.creationCode ‖ abi.encode(singleton)).
    bytes32 public immutable proxyInitCodeHash;
    /// @notice The delegate call Safe.setup makes on every new proxy (zero: none).
    /// It is the hook for modules a wallet must have from birth.
    address public immutable setupTo;
    bytes public setupData;

    event ProxyCreation(address indexed proxy, address indexed owner);

    error InvalidSignature();
    error ZeroOwner();
    error ProxyExists(address proxy);

    constructor(address singleton_, address fallbackHandler_, address setupTo_, bytes memory setupData_)
        EIP712("Pred Safe Factory", "1")
    {
        singleton = singleton_;
        fallbackHandler = fallbackHandler_;
        setupTo = setupTo_;
        setupData = setupData_;
        proxyInitCodeHash = keccak256(_initCode(singleton_));
    }

    /// @notice The creation code of SafeProxy, without the constructor argument.
    function proxyCreationCode() external pure returns (bytes memory) {
        return type(SafeProxy).creationCode;
    }

    /// @notice The address owner's proxy wallet has (or will have).
    function computeProxyAddress(address owner) public view returns (address) {
        bytes32 h = keccak256(abi.encodePacked(bytes1(0xff), address(this), _salt(owner), proxyInitCodeHash));
        return address(uint160(uint256(h)));
    }

    /// @notice The EIP-712 digest the owner signs to have its wallet created.
    function createProxyDigest(address owner, address paymentToken, uint256 payment, address paymentReceiver)
        public
        view
        returns (bytes32)
    {
        return _hashTypedDataV4(keccak256(abi.encode(CREATE_PROXY_TYPEHASH, owner, paymentToken, payment, paymentReceiver)));
    }

    /// @notice The EIP-712 domain separator of this factory.
    function domainSeparator() external view returns (bytes32) {
        return _domainSeparatorV4();
    }

    /// @notice Creates owner's wallet on the strength of owner's signature;
    /// any account may call it and pay the gas.
    function createProxy(
        address owner,
        address paymentToken,
        uint256 payment,
        address payable paymentReceiver,
        bytes calldata signature
    ) external returns (address proxy) {
        bytes32 digest = createProxyDigest(owner, paymentToken, payment, paymentReceiver);
        (address signer, ECDSA.RecoverError err,) = ECDSA.tryRecoverCalldata(digest, signature);
        if (err != ECDSA.RecoverError.NoError || signer != owner) {
            revert InvalidSignature();
        }
        return _create(owner, paymentToken, payment, paymentReceiver);
    }

    /// @notice Creates the caller's own wallet, the caller paying the gas.
    function createOwnProxy() external returns (address proxy) {
        return _create(msg.sender, address(0), 0, payable(address(0)));
    }

    function _create(address owner, address paymentToken, uint256 payment, address payable paymentReceiver)
        internal
        returns (address proxy)
    {
        if (owner == address(0)) {
            revert ZeroOwner();
        }
        bytes memory initCode = _initCode(singleton);
        bytes32 salt = _salt(owner);
        assembly ("memory-safe") {
            proxy := create2(0, add(initCode, 0x20), mload(initCode), salt)
        }
        if (proxy == address(0)) {
            revert ProxyExists(computeProxyAddress(owner));
        }
        address[] memory owners = new address[](1);
        owners[0] = owner;
        Safe(payable(proxy)).setup(
            owners, 1, setupTo, setupData, fallbackHandler, paymentToken, payment, paymentReceiver
        );
        emit ProxyCreation(proxy, owner);
    }

    function _initCode(address singleton_) internal pure returns (bytes memory) {
        return abi.encodePacked(type(SafeProxy).creationCode, uint256(uint160(singleton_)));
    }

    function _salt(address owner) internal pure returns (bytes32) {
        return keccak256(abi.encode(owner));
    }
}
