// Package journal is the format of the exchange's command log and event
// stream: the JetStream stream, subject, header and bucket names every
// process must agree on, the message ids of event messages, and the
// checksummed framing of their protobuf payloads. It does no I/O; the
// publisher, the query client, the stream follower and the leader lease
// that use these names live in pred.dev/proto/runtime.
//
// Every other name in NATS that more than one process uses (the
// services' buckets, leases, queues and their key and subject prefixes)
// is declared here too, one file per service that owns it, and nowhere
// else: names_test.go fails on a copy of one of these values in any Go
// file of the repository.
//
// The CMD stream is the source of truth: the engine rebuilds its whole state
// by replaying it. Each CMD message is one framed pb.CommandBatch holding
// many commands, because with per-message fsync (SyncAlways) the cost of a
// durable append is paid per message, not per command. The engine answers
// each CMD message that names a core-NATS subject in its Pred-Reply header
// with a framed pb.EventBatch of that message's results.
//
// The EVT stream records the events of every command exactly once. One EVT
// message is one framed pb.EventBatch covering a range of consecutive CMD
// messages whole (FirstCommandSeq..CommandSeq), as many as fit: the leader
// merges the batches it applies together, so there are fewer EVT messages
// than CMD messages. What keeps an event from being published twice is
// not the message id but the sequence: every EVT publish names the stream
// sequence it must follow, so of two engines that both believe they lead
// one is refused, and an engine that restarts or retries after a lost
// acknowledgement first reads where the EVT stream ends (the Pred-Cmd-Seq
// header of its last message) and publishes only what comes after.
package journal

import (
	"fmt"
	"strconv"

	"github.com/nats-io/nats.go"

	"pred.dev/proto/pb"
)

// Stream and subject names.
const (
	// CommandStream holds every command ever accepted, in apply order.
	CommandStream = "CMD"
	// CommandSubject is the only subject of CommandStream.
	CommandSubject = "pred.cmd"
	// EventStream holds the engine's output: each message covers a range of
	// consecutive CMD messages.
	EventStream = "EVT"
	// EventSubject is the only subject of EventStream.
	EventSubject = "pred.evt"
	// QuerySubject is where engines, leader and followers alike, answer a
	// protobuf pb.QueryRequest with a pb.QueryResponse over core NATS
	// request/reply, as one queue group so each query is served once.
	QuerySubject = "pred.query"
	QueryQueue   = "engine"
)

// Header names.
const (
	// HeaderReply, on a CMD message, is the core-NATS subject where the
	// engine sends that message's results as a framed EventBatch.
	HeaderReply = "Pred-Reply"
	// HeaderCmdSeq, on an EVT message, is the last CMD stream sequence
	// (decimal) whose commands produced its events: where the EVT stream
	// stands after it.
	HeaderCmdSeq = "Pred-Cmd-Seq"
)

// The engines' leader lease: a key-value bucket whose one key names the
// engine that leads (pred.dev/proto/runtime/lease keeps it).
const (
	// LeaseBucket is the key-value bucket of the engines' lease.
	LeaseBucket = "ENGINE_LEASE"
	// LeaseKey is the one key in it; its value names the holder.
	LeaseKey = "leader"
)

// EventMsgID is the Nats-Msg-Id of the EVT message whose range of CMD
// messages ends at cmdSeq. It is derived only from cmdSeq, so an engine that
// retries a publish sends the same id: after a lost acknowledgement it
// recognises its own messages in the stream by their ids (and the stream
// refuses a copy within its duplicate window, which the engine treats as
// another engine's publish).
func EventMsgID(cmdSeq uint64) string {
	return "evt-" + strconv.FormatUint(cmdSeq, 10)
}

// EventCmdSeq reads the Pred-Cmd-Seq header NewEventMsg sets: the last
// CMD sequence an EVT message covers.
func EventCmdSeq(h nats.Header) (uint64, error) {
	seq, err := strconv.ParseUint(h.Get(HeaderCmdSeq), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("journal: EVT message without a valid %s header: %w", HeaderCmdSeq, err)
	}
	return seq, nil
}

// NewEventMsg frames batch as the EVT stream message covering CMD messages
// up to batch.CommandSeq, with its deterministic Nats-Msg-Id and the
// Pred-Cmd-Seq header set.
func NewEventMsg(batch *pb.EventBatch) (*nats.Msg, error) {
	data, err := EncodeEventBatch(batch)
	if err != nil {
		return nil, err
	}
	m := nats.NewMsg(EventSubject)
	m.Data = data
	m.Header.Set(nats.MsgIdHdr, EventMsgID(batch.GetCommandSeq()))
	m.Header.Set(HeaderCmdSeq, strconv.FormatUint(batch.GetCommandSeq(), 10))
	return m, nil
}
