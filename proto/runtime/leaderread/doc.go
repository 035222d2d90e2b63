// Package leaderread gives a replica of a service reads that never show a
// client less than its own acknowledged write, whichever replica the
// client reaches: the write was acknowledged by a stream's leader after
// quorum, so a read is fresh when it is answered by that leader, or when
// it waits until a local copy has applied what that leader had.
//
//   - KV wraps a jetstream.KeyValue so that Get is answered by the
//     bucket's stream leader ($JS.API.STREAM.MSG.GET) instead of a direct
//     get, which any replica answers, a lagging follower included. The
//     other methods are the bucket's own: writes already go to the leader.
//   - Fence is a read fence in the manner of etcd's ReadIndex: it asks the
//     stream leader for the stream's last sequence with a request sent
//     after the read arrived, sharing one request among the reads that
//     arrived before it was sent. A reader then waits until its copy (the
//     engine's applied sequence, a KV watch's revision) reaches it.
//   - Watch is such a copy of a KV bucket: it feeds every entry to the
//     copy's apply function and counts the revisions applied, so that a
//     reader waits for a Fence's sequence, or a writer for its own write.
//     The CLOB's API-key view and Gamma's catalogue are both one.
//
// Why not the server's read-after-write. NATS 2.12 announced min_last_seq
// on direct gets for this purpose. The nats-server of go.mod (v2.15.2)
// does not have it: JSApiMsgGetRequest has seq, last_by_subj,
// next_by_subj, batch, max_bytes, start_time, multi_last, up_to_seq,
// up_to_time and no_hdr, and no min_last_seq; the error code
// JSStreamMinLastSeqErr (10180, "min last sequence") is generated but
// nothing in the server returns it (checked in the module cache,
// server/jetstream_api.go and jetstream_errors_generated.go). nats.go
// v1.55.0 has no such option either. So freshness is taken from the
// leader here.
//
// What the leader's answer promises. The stream leader answers info and
// non-direct gets; its store holds every message it acknowledged (a
// clustered publish is acknowledged after the leader applied it). While a
// group has no leader a member may answer info with its own state, so
// Fence refuses an answer that names no leader. A leader just elected
// could in principle answer before it applied every committed entry; the
// 2025 Jepsen report on JetStream found lost acknowledged writes on power
// loss, not stale leader reads, but DEPLOY.md's durability section is
// where those limits are written down.
package leaderread
