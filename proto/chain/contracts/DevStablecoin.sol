// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";

/// @title DevStablecoin: the dollar stablecoin stand-in that backs USDW.
/// @notice A plain 6-decimal ERC-20 that only holders of MINTER_ROLE (the
/// devnet faucet key) can mint. On a real chain a real stablecoin takes its
/// place and this contract is not deployed.
contract DevStablecoin is ERC20, AccessControl {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");

    /// @param admin receives DEFAULT_ADMIN_ROLE: it grants and revokes minters.
    /// @param minter receives MINTER_ROLE unless it is the zero address.
    constructor(address admin, address minter) ERC20("Devnet Dollar", "DUSD") {
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        if (minter != address(0)) {
            _grantRole(MINTER_ROLE, minter);
        }
    }

    function decimals() public pure override returns (uint8) {
        return 6;
    }

    function mint(address to, uint256 amount) external onlyRole(MINTER_ROLE) {
        _mint(to, amount);
    }
}
