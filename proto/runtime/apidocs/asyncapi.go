package apidocs

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// An API with WebSocket streams documents them in an AsyncAPI 3.0
// document written by hand (asyncapi.yaml, beside openapi.yaml), whose
// messages' examples are kept beside it as JSON files, most of them
// recorded from the messages the stream tests received (see
// pred.dev/proto/runtime/apitest, StreamSpec and -rewrite-examples).
// BuildAsync merges the two into what the API serves at GET
// /asyncapi.yaml and renders at /docs/stream.
//
// The examples directory holds one file per message of
// components/messages, named by its key there (priceChange.json), an
// object of examples by name:
//
//	{"<example name>": <one message, as sent on the wire>, ...}
//
// They are set as the message's examples, sorted by name, after those the
// document writes itself.

// AsyncAPIPath and StreamDocsPath are where an API with streams serves
// their document and its rendered page.
const (
	AsyncAPIPath   = "/asyncapi.yaml"
	StreamDocsPath = DocsPath + "/stream"
)

// AsyncDocument is an API's served AsyncAPI document.
type AsyncDocument struct {
	// YAML is the hand-written document with the examples merged in:
	// what GET /asyncapi.yaml serves.
	YAML []byte
	// Problems are examples that do not fit the document (a file of no
	// message, a body that is not a JSON object). They are left out of
	// YAML; the API's tests fail on them.
	Problems []string
}

// MessageExamples is the shape of a message's examples file.
type MessageExamples map[string]json.RawMessage

// MustBuildAsync is BuildAsync for a document and examples embedded in the
// binary, where an unreadable source is a programming error: it panics.
func MustBuildAsync(source []byte, examples fs.FS, dir string) AsyncDocument {
	return mustBuild(source, examples, dir, BuildAsync)
}

// BuildAsync merges the message examples of the directory examples into
// source. Only a source that is not an AsyncAPI 3 YAML mapping, or
// examples that cannot be read, are errors; examples that do not fit are
// Problems.
func BuildAsync(source []byte, examples fs.FS) (AsyncDocument, error) {
	root, err := parseMapping(source, "AsyncAPI")
	if err != nil {
		return AsyncDocument{}, err
	}
	doc := root.Content[0]
	if v := scalar(get(doc, "asyncapi")); !strings.HasPrefix(v, "3.") {
		return AsyncDocument{}, fmt.Errorf("the document is not AsyncAPI 3 (asyncapi: %q)", v)
	}
	b := &builder{doc: doc}
	files, err := b.readFiles(examples)
	if err != nil {
		return AsyncDocument{}, err
	}
	messages := get(get(doc, "components"), "messages")
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		key := strings.TrimSuffix(name, path.Ext(name))
		msg := get(messages, key)
		if msg == nil {
			b.problem("examples/%s: components/messages has no %s", name, key)
			continue
		}
		b.messageExamples("examples/"+name, msg, files[name])
	}
	var out bytes.Buffer
	enc := yaml.NewEncoder(&out)
	enc.SetIndent(2)
	if err := enc.Encode(root); err != nil {
		return AsyncDocument{}, fmt.Errorf("write the AsyncAPI document: %w", err)
	}
	slices.Sort(b.problems)
	return AsyncDocument{YAML: out.Bytes(), Problems: b.problems}, nil
}

// messageExamples appends a message's examples file to its examples, as
// AsyncAPI writes them: [{name, payload}].
func (b *builder) messageExamples(where string, msg *yaml.Node, data []byte) {
	var f MessageExamples
	if err := strictUnmarshal(data, &f); err != nil {
		b.problem("%s: %v", where, err)
		return
	}
	list := get(msg, "examples")
	if list == nil {
		list = &yaml.Node{Kind: yaml.SequenceNode}
		set(msg, "examples", list)
	}
	list.Style &^= yaml.FlowStyle
	names := make([]string, 0, len(f))
	for name := range f {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		body := f[name]
		if !bytes.HasPrefix(bytes.TrimSpace(body), []byte("{")) {
			b.problem("%s: the example %q is not a JSON object", where, name)
			continue
		}
		n, err := jsonNode(body)
		if err != nil {
			b.problem("%s: the example %q: %v", where, name, err)
			continue
		}
		ex := &yaml.Node{Kind: yaml.MappingNode}
		set(ex, "name", str(name))
		set(ex, "payload", n)
		list.Content = append(list.Content, ex)
	}
}
