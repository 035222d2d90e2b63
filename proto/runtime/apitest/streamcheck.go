package apitest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// StreamValidator checks the frames of a test's stream connections
// against the document and reports what broke it when its test ends. It
// is safe for concurrent use: a test's reading goroutines may share one.
type StreamValidator struct {
	t              testing.TB
	spec           *StreamSpec
	doc            *streamDoc
	requireChecked bool

	mu       sync.Mutex
	checked  int // messages that matched a documented message and passed
	failures []string
	recorded []streamRecorded // with -rewrite-examples: the examples seen
}

// NewValidator returns a StreamValidator of the document whose failures
// are reported, with t.Error, when t and its subtests have finished.
// RequireChecks makes the test fail if no message was validated.
func (s *StreamSpec) NewValidator(t testing.TB, opts ...Option) *StreamValidator {
	t.Helper()
	v := &StreamValidator{t: t, spec: s, doc: s.document(t)}
	var o Validator
	for _, opt := range opts {
		opt(&o)
	}
	v.requireChecked = o.requireChecked
	t.Cleanup(v.report)
	return v
}

// Frame checks a text frame the server sent on the channel at address
// ("/ws/market"). On a channel whose server sends arrays
// (x-pred-frame: array), a frame is either a non-empty JSON array of
// messages of one position, none of them a control message, or one
// control message (x-pred-control) as a bare object; elsewhere it
// is one message. Each message must be of a type the server sends on
// that channel and fit its schema. The error says what is wrong; it is
// also reported when the test ends, so a caller may ignore it.
func (v *StreamValidator) Frame(address string, frame []byte) error {
	ch, err := v.channel(address)
	if err != nil {
		return v.fail(err)
	}
	trimmed := bytes.TrimLeft(frame, " \t\r\n")
	if !ch.array {
		return v.fail(v.message(ch, ch.server, "server", frame))
	}
	if len(trimmed) > 0 && trimmed[0] == '{' {
		if m := ch.server[wireType(trimmed)]; m != nil && !m.control {
			return v.fail(fmt.Errorf("%s: a %s message alone as a bare object: only control messages come bare: %s", address, m.wireType, clip(frame)))
		}
		return v.fail(v.message(ch, ch.server, "server", frame))
	}
	var msgs []json.RawMessage
	if err := json.Unmarshal(frame, &msgs); err != nil || len(msgs) == 0 {
		return v.fail(fmt.Errorf("%s: a server frame is neither a non-empty JSON array of messages nor a control message: %s", address, clip(frame)))
	}
	var errs []error
	for _, m := range msgs {
		errs = append(errs, v.message(ch, ch.server, "server", m))
	}
	errs = append(errs, frameRules(ch, msgs, frame))
	return v.fail(errors.Join(errs...))
}

// wireType returns a message's type, "" if it has none.
func wireType(data []byte) string {
	var head struct {
		Type string `json:"type"`
	}
	_ = json.Unmarshal(data, &head)
	return head.Type
}

// Request checks a text frame a client sent on the channel at address:
// one JSON object, a request the channel takes, fitting its schema. A
// test that sends malformed requests on purpose does not pass them here.
func (v *StreamValidator) Request(address string, frame []byte) error {
	ch, err := v.channel(address)
	if err != nil {
		return v.fail(err)
	}
	return v.fail(v.message(ch, ch.client, "client", frame))
}

// channel returns the channel at address, a path with or without its
// query ("/ws/user?signature_type=0").
func (v *StreamValidator) channel(address string) (*streamChannel, error) {
	path, _, _ := strings.Cut(address, "?")
	ch := v.doc.channels[path]
	if ch == nil {
		return nil, fmt.Errorf("%s is not a channel of the document", address)
	}
	return ch, nil
}

// message checks one message against the set its sender may send.
func (v *StreamValidator) message(ch *streamChannel, set map[string]*streamMessage, sender string, data []byte) error {
	var head struct {
		Type string `json:"type"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return fmt.Errorf("%s: a %s message is not a JSON object with a string type: %s", ch.address, sender, clip(data))
	}
	m := set[head.Type]
	if m == nil {
		return fmt.Errorf("%s: the %s sends no message of type %q in the document: %s", ch.address, sender, head.Type, clip(data))
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("%s: %s message: %v", ch.address, head.Type, err)
	}
	if err := m.schema.Validate(inst); err != nil {
		return fmt.Errorf("%s: %s message (components/messages/%s) does not fit its schema: %s\nmessage: %s",
			ch.address, head.Type, m.key, schemaError(err), clip(data))
	}
	v.mu.Lock()
	v.checked++
	v.mu.Unlock()
	if *rewriteExamples {
		v.record(m.key, data, sender == "client")
	}
	return nil
}

// frameRules checks what the guide says of an array frame beyond its
// messages: no control message (those come as bare objects), and one
// position.
func frameRules(ch *streamChannel, msgs []json.RawMessage, frame []byte) error {
	var positions []string
	for _, m := range msgs {
		var head struct {
			Type     string          `json:"type"`
			Position json.RawMessage `json:"position"`
		}
		_ = json.Unmarshal(m, &head)
		if sm := ch.server[head.Type]; sm != nil && sm.control {
			return fmt.Errorf("%s: control message %q in an array: it comes alone, as a bare object: %s", ch.address, head.Type, clip(frame))
		}
		positions = append(positions, string(head.Position))
	}
	for _, p := range positions[1:] {
		if p != positions[0] {
			return fmt.Errorf("%s: one frame holds positions %s: %s", ch.address, strings.Join(positions, ", "), clip(frame))
		}
	}
	return nil
}

// english prints the validator's messages.
var english = message.NewPrinter(language.English)

// schemaError writes a validation error on one line per cause.
func schemaError(err error) string {
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return err.Error()
	}
	var out []string
	var walk func(*jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) == 0 {
			out = append(out, "/"+strings.Join(e.InstanceLocation, "/")+": "+e.ErrorKind.LocalizedString(english))
		}
		for _, c := range e.Causes {
			walk(c)
		}
	}
	walk(ve)
	return strings.Join(out, "; ")
}

// fail records err, if any, for the end of the test, and returns it.
func (v *StreamValidator) fail(err error) error {
	if err == nil {
		return nil
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	v.failures = append(v.failures, err.Error())
	return err
}

// report fails the test for every frame that broke the document, and,
// with RequireChecks, if no message was validated at all. With
// -rewrite-examples it writes the examples first.
func (v *StreamValidator) report() {
	v.mu.Lock()
	defer v.mu.Unlock()
	if len(v.recorded) > 0 {
		v.spec.write(v.t, v.doc, v.recorded)
	}
	for _, f := range v.failures {
		v.t.Error("AsyncAPI: " + f)
	}
	if v.requireChecked && v.checked == 0 && len(v.failures) == 0 && !v.t.Failed() {
		v.t.Error("AsyncAPI: no stream message was validated")
	}
}
