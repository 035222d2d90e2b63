package apitest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"go.yaml.in/yaml/v3"

	"pred.dev/proto/runtime/apidocs"
)

// The streams of an API are checked as its HTTP exchanges are: against
// its AsyncAPI document (the one it serves at GET /asyncapi.yaml). A
// stream test hands a StreamValidator every frame it receives and every
// request it sends; a message of a type the channel does not carry in
// that direction, or one that breaks its schema, fails the test when it
// ends, and with -rewrite-examples the messages received are written as
// the document's examples (streamexamples.go).
//
// The document is read as this project writes it (asyncapi.yaml): the
// operations are the server's (send: the server sends, receive: a client
// does), each message's payload is a JSON Schema (draft 7, AsyncAPI's
// default) whose "type" property is a const naming the message on the
// wire, and an operation marked x-pred-frame: array sends the messages of
// one position as the elements of one JSON array per frame, and its
// control messages (those marked x-pred-control: true) alone, as bare
// objects.

// StreamSpec is one API's AsyncAPI document, as its service serves it,
// and where its message examples are kept. It is loaded and checked once
// per process.
type StreamSpec struct {
	built       apidocs.AsyncDocument
	examplesDir string
	load        func() (*streamDoc, error)

	// writeMu orders the writes of examples files by this process's
	// validators (-rewrite-examples).
	writeMu sync.Mutex
}

// NewStreamSpec binds a service's AsyncAPI document, typically its
// embedded one, and the directory its message examples are kept in (the
// source tree's, which -rewrite-examples writes; "" for none).
func NewStreamSpec(d apidocs.AsyncDocument, examplesDir string) *StreamSpec {
	return &StreamSpec{built: d, examplesDir: examplesDir,
		load: sync.OnceValues(func() (*streamDoc, error) { return loadStreamDoc(d.YAML) })}
}

// Built returns the document with what its build found.
func (s *StreamSpec) Built() apidocs.AsyncDocument { return s.built }

// streamDoc is a loaded document: its channels by address and its
// messages by their key in components/messages.
type streamDoc struct {
	channels map[string]*streamChannel
	messages map[string]*streamMessage
	raw      map[string]any
}

// streamChannel is what each side sends on one channel, by message type.
type streamChannel struct {
	address string
	// server and client are the messages the server sends and those it
	// takes, by their wire type.
	server, client map[string]*streamMessage
	// array says the server sends JSON arrays of messages (and control
	// messages as bare objects).
	array bool
}

type streamMessage struct {
	key, wireType string
	control       bool
	schema        *jsonschema.Schema
}

// documentURL names the document for the schema compiler.
const documentURL = "mem:///asyncapi.json"

// loadStreamDoc reads the document, checks its structure (every reference
// resolves, every operation names a channel and messages of that channel,
// every payload compiles as a JSON Schema and names its wire type) and
// compiles the payloads.
func loadStreamDoc(data []byte) (*streamDoc, error) {
	var y any
	if err := yaml.Unmarshal(data, &y); err != nil {
		return nil, fmt.Errorf("parse the AsyncAPI document: %w", err)
	}
	js, err := json.Marshal(y)
	if err != nil {
		return nil, fmt.Errorf("the AsyncAPI document is not JSON data: %w", err)
	}
	raw, err := jsonschema.UnmarshalJSON(bytes.NewReader(js))
	if err != nil {
		return nil, err
	}
	root, ok := raw.(map[string]any)
	if !ok || !strings.HasPrefix(fmt.Sprint(root["asyncapi"]), "3.") {
		return nil, fmt.Errorf("the document is not AsyncAPI 3")
	}
	d := &streamDoc{channels: map[string]*streamChannel{}, messages: map[string]*streamMessage{}, raw: root}
	var problems []string
	walkRefs(root, "#", func(at, ref string) {
		if _, ok := pointer(root, ref); !ok {
			problems = append(problems, fmt.Sprintf("%s: $ref %s names nothing", at, ref))
		}
	})
	if len(problems) > 0 {
		return nil, fmt.Errorf("the AsyncAPI document is invalid:\n  %s", strings.Join(problems, "\n  "))
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft7)
	if err := c.AddResource(documentURL, root); err != nil {
		return nil, err
	}
	messages, _ := dig(root, "components", "messages").(map[string]any)
	for _, key := range sortedKeys(messages) {
		m, err := compileMessage(c, root, key)
		if err != nil {
			problems = append(problems, err.Error())
			continue
		}
		d.messages[key] = m
	}
	problems = append(problems, d.operations(root)...)
	if len(d.channels) == 0 || len(d.messages) == 0 {
		problems = append(problems, "no operation or no message")
	}
	if len(problems) > 0 {
		return nil, fmt.Errorf("the AsyncAPI document is invalid:\n  %s", strings.Join(problems, "\n  "))
	}
	return d, nil
}

// compileMessage compiles the payload of components/messages/key.
func compileMessage(c *jsonschema.Compiler, root map[string]any, key string) (*streamMessage, error) {
	at := "#/components/messages/" + key
	msg, _ := deref(root, dig(root, "components", "messages", key)).(map[string]any)
	if msg == nil || msg["payload"] == nil {
		return nil, fmt.Errorf("%s has no payload", at)
	}
	schema, err := c.Compile(documentURL + at + "/payload")
	if err != nil {
		return nil, fmt.Errorf("%s: the payload is not a JSON Schema: %v", at, err)
	}
	payload, _ := deref(root, msg["payload"]).(map[string]any)
	props, _ := payload["properties"].(map[string]any)
	typ, _ := deref(root, props["type"]).(map[string]any)
	wire, ok := typ["const"].(string)
	if !ok || wire == "" {
		return nil, fmt.Errorf("%s: the payload's type property is not a const string", at)
	}
	return &streamMessage{key: key, wireType: wire, control: msg["x-pred-control"] == true, schema: schema}, nil
}

// operations reads the operations into the channels' message sets.
func (d *streamDoc) operations(root map[string]any) []string {
	var problems []string
	ops, _ := root["operations"].(map[string]any)
	for _, name := range sortedKeys(ops) {
		op, _ := ops[name].(map[string]any)
		at := "#/operations/" + name
		chRef, _ := dig(op, "channel", "$ref").(string)
		chName, ok := strings.CutPrefix(chRef, "#/channels/")
		ch, _ := dig(root, "channels", chName).(map[string]any)
		address, _ := ch["address"].(string)
		if !ok || ch == nil || address == "" {
			problems = append(problems, fmt.Sprintf("%s: channel %q is not a channel with an address", at, chRef))
			continue
		}
		sc := d.channels[address]
		if sc == nil {
			sc = &streamChannel{address: address, server: map[string]*streamMessage{}, client: map[string]*streamMessage{}}
			d.channels[address] = sc
		}
		set := sc.client
		switch op["action"] {
		case "send":
			set = sc.server
			sc.array = sc.array || op["x-pred-frame"] == "array"
		case "receive":
		default:
			problems = append(problems, fmt.Sprintf("%s: action %v is neither send nor receive", at, op["action"]))
			continue
		}
		list, _ := op["messages"].([]any)
		for _, m := range list {
			ref, _ := dig(m, "$ref").(string)
			if !strings.HasPrefix(ref, chRef+"/messages/") {
				problems = append(problems, fmt.Sprintf("%s: message %q is not one of its channel's", at, ref))
				continue
			}
			key := messageKey(root, ref)
			msg := d.messages[key]
			if msg == nil {
				problems = append(problems, fmt.Sprintf("%s: message %q is not a message of components/messages", at, ref))
				continue
			}
			if prev := set[msg.wireType]; prev != nil && prev != msg {
				problems = append(problems, fmt.Sprintf("%s: messages %s and %s both have type %q in one direction", at, prev.key, key, msg.wireType))
			}
			set[msg.wireType] = msg
		}
	}
	return problems
}

// messageKey follows a reference to a message, through a channel's
// messages, to its key in components/messages.
func messageKey(root map[string]any, ref string) string {
	for range 8 {
		if key, ok := strings.CutPrefix(ref, "#/components/messages/"); ok {
			return key
		}
		v, _ := pointer(root, ref)
		ref, _ = dig(v, "$ref").(string)
	}
	return ""
}

// walkRefs calls f with every $ref of v and where it is.
func walkRefs(v any, at string, f func(at, ref string)) {
	switch x := v.(type) {
	case map[string]any:
		if ref, ok := x["$ref"].(string); ok {
			f(at, ref)
		}
		for k, e := range x {
			walkRefs(e, at+"/"+k, f)
		}
	case []any:
		for i, e := range x {
			walkRefs(e, fmt.Sprintf("%s/%d", at, i), f)
		}
	}
}

// pointer resolves a local reference ("#/a/b").
func pointer(root any, ref string) (any, bool) {
	p, ok := strings.CutPrefix(ref, "#/")
	if !ok {
		return nil, false
	}
	v := root
	for _, part := range strings.Split(p, "/") {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, false
		}
		if v, ok = m[strings.NewReplacer("~1", "/", "~0", "~").Replace(part)]; !ok {
			return nil, false
		}
	}
	return v, true
}

// deref follows v's $ref chain.
func deref(root, v any) any {
	for range 8 {
		ref, ok := dig(v, "$ref").(string)
		if !ok {
			return v
		}
		v, _ = pointer(root, ref)
	}
	return v
}

// dig returns v's value at the keys, nil if there is none.
func dig(v any, keys ...string) any {
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// Document returns the loaded document, failing t if it does not load
// or is invalid.
func (s *StreamSpec) document(t testing.TB) *streamDoc {
	t.Helper()
	d, err := s.load()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// CheckStreamDocument fails t unless the document loads: AsyncAPI 3,
// every reference resolving, every operation naming a channel and
// messages of that channel, every payload a JSON Schema naming its wire
// type, no two messages of one type in one direction of a channel.
func CheckStreamDocument(t testing.TB, s *StreamSpec) {
	t.Helper()
	s.document(t)
}
