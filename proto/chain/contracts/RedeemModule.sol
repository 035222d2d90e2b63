// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Enum} from "@safe-global/safe-contracts/contracts/common/Enum.sol";

interface ISafeModules {
    function enableModule(address module) external;
    function execTransactionFromModule(address to, uint256 value, bytes calldata data, Enum.Operation operation)
        external
        returns (bool success);
}

interface IConditionalTokensRedeem {
    function redeemPositions(address collateralToken, bytes32 parentCollectionId, bytes32 conditionId, uint256[] calldata indexSets)
        external;
    function payoutDenominator(bytes32 conditionId) external view returns (uint256);
}

/// @title RedeemModule: winning positions redeemed without a claim step.
/// @notice A Safe module every proxy wallet has from birth (SafeFactory's
/// setup delegate-calls enable(), which enables this module on the new
/// Safe). Once a market's condition has its payouts, anyone (the settler)
/// may call redeem(safe, conditionId): the Safe itself calls
///
///     ConditionalTokens.redeemPositions(USDW, 0, conditionId, [1, 2])
///
/// so its YES and NO positions of that condition are burnt and their
/// payout in USDW is paid to the Safe, its own wallet. That is the only
/// call the module can make: the target, the function, the collateral,
/// the parent collection and the index sets are fixed here, and the Safe
/// is msg.sender of redeemPositions, so the proceeds cannot go anywhere
/// else and no other asset can move. Enabling it changes nothing of the
/// wallet's address: SafeFactory's CREATE2 salt is the owner and its init
/// code the proxy's, neither of which depends on the setup call.
contract RedeemModule {
    /// @notice The conditional tokens whose positions are redeemed.
    IConditionalTokensRedeem public immutable conditionalTokens;
    /// @notice USDW, the collateral of every position.
    address public immutable collateral;
    /// @notice This module's own address, for enable()'s delegate call.
    address public immutable self;

    event Redeemed(address indexed safe, bytes32 indexed conditionId);

    error NotDelegateCall();
    error NotResolved(bytes32 conditionId);
    error RedeemFailed(address safe, bytes32 conditionId);

    constructor(address conditionalTokens_, address collateral_) {
        conditionalTokens = IConditionalTokensRedeem(conditionalTokens_);
        collateral = collateral_;
        self = address(this);
    }

    /// @notice Enables this module on the Safe that delegate-calls it (from
    /// Safe.setup, through SafeFactory's setupTo/setupData). The Safe calls
    /// its own enableModule, which only the Safe may call.
    function enable() external {
        if (address(this) == self) {
            revert NotDelegateCall();
        }
        ISafeModules(address(this)).enableModule(self);
    }

    /// @notice Redeems safe's positions of a resolved condition into safe.
    /// Anyone may call it; it moves nothing but the safe's own positions of
    /// that condition into the safe's own USDW.
    function redeem(address safe, bytes32 conditionId) public {
        if (conditionalTokens.payoutDenominator(conditionId) == 0) {
            revert NotResolved(conditionId);
        }
        uint256[] memory indexSets = new uint256[](2);
        indexSets[0] = 1;
        indexSets[1] = 2;
        bytes memory data = abi.encodeCall(
            IConditionalTokensRedeem.redeemPositions, (collateral, bytes32(0), conditionId, indexSets)
        );
        if (!ISafeModules(safe).execTransactionFromModule(address(conditionalTokens), 0, data, Enum.Operation.Call)) {
            revert RedeemFailed(safe, conditionId);
        }
        emit Redeemed(safe, conditionId);
    }

    /// @notice redeem for many wallets of one condition, in one transaction.
    function redeemMany(address[] calldata safes, bytes32 conditionId) external {
        for (uint256 i = 0; i < safes.length; i++) {
            redeem(safes[i], conditionId);
        }
    }
}
