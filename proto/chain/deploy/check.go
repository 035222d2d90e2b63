package deploy

import (
	"context"
	"errors"
	"fmt"

	"github.com/ethereum/go-ethereum/ethclient"
)

// CheckChain is Verify worded for a process refusing to start: a record
// for another chain (another chain id, no code or other code at its
// addresses) says which flag to change. rpcURL names the endpoint b
// reads, for the message.
func (d *Deployment) CheckChain(ctx context.Context, b VerifyBackend, rpcURL string) error {
	err := d.Verify(ctx, b)
	if errors.Is(err, ErrMismatch) {
		return fmt.Errorf("the deployment record (-deployment, chain %d) is not the chain at %s: %w; "+
			"pass the record written when this chain's contracts were deployed, or -rpc-url of a node of chain %d that holds these contracts",
			d.ChainID, rpcURL, err, d.ChainID)
	}
	return err
}

// Dial connects to the chain at rpcURL (the record's RPC URL if empty)
// and refuses it unless it holds the recorded deployment (CheckChain).
// Every binary that loads -deployment and talks to the chain dials
// through it.
func (d *Deployment) Dial(ctx context.Context, rpcURL string) (*ethclient.Client, error) {
	if rpcURL == "" {
		rpcURL = d.RPCURL
	}
	c, err := ethclient.DialContext(ctx, rpcURL)
	if err != nil {
		return nil, fmt.Errorf("connect to the chain at %s: %w", rpcURL, err)
	}
	if err := d.CheckChain(ctx, c, rpcURL); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}
