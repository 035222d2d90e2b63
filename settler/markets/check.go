package markets

import (
	"bytes"
	"context"
	"errors"
	"fmt"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"

	"pred.dev/proto/chain/artifacts"
)

// ErrKeyCannot is wrapped by Check's refusals: the operator key cannot do
// what the service needs on this deployment.
var ErrKeyCannot = errors.New("markets: the operator key cannot serve this deployment")

// Check refuses a key that lacks what the service needs on chain: the
// exchanges' DEFAULT_ADMIN_ROLE (registerToken) and, with the faucet,
// MINTER_ROLE on the deployment's stablecoin, which must be the dev
// stablecoin. The message says what to do.
func (m *Markets) Check(ctx context.Context) error {
	call := &bind.CallOpts{Context: ctx}
	k := m.cfg.Deployment.Contracts
	for i, addr := range []common.Address{k.Exchange, k.NegRiskExchange} {
		admin, err := m.exchanges[i].DEFAULTADMINROLE(call)
		if err != nil {
			return fmt.Errorf("markets: DEFAULT_ADMIN_ROLE of the exchange %s: %w", addr.Hex(), err)
		}
		has, err := m.exchanges[i].HasRole(call, admin, m.oracle)
		if err != nil {
			return fmt.Errorf("markets: hasRole on the exchange %s: %w", addr.Hex(), err)
		}
		if !has {
			return fmt.Errorf("%w: %s lacks DEFAULT_ADMIN_ROLE on the exchange %s, which registerToken needs: give the key of an admin "+
				"(the deployer's, or one it granted the role), or run the settler with -markets=false and let another settler list markets",
				ErrKeyCannot, m.oracle.Hex(), addr.Hex())
		}
	}
	if m.cfg.Faucet {
		return m.checkFaucet(ctx)
	}
	return nil
}

// checkFaucet refuses the faucet on a stablecoin that is not the dev
// stablecoin, or that the key may not mint.
func (m *Markets) checkFaucet(ctx context.Context) error {
	addr := m.cfg.Deployment.Contracts.Stablecoin
	code, err := m.cfg.Chain.Backend.CodeAt(ctx, addr, nil)
	if err != nil {
		return fmt.Errorf("markets: the stablecoin's code: %w", err)
	}
	if !bytes.Equal(code, artifacts.MustLoad("DevStablecoin").DeployedBytecode) {
		return fmt.Errorf("%w: the deployment's stablecoin %s is not the dev stablecoin, which only a devnet has: turn the faucet off (-faucet=false)",
			ErrKeyCannot, addr.Hex())
	}
	call := &bind.CallOpts{Context: ctx}
	minter, err := m.stablecoin.MINTERROLE(call)
	if err != nil {
		return fmt.Errorf("markets: MINTER_ROLE of the stablecoin: %w", err)
	}
	has, err := m.stablecoin.HasRole(call, minter, m.oracle)
	if err != nil {
		return fmt.Errorf("markets: hasRole on the stablecoin: %w", err)
	}
	if !has {
		return fmt.Errorf("%w: %s lacks MINTER_ROLE on the dev stablecoin %s, which the faucet needs: give the deployer's key, or turn the faucet off (-faucet=false)",
			ErrKeyCannot, m.oracle.Hex(), addr.Hex())
	}
	return nil
}
