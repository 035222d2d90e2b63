package deploy

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/rpc"
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

// DefaultCallTimeout bounds one JSON-RPC call to the chain (the
// services' -rpc-timeout). A node answers in milliseconds, a transaction
// sent included (eth_sendRawTransaction only adds it to the pool), and
// eth_getLogs over the chain watcher's ranges (at most 2,000 blocks) in
// well under a second; ten seconds leave room for a loaded node, a remote
// provider and the cluster's slowed chain (2.5 s a call), while a node
// that accepts a call and never answers becomes an error the caller
// retries instead of a call that waits forever (a relayer's worker then
// held its lease and sent nothing).
const DefaultCallTimeout = 10 * time.Second

// Dial connects to the chain at rpcURL (the record's RPC URL if empty)
// and refuses it unless it holds the recorded deployment (CheckChain).
// Every call through the client, CheckChain's included, fails after
// callTimeout even when its context has no deadline: the bound is the
// HTTP client's, so only http and https URLs are taken (a WebSocket or
// IPC client has no per-call bound). Every binary that loads -deployment
// and talks to the chain dials through it.
func (d *Deployment) Dial(ctx context.Context, rpcURL string, callTimeout time.Duration) (*ethclient.Client, error) {
	if rpcURL == "" {
		rpcURL = d.RPCURL
	}
	if callTimeout <= 0 {
		return nil, fmt.Errorf("the chain's call timeout (-rpc-timeout) is %v: it must be positive", callTimeout)
	}
	u, err := url.Parse(rpcURL)
	if err != nil {
		return nil, fmt.Errorf("the chain's RPC URL %q: %w", rpcURL, err)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, fmt.Errorf("the chain's RPC URL %s is not http or https: "+
			"each call to the chain is bounded by the HTTP client's timeout (-rpc-timeout), which other transports lack; "+
			"pass -rpc-url with the node's HTTP endpoint", rpcURL)
	}
	rc, err := rpc.DialOptions(ctx, rpcURL, rpc.WithHTTPClient(&http.Client{Timeout: callTimeout}))
	if err != nil {
		return nil, fmt.Errorf("connect to the chain at %s: %w", rpcURL, err)
	}
	c := ethclient.NewClient(rc)
	if err := d.CheckChain(ctx, c, rpcURL); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}
