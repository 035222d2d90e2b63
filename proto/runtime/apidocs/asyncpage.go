package apidocs

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"html/template"
	"strings"

	"github.com/russross/blackfriday/v2"
	"go.yaml.in/yaml/v3"
)

// The streams' page (/docs/stream) is rendered on the server from the
// AsyncAPI document, once, as plain HTML: the AsyncAPI project's own
// viewer is a large JavaScript bundle, and this page needs none. It shows
// the guide (the document's description), each channel with what a
// client sends and what the server sends on it, and each message with its
// payload's fields as a table and its examples.

//go:embed stream.html
var streamPageSource string

var streamPage = template.Must(template.New("stream").Parse(streamPageSource))

// streamView is what stream.html renders.
type streamView struct {
	Title, Version string
	Description    template.HTML
	Servers        []serverView
	Channels       []channelView
	Messages       []messageView
}

type serverView struct {
	Name, Host, Protocol string
	Description          template.HTML
}

type channelView struct {
	Key, Address, Title string
	Description         template.HTML
	Operations          []operationView
}

type operationView struct {
	Key, Title, Summary, Action string
	// Array is set when the server sends the messages as elements of a
	// JSON array (x-pred-frame: array).
	Array    bool
	Security []string
	Messages []messageRef
}

type messageRef struct{ Key, Name string }

type messageView struct {
	Key, Name, Title, Summary string
	// Control marks a control message (x-pred-control), sent alone.
	Control  bool
	Rows     []fieldRow
	Examples []exampleView
}

type fieldRow struct {
	Field, Type, Required string
	Description           template.HTML
}

type exampleView struct{ Name, JSON string }

// RenderAsync renders an AsyncAPI 3 document (AsyncDocument.YAML) as the
// streams' HTML page.
func RenderAsync(document []byte) ([]byte, error) {
	var root yaml.Node
	if err := yaml.Unmarshal(document, &root); err != nil {
		return nil, fmt.Errorf("parse the AsyncAPI document: %w", err)
	}
	if root.Kind != yaml.DocumentNode || len(root.Content) != 1 {
		return nil, fmt.Errorf("the AsyncAPI document is not a mapping")
	}
	r := asyncReader{doc: root.Content[0]}
	info := get(r.doc, "info")
	v := streamView{
		Title:       scalar(get(info, "title")),
		Version:     scalar(get(info, "version")),
		Description: markdown(scalar(get(info, "description"))),
	}
	eachPair(get(r.doc, "servers"), func(name string, s *yaml.Node) {
		v.Servers = append(v.Servers, serverView{name, scalar(get(s, "host")), scalar(get(s, "protocol")), markdown(scalar(get(s, "description")))})
	})
	eachPair(get(r.doc, "channels"), func(key string, c *yaml.Node) {
		v.Channels = append(v.Channels, r.channel(key, c))
	})
	eachPair(get(get(r.doc, "components"), "messages"), func(key string, m *yaml.Node) {
		v.Messages = append(v.Messages, r.message(key, r.deref(m)))
	})
	if len(v.Channels) == 0 || len(v.Messages) == 0 {
		return nil, fmt.Errorf("the AsyncAPI document has no channels or no messages")
	}
	var out bytes.Buffer
	if err := streamPage.Execute(&out, v); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// asyncReader reads a parsed AsyncAPI document, following its local
// references.
type asyncReader struct{ doc *yaml.Node }

// deref follows n's $ref chain ("#/components/schemas/X") to what it
// names; a reference that names nothing is returned as it is.
func (r asyncReader) deref(n *yaml.Node) *yaml.Node {
	for i := 0; i < 16 && n != nil; i++ {
		ref := scalar(get(n, "$ref"))
		if ref == "" {
			return n
		}
		target := r.pointer(ref)
		if target == nil {
			return n
		}
		n = target
	}
	return n
}

// pointer resolves a local JSON pointer ("#/a/b").
func (r asyncReader) pointer(ref string) *yaml.Node {
	p, ok := strings.CutPrefix(ref, "#/")
	if !ok {
		return nil
	}
	n := r.doc
	for _, part := range strings.Split(p, "/") {
		n = get(n, strings.NewReplacer("~1", "/", "~0", "~").Replace(part))
		if n == nil {
			return nil
		}
	}
	return n
}

// messageKey returns the key in components/messages of the message a
// reference names, through a channel's messages.
func (r asyncReader) messageKey(n *yaml.Node) string {
	for i := 0; i < 16 && n != nil; i++ {
		ref := scalar(get(n, "$ref"))
		if key, ok := strings.CutPrefix(ref, "#/components/messages/"); ok {
			return key
		}
		n = r.pointer(ref)
	}
	return ""
}

func (r asyncReader) channel(key string, c *yaml.Node) channelView {
	cv := channelView{Key: key, Address: scalar(get(c, "address")), Title: scalar(get(c, "title")),
		Description: markdown(scalar(get(c, "description")))}
	eachPair(get(r.doc, "operations"), func(opKey string, op *yaml.Node) {
		if scalar(get(get(op, "channel"), "$ref")) != "#/channels/"+key {
			return
		}
		ov := operationView{Key: opKey, Title: scalar(get(op, "title")), Summary: scalar(get(op, "summary")),
			Action: scalar(get(op, "action")), Array: scalar(get(op, "x-pred-frame")) == "array"}
		for _, s := range contentOf(get(op, "security")) {
			if ref := scalar(get(s, "$ref")); ref != "" {
				ov.Security = append(ov.Security, ref[strings.LastIndex(ref, "/")+1:])
			}
		}
		for _, m := range contentOf(get(op, "messages")) {
			mk := r.messageKey(m)
			ov.Messages = append(ov.Messages, messageRef{Key: mk, Name: scalar(get(r.deref(get(get(get(r.doc, "components"), "messages"), mk)), "name"))})
		}
		cv.Operations = append(cv.Operations, ov)
	})
	return cv
}

func (r asyncReader) message(key string, m *yaml.Node) messageView {
	mv := messageView{Key: key, Name: scalar(get(m, "name")), Title: scalar(get(m, "title")), Summary: scalar(get(m, "summary")),
		Control: scalar(get(m, "x-pred-control")) == "true"}
	r.rows(&mv.Rows, "", get(m, "payload"), 0)
	for i, ex := range contentOf(get(m, "examples")) {
		name := scalar(get(ex, "name"))
		if name == "" {
			name = fmt.Sprintf("example %d", i+1)
		}
		var b strings.Builder
		writeJSON(&b, get(ex, "payload"), "")
		mv.Examples = append(mv.Examples, exampleView{Name: name, JSON: b.String()})
	}
	return mv
}

// rowsDepthMax bounds the nesting of a payload's table.
const rowsDepthMax = 6

// rows appends a row for each property of the object schema s, and of the
// objects it nests, with dotted names ("bids[].price").
func (r asyncReader) rows(out *[]fieldRow, prefix string, s *yaml.Node, depth int) {
	s = r.deref(s)
	if depth > rowsDepthMax || s == nil {
		return
	}
	required := map[string]bool{}
	for _, n := range contentOf(get(s, "required")) {
		required[n.Value] = true
	}
	eachPair(get(s, "properties"), func(name string, p *yaml.Node) {
		field := prefix + name
		req := ""
		if required[name] {
			req = "required"
		}
		t, desc := r.describe(p)
		*out = append(*out, fieldRow{Field: field, Type: t, Required: req, Description: desc})
		target := r.schema(p)
		if scalar(get(target, "type")) == "array" {
			if item := r.schema(get(target, "items")); get(item, "properties") != nil {
				r.rows(out, field+"[].", item, depth+1)
			}
		} else if get(target, "properties") != nil {
			r.rows(out, field+".", target, depth+1)
		}
	})
}

// schema returns the schema a property stands for: its reference's, or
// that of its only allOf element (how a description is added to a
// reference).
func (r asyncReader) schema(p *yaml.Node) *yaml.Node {
	p = r.deref(p)
	if all := contentOf(get(p, "allOf")); get(p, "type") == nil && len(all) == 1 {
		return r.deref(all[0])
	}
	return p
}

// describe returns a property's type, as a reader needs it, and its
// description with its constraints.
func (r asyncReader) describe(p *yaml.Node) (string, template.HTML) {
	var desc []string
	if d := scalar(get(r.deref(p), "description")); d != "" {
		desc = append(desc, d)
	}
	s := r.schema(p)
	t := r.typeName(p)
	if d := scalar(get(s, "description")); d != "" && !containsString(desc, d) {
		desc = append(desc, d)
	}
	desc = append(desc, constraints(s)...)
	if scalar(get(s, "type")) == "array" {
		item := r.schema(get(s, "items"))
		if d := scalar(get(item, "description")); d != "" {
			desc = append(desc, "Each: "+d)
		}
		desc = append(desc, constraints(item)...)
	}
	if alts := append(contentOf(get(s, "anyOf")), contentOf(get(s, "oneOf"))...); len(alts) > 0 {
		var names []string
		for _, a := range alts {
			names = append(names, r.typeName(a))
			desc = append(desc, constraints(r.deref(a))...)
		}
		t = strings.Join(names, " or ")
	}
	return t, markdown(strings.Join(desc, " "))
}

// typeName is a schema's JSON type, with the name of the component it
// refers to ("string (TokenID)").
func (r asyncReader) typeName(p *yaml.Node) string {
	ref := scalar(get(p, "$ref"))
	if all := contentOf(get(p, "allOf")); ref == "" && len(all) == 1 {
		ref = scalar(get(all[0], "$ref"))
	}
	s := r.schema(p)
	t := scalar(get(s, "type"))
	if t == "array" {
		t = "array of " + r.typeName(get(s, "items"))
	}
	if name := ref[strings.LastIndex(ref, "/")+1:]; ref != "" {
		t = strings.TrimSpace(t + " (" + name + ")")
	}
	return t
}

// constraints lists a schema's const, enum, pattern and bounds.
func constraints(s *yaml.Node) []string {
	var out []string
	if c := get(s, "const"); c != nil {
		out = append(out, fmt.Sprintf("Always `%q`.", c.Value))
	}
	if e := contentOf(get(s, "enum")); len(e) > 0 {
		vals := make([]string, len(e))
		for i, n := range e {
			vals[i] = "`" + n.Value + "`"
		}
		out = append(out, "One of "+strings.Join(vals, ", ")+".")
	}
	if p := scalar(get(s, "pattern")); p != "" {
		out = append(out, "Pattern `"+p+"`.")
	}
	for _, k := range []string{"minimum", "maximum", "minItems", "maxItems", "minLength", "maxLength"} {
		if v := scalar(get(s, k)); v != "" {
			out = append(out, k+" "+v+".")
		}
	}
	return out
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// eachPair calls f with each key and value of a mapping, in its order.
func eachPair(m *yaml.Node, f func(string, *yaml.Node)) {
	if m == nil || m.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		f(m.Content[i].Value, m.Content[i+1])
	}
}

// markdown renders a description; the document is the API's own, so its
// HTML is trusted.
func markdown(s string) template.HTML {
	if s == "" {
		return ""
	}
	return template.HTML(blackfriday.Run([]byte(s), blackfriday.WithExtensions(blackfriday.CommonExtensions))) //nolint:gosec // our own document
}

// writeJSON writes a YAML node holding a JSON value as indented JSON,
// keeping its keys' order (the wire's).
func writeJSON(b *strings.Builder, n *yaml.Node, indent string) {
	if n == nil {
		b.WriteString("null")
		return
	}
	switch n.Kind {
	case yaml.MappingNode, yaml.SequenceNode:
		open, closing, step := "{", "}", 2
		if n.Kind == yaml.SequenceNode {
			open, closing, step = "[", "]", 1
		}
		if len(n.Content) == 0 {
			b.WriteString(open + closing)
			return
		}
		b.WriteString(open + "\n")
		for i := 0; i < len(n.Content); i += step {
			b.WriteString(indent + "  ")
			if step == 2 {
				writeString(b, n.Content[i].Value)
				b.WriteString(": ")
			}
			writeJSON(b, n.Content[i+step-1], indent+"  ")
			if i+step < len(n.Content) {
				b.WriteString(",")
			}
			b.WriteString("\n")
		}
		b.WriteString(indent + closing)
	case yaml.AliasNode:
		writeJSON(b, n.Alias, indent)
	default:
		switch n.Tag {
		case "!!int", "!!float", "!!bool", "!!null":
			b.WriteString(n.Value)
		default:
			writeString(b, n.Value)
		}
	}
}

func writeString(b *strings.Builder, s string) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	b.WriteString(strings.TrimSuffix(buf.String(), "\n"))
}
