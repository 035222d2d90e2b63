package cluster

import (
	"context"
	"fmt"
	"math/big"
	"net/http"
	"strings"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/ethclient"

	"pred.dev/proto/chain/bind/exchange"
	"pred.dev/proto/chain/ctfid"
	"pred.dev/proto/chain/deploy"
	"pred.dev/proto/chain/txn"
	"pred.dev/proto/client/gamma"
)

// PrepareOnChain prepares the listed binary market's condition and
// registers its tokens on the exchange, with the operator's key, unless
// the chain has them: a trade on a market the exchange does not know
// reverts (TokenNotRegistered) and ends FAILED.
//
// A stopgap: the cluster's Gamma does not prepare the markets it lists
// on chain yet (issue 21 moves the devnet's PrepareMarket into a
// service); once it does, this finds every market registered and sends
// nothing, and can go.
func (c *Cluster) PrepareOnChain(ctx context.Context, hc *http.Client, conditionID string) error {
	ms, err := gamma.New(c.GammaURL(), gamma.WithHTTPClient(hc)).AllMarkets(ctx, nil)
	if err != nil {
		return err
	}
	for _, m := range ms {
		if strings.EqualFold(m.ConditionID, conditionID) {
			return c.prepare(ctx, common.HexToHash(m.QuestionID), common.HexToHash(conditionID))
		}
	}
	return fmt.Errorf("cluster: Gamma lists no market %s", conditionID)
}

func (c *Cluster) prepare(ctx context.Context, questionID, conditionID common.Hash) error {
	d := c.Deployment
	oracle := Address(c.Secrets.Operator)
	m := ctfid.BinaryMarket(d.Contracts.Collateral, oracle, questionID)
	if m.ConditionID != conditionID {
		return fmt.Errorf("cluster: market %s is not the operator's question %s", conditionID.Hex(), questionID.Hex())
	}
	ec, err := ethclient.DialContext(ctx, c.RPCURL())
	if err != nil {
		return err
	}
	defer ec.Close()
	ex, err := exchange.NewCTFExchangeCaller(d.Contracts.Exchange, ec)
	if err != nil {
		return err
	}
	reg, err := ex.Registry(&bind.CallOpts{Context: ctx}, new(big.Int).Set(m.Yes))
	if err != nil {
		return err
	}
	if reg.ConditionId != [32]byte{} {
		return nil
	}
	op, err := txn.NewSender(ctx, &txn.Chain{Backend: ec}, c.Secrets.Operator)
	if err != nil {
		return err
	}
	_, err = deploy.PrepareMarket(ctx, op, d, oracle, questionID, false)
	return err
}
