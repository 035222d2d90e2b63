// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20, ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {IERC20Metadata} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";
import {ERC20Wrapper} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Wrapper.sol";

/// @title USDW, "USD Wrapped": the exchange's collateral.
/// @notice A 6-decimal ERC-20 backed 1:1 by a dollar stablecoin. wrap pulls
/// stablecoin from the caller (who approved this contract) and mints the
/// same amount of USDW; unwrap burns the caller's USDW and returns the
/// stablecoin. wrapTo and unwrapTo name another recipient: a deposit wraps
/// into the trader's proxy wallet, a withdrawal unwraps to any address.
contract USDW is ERC20Wrapper {
    error UnderlyingDecimals(uint8 decimals);

    constructor(IERC20Metadata stablecoin) ERC20("USD Wrapped", "USDW") ERC20Wrapper(stablecoin) {
        if (stablecoin.decimals() != 6) {
            revert UnderlyingDecimals(stablecoin.decimals());
        }
    }

    function decimals() public pure override returns (uint8) {
        return 6;
    }

    /// @notice Wraps amount of the caller's stablecoin into USDW for the caller.
    function wrap(uint256 amount) external returns (bool) {
        return depositFor(msg.sender, amount);
    }

    /// @notice Wraps amount of the caller's stablecoin into USDW for to.
    function wrapTo(address to, uint256 amount) external returns (bool) {
        return depositFor(to, amount);
    }

    /// @notice Burns amount of the caller's USDW and sends the stablecoin to the caller.
    function unwrap(uint256 amount) external returns (bool) {
        return withdrawTo(msg.sender, amount);
    }

    /// @notice Burns amount of the caller's USDW and sends the stablecoin to to.
    function unwrapTo(address to, uint256 amount) external returns (bool) {
        return withdrawTo(to, amount);
    }
}
