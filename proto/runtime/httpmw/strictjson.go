package httpmw

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"pred.dev/proto/errcode"
)

// jsonDepthMax bounds the nesting of a request body's JSON: no request of
// the exchange nests deeper than a few levels, and the check recurses.
const jsonDepthMax = 32

// DecodeJSON decodes body, one JSON value, into v, and refuses every
// spelling encoding/json would accept loosely, so that what a handler
// reads (and a signature covers) is what the client meant:
//
//   - a body that is empty, not UTF-8 (encoding/json would turn the bytes
//     into U+FFFD), or followed by anything but white space;
//   - null anywhere: leave a field out for its default;
//   - a key given twice in one object (encoding/json keeps the last), or
//     a key that is a field's name in another case (encoding/json matches
//     names case-insensitively);
//   - a string escaping half of a UTF-16 surrogate pair (U+FFFD again);
//   - a key the target type does not have: every API takes only the
//     fields its document lists, so a misspelt or unsupported field is an
//     error the client sees, never a value silently dropped;
//   - JSON nested deeper than jsonDepthMax.
//
// Every refusal is an *errcode.Error with code, whose message says where
// the body is wrong.
func DecodeJSON(body []byte, v any, code errcode.Code) error {
	if t := reflect.TypeOf(v); !cleanJSON(body, t) {
		if problem := checkJSON(body, t); problem != "" {
			return errcode.Errorf(code, "%s (%s)", code.Message(), problem)
		}
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return errcode.Errorf(code, "%s (%s)", code.Message(), jsonProblem(err))
	}
	return nil
}

// jsonProblem words a decoding error for the client.
func jsonProblem(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		if te.Field == "" {
			return "the body must be a JSON " + jsonKind(te.Type)
		}
		return "field " + te.Field + " must be a JSON " + jsonKind(te.Type)
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return "malformed JSON: " + se.Error()
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

// jsonKind names the JSON form of a Go type.
func jsonKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return fmt.Sprintf("integer that fits in %d bits", t.Bits())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return fmt.Sprintf("integer from 0 that fits in %d bits", t.Bits())
	case reflect.Float32, reflect.Float64:
		return "number"
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 && t.Kind() == reflect.Slice {
			return "string (base64)"
		}
		return "array"
	case reflect.Struct, reflect.Map:
		return "object"
	}
	return t.String()
}

// fits reports whether the token is a value of the Go type t as
// encoding/json decodes it, so that a mismatch is named by its JSON path.
func fits(t reflect.Type, tok json.Token) bool {
	k := t.Kind()
	switch tok := tok.(type) {
	case string:
		return k == reflect.String || k == reflect.Slice && t.Elem().Kind() == reflect.Uint8
	case bool:
		return k == reflect.Bool
	case json.Number:
		var err error
		switch k {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			_, err = strconv.ParseInt(string(tok), 10, t.Bits())
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			_, err = strconv.ParseUint(string(tok), 10, t.Bits())
		case reflect.Float32, reflect.Float64:
			_, err = strconv.ParseFloat(string(tok), t.Bits())
		default:
			return false
		}
		return err == nil
	case json.Delim:
		if tok == '{' {
			return k == reflect.Struct || k == reflect.Map
		}
		return k == reflect.Array || k == reflect.Slice && t.Elem().Kind() != reflect.Uint8
	}
	return false
}

// checkJSON returns what is wrong with body as a value of type t, or "".
func checkJSON(body []byte, t reflect.Type) string {
	if len(bytes.TrimSpace(body)) == 0 {
		return "the body is empty: send a JSON value"
	}
	if !utf8.Valid(body) {
		i := 0
		for i < len(body) {
			r, n := utf8.DecodeRune(body[i:])
			if r == utf8.RuneError && n <= 1 {
				break
			}
			i += n
		}
		return fmt.Sprintf("the body is not UTF-8: byte %d is not part of a UTF-8 character", i)
	}
	c := &jsonChecker{body: body, dec: json.NewDecoder(bytes.NewReader(body))}
	c.dec.UseNumber()
	if err := c.value(t, "", 0); err != nil {
		return err.Error()
	}
	if _, err := c.dec.Token(); !errors.Is(err, io.EOF) {
		return "trailing data after the JSON value: send exactly one value"
	}
	return ""
}

// jsonChecker walks the tokens of a body alongside the Go type it
// decodes into.
type jsonChecker struct {
	body   []byte
	dec    *json.Decoder
	offset int64 // the end of the previous token
}

// token reads the next token and returns it with its raw bytes.
func (c *jsonChecker) token() (json.Token, []byte, error) {
	tok, err := c.dec.Token()
	if err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return nil, nil, fmt.Errorf("malformed JSON at byte %d: %s", se.Offset, strings.TrimPrefix(se.Error(), "json: "))
		}
		return nil, nil, errors.New("the JSON ends before its value is complete")
	}
	end := c.dec.InputOffset()
	raw := c.body[c.offset:end]
	c.offset = end
	return tok, raw, nil
}

func where(path string) string {
	if path == "" {
		return "the body"
	}
	return path
}

func (c *jsonChecker) value(t reflect.Type, path string, depth int) error {
	tok, raw, err := c.token()
	if err != nil {
		return err
	}
	t = elemType(t)
	if tok == nil {
		return fmt.Errorf("%s is null: leave a field out to mean its default", where(path))
	}
	if t != nil && !fits(t, tok) {
		return fmt.Errorf("%s must be a JSON %s", where(path), jsonKind(t))
	}
	switch tok := tok.(type) {
	case string:
		if loneSurrogate(raw) {
			return fmt.Errorf("%s escapes half of a UTF-16 surrogate pair: send valid UTF-8 text", where(path))
		}
	case json.Delim:
		if depth >= jsonDepthMax {
			return fmt.Errorf("%s nests more than %d levels deep", where(path), jsonDepthMax)
		}
		if tok == '{' {
			return c.object(t, path, depth+1)
		}
		return c.array(t, path, depth+1)
	}
	return nil
}

func (c *jsonChecker) array(t reflect.Type, path string, depth int) error {
	var elem reflect.Type
	if t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
		elem = t.Elem()
	}
	for i := 0; c.dec.More(); i++ {
		if err := c.value(elem, fmt.Sprintf("%s[%d]", path, i), depth); err != nil {
			return err
		}
	}
	_, _, err := c.token() // ]
	return err
}

func (c *jsonChecker) object(t reflect.Type, path string, depth int) error {
	var fields *jsonFields
	var elem reflect.Type
	switch {
	case t == nil:
	case t.Kind() == reflect.Struct:
		fields = fieldsOf(t)
	case t.Kind() == reflect.Map:
		elem = t.Elem()
	}
	seen := make(map[string]string)
	for c.dec.More() {
		tok, raw, err := c.token()
		if err != nil {
			return err
		}
		key, _ := tok.(string)
		keyPath := key
		if path != "" {
			keyPath = path + "." + key
		}
		if loneSurrogate(raw) {
			return fmt.Errorf("the key %q of %s escapes half of a UTF-16 surrogate pair: send valid UTF-8 text", key, where(path))
		}
		same := key
		if fields != nil {
			same = foldName(key) // encoding/json would take either for the same field
		}
		if prev, dup := seen[same]; dup {
			if prev == key {
				return fmt.Errorf("%s is given twice: send each key once", keyPath)
			}
			return fmt.Errorf("%s has the keys %q and %q, which name the same field: send it once, as the document spells it", where(path), prev, key)
		}
		seen[same] = key
		next := elem
		if fields != nil {
			if next, err = fields.lookup(key, path); err != nil {
				return err
			}
		}
		if err := c.value(next, keyPath, depth); err != nil {
			return err
		}
	}
	_, _, err := c.token() // }
	return err
}

var (
	jsonUnmarshaler = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// elemType strips pointers, and returns nil for a type whose content the
// walk cannot follow: an interface, or a type that decodes itself.
func elemType(t reflect.Type) reflect.Type {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil || t.Kind() == reflect.Interface {
		return nil
	}
	p := reflect.PointerTo(t)
	if p.Implements(jsonUnmarshaler) || p.Implements(textUnmarshaler) {
		return nil
	}
	return t
}

// jsonFields are the JSON names of a struct type's fields, with
// encoding/json's rules for embedded structs and tags.
type jsonFields struct {
	exact  map[string]reflect.Type
	folded map[string]string // foldName(name) -> name
	names  []string
	// For cleanJSON: each name's index in names, and whether two names
	// fold to one (checkJSON refuses a body that gives both).
	slot      map[string]int
	foldTwins bool
}

func (f *jsonFields) lookup(key, path string) (reflect.Type, error) {
	if t, ok := f.exact[key]; ok {
		return t, nil
	}
	if name, ok := f.folded[foldName(key)]; ok {
		return nil, fmt.Errorf("%s has the key %q: spell it %q", where(path), key, name)
	}
	return nil, fmt.Errorf("%s has the unknown key %q: it takes %s", where(path), key, strings.Join(f.names, ", "))
}

var fieldCache sync.Map // reflect.Type -> *jsonFields

func fieldsOf(t reflect.Type) *jsonFields {
	if f, ok := fieldCache.Load(t); ok {
		return f.(*jsonFields)
	}
	f := collectFields(t)
	fieldCache.Store(t, f)
	return f
}

// collectFields applies encoding/json's visibility rules: a tagged or
// exported field is seen under its tag name or Go name; the fields of an
// untagged embedded struct are promoted; of several fields with one name
// the shallowest wins, then the tagged one, and a tie hides them all.
func collectFields(t reflect.Type) *jsonFields {
	type candidate struct {
		typ    reflect.Type
		depth  int
		tagged bool
	}
	cands := make(map[string][]candidate)
	var walk func(t reflect.Type, depth int, path []reflect.Type)
	walk = func(t reflect.Type, depth int, path []reflect.Type) {
		if slices.Contains(path, t) {
			return
		}
		path = append(path, t)
		for i := range t.NumField() {
			sf := t.Field(i)
			tag := sf.Tag.Get("json")
			if tag == "-" {
				continue
			}
			name, _, _ := strings.Cut(tag, ",")
			if sf.Anonymous {
				ft := sf.Type
				if ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				if !sf.IsExported() && ft.Kind() != reflect.Struct {
					continue
				}
				if name == "" && ft.Kind() == reflect.Struct {
					walk(ft, depth+1, path)
					continue
				}
			} else if !sf.IsExported() {
				continue
			}
			tagged := name != ""
			if !tagged {
				name = sf.Name
			}
			typ := sf.Type
			if strings.Contains(tag, ",string") {
				typ = nil // a number or boolean quoted in a string: json checks it
			}
			cands[name] = append(cands[name], candidate{typ: typ, depth: depth, tagged: tagged})
		}
	}
	walk(t, 0, nil)
	f := &jsonFields{exact: make(map[string]reflect.Type), folded: make(map[string]string)}
	for name, cs := range cands {
		minDepth := cs[0].depth
		for _, c := range cs {
			minDepth = min(minDepth, c.depth)
		}
		var top, tagged []candidate
		for _, c := range cs {
			if c.depth == minDepth {
				top = append(top, c)
				if c.tagged {
					tagged = append(tagged, c)
				}
			}
		}
		switch {
		case len(top) == 1:
		case len(tagged) == 1:
			top = tagged
		default:
			continue
		}
		f.exact[name] = top[0].typ
		if _, twin := f.folded[foldName(name)]; twin {
			f.foldTwins = true
		}
		f.folded[foldName(name)] = name
		f.names = append(f.names, name)
	}
	slices.Sort(f.names)
	f.slot = make(map[string]int, len(f.names))
	for i, name := range f.names {
		f.slot[name] = i
	}
	return f
}

// foldName maps the names encoding/json treats as one field (equal under
// Unicode simple case folding) to one string.
func foldName(s string) string {
	return strings.Map(func(r rune) rune {
		for {
			next := unicode.SimpleFold(r)
			if next <= r {
				return next
			}
			r = next
		}
	}, s)
}

// loneSurrogate reports whether the raw JSON string token escapes a
// UTF-16 surrogate that is not half of a pair: encoding/json decodes it
// as U+FFFD without an error. The token is syntactically valid JSON.
func loneSurrogate(raw []byte) bool {
	for i := 0; i < len(raw); i++ {
		if raw[i] != '\\' {
			continue
		}
		i++
		if raw[i] != 'u' {
			continue
		}
		r := hex4(raw[i+1 : i+5])
		i += 4
		switch {
		case 0xDC00 <= r && r <= 0xDFFF:
			return true
		case 0xD800 <= r && r <= 0xDBFF:
			if i+6 < len(raw) && raw[i+1] == '\\' && raw[i+2] == 'u' {
				if lo := hex4(raw[i+3 : i+7]); 0xDC00 <= lo && lo <= 0xDFFF {
					i += 6
					continue
				}
			}
			return true
		}
	}
	return false
}

func hex4(b []byte) rune {
	var r rune
	for _, c := range b {
		switch {
		case '0' <= c && c <= '9':
			r = r<<4 | rune(c-'0')
		case 'a' <= c && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case 'A' <= c && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		}
	}
	return r
}
