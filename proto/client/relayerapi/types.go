// Package relayerapi is the Relayer API's wire format: the JSON bodies of
// its requests and responses, the transaction types and states, and the
// names of its headers. The relayer encodes its responses with these
// types and the Go client (pred.dev/proto/client/relayer) decodes them, so
// the two cannot disagree about a field name; the package imports no HTTP
// client, nothing of the server and nothing of go-ethereum.
//
// Conventions (see GET /openapi.yaml):
//   - addresses, hashes, calldata and signatures are 0x-prefixed hex;
//   - nonces and amounts are decimal strings (they may exceed 2^53);
//   - times are RFC 3339 UTC;
//   - states carry the reference relayer's STATE_ prefix.
package relayerapi

import "time"

// Header names. A relayer key travels in two headers, the key and the
// address it was created for; a Gamma login token in Authorization.
const (
	HeaderAPIKey        = "RELAYER_API_KEY"
	HeaderAPIKeyAddress = "RELAYER_API_KEY_ADDRESS"
	HeaderAuthorization = "Authorization"
)

// Transaction types of POST /submit.
const (
	// TypeSafeCreate deploys the proxy wallet of from through the
	// SafeFactory's relayable createProxy, on from's CreateProxy
	// signature.
	TypeSafeCreate = "SAFE-CREATE"
	// TypeSafe executes one Safe transaction from's proxy wallet signed.
	TypeSafe = "SAFE"
)

// WalletTypeSafe is the only wallet type of GET /nonce.
const WalletTypeSafe = "SAFE"

// State is a relayed transaction's state.
type State string

// The states. NEW → EXECUTED → MINED → CONFIRMED is the way of a
// transaction that succeeds; FAILED (reverted or dropped on chain) and
// INVALID (refused before anything was broadcast) end the others. A
// reorganization that takes a MINED transaction's block returns it to
// EXECUTED (Transaction.Reorgs counts it) until it is mined again.
const (
	StateNew       State = "STATE_NEW"
	StateExecuted  State = "STATE_EXECUTED"
	StateMined     State = "STATE_MINED"
	StateConfirmed State = "STATE_CONFIRMED"
	StateFailed    State = "STATE_FAILED"
	StateInvalid   State = "STATE_INVALID"
)

// Terminal reports whether the state is final: CONFIRMED, FAILED or INVALID.
func (s State) Terminal() bool {
	return s == StateConfirmed || s == StateFailed || s == StateInvalid
}

// Success reports whether the transaction took effect on chain: MINED or
// CONFIRMED.
func (s State) Success() bool { return s == StateMined || s == StateConfirmed }

// Rank orders the states along their way (NEW 0, EXECUTED 1, MINED 2,
// and 3 for the terminal ones); a state never moves to a lower rank but
// for a reorganization, MINED back to EXECUTED with Transaction.Reorgs
// one higher.
func (s State) Rank() int {
	switch s {
	case StateNew:
		return 0
	case StateExecuted:
		return 1
	case StateMined:
		return 2
	case StateConfirmed, StateFailed, StateInvalid:
		return 3
	}
	return -1
}

// Known reports whether s is one of the six states.
func (s State) Known() bool { return s.Rank() >= 0 }

// APIKey is the Relayer APIKeyResponse: a relayer key and the address it
// acts for.
type APIKey struct {
	APIKey    string    `json:"apiKey"`
	Address   string    `json:"address"`
	ScopeID   string    `json:"scopeId"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// SignatureParams are the signed fields of a submission beside to, data
// and nonce. A SAFE transaction uses the first six (all zero but
// operation: the relayer pays the gas and takes no refund); a
// SAFE-CREATE the three payment fields (zero: the relayer charges
// nothing). Numbers are decimal strings, addresses 0x hex; an omitted
// field is zero.
type SignatureParams struct {
	GasPrice       string `json:"gasPrice,omitempty"`
	Operation      string `json:"operation,omitempty"`
	SafeTxnGas     string `json:"safeTxnGas,omitempty"`
	BaseGas        string `json:"baseGas,omitempty"`
	GasToken       string `json:"gasToken,omitempty"`
	RefundReceiver string `json:"refundReceiver,omitempty"`

	PaymentToken    string `json:"paymentToken,omitempty"`
	Payment         string `json:"payment,omitempty"`
	PaymentReceiver string `json:"paymentReceiver,omitempty"`
}

// SubmitRequest is the body of POST /submit.
//
// SAFE: to and data are the Safe transaction's call, nonce its Safe
// nonce, signature the owner's over its EIP-712 hash. SAFE-CREATE: to is
// the SafeFactory, data "0x", no nonce, signature the owner's CreateProxy.
// proxyWallet is from's proxy wallet in both.
type SubmitRequest struct {
	Type            string          `json:"type"`
	From            string          `json:"from"`
	To              string          `json:"to"`
	ProxyWallet     string          `json:"proxyWallet"`
	Data            string          `json:"data"`
	Nonce           string          `json:"nonce,omitempty"`
	Value           string          `json:"value,omitempty"`
	Signature       string          `json:"signature"`
	SignatureParams SignatureParams `json:"signatureParams"`
	// Metadata is the caller's note, kept with the transaction.
	Metadata string `json:"metadata,omitempty"`
}

// SubmitResponse is the answer of POST /submit: the transaction's id and
// its state now (STATE_NEW for a new submission; the same request sent
// again gets the same id and its current state).
type SubmitResponse struct {
	TransactionID   string `json:"transactionID"`
	State           State  `json:"state"`
	TransactionHash string `json:"transactionHash,omitempty"`
}

// Transaction is the RelayerTransaction: a submission and how far it got.
type Transaction struct {
	TransactionID string `json:"transactionID"`
	// TransactionHash is the chain transaction that carries it, from
	// EXECUTED on (a re-priced transaction gets the hash of the attempt
	// that was mined).
	TransactionHash string `json:"transactionHash"`
	Type            string `json:"type"`
	State           State  `json:"state"`
	From            string `json:"from"`
	To              string `json:"to"`
	ProxyWallet     string `json:"proxyWallet"`
	Data            string `json:"data"`
	Nonce           string `json:"nonce"`
	Value           string `json:"value"`
	Signature       string `json:"signature"`
	// Owner is the address that submitted it (the caller, equal to from).
	Owner    string `json:"owner"`
	Metadata string `json:"metadata"`
	// Reason says why an INVALID or FAILED transaction ended so; on an
	// EXECUTED transaction whose block left the chain, which block.
	Reason string `json:"reason,omitempty"`
	// BlockNumber is the block that holds it, from MINED on.
	BlockNumber uint64 `json:"blockNumber,omitempty"`
	// Reorgs counts the reorganizations that took a block holding it:
	// each returned it from MINED to EXECUTED, to be mined again. So an
	// EXECUTED transaction with Reorgs above what a follower last saw was
	// mined and reorganized out, not never mined. Absent: none.
	Reorgs    uint32    `json:"reorgs,omitempty"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// DeployedResponse is the answer of GET /deployed: the proxy wallet of
// the EOA asked about and whether code exists there on chain.
type DeployedResponse struct {
	Deployed bool   `json:"deployed"`
	Address  string `json:"address"`
}

// NonceResponse is the answer of GET /nonce: the Safe nonce the next
// transaction of the wallet must sign (0 before deployment), and the
// wallet.
type NonceResponse struct {
	Nonce   string `json:"nonce"`
	Address string `json:"address"`
}

// ErrorBody is every error response.
type ErrorBody struct {
	Error string `json:"error"`
	Code  string `json:"code"`
}

// Health is the body of /livez and /readyz.
type Health struct {
	Status string            `json:"status"`
	Checks map[string]string `json:"checks,omitempty"`
}

// TypeOperator is the internal transaction type of an exchange operator
// call (the settler's matchOrders). It is never accepted by POST /submit:
// operator calls reach the worker only through the queue, which is
// internal to the exchange (NATS), and the worker pays for them only when
// they call matchOrders on one of the deployment's two exchanges.
const TypeOperator = "OPERATOR"

// OperatorCall is a call the relayer's hot key makes as the exchanges'
// operator: To is one of the two exchanges, Data a matchOrders call.
type OperatorCall struct {
	To   string `json:"to"`
	Data string `json:"data"`
	// Ref is the caller's reference (the settler's settlement), kept as
	// the transaction's metadata.
	Ref string `json:"ref,omitempty"`
	// GasHint, if set, is the caller's bound on the call's gas (the
	// settler's, from the batch's size). The worker checks it with one
	// simulation at that limit and uses it as the gas limit if the call
	// succeeds there; otherwise (a Safe callback needs more, or the call
	// reverts) it estimates the gas as for any call. It saves the
	// estimate's search, which runs the call many times.
	GasHint uint64 `json:"gasHint,omitempty"`
}

// OperatorSubmission is the queue message of an operator call, the subset
// of the worker's queue message that an internal publisher fills: the
// transaction id (letters, digits, '-' and '_': one subject token), the
// call, and when it was made.
type OperatorSubmission struct {
	ID        string        `json:"id"`
	Operator  *OperatorCall `json:"operator"`
	CreatedAt time.Time     `json:"createdAt"`
}

// TxRecord is the part of a transaction record (journal.RelayerTxBucket) an internal
// reader needs: the transaction and its state.
type TxRecord struct {
	Tx Transaction `json:"tx"`
}
