package leaderread

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/proto/journal"
)

// KV is a bucket whose Get is answered by the bucket stream's leader. Use
// it for every read whose answer a client's earlier write, made through
// another replica, could change: API keys, login nonces, relayer records.
// The cost is that every Get goes to one server (the leader) instead of
// the nearest replica.
type KV struct {
	jetstream.KeyValue
	js jetstream.JetStream
}

// WrapKV returns kv with Get read from the stream leader.
func WrapKV(js jetstream.JetStream, kv jetstream.KeyValue) *KV {
	return &KV{KeyValue: kv, js: js}
}

// KV's headers, as nats.go writes and reads them.
const (
	kvOperationHeader = "KV-Operation"
	kvMarkerHeader    = "Nats-Marker-Reason"
)

// msgGetRequest and msgGetResponse are the JetStream API's
// STREAM.MSG.GET, the non-direct get only the leader answers.
type msgGetRequest struct {
	LastFor string `json:"last_by_subj"`
}

type msgGetResponse struct {
	Error   *jetstream.APIError `json:"error,omitempty"`
	Message *struct {
		Subject string    `json:"subject"`
		Seq     uint64    `json:"seq"`
		Header  []byte    `json:"hdrs,omitempty"`
		Data    []byte    `json:"data,omitempty"`
		Time    time.Time `json:"time"`
	} `json:"message,omitempty"`
}

// Get reads key's latest value from the stream leader. Like the bucket's
// own Get it answers jetstream.ErrKeyNotFound for a missing or deleted
// key.
func (k *KV) Get(ctx context.Context, key string) (jetstream.KeyValueEntry, error) {
	m, err := LastMsg(ctx, k.js, journal.BucketStream(k.Bucket()), "$KV."+k.Bucket()+"."+key)
	if errors.Is(err, jetstream.ErrMsgNotFound) {
		return nil, jetstream.ErrKeyNotFound
	}
	if err != nil {
		return nil, err
	}
	if deleted(m.Header) {
		return nil, jetstream.ErrKeyNotFound
	}
	return &entry{bucket: k.Bucket(), key: key, value: m.Data, revision: m.Sequence, created: m.Time}, nil
}

// ReadTimeout bounds one read from a stream's leader. While the stream's
// group elects a leader nobody answers STREAM.MSG.GET, and the request
// would wait for as long as its context allows: a request's context may
// have no deadline (an HTTP handler's), and a cluster run saw API-key
// reads hang 60 s, until the load balancer gave up, after a NATS server
// was killed. An election takes a few seconds; past this the caller
// answers "unavailable, retry".
const ReadTimeout = 5 * time.Second

// LastMsg reads a stream's last message on a subject from the stream's
// leader: STREAM.MSG.GET, which only the leader answers, where the
// stream's own GetLastMsgForSubject uses a direct get when the stream
// allows it. A missing message is jetstream.ErrMsgNotFound. It waits at
// most ReadTimeout, less if ctx ends sooner.
func LastMsg(ctx context.Context, js jetstream.JetStream, stream, subject string) (*jetstream.RawStreamMsg, error) {
	req, err := json.Marshal(msgGetRequest{LastFor: subject})
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, ReadTimeout)
	defer cancel()
	msg, err := js.Conn().RequestWithContext(ctx, apiPrefix(js.Options())+"STREAM.MSG.GET."+stream, req)
	if err != nil {
		return nil, fmt.Errorf("leaderread: %s %s: %w", stream, subject, err)
	}
	var resp msgGetResponse
	if err := json.Unmarshal(msg.Data, &resp); err != nil {
		return nil, fmt.Errorf("leaderread: %s %s: %w", stream, subject, err)
	}
	if resp.Error != nil {
		if resp.Error.ErrorCode == jetstream.JSErrCodeMessageNotFound {
			return nil, jetstream.ErrMsgNotFound
		}
		return nil, fmt.Errorf("leaderread: %s %s: %w", stream, subject, resp.Error)
	}
	m := resp.Message
	if m == nil {
		return nil, fmt.Errorf("leaderread: %s %s: %w", stream, subject, jetstream.ErrInvalidJetStreamResponse)
	}
	out := &jetstream.RawStreamMsg{Subject: m.Subject, Sequence: m.Seq, Data: m.Data, Time: m.Time}
	if len(m.Header) > 0 {
		if out.Header, err = nats.DecodeHeadersMsg(m.Header); err != nil {
			return nil, fmt.Errorf("leaderread: %s %s: %w", stream, subject, err)
		}
	}
	return out, nil
}

// deleted reports a delete or purge marker: the operation header a client
// writes, or the reason a server writes (max age, per-message TTL).
func deleted(h nats.Header) bool {
	switch h.Get(kvOperationHeader) {
	case "DEL", "PURGE":
		return true
	}
	return h.Get(kvMarkerHeader) != ""
}

// entry is a value read by KV.Get.
type entry struct {
	bucket, key string
	value       []byte
	revision    uint64
	created     time.Time
}

func (e *entry) Bucket() string                  { return e.bucket }
func (e *entry) Key() string                     { return e.key }
func (e *entry) Value() []byte                   { return e.value }
func (e *entry) Revision() uint64                { return e.revision }
func (e *entry) Created() time.Time              { return e.created }
func (e *entry) Delta() uint64                   { return 0 }
func (e *entry) Operation() jetstream.KeyValueOp { return jetstream.KeyValuePut }

var _ jetstream.KeyValue = (*KV)(nil)

// apiPrefix is the JetStream API prefix the client was made with, as
// jetstream.New, NewWithAPIPrefix and NewWithDomain set it.
func apiPrefix(o jetstream.JetStreamOptions) string {
	switch {
	case o.Domain != "":
		return "$JS." + o.Domain + ".API."
	case o.APIPrefix == "":
		return jetstream.DefaultAPIPrefix
	case strings.HasSuffix(o.APIPrefix, "."):
		return o.APIPrefix
	}
	return o.APIPrefix + "."
}
