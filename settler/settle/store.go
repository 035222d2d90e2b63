package settle

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/proto/client/relayerapi"
	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/leaderread"
	"pred.dev/proto/runtime/natscheck"
)

// cursorKey and "s.<settlement id>" are the keys of the settler's KV
// bucket (journal.SettlerBucket): the EVT sequence handled through and the
// parameters that cut what follows it (cursorRecord), and each settlement
// not yet final.
const cursorKey = "cursor"

// Fill is one trade of a settlement: a maker order and the shares it
// traded with the taker.
type Fill struct {
	TradeID uint64 `json:"tradeId"`
	Maker   string `json:"maker"`
	Size    uint64 `json:"size"`
}

// Match is one taker order and its fills: one matchOrders.
type Match struct {
	// Taker is the taker order's id (0x hex); Fills its trades, in the
	// engine's order.
	Taker string `json:"taker"`
	Fills []Fill `json:"fills"`
}

// Record is a settlement: one call (matchOrders for one match,
// matchOrdersBatch for several) and how far it got.
type Record struct {
	ID      string  `json:"id"`
	Matches []Match `json:"matches"`
	// Exchange is the contract called, Data the call.
	Exchange string `json:"exchange"`
	Data     string `json:"data"`
	// CommandSeq is the CMD sequence of the last command that made its
	// trades.
	CommandSeq uint64 `json:"commandSeq"`
	// MatchedAt is the engine's time of its earliest trade: the call's
	// match time.
	MatchedAt time.Time `json:"matchedAt"`
	// Attempt numbers the relayer transaction in use; Base is the first
	// attempt of this record (a match split out of a failed batch goes on
	// from the batch's numbers).
	Attempt uint32 `json:"attempt"`
	Base    uint32 `json:"base"`
	// RetryAt, when set, is when Attempt is to be queued.
	RetryAt time.Time `json:"retryAt,omitzero"`
	// Reported is the trade status last appended to the log for every
	// trade of the settlement; TxHash the transaction it named.
	Reported pb.TradeStatus `json:"reported"`
	TxHash   string         `json:"txHash,omitempty"`
	// Reorgs is the relayer's count of reorganizations of Attempt's
	// transaction (relayerapi.Transaction.Reorgs) the settler has
	// reported: one higher in the relayer's record is a mined transaction
	// that left the chain, its trades RETRYING until it is mined again.
	// A new attempt starts at 0.
	Reorgs uint32 `json:"reorgs,omitempty"`
	// Reason is why the last attempt failed.
	Reason string `json:"reason,omitempty"`
}

// fills returns every trade of the record, match after match.
func (r *Record) fills() []Fill {
	var out []Fill
	for _, m := range r.Matches {
		out = append(out, m.Fills...)
	}
	return out
}

// attempts is how many attempts this record has made.
func (r *Record) attempts() uint32 { return r.Attempt - max(r.Base, 1) + 1 }

// TxID is the relayer transaction id of the record's current attempt.
func (r *Record) TxID() string { return txID(r.first(), r.Attempt) }

func (r *Record) first() uint64 { return r.Matches[0].Fills[0].TradeID }

func txID(first uint64, attempt uint32) string {
	return "settle-" + strconv.FormatUint(first, 10) + "-" + strconv.FormatUint(uint64(attempt), 10)
}

// parseTxID reads a relayer transaction id the settler made.
func parseTxID(id string) (first uint64, attempt uint32, ok bool) {
	rest, found := strings.CutPrefix(id, "settle-")
	if !found {
		return 0, 0, false
	}
	a, b, found := strings.Cut(rest, "-")
	if !found {
		return 0, 0, false
	}
	f, err1 := strconv.ParseUint(a, 10, 64)
	n, err2 := strconv.ParseUint(b, 10, 32)
	return f, uint32(n), err1 == nil && err2 == nil
}

func settlementID(first uint64) string { return "t" + strconv.FormatUint(first, 10) }

func recordKey(id string) string { return "s." + id }

// store is the settler's bucket and the relayer's queue and records.
type store struct {
	js    jetstream.JetStream
	kv    jetstream.KeyValue
	txs   jetstream.KeyValue
	queue jetstream.Stream
}

func openStore(ctx context.Context, js jetstream.JetStream, replicas int) (*store, error) {
	kv, err := natscheck.CreateOrUpdateKeyValue(ctx, js, natscheck.KVReplicasFlag, jetstream.KeyValueConfig{Bucket: journal.SettlerBucket,
		Description: "The settler: its EVT cursor and the settlements not yet final (s.<id>).", History: 1,
		Storage: jetstream.FileStorage, Replicas: replicas})
	if err != nil {
		return nil, fmt.Errorf("settle: bucket %s: %w", journal.SettlerBucket, err)
	}
	// The relayer's queue and records: created by the relayer; waited for
	// if the settler starts first.
	// Reads go to the streams' leaders: a settler taking over reads what
	// its predecessor wrote, and a relayer record just written by the
	// relayer's worker is read as written.
	st := &store{js: js, kv: leaderread.WrapKV(js, kv)}
	for {
		st.queue, err = js.Stream(ctx, journal.RelayerQueueStream)
		if err == nil {
			var txs jetstream.KeyValue
			txs, err = js.KeyValue(ctx, journal.RelayerTxBucket)
			st.txs = leaderread.WrapKV(js, txs)
		}
		if err == nil {
			return st, nil
		}
		if !errors.Is(err, jetstream.ErrStreamNotFound) && !errors.Is(err, jetstream.ErrBucketNotFound) {
			return nil, fmt.Errorf("settle: the relayer's queue: %w", err)
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("settle: the relayer's queue %s does not exist: %w", journal.RelayerQueueStream, ctx.Err())
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// cursorRecord is the "cursor" value: the EVT sequence handled through
// (every segment through it recorded and queued), the parameters of the
// segment that begins after it, and the changes of them not yet taken.
// The parameters are kept with the cursor because a restart must cut the
// messages after it as the run that wrote it did: a crashed run may have
// recorded and queued segments past the cursor, and a different cut
// would settle some of their matches twice (the second reverts on the
// exchange's per-order fill) or never.
type cursorRecord struct {
	Seq     uint64        `json:"seq"`
	Params  params        `json:"params"`
	Pending []paramSwitch `json:"pending,omitempty"`
}

// target is the parameters the record ends up with once every pending
// switch is taken.
func (c cursorRecord) target() params {
	if n := len(c.Pending); n > 0 {
		return c.Pending[n-1].Params
	}
	return c.Params
}

// retarget returns the record with a switch to p after EVT sequence
// streamLast appended, if p is not its target already (and whether it
// appended one). streamLast is the stream's last message when this run
// starts: a crashed run cannot have cut a segment past it, so everything
// it made is made again with the parameters it had, and p cuts only what
// no run has seen. It is never below the record's sequence or an earlier
// switch's, so the switches stay in order.
func (c cursorRecord) retarget(p params, streamLast uint64) (cursorRecord, bool) {
	if c.target() == p {
		return c, false
	}
	after := max(streamLast, c.Seq)
	if n := len(c.Pending); n > 0 {
		after = max(after, c.Pending[n-1].AfterSeq)
	}
	c.Pending = append(slices.Clone(c.Pending), paramSwitch{Params: p, AfterSeq: after})
	return c, true
}

// legacyParams are the parameters of the settlers that wrote the cursor
// as a plain decimal sequence: their defaults (12 matches, 24 fills,
// 250 ms).
var legacyParams = params{MatchesMax: 12, FillsMax: 24, GatherWindowMs: 250}

// decodeCursor reads a "cursor" value. A plain decimal sequence is an
// older settler's, which kept no parameters: it reads with that
// settler's defaults (legacyParams), so an upgrade to other limits after
// a crash schedules a switch as any change does (an older settler run
// with other flags needs a clean stop to upgrade).
func decodeCursor(b []byte) (cursorRecord, error) {
	if len(b) > 0 && b[0] != '{' {
		seq, err := strconv.ParseUint(string(b), 10, 64)
		if err != nil {
			return cursorRecord{}, fmt.Errorf("settle: cursor %q: %w", b, err)
		}
		return cursorRecord{Seq: seq, Params: legacyParams}, nil
	}
	var c cursorRecord
	if err := json.Unmarshal(b, &c); err != nil {
		return cursorRecord{}, fmt.Errorf("settle: cursor does not decode: %w", err)
	}
	ps := []params{c.Params}
	for _, sw := range c.Pending {
		ps = append(ps, sw.Params)
	}
	for _, p := range ps {
		if p.MatchesMax <= 0 || p.FillsMax <= 0 || p.GatherWindowMs < 0 {
			return cursorRecord{}, fmt.Errorf("settle: cursor %s: parameters %s", b, p)
		}
	}
	return c, nil
}

// cursor returns the cursor record; at first, sequence 0 with
// configured.
func (s *store) cursor(ctx context.Context, configured params) (cursorRecord, error) {
	e, err := s.kv.Get(ctx, cursorKey)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return cursorRecord{Params: configured}, nil
	}
	if err != nil {
		return cursorRecord{}, fmt.Errorf("settle: cursor: %w", err)
	}
	return decodeCursor(e.Value())
}

func (s *store) setCursor(ctx context.Context, c cursorRecord) error {
	b, err := json.Marshal(c)
	if err != nil {
		return err
	}
	if _, err := s.kv.Put(ctx, cursorKey, b); err != nil {
		return fmt.Errorf("settle: cursor: %w", err)
	}
	return nil
}

// create writes a new settlement's record; if one exists (the batch is
// read again after a crash) it returns that one instead, and whether it
// was there already. A settlement that ended and was removed before the
// cursor passed its batch is created again at attempt 1: its attempts are
// all in the relayer's queue and records already, so following them again
// finds the same end and queues nothing new.
func (s *store) create(ctx context.Context, r *Record) (*Record, uint64, bool, error) {
	b, err := json.Marshal(r)
	if err != nil {
		return nil, 0, false, err
	}
	rev, err := s.kv.Create(ctx, recordKey(r.ID), b)
	if err == nil {
		return r, rev, false, nil
	}
	if !errors.Is(err, jetstream.ErrKeyExists) {
		return nil, 0, false, fmt.Errorf("settle: record %s: %w", r.ID, err)
	}
	old, rev, err := s.get(ctx, r.ID)
	if err != nil {
		return nil, 0, false, err
	}
	return old, rev, true, nil
}

func (s *store) get(ctx context.Context, id string) (*Record, uint64, error) {
	e, err := s.kv.Get(ctx, recordKey(id))
	if err != nil {
		return nil, 0, fmt.Errorf("settle: record %s: %w", id, err)
	}
	var r Record
	if err := json.Unmarshal(e.Value(), &r); err != nil {
		return nil, 0, fmt.Errorf("settle: record %s does not decode: %w", id, err)
	}
	return &r, e.Revision(), nil
}

// update rewrites a record at rev.
func (s *store) update(ctx context.Context, r *Record, rev uint64) (uint64, error) {
	b, err := json.Marshal(r)
	if err != nil {
		return 0, err
	}
	next, err := s.kv.Update(ctx, recordKey(r.ID), b, rev)
	if err != nil {
		return 0, fmt.Errorf("settle: record %s: %w", r.ID, err)
	}
	return next, nil
}

func (s *store) remove(ctx context.Context, id string) error {
	if err := s.kv.Delete(ctx, recordKey(id)); err != nil && !errors.Is(err, jetstream.ErrKeyNotFound) {
		return fmt.Errorf("settle: delete %s: %w", id, err)
	}
	return nil
}

// open returns every settlement not yet final.
func (s *store) open(ctx context.Context) ([]*Record, []uint64, error) {
	lister, err := s.kv.ListKeysFiltered(ctx, "s.*")
	if err != nil {
		return nil, nil, fmt.Errorf("settle: list: %w", err)
	}
	var keys []string
	for k := range lister.Keys() {
		keys = append(keys, k)
	}
	_ = lister.Stop()
	var recs []*Record
	var revs []uint64
	for _, k := range keys {
		r, rev, err := s.get(ctx, strings.TrimPrefix(k, "s."))
		if errors.Is(err, jetstream.ErrKeyNotFound) {
			continue
		}
		if err != nil {
			return nil, nil, err
		}
		recs, revs = append(recs, r), append(revs, rev)
	}
	return recs, revs, nil
}

// enqueue queues a record's current attempt for the relayer's worker,
// with a bound on its gas (see Config.GasHintBase); a transaction id
// queued already is left as it is.
func (s *store) enqueue(ctx context.Context, r *Record, gasHint uint64) error {
	// Every attempt is run by the worker before it is sent (at the bound
	// first, then estimated if it does not fit): a first attempt sent at
	// the bound alone reverted on chain whenever a Safe callback needed
	// more gas than the bound left it, a ghost fill costing gas and a
	// RETRYING status (TestNewcomerFlow caught it).
	b, err := json.Marshal(relayerapi.OperatorSubmission{ID: r.TxID(),
		Operator:  &relayerapi.OperatorCall{To: r.Exchange, Data: r.Data, Ref: r.ID, GasHint: gasHint},
		CreatedAt: time.Now().UTC()})
	if err != nil {
		return err
	}
	_, err = s.js.Publish(ctx, journal.RelayerQueueSubjectPrefix+r.TxID(), b,
		jetstream.WithExpectLastSequencePerSubject(0), jetstream.WithMsgID(r.TxID()))
	var apiErr *jetstream.APIError
	if err != nil && errors.As(err, &apiErr) && (apiErr.ErrorCode == jetstream.JSErrCodeStreamWrongLastSequence ||
		apiErr.ErrorCode == jetstream.JSErrCodeStreamWrongLastSequenceConstant) {
		return nil // queued before
	}
	if err != nil {
		return fmt.Errorf("settle: queue %s: %w", r.TxID(), err)
	}
	return nil
}

// queued reports whether a transaction id is in the relayer's queue.
func (s *store) queued(ctx context.Context, id string) (bool, error) {
	_, err := leaderread.LastMsg(ctx, s.js, journal.RelayerQueueStream, journal.RelayerQueueSubjectPrefix+id)
	if errors.Is(err, jetstream.ErrMsgNotFound) {
		return false, nil
	}
	return err == nil, err
}

// tx returns the relayer's record of a transaction id, nil if it has none
// yet (queued, not decided).
func (s *store) tx(ctx context.Context, id string) (*relayerapi.Transaction, error) {
	e, err := s.txs.Get(ctx, journal.RelayerTxKeyPrefix+id)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("settle: relayer record %s: %w", id, err)
	}
	return decodeTx(e.Value())
}

func decodeTx(b []byte) (*relayerapi.Transaction, error) {
	var r relayerapi.TxRecord
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("settle: a relayer record does not decode: %w", err)
	}
	return &r.Tx, nil
}
