// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IERC1155Receiver} from "@openzeppelin/contracts/token/ERC1155/IERC1155Receiver.sol";
import {IERC165} from "@openzeppelin/contracts/utils/introspection/IERC165.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";

/// @dev The parts of Gnosis ConditionalTokens 1.0.3 the exchange calls.
interface IConditionalTokens {
    function splitPosition(
        IERC20 collateralToken,
        bytes32 parentCollectionId,
        bytes32 conditionId,
        uint256[] calldata partition,
        uint256 amount
    ) external;

    function mergePositions(
        IERC20 collateralToken,
        bytes32 parentCollectionId,
        bytes32 conditionId,
        uint256[] calldata partition,
        uint256 amount
    ) external;

    function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes calldata data) external;
}

/// @dev The parts of SafeFactory the exchange reads at construction.
interface ISafeFactory {
    function proxyInitCodeHash() external view returns (bytes32);
}

/// @title CTFExchange: settles the matches of the pred order book on chain.
///
/// @notice The order is the EIP-712 struct the gateway verifies:
///
///     Order(uint256 salt,address maker,address signer,address taker,uint256 tokenId,
///           uint256 makerAmount,uint256 takerAmount,uint256 expiration,uint256 nonce,
///           uint256 feeRateBps,uint8 side,uint8 signatureType,string scopeId)
///
/// under the domain ("Pred CTF Exchange", "1", chainId, this contract). side
/// is BUY=0 or SELL=1; a BUY gives makerAmount collateral for takerAmount
/// shares of tokenId, a SELL gives makerAmount shares for takerAmount
/// collateral (6 decimals both). signatureType 0 (EOA) needs signer ==
/// maker; 2 (Safe) needs maker to be signer's proxy wallet, the CREATE2
/// address of this deployment's SafeFactory for signer (derived, not read
/// from the wallet: a wallet exists only at the address derived for its
/// owner). Type 1 is refused. The signature is 65 bytes r ‖ s ‖ v with v
/// 27/28 or 0/1 and a low s, as the gateway accepts it.
///
/// matchOrders settles one taker order against up to 15 maker orders exactly
/// as the matching engine's ledger does. All fill amounts are SHARES (base
/// units of the outcome token), the engine's unit, and each order tracks
/// its filled shares against its size (takerAmount for a BUY, makerAmount
/// for a SELL). Each maker fill of q shares is at the maker's price: the
/// maker pays or receives c = q * price (rounded in the maker's favour,
/// exact for every order the engine accepts). Against a maker on the same
/// token the other way round (COMPLEMENTARY) the taker's notional is c;
/// against a maker on the complementary token the same way round the two
/// collaterals mint a YES/NO pair (MINT, both buy) or a pair is merged into
/// collateral (MERGE, both sell) and the taker's notional is q - c. The
/// taker's fee for each fill is floor(notional * feeRateBps / 10000), in
/// collateral: a BUY taker pays notional + fee, a SELL taker receives
/// notional - fee. Makers pay no fee. The fee goes to feeReceiver.
contract CTFExchange is EIP712, AccessControl, Pausable, ReentrancyGuardTransient, IERC1155Receiver {
    using SafeERC20 for IERC20;

    struct Order {
        uint256 salt;
        address maker;
        address signer;
        address taker;
        uint256 tokenId;
        uint256 makerAmount;
        uint256 takerAmount;
        uint256 expiration;
        uint256 nonce;
        uint256 feeRateBps;
        uint8 side;
        uint8 signatureType;
        string scopeId;
        bytes signature;
    }

    /// @notice What the exchange knows of a registered outcome token.
    struct TokenInfo {
        uint256 complement;
        bytes32 conditionId;
    }

    /// @notice An order's progress: shares filled so far, and whether its
    /// maker cancelled it.
    struct OrderStatus {
        uint128 filled;
        bool cancelled;
    }

    bytes32 public constant OPERATOR_ROLE = keccak256("OPERATOR_ROLE");
    bytes32 public constant ORDER_TYPEHASH = keccak256(
        "Order(uint256 salt,address maker,address signer,address taker,uint256 tokenId,uint256 makerAmount,uint256 takerAmount,uint256 expiration,uint256 nonce,uint256 feeRateBps,uint8 side,uint8 signatureType,string scopeId)"
    );
    uint8 public constant BUY = 0;
    uint8 public constant SELL = 1;
    uint8 public constant SIGNATURE_EOA = 0;
    uint8 public constant SIGNATURE_SAFE = 2;
    uint256 public constant MAX_FEE_RATE_BPS = 1000;
    uint256 public constant BPS_DENOMINATOR = 10000;
    uint256 public constant MAX_MAKER_ORDERS = 15;
    /// @notice The most matches in one matchOrdersBatch.
    uint256 public constant MAX_BATCH_MATCHES = 32;
    /// @notice How far before the block a match's time may be: a match is
    /// settled at most this long after the order book made it.
    uint256 public constant MAX_MATCH_AGE = 1 days;
    /// @notice How far after the block a match's time may be. The operator
    /// takes the time from the book's clock, which may run ahead of the
    /// latest block (a chain that seals blocks on demand, a simulation on
    /// the latest block); a later time only makes expirations stricter, so
    /// this slack lets nothing through that should not go.
    uint256 public constant MAX_MATCH_SKEW = 5 minutes;
    uint256 internal constant MAX_AMOUNT = type(uint128).max;

    IERC20 public immutable collateral;
    IConditionalTokens public immutable ctf;
    address public immutable safeFactory;
    bytes32 public immutable safeInitCodeHash;

    address public feeReceiver;
    mapping(uint256 tokenId => TokenInfo) public registry;
    mapping(bytes32 orderHash => OrderStatus) public orderStatus;
    mapping(address maker => uint256) public nonces;

    event OrderFilled(
        bytes32 indexed orderHash,
        address indexed maker,
        address indexed taker,
        uint256 makerAssetId,
        uint256 takerAssetId,
        uint256 makerAmountFilled,
        uint256 takerAmountFilled,
        uint256 fee
    );
    event OrdersMatched(
        bytes32 indexed takerOrderHash,
        address indexed takerOrderMaker,
        uint256 makerAssetId,
        uint256 takerAssetId,
        uint256 makerAmountFilled,
        uint256 takerAmountFilled
    );
    event OrderCancelled(bytes32 indexed orderHash);
    event NonceIncremented(address indexed maker, uint256 newNonce);
    event TokenRegistered(uint256 indexed token0, uint256 indexed token1, bytes32 indexed conditionId);
    event FeeReceiverUpdated(address indexed feeReceiver);

    error ZeroAddress();
    error InvalidTokenPair();
    error TokenAlreadyRegistered(uint256 tokenId);
    error TokenNotRegistered(uint256 tokenId);
    error InvalidMakerOrders();
    error OrderExpired(bytes32 orderHash);
    error NotTaker(bytes32 orderHash);
    error InvalidSide(bytes32 orderHash);
    error InvalidAmounts(bytes32 orderHash);
    error FeeTooHigh(bytes32 orderHash);
    error InvalidNonce(bytes32 orderHash);
    error InvalidSignatureType(bytes32 orderHash);
    error InvalidSignature(bytes32 orderHash);
    error SignerNotMaker(bytes32 orderHash);
    error CancelledOrder(bytes32 orderHash);
    error ZeroFill(bytes32 orderHash);
    error Overfilled(bytes32 orderHash, uint256 filled, uint256 size);
    error MismatchedTokenIds(bytes32 makerOrderHash);
    error NotCrossing(bytes32 makerOrderHash);
    error TakerFillMismatch(uint256 takerFillAmount, uint256 makerFillTotal);
    error NotOwner(bytes32 orderHash);
    error InvalidMatchTime(uint256 matchTime, uint256 blockTime);
    error InvalidMatches();

    constructor(
        IERC20 collateral_,
        IConditionalTokens ctf_,
        address safeFactory_,
        address admin,
        address[] memory operators,
        address feeReceiver_
    ) EIP712("Pred CTF Exchange", "1") {
        if (
            address(collateral_) == address(0) || address(ctf_) == address(0) || safeFactory_ == address(0)
                || admin == address(0) || feeReceiver_ == address(0)
        ) {
            revert ZeroAddress();
        }
        collateral = collateral_;
        ctf = ctf_;
        safeFactory = safeFactory_;
        safeInitCodeHash = ISafeFactory(safeFactory_).proxyInitCodeHash();
        feeReceiver = feeReceiver_;
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        for (uint256 i = 0; i < operators.length; i++) {
            _grantRole(OPERATOR_ROLE, operators[i]);
        }
        // splitPosition pulls the collateral of MINT matches from here.
        collateral_.forceApprove(address(ctf_), type(uint256).max);
    }

    // ------------------------------------------------------------------
    // Administration

    /// @notice Registers a market's two outcome tokens as complements of
    /// each other under the condition that mints them.
    function registerToken(uint256 token0, uint256 token1, bytes32 conditionId)
        external
        onlyRole(DEFAULT_ADMIN_ROLE)
    {
        if (token0 == token1 || token0 == 0 || token1 == 0 || conditionId == bytes32(0)) {
            revert InvalidTokenPair();
        }
        if (registry[token0].conditionId != bytes32(0)) revert TokenAlreadyRegistered(token0);
        if (registry[token1].conditionId != bytes32(0)) revert TokenAlreadyRegistered(token1);
        registry[token0] = TokenInfo(token1, conditionId);
        registry[token1] = TokenInfo(token0, conditionId);
        emit TokenRegistered(token0, token1, conditionId);
    }

    function setFeeReceiver(address feeReceiver_) external onlyRole(DEFAULT_ADMIN_ROLE) {
        if (feeReceiver_ == address(0)) revert ZeroAddress();
        feeReceiver = feeReceiver_;
        emit FeeReceiverUpdated(feeReceiver_);
    }

    function pause() external onlyRole(DEFAULT_ADMIN_ROLE) {
        _pause();
    }

    function unpause() external onlyRole(DEFAULT_ADMIN_ROLE) {
        _unpause();
    }

    // ------------------------------------------------------------------
    // Makers

    /// @notice Cancels an order for good. Its maker or its signer may cancel it.
    function cancelOrder(Order calldata order) external {
        _cancel(order);
    }

    function cancelOrders(Order[] calldata orders) external {
        for (uint256 i = 0; i < orders.length; i++) {
            _cancel(orders[i]);
        }
    }

    /// @notice Invalidates every order of the caller signed with its current
    /// nonce: an order is valid only while its nonce equals its maker's.
    function incrementNonce() external {
        uint256 n = nonces[msg.sender] + 1;
        nonces[msg.sender] = n;
        emit NonceIncremented(msg.sender, n);
    }

    function _cancel(Order calldata order) internal {
        bytes32 h = hashOrder(order);
        if (msg.sender != order.maker && msg.sender != order.signer) revert NotOwner(h);
        orderStatus[h].cancelled = true;
        emit OrderCancelled(h);
    }

    // ------------------------------------------------------------------
    // Views

    /// @notice The EIP-712 digest of an order: what its signer signs, and its id.
    function hashOrder(Order calldata order) public view returns (bytes32) {
        return _hashTypedDataV4(_structHash(order));
    }

    function domainSeparator() external view returns (bytes32) {
        return _domainSeparatorV4();
    }

    /// @notice The proxy wallet of owner under this deployment's SafeFactory.
    function safeAddressOf(address owner) public view returns (address) {
        bytes32 h = keccak256(abi.encodePacked(bytes1(0xff), safeFactory, keccak256(abi.encode(owner)), safeInitCodeHash));
        return address(uint160(uint256(h)));
    }

    /// @notice Reverts with the reason matchOrders would give if order could
    /// not be matched now (expiry, signature, nonce, cancel, registration,
    /// fill). It does not look at balances or allowances.
    function validateOrder(Order calldata order) external view {
        bytes32 h = _validate(order, block.timestamp);
        OrderStatus memory s = orderStatus[h];
        if (s.cancelled) revert CancelledOrder(h);
        if (s.filled >= _size(order)) revert Overfilled(h, s.filled, _size(order));
        if (registry[order.tokenId].conditionId == bytes32(0)) revert TokenNotRegistered(order.tokenId);
    }

    function isValidNonce(address maker, uint256 nonce) external view returns (bool) {
        return nonces[maker] == nonce;
    }

    // ------------------------------------------------------------------
    // Matching

    /// @dev Sums over the maker fills of one match.
    struct Totals {
        uint256 shares; // shares the taker gives (SELL) or gets (BUY)
        uint256 notional; // collateral the taker pays (BUY) or gets (SELL), fee aside
        uint256 fee;
        uint256 pairs; // pairs to mint (BUY) or merge (SELL)
        uint256 complement; // the complement of the taker's token
        bytes32 conditionId;
    }

    /// @notice Settles takerOrder against makerOrders. makerFillAmounts[i]
    /// is the number of shares traded with makerOrders[i]; takerFillAmount
    /// must be their sum. See the contract's description for the amounts.
    ///
    /// matchTime is when the order book made the match (Unix seconds), and
    /// orders' expirations are checked against it, not against the block:
    /// a GTD order the book filled a second before its expiration is still
    /// settled when the transaction is mined after it. The operator cannot
    /// move it back more than MAX_MATCH_AGE, so an order expired for a day
    /// can no longer be filled at all, nor ahead of the block by more than
    /// MAX_MATCH_SKEW (a later time could only refuse more orders).
    function matchOrders(
        Order calldata takerOrder,
        Order[] calldata makerOrders,
        uint256 takerFillAmount,
        uint256[] calldata makerFillAmounts,
        uint256 matchTime
    ) external nonReentrant onlyRole(OPERATOR_ROLE) whenNotPaused {
        _checkMatchTime(matchTime);
        _match(takerOrder, makerOrders, takerFillAmount, makerFillAmounts, matchTime);
    }

    /// @notice One match of a batch: the arguments of matchOrders.
    struct Match {
        Order takerOrder;
        Order[] makerOrders;
        uint256 takerFillAmount;
        uint256[] makerFillAmounts;
    }

    /// @notice Settles several matches in one transaction, in order, each
    /// exactly as matchOrders would, all checked against one match time
    /// (the earliest of theirs: an order filled at a later time was valid
    /// then too). All or nothing: one match that fails reverts the batch,
    /// and the operator settles its matches one by one instead. It saves
    /// each match the cost of a transaction of its own.
    function matchOrdersBatch(Match[] calldata matches, uint256 matchTime)
        external
        nonReentrant
        onlyRole(OPERATOR_ROLE)
        whenNotPaused
    {
        if (matches.length == 0 || matches.length > MAX_BATCH_MATCHES) revert InvalidMatches();
        _checkMatchTime(matchTime);
        for (uint256 i = 0; i < matches.length; i++) {
            Match calldata m = matches[i];
            _match(m.takerOrder, m.makerOrders, m.takerFillAmount, m.makerFillAmounts, matchTime);
        }
    }

    function _checkMatchTime(uint256 matchTime) internal view {
        if (matchTime > block.timestamp + MAX_MATCH_SKEW || matchTime + MAX_MATCH_AGE < block.timestamp) {
            revert InvalidMatchTime(matchTime, block.timestamp);
        }
    }

    /// @dev One match: the taker order against its maker orders.
    function _match(
        Order calldata takerOrder,
        Order[] calldata makerOrders,
        uint256 takerFillAmount,
        uint256[] calldata makerFillAmounts,
        uint256 matchTime
    ) internal {
        uint256 n = makerOrders.length;
        if (n == 0 || n > MAX_MAKER_ORDERS || n != makerFillAmounts.length) revert InvalidMakerOrders();
        bytes32 takerHash = _validate(takerOrder, matchTime);
        Totals memory t;
        (t.complement, t.conditionId) = (registry[takerOrder.tokenId].complement, registry[takerOrder.tokenId].conditionId);
        if (t.conditionId == bytes32(0)) revert TokenNotRegistered(takerOrder.tokenId);

        uint256[] memory paid = new uint256[](n);
        for (uint256 i = 0; i < n; i++) {
            paid[i] = _takeMaker(takerOrder, makerOrders[i], makerFillAmounts[i], t, matchTime);
        }
        if (takerFillAmount != t.shares) revert TakerFillMismatch(takerFillAmount, t.shares);
        _fill(takerHash, takerOrder, t.shares);
        _pullTaker(takerOrder, t);
        for (uint256 i = 0; i < n; i++) {
            Order calldata mo = makerOrders[i];
            if (mo.side == BUY) {
                ctf.safeTransferFrom(address(this), mo.maker, mo.tokenId, makerFillAmounts[i], "");
            } else {
                collateral.safeTransfer(mo.maker, paid[i]);
            }
        }
        _payTaker(takerOrder, t);
        _emitTakerFill(takerHash, takerOrder, t);
    }

    /// @dev Pulls what the taker gives into the exchange, then mints or
    /// merges the pairs of the match.
    function _pullTaker(Order calldata takerOrder, Totals memory t) internal {
        if (takerOrder.side == BUY) {
            collateral.safeTransferFrom(takerOrder.maker, address(this), t.notional + t.fee);
            if (t.pairs != 0) ctf.splitPosition(collateral, bytes32(0), t.conditionId, _partition(), t.pairs);
        } else {
            ctf.safeTransferFrom(takerOrder.maker, address(this), takerOrder.tokenId, t.shares, "");
            if (t.pairs != 0) ctf.mergePositions(collateral, bytes32(0), t.conditionId, _partition(), t.pairs);
        }
    }

    /// @dev Pays the taker what it receives, and the fee to the fee receiver.
    function _payTaker(Order calldata takerOrder, Totals memory t) internal {
        if (takerOrder.side == BUY) {
            ctf.safeTransferFrom(address(this), takerOrder.maker, takerOrder.tokenId, t.shares, "");
        } else {
            collateral.safeTransfer(takerOrder.maker, t.notional - t.fee);
        }
        if (t.fee != 0) collateral.safeTransfer(feeReceiver, t.fee);
    }

    function _emitTakerFill(bytes32 takerHash, Order calldata takerOrder, Totals memory t) internal {
        if (takerOrder.side == BUY) {
            uint256 making = t.notional + t.fee;
            emit OrderFilled(takerHash, takerOrder.maker, address(this), 0, takerOrder.tokenId, making, t.shares, t.fee);
            emit OrdersMatched(takerHash, takerOrder.maker, 0, takerOrder.tokenId, making, t.shares);
        } else {
            uint256 taking = t.notional - t.fee;
            emit OrderFilled(takerHash, takerOrder.maker, address(this), takerOrder.tokenId, 0, t.shares, taking, t.fee);
            emit OrdersMatched(takerHash, takerOrder.maker, takerOrder.tokenId, 0, t.shares, taking);
        }
    }

    /// @dev Validates one maker order and its fill of q shares, pulls what
    /// the maker gives into the exchange and adds the fill to t. It returns
    /// the maker's collateral amount c.
    function _takeMaker(Order calldata taker, Order calldata mo, uint256 q, Totals memory t, uint256 matchTime)
        internal
        returns (uint256 c)
    {
        bytes32 h = _validate(mo, matchTime);
        _fill(h, mo, q);
        bool makerBuy = mo.side == BUY;
        bool takerBuy = taker.side == BUY;
        // q and the amounts are below 2^128 (checked), so no product overflows.
        unchecked {
            c = makerBuy ? q * mo.makerAmount / mo.takerAmount : (q * mo.takerAmount + mo.makerAmount - 1) / mo.makerAmount;
        }
        uint256 notional;
        if (mo.tokenId == taker.tokenId) {
            if (makerBuy == takerBuy) revert MismatchedTokenIds(h);
            notional = c;
        } else {
            if (mo.tokenId != t.complement || makerBuy != takerBuy) revert MismatchedTokenIds(h);
            if (c >= q) revert NotCrossing(h);
            notional = q - c;
            t.pairs += q;
        }
        unchecked {
            // The taker pays at most (BUY) or receives at least (SELL) its limit price.
            if (
                takerBuy
                    ? notional * taker.takerAmount > q * taker.makerAmount
                    : notional * taker.makerAmount < q * taker.takerAmount
            ) revert NotCrossing(h);
        }
        t.shares += q;
        t.notional += notional;
        t.fee += notional * taker.feeRateBps / BPS_DENOMINATOR;

        if (makerBuy) {
            collateral.safeTransferFrom(mo.maker, address(this), c);
            emit OrderFilled(h, mo.maker, taker.maker, 0, mo.tokenId, c, q, 0);
        } else {
            ctf.safeTransferFrom(mo.maker, address(this), mo.tokenId, q, "");
            emit OrderFilled(h, mo.maker, taker.maker, mo.tokenId, 0, q, c, 0);
        }
    }

    /// @dev Adds q shares to an order's filled amount, refusing a cancelled
    /// order, a zero fill and a fill beyond the order's size.
    function _fill(bytes32 h, Order calldata o, uint256 q) internal {
        if (q == 0) revert ZeroFill(h);
        OrderStatus storage s = orderStatus[h];
        OrderStatus memory cur = s;
        if (cur.cancelled) revert CancelledOrder(h);
        uint256 size = _size(o);
        uint256 filled = uint256(cur.filled) + q;
        if (filled > size) revert Overfilled(h, cur.filled, size);
        s.filled = uint128(filled);
    }

    function _size(Order calldata o) internal pure returns (uint256) {
        return o.side == BUY ? o.takerAmount : o.makerAmount;
    }

    function _partition() internal pure returns (uint256[] memory p) {
        p = new uint256[](2);
        p[0] = 1;
        p[1] = 2;
    }

    /// @dev Checks everything about an order that does not depend on the
    /// match and returns its hash; when is the time its expiration is
    /// checked against (the match's time).
    function _validate(Order calldata o, uint256 when) internal view returns (bytes32 h) {
        h = hashOrder(o);
        if (o.expiration != 0 && o.expiration < when) revert OrderExpired(h);
        if (o.taker != address(0) && o.taker != msg.sender && o.taker != address(this)) revert NotTaker(h);
        if (o.side > SELL) revert InvalidSide(h);
        if (o.makerAmount == 0 || o.takerAmount == 0 || o.makerAmount > MAX_AMOUNT || o.takerAmount > MAX_AMOUNT) {
            revert InvalidAmounts(h);
        }
        if (o.feeRateBps > MAX_FEE_RATE_BPS) revert FeeTooHigh(h);
        if (o.nonce != nonces[o.maker]) revert InvalidNonce(h);
        if (_recover(h, o.signature) != o.signer || o.signer == address(0)) revert InvalidSignature(h);
        if (o.signatureType == SIGNATURE_EOA) {
            if (o.signer != o.maker) revert SignerNotMaker(h);
        } else if (o.signatureType == SIGNATURE_SAFE) {
            if (safeAddressOf(o.signer) != o.maker) revert SignerNotMaker(h);
        } else {
            revert InvalidSignatureType(h);
        }
    }

    /// @dev The signer of a 65-byte r ‖ s ‖ v signature, or zero. It takes
    /// v as 27/28 or 0/1 and refuses a high s, exactly as the gateway does.
    function _recover(bytes32 h, bytes calldata sig) internal pure returns (address) {
        if (sig.length != 65) return address(0);
        bytes32 r;
        bytes32 s;
        uint8 v;
        assembly ("memory-safe") {
            r := calldataload(sig.offset)
            s := calldataload(add(sig.offset, 0x20))
            v := byte(0, calldataload(add(sig.offset, 0x40)))
        }
        if (v < 27) v += 27;
        (address signer, ECDSA.RecoverError err,) = ECDSA.tryRecover(h, v, r, s);
        return err == ECDSA.RecoverError.NoError ? signer : address(0);
    }

    /// @dev hashStruct(order): the type hash, the 12 static fields as they
    /// sit in calldata (one word each) and keccak256 of scopeId.
    function _structHash(Order calldata o) internal pure returns (bytes32 h) {
        bytes32 scopeHash = keccak256(bytes(o.scopeId));
        bytes32 typeHash = ORDER_TYPEHASH;
        assembly ("memory-safe") {
            let p := mload(0x40)
            mstore(p, typeHash)
            calldatacopy(add(p, 0x20), o, 0x180)
            mstore(add(p, 0x1a0), scopeHash)
            h := keccak256(p, 0x1c0)
        }
    }

    // ------------------------------------------------------------------
    // ERC-1155 receiver: the exchange holds outcome tokens within a match.

    function onERC1155Received(address, address, uint256, uint256, bytes calldata) external pure returns (bytes4) {
        return IERC1155Receiver.onERC1155Received.selector;
    }

    function onERC1155BatchReceived(address, address, uint256[] calldata, uint256[] calldata, bytes calldata)
        external
        pure
        returns (bytes4)
    {
        return IERC1155Receiver.onERC1155BatchReceived.selector;
    }

    function supportsInterface(bytes4 interfaceId) public view override(AccessControl, IERC165) returns (bool) {
        return interfaceId == type(IERC1155Receiver).interfaceId || super.supportsInterface(interfaceId);
    }
}
