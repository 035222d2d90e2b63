// Package publish appends commands to the command log (the CMD stream of
// pred.dev/proto/journal) with group commit: commands submitted
// concurrently within a window of about a millisecond travel in one framed
// pb.CommandBatch message, acknowledged, and thus fsynced, once. Gateways
// and tools append through a Publisher: Append returns once the log has
// the command, Submit once the engine has applied it, with the engine's
// result for that command.
//
// Every error says what is known of the command's fate: ErrBackpressure
// and ErrNotAppended (not in the log), ErrAckUnknown (may be), ErrNoResult
// (in the log, applied later), which is what a gateway needs to choose its
// answer.
package publish
