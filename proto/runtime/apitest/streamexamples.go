package apitest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"pred.dev/proto/errcode"
	"pred.dev/proto/runtime/apidocs"
)

// The stream messages' examples (apidocs.BuildAsync) are kept true as the
// REST ones are: CheckStreamExamples fails an API's test when a message
// has no example or an example does not fit its schema, and with
// -rewrite-examples the StreamValidators write the messages the tests
// received into <examplesDir>/<message key>.json.
//
// An example is named by what tells one kind of the message from
// another: the value of its first field among exampleNameFields (an
// order's event, a trade's status, an error's code), else its type.

// exampleNameFields are the fields whose value names an example.
var exampleNameFields = []string{"event", "status", "kind", "code"}

// exampleName names a message's example; a request resuming with from
// is told from one that does not.
func exampleName(data []byte, request bool) string {
	var m map[string]any
	_ = json.Unmarshal(data, &m)
	for _, f := range exampleNameFields {
		if s, ok := m[f].(string); ok && s != "" {
			return s
		}
	}
	name, _ := m["type"].(string)
	if _, ok := m["from"]; ok && request {
		name += " with from"
	}
	return name
}

// streamRecorded is a message a test received (or sent), by the key of
// its message in components/messages.
type streamRecorded struct {
	key, name string
	body      []byte
}

func (v *StreamValidator) record(key string, data []byte, request bool) {
	if v.spec.examplesDir == "" {
		return
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	v.recorded = append(v.recorded, streamRecorded{key, exampleName(data, request), bytes.Clone(data)})
}

// write merges recorded examples into the examples files: an example is
// written where the file has none of its name, or has one that no longer
// fits the document, or a less informative one.
func (s *StreamSpec) write(t testing.TB, doc *streamDoc, rs []streamRecorded) {
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	unlock, err := lockDir(s.examplesDir)
	if err != nil {
		t.Errorf("examples: %v", err)
		return
	}
	defer unlock()
	type slot struct{ key, name string }
	chosen := map[slot][]byte{}
	for _, r := range rs {
		k := slot{r.key, r.name}
		if cur, ok := chosen[k]; !ok || better(r.body, cur) {
			chosen[k] = r.body
		}
	}
	byKey := map[string][]slot{}
	for k := range chosen {
		byKey[k.key] = append(byKey[k.key], k)
	}
	for key, slots := range byKey {
		path := filepath.Join(s.examplesDir, key+".json")
		f := apidocs.MessageExamples{}
		if data, err := os.ReadFile(path); err == nil {
			if err := json.Unmarshal(data, &f); err != nil {
				t.Errorf("examples: %s: %v", path, err)
				continue
			}
		} else if !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("examples: %v", err)
			continue
		}
		var wrote []string
		for _, k := range slots {
			body := chosen[k]
			cur, ok := f[k.name]
			if !ok || validJSON(doc.messages[key].schema, cur) != nil || informative(body) > informative(cur) {
				f[k.name] = unescapeHTML(indentJSON(body))
				wrote = append(wrote, k.name)
			}
		}
		if len(wrote) == 0 {
			continue
		}
		slices.Sort(wrote)
		if err := writeJSONFile(path, f); err != nil {
			t.Errorf("examples: %v", err)
			continue
		}
		t.Logf("examples: wrote %s to %s", strings.Join(wrote, ", "), path)
	}
}

// indentJSON returns a compact JSON value as it is; the file's encoder
// indents it.
func indentJSON(b []byte) json.RawMessage {
	var out bytes.Buffer
	if json.Compact(&out, b) != nil {
		return b
	}
	return out.Bytes()
}

func validJSON(schema *jsonschema.Schema, body []byte) error {
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
	if err != nil {
		return err
	}
	return schema.Validate(inst)
}

// CheckStreamExamples fails t for each problem the document's build
// found, for each message without an example, for each example that does
// not fit its message's schema, and for each message no operation sends
// or receives. Every failure says how to fix it.
func CheckStreamExamples(t testing.TB, s *StreamSpec) {
	t.Helper()
	for _, p := range s.built.Problems {
		t.Errorf("stream examples: %s", p)
	}
	doc := s.document(t)
	used := map[string]bool{}
	for _, ch := range doc.channels {
		for _, m := range ch.server {
			used[m.key] = true
		}
		for _, m := range ch.client {
			used[m.key] = true
		}
	}
	messages, _ := dig(doc.raw, "components", "messages").(map[string]any)
	for _, key := range sortedKeys(messages) {
		m := doc.messages[key]
		if !used[key] {
			t.Errorf("components/messages/%s is in no operation: add it to its channel's operations, or remove it", key)
		}
		msg, _ := deref(doc.raw, messages[key]).(map[string]any)
		examples, _ := msg["examples"].([]any)
		if len(examples) == 0 {
			t.Errorf("message %s (type %q) has no example.\n"+
				"  Record what a stream test receives: go test <the stream tests> -rewrite-examples\n"+
				"  writes it to %s; or write that file by hand: {\"<name>\": <a message as sent>}.", key, m.wireType, s.examplesFile(key))
			continue
		}
		for i, ex := range examples {
			payload := dig(ex, "payload")
			name, _ := dig(ex, "name").(string)
			if err := m.schema.Validate(payload); err != nil {
				t.Errorf("message %s: example %d %q (in %s or asyncapi.yaml) does not fit the schema: %s", key, i+1, name, s.examplesFile(key), schemaError(err))
			}
		}
	}
}

// examplesFile names a message's examples file from the repository's
// root.
func (s *StreamSpec) examplesFile(key string) string {
	if s.examplesDir == "" {
		return "the examples file " + key + ".json"
	}
	return fromRoot(filepath.Join(s.examplesDir, key+".json"))
}

// CheckStreamErrorCodes fails t unless every code of the document's
// schema named schemaName (the enum of the codes its error message
// carries) is a code of proto/errcode.
func CheckStreamErrorCodes(t testing.TB, s *StreamSpec, schemaName string) {
	t.Helper()
	doc := s.document(t)
	enum, _ := dig(doc.raw, "components", "schemas", schemaName, "enum").([]any)
	if len(enum) == 0 {
		t.Fatalf("components/schemas/%s has no enum", schemaName)
	}
	for _, c := range enum {
		if code := fmt.Sprint(c); !errcode.Code(code).Known() {
			t.Errorf("components/schemas/%s lists %s, which is not a code of proto/errcode", schemaName, code)
		}
	}
}
