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

	"pred.dev/proto/errcode"
)

// An API's OpenAPI document is written by hand (openapi.yaml) and its
// examples are kept beside it as JSON files (examples/), most of them
// recorded from the responses its tests received (see
// pred.dev/proto/runtime/apitest, -rewrite-examples). Build merges the
// two into the document the API serves at GET /openapi.yaml, so the
// viewer at /docs shows real values rather than inventing them from the
// schemas, and each operation's error responses list the codes that
// operation answers with.
//
// The examples directory holds one file per operation, named by its
// operationId (postOrder.json), every key optional:
//
//	{"request":   <a request body>,
//	 "responses": {"<status>": <a response body>},            // not errors
//	 "errors":    {"<CODE>": {"error": "...", "code": "<CODE>"}}}
//
// errors lists every code the operation answers with; the code's status
// (proto/errcode) is the response it is shown under. SharedFile holds what
// is not one operation's:
//
//	{"everyOperation": {"<CODE>": <body>},
//	 "security":       {"<name in components/securitySchemes>": {"<CODE>": <body>}},
//	 "anyRoute":       {"<CODE>": <body>}}
//
// everyOperation: codes every operation that documents their status can
// answer (RATE_LIMITED where it documents 429); security: codes every
// operation that may be called with that scheme can answer (the refusals
// of its authentication); anyRoute: codes a request gets whatever its
// route (NOT_FOUND for an unknown path, INTERNAL_ERROR).

// SharedFile is the examples file that belongs to no one operation.
const SharedFile = "shared.json"

// Document is an API's served OpenAPI document.
type Document struct {
	// YAML is the hand-written document with the examples merged in:
	// what GET /openapi.yaml serves.
	YAML []byte
	// Codes are the error codes the API documents, in proto/errcode's
	// order: those of its operations and the anyRoute ones.
	Codes []errcode.Code
	// Problems are examples that do not fit the document (an unknown
	// operation, a status it does not answer, a malformed body). They are
	// left out of YAML; the API's tests fail on them.
	Problems []string
}

// OperationFile is the shape of an operation's examples file.
type OperationFile struct {
	Request   json.RawMessage            `json:"request,omitempty"`
	Responses map[string]json.RawMessage `json:"responses,omitempty"`
	Errors    map[string]json.RawMessage `json:"errors,omitempty"`
}

// sharedFile is the shape of SharedFile.
type sharedFile struct {
	EveryOperation map[string]json.RawMessage            `json:"everyOperation"`
	Security       map[string]map[string]json.RawMessage `json:"security"`
	AnyRoute       map[string]json.RawMessage            `json:"anyRoute"`
}

// MustBuild is Build for a document and examples embedded in the binary,
// where an unreadable source is a programming error: it panics.
func MustBuild(source []byte, examples fs.FS, dir string) Document {
	return mustBuild(source, examples, dir, Build)
}

// mustBuild runs build on source and the examples under dir, panicking on
// an error: MustBuild's and MustBuildAsync's body.
func mustBuild[D any](source []byte, examples fs.FS, dir string, build func([]byte, fs.FS) (D, error)) D {
	sub, err := fs.Sub(examples, dir)
	if err != nil {
		panic(err)
	}
	d, err := build(source, sub)
	if err != nil {
		panic(err)
	}
	return d
}

// parseMapping parses a YAML document whose root must be a mapping (the
// document node's only child); what names the document in the errors.
func parseMapping(source []byte, what string) (*yaml.Node, error) {
	var root yaml.Node
	if err := yaml.Unmarshal(source, &root); err != nil {
		return nil, fmt.Errorf("parse the %s document: %w", what, err)
	}
	if root.Kind != yaml.DocumentNode || len(root.Content) != 1 || root.Content[0].Kind != yaml.MappingNode {
		return nil, fmt.Errorf("the %s document is not a mapping", what)
	}
	return &root, nil
}

// Build merges the examples of the directory examples into source. Only
// a source that is not YAML, or examples that cannot be read, are
// errors; examples that do not fit are Problems.
func Build(source []byte, examples fs.FS) (Document, error) {
	root, err := parseMapping(source, "OpenAPI")
	if err != nil {
		return Document{}, err
	}
	b := &builder{doc: root.Content[0], codes: map[errcode.Code]bool{}, used: map[string]bool{}}
	b.components = get(get(b.doc, "components"), "responses")
	files, err := b.readFiles(examples)
	if err != nil {
		return Document{}, err
	}
	b.shared(files[SharedFile])
	paths := get(b.doc, "paths")
	for i := 0; paths != nil && i+1 < len(paths.Content); i += 2 {
		p, item := paths.Content[i].Value, paths.Content[i+1]
		for j := 0; j+1 < len(item.Content); j += 2 {
			method := item.Content[j].Value
			if !httpMethods[method] {
				continue
			}
			op := item.Content[j+1]
			id := get(op, "operationId")
			if id == nil {
				b.problem("%s %s has no operationId, so no examples file", strings.ToUpper(method), p)
				continue
			}
			name := id.Value + ".json"
			b.used[name] = true
			b.operation(strings.ToUpper(method)+" "+p, name, op, files[name])
		}
	}
	for name := range files {
		if !b.used[name] && name != SharedFile {
			b.problem("examples/%s: no operation has the operationId %s", name, strings.TrimSuffix(name, ".json"))
		}
	}
	var out bytes.Buffer
	enc := yaml.NewEncoder(&out)
	enc.SetIndent(2)
	if err := enc.Encode(root); err != nil {
		return Document{}, fmt.Errorf("write the OpenAPI document: %w", err)
	}
	d := Document{YAML: out.Bytes(), Problems: b.problems}
	for _, e := range errcode.All() {
		if b.codes[e.Code] {
			d.Codes = append(d.Codes, e.Code)
		}
	}
	slices.Sort(d.Problems)
	return d, nil
}

var httpMethods = map[string]bool{"get": true, "put": true, "post": true, "delete": true, "options": true, "head": true, "patch": true, "trace": true}

type builder struct {
	doc, components *yaml.Node
	// everyCodes are SharedFile's examples of codes every operation
	// answers with where it documents their status.
	everyCodes map[errcode.Code]json.RawMessage
	// securityCodes are SharedFile's examples by security scheme.
	securityCodes map[string]map[errcode.Code]json.RawMessage
	codes         map[errcode.Code]bool
	used          map[string]bool
	problems      []string
}

func (b *builder) problem(format string, args ...any) {
	b.problems = append(b.problems, fmt.Sprintf(format, args...))
}

// readFiles returns the JSON files of the examples directory by name.
func (b *builder) readFiles(examples fs.FS) (map[string][]byte, error) {
	files := map[string][]byte{}
	if examples == nil {
		return files, nil
	}
	entries, err := fs.ReadDir(examples, ".")
	if err != nil {
		return nil, fmt.Errorf("read the examples: %w", err)
	}
	for _, e := range entries {
		if e.IsDir() || path.Ext(e.Name()) != ".json" {
			continue
		}
		data, err := fs.ReadFile(examples, e.Name())
		if err != nil {
			return nil, fmt.Errorf("read the examples: %w", err)
		}
		files[e.Name()] = data
	}
	return files, nil
}

// shared reads SharedFile.
func (b *builder) shared(data []byte) {
	b.everyCodes = map[errcode.Code]json.RawMessage{}
	b.securityCodes = map[string]map[errcode.Code]json.RawMessage{}
	if data == nil {
		return
	}
	var f sharedFile
	if err := strictUnmarshal(data, &f); err != nil {
		b.problem("examples/%s: %v", SharedFile, err)
		return
	}
	for code, body := range f.AnyRoute {
		if c, ok := b.errorExample("examples/"+SharedFile+" anyRoute", code, body); ok {
			b.codes[c] = true
		}
	}
	for code, body := range f.EveryOperation {
		if c, ok := b.errorExample("examples/"+SharedFile+" everyOperation", code, body); ok {
			b.everyCodes[c] = body
		}
	}
	for scheme, examples := range f.Security {
		if get(get(get(b.doc, "components"), "securitySchemes"), scheme) == nil {
			b.problem("examples/%s: components/securitySchemes has no %s", SharedFile, scheme)
			continue
		}
		codes := map[errcode.Code]json.RawMessage{}
		for code, body := range examples {
			if c, ok := b.errorExample("examples/"+SharedFile+" security "+scheme, code, body); ok {
				codes[c] = body
			}
		}
		b.securityCodes[scheme] = codes
	}
}

// errorExample checks one error example: a known code, and a body that is
// the Error object of that code.
func (b *builder) errorExample(where, code string, body json.RawMessage) (errcode.Code, bool) {
	c := errcode.Code(code)
	if !c.Known() {
		b.problem("%s: %s is not a code of proto/errcode", where, code)
		return c, false
	}
	var e struct {
		Error string `json:"error"`
		Code  string `json:"code"`
	}
	if err := json.Unmarshal(body, &e); err != nil || e.Code != code || e.Error == "" {
		b.problem("%s: the example of %s is not {\"error\": \"<message>\", \"code\": %q}", where, code, code)
		return c, false
	}
	return c, true
}

// operation merges one operation's examples file into op, with the codes
// of its security schemes.
func (b *builder) operation(name, file string, op *yaml.Node, data []byte) {
	where := "examples/" + file
	responses := get(op, "responses")
	// byStatus are the codes op answers with, by status, and from where
	// each comes.
	byStatus := map[string]map[errcode.Code]json.RawMessage{}
	from := map[errcode.Code]string{}
	add := func(origin string, c errcode.Code, body json.RawMessage) {
		status := fmt.Sprint(c.Status())
		if byStatus[status] == nil {
			byStatus[status] = map[errcode.Code]json.RawMessage{}
		}
		byStatus[status][c] = body
		from[c] = origin
	}
	for c, body := range b.everyCodes {
		if r := get(responses, fmt.Sprint(c.Status())); r != nil && isError(jsonMedia(b.resolve(r))) {
			add("examples/"+SharedFile+" everyOperation", c, body)
		}
	}
	for _, scheme := range b.schemes(op) {
		for c, body := range b.securityCodes[scheme] {
			add("examples/"+SharedFile+" security "+scheme, c, body)
		}
	}
	if data != nil {
		var f OperationFile
		if err := strictUnmarshal(data, &f); err != nil {
			b.problem("%s: %v", where, err)
		} else {
			b.examples(name, where, op, responses, f)
			for code, body := range f.Errors {
				if c, ok := b.errorExample(where, code, body); ok {
					add(where, c, body)
				}
			}
		}
	}
	for status, codes := range byStatus {
		resp := b.inline(responses, status)
		media := jsonMedia(resp)
		if resp == nil || media == nil || !isError(media) {
			for c := range codes {
				b.problem("%s: %s answers %s with %s, but documents no %s response with the Error schema", from[c], name, string(c), status, status)
			}
			continue
		}
		for c := range codes {
			b.codes[c] = true
		}
		b.setErrorExamples(resp, where+" "+status, codes)
	}
}

// examples merges the request and response examples of an operation's
// file.
func (b *builder) examples(name, where string, op, responses *yaml.Node, f OperationFile) {
	if f.Request != nil {
		media := jsonMedia(get(op, "requestBody"))
		switch {
		case media == nil:
			b.problem("%s: %s takes no JSON request body, but the file has a request", where, name)
		default:
			b.setExample(where+" request", media, f.Request, get(op, "requestBody"), get(get(op, "requestBody"), "content"))
		}
	}
	for status, body := range f.Responses {
		resp := b.inline(responses, status)
		media := jsonMedia(resp)
		switch {
		case resp == nil:
			b.problem("%s: %s documents no %s response", where, name, status)
		case media == nil:
			b.problem("%s: %s's %s response is not JSON", where, name, status)
		case isError(media):
			b.problem("%s: %s's %s response is an error: list its codes under \"errors\", not \"responses\"", where, name, status)
		default:
			b.setExample(where+" "+status, media, body, resp, get(resp, "content"))
		}
	}
}

// schemes returns the security schemes op may be called with: those of
// its security requirements, or the document's if it has none.
func (b *builder) schemes(op *yaml.Node) []string {
	sec := get(op, "security")
	if sec == nil {
		sec = get(b.doc, "security")
	}
	var out []string
	for _, req := range contentOf(sec) {
		for i := 0; i+1 < len(req.Content); i += 2 {
			if !slices.Contains(out, req.Content[i].Value) {
				out = append(out, req.Content[i].Value)
			}
		}
	}
	return out
}

func contentOf(n *yaml.Node) []*yaml.Node {
	if n == nil {
		return nil
	}
	return n.Content
}

// resolve returns the response a reference to components/responses
// names, or resp itself.
func (b *builder) resolve(resp *yaml.Node) *yaml.Node {
	if ref := componentRef(resp); ref != "" {
		return get(b.components, ref)
	}
	return resp
}

// inline returns the response of status in responses, replacing a
// reference to components/responses by a copy of that response first, so
// it can carry this operation's examples.
func (b *builder) inline(responses *yaml.Node, status string) *yaml.Node {
	resp := get(responses, status)
	if resp == nil {
		return nil
	}
	if ref := componentRef(resp); ref != "" {
		comp := get(b.components, ref)
		if comp == nil {
			return nil
		}
		resp = deepCopy(comp)
		set(responses, status, resp)
	}
	return resp
}

// setExample sets media's example to the JSON body, making the nodes on
// the way block style so the example is written as YAML.
func (b *builder) setExample(where string, media *yaml.Node, body json.RawMessage, path ...*yaml.Node) {
	n, err := jsonNode(body)
	if err != nil {
		b.problem("%s: %v", where, err)
		return
	}
	blockStyle(append(path, media)...)
	set(media, "example", n)
}

// setErrorExamples sets the examples of resp's JSON content to the error
// bodies, one per code, and lists the codes in its description.
func (b *builder) setErrorExamples(resp *yaml.Node, where string, codes map[errcode.Code]json.RawMessage) {
	if len(codes) == 0 {
		return
	}
	media := jsonMedia(resp)
	examples := &yaml.Node{Kind: yaml.MappingNode}
	var names []string
	for _, e := range errcode.All() {
		body, ok := codes[e.Code]
		if !ok {
			continue
		}
		n, err := jsonNode(body)
		if err != nil {
			b.problem("%s: %s: %v", where, e.Code, err)
			continue
		}
		value := &yaml.Node{Kind: yaml.MappingNode}
		set(value, "value", n)
		set(examples, string(e.Code), value)
		names = append(names, "`"+string(e.Code)+"`")
	}
	desc := strings.TrimRight(scalar(get(resp, "description")), "\n")
	if desc != "" {
		desc += "\n\n"
	}
	desc += "Codes: " + strings.Join(names, ", ") + "."
	blockStyle(resp, get(resp, "content"), media)
	set(resp, "description", str(desc))
	set(media, "examples", examples)
}

// strictUnmarshal decodes an examples file, refusing unknown keys.
func strictUnmarshal(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("not an examples file: %w", err)
	}
	return nil
}

// jsonNode converts a JSON value to a YAML node written in block style.
func jsonNode(body json.RawMessage) (*yaml.Node, error) {
	if !json.Valid(body) {
		return nil, fmt.Errorf("the example is not JSON")
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(body, &doc); err != nil || len(doc.Content) != 1 {
		return nil, fmt.Errorf("the example does not convert to YAML: %v", err)
	}
	n := doc.Content[0]
	unstyle(n)
	return n, nil
}

// unstyle makes a parsed JSON value block style, with strings quoted only
// where YAML needs it.
func unstyle(n *yaml.Node) {
	if (n.Kind == yaml.MappingNode || n.Kind == yaml.SequenceNode) && len(n.Content) > 0 {
		n.Style = 0
	}
	if n.Kind == yaml.ScalarNode && n.Tag == "!!str" && !strings.Contains(n.Value, "\n") {
		n.Style = 0
	}
	for _, c := range n.Content {
		unstyle(c)
	}
}

func blockStyle(nodes ...*yaml.Node) {
	for _, n := range nodes {
		if n != nil {
			n.Style &^= yaml.FlowStyle
		}
	}
}

// get returns the value of key in the mapping m, or nil.
func get(m *yaml.Node, key string) *yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

// set sets key in the mapping m to v, appending it if it is new.
func set(m *yaml.Node, key string, v *yaml.Node) {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			m.Content[i+1] = v
			return
		}
	}
	m.Content = append(m.Content, str(key), v)
}

// str is a string scalar; the encoder quotes it as YAML needs.
func str(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s} }

func scalar(n *yaml.Node) string {
	if n == nil || n.Kind != yaml.ScalarNode {
		return ""
	}
	return n.Value
}

func deepCopy(n *yaml.Node) *yaml.Node {
	c := *n
	c.Content = make([]*yaml.Node, len(n.Content))
	for i, k := range n.Content {
		c.Content[i] = deepCopy(k)
	}
	return &c
}

// componentRef returns X of a {$ref: "#/components/responses/X"} node.
func componentRef(n *yaml.Node) string {
	ref, ok := strings.CutPrefix(scalar(get(n, "$ref")), "#/components/responses/")
	if !ok {
		return ""
	}
	return ref
}

// jsonMedia returns the application/json media type of a response or a
// request body.
func jsonMedia(n *yaml.Node) *yaml.Node {
	return get(get(n, "content"), "application/json")
}

// isError reports whether a media type answers the Error schema.
func isError(media *yaml.Node) bool {
	return scalar(get(get(media, "schema"), "$ref")) == "#/components/schemas/Error"
}
