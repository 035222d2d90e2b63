package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/proto/client/relayerapi"
	"pred.dev/proto/runtime/leaderread"
)

// Submission is a queued submission: the message on relayer.submit.<ID>.
type Submission struct {
	ID string `json:"id"`
	// Gen counts the earlier submissions of the same request that ended
	// INVALID or FAILED.
	Gen uint32 `json:"gen"`
	// Key is the request's idempotency key (0x hex).
	Key string `json:"key"`
	// Owner is the authenticated caller.
	Owner     string                   `json:"owner"`
	Request   relayerapi.SubmitRequest `json:"request"`
	CreatedAt time.Time                `json:"createdAt"`
	// Operator, when set, is an exchange operator call (the settler's
	// matchOrders, relayerapi.OperatorSubmission) instead of a user's
	// request: published to the queue by an internal service, never by
	// the API, which only ever fills Request.
	Operator *relayerapi.OperatorCall `json:"operator,omitempty"`
}

// Transaction is the submission as a NEW transaction.
func (s *Submission) Transaction() relayerapi.Transaction {
	if op := s.Operator; op != nil {
		return relayerapi.Transaction{TransactionID: s.ID, Type: relayerapi.TypeOperator, State: relayerapi.StateNew, To: op.To,
			Data: op.Data, Value: "0", Owner: s.Owner, Metadata: op.Ref, CreatedAt: s.CreatedAt, UpdatedAt: s.CreatedAt}
	}
	r := s.Request
	return relayerapi.Transaction{TransactionID: s.ID, Type: r.Type, State: relayerapi.StateNew, From: r.From, To: r.To,
		ProxyWallet: r.ProxyWallet, Data: r.Data, Nonce: r.Nonce, Value: "0", Signature: r.Signature, Owner: s.Owner,
		Metadata: r.Metadata, CreatedAt: s.CreatedAt, UpdatedAt: s.CreatedAt}
}

// Enqueue publishes a submission unless one with its id is queued:
// ErrQueued then.
func (s *Store) Enqueue(ctx context.Context, sub *Submission) (uint64, error) {
	b, err := json.Marshal(sub)
	if err != nil {
		return 0, err
	}
	ack, err := s.js.Publish(ctx, SubmitSubject+sub.ID, b, jetstream.WithExpectLastSequencePerSubject(0), jetstream.WithMsgID(sub.ID))
	if err != nil {
		if wrongLastSeq(err) {
			return 0, ErrQueued
		}
		return 0, fmt.Errorf("store: enqueue %s: %w", sub.ID, err)
	}
	if ack.Duplicate {
		return ack.Sequence, ErrQueued
	}
	return ack.Sequence, nil
}

func wrongLastSeq(err error) bool {
	var apiErr *jetstream.APIError
	return errors.As(err, &apiErr) && (apiErr.ErrorCode == jetstream.JSErrCodeStreamWrongLastSequence ||
		apiErr.ErrorCode == jetstream.JSErrCodeStreamWrongLastSequenceConstant)
}

// Queued returns the queued submission of id and its stream sequence.
func (s *Store) Queued(ctx context.Context, id string) (*Submission, uint64, error) {
	m, err := leaderread.LastMsg(ctx, s.js, SubmitStream, SubmitSubject+id)
	if errors.Is(err, jetstream.ErrMsgNotFound) {
		return nil, 0, ErrNotFound
	}
	if err != nil {
		return nil, 0, fmt.Errorf("store: queued %s: %w", id, err)
	}
	sub, err := DecodeSubmission(m.Data)
	if err != nil {
		return nil, 0, err
	}
	return sub, m.Sequence, nil
}

// DecodeSubmission decodes a queue message.
func DecodeSubmission(b []byte) (*Submission, error) {
	var sub Submission
	if err := json.Unmarshal(b, &sub); err != nil {
		return nil, fmt.Errorf("store: a queue message does not decode: %w", err)
	}
	return &sub, nil
}

// QueueLast is the queue's last sequence.
func (s *Store) QueueLast(ctx context.Context) (uint64, error) {
	info, err := s.stream.Info(ctx)
	if err != nil {
		return 0, err
	}
	return info.State.LastSeq, nil
}
