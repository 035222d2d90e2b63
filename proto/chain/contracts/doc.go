// Package contracts holds the Solidity sources of this exchange's own
// contracts (build.js compiles them with the audited packages from npm);
// its tests exercise every contract on a simulated chain through the
// generated bindings.
//
//   - CTFExchange.sol: matchOrders with COMPLEMENTARY, MINT and MERGE
//     settlement, the engine's taker fee, fills, cancels, nonces, roles.
//   - SafeFactory.sol: relayable CREATE2 creation of the traders' Safe
//     proxy wallets.
//   - USDW.sol: the collateral, wrapping the stablecoin one to one.
//   - DevStablecoin.sol: the devnet's stand-in for that stablecoin.
package contracts
