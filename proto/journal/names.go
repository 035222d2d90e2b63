// Package journal defines the exchange's JetStream streams, the checksummed
// framing of their payloads, and the group-commit Publisher through which
// gateways and tools append commands to the command log.
//
// The CMD stream is the source of truth: the engine rebuilds its whole state
// by replaying it. Each CMD message is one framed pb.CommandBatch holding
// many commands, because with per-message fsync (SyncAlways) the cost of a
// durable append is paid per message, not per command. The engine answers
// each CMD message on the core-NATS subject named in its Pred-Reply header
// with a framed pb.EventBatch, and records the same events on the EVT stream.
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
	// EventStream holds the engine's output, one message per CMD message.
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
	// HeaderCmdSeq, on an EVT message, is the CMD stream sequence (decimal)
	// whose commands produced its events.
	HeaderCmdSeq = "Pred-Cmd-Seq"
)

// EventMsgID is the Nats-Msg-Id of the EVT message for the CMD message at
// cmdSeq. It is derived only from cmdSeq so that an engine replaying the log
// after a crash republishes the same ids and the stream drops the copies
// (within its duplicate window).
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

// NewEventMsg frames batch as the EVT stream message for batch.CommandSeq,
// with its deterministic Nats-Msg-Id and the Pred-Cmd-Seq header set.
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
