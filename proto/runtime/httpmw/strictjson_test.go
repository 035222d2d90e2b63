package httpmw

import (
	"errors"
	"strings"
	"testing"

	"pred.dev/proto/errcode"
)

type inner struct {
	Taker string `json:"taker"`
	Salt  flex   `json:"salt"`
}

// flex decodes itself, so the walk does not look inside it.
type flex struct{ raw string }

func (f *flex) UnmarshalJSON(b []byte) error { f.raw = string(b); return nil }

type base struct {
	From  string `json:"from"`
	Shade string `json:"shade"`
}

type envelope struct {
	base
	Shade  int               `json:"shade"` // shadows base.Shade
	Order  inner             `json:"order"`
	List   []inner           `json:"list"`
	Labels map[string]string `json:"labels"`
	Name   *string           `json:"name"`
	Any    any               `json:"any"`
	Plain  string
	hidden string // unexported: not a JSON field
}

var _ = envelope{}.hidden

// TestDecodeJSONRefusals: each loose spelling is refused with the
// caller's code and a message that says where, and the strict spelling of
// the same body decodes.
func TestDecodeJSONRefusals(t *testing.T) {
	cases := []struct {
		name, body, says string
	}{
		{"empty", "  ", "empty"},
		{"null body", "null", "the body is null"},
		{"null field", `{"name": null}`, "name is null"},
		{"null inside", `{"order": {"taker": null}}`, "order.taker is null"},
		{"null in a list", `{"list": [{}, {"taker": null}]}`, "list[1].taker is null"},
		{"duplicate key", `{"from": "a", "from": "b"}`, "from is given twice"},
		{"duplicate nested", `{"order": {"taker": "a", "taker": "a"}}`, "order.taker is given twice"},
		{"same field in two cases", `{"from": "a", "FROM": "b"}`, `"from" and "FROM"`},
		{"Kelvin sign folds to k", `{"labels": {}, "order": {"taker": "x", "ta\u212aer": "y"}}`, "name the same field"},
		{"wrong case", `{"From": "a"}`, `spell it "from"`},
		{"unknown key", `{"form": "a"}`, `unknown key "form": it takes Plain, any, from, labels, list, name, order, shade`},
		{"trailing object", `{"from": "a"} {"from": "b"}`, "trailing data"},
		{"trailing bracket", `{"from": "a"}}`, "trailing data"},
		{"invalid UTF-8", "{\"from\": \"a\xffb\"}", "not UTF-8: byte 11"},
		{"lone high surrogate", `{"from": "\ud800x"}`, "surrogate"},
		{"lone low surrogate", `{"from": "\udc00"}`, "surrogate"},
		{"surrogate in a key", `{"labels": {"\ud800": "x"}}`, "surrogate"},
		{"malformed", `{"from": }`, "malformed JSON at byte"},
		{"cut short", `{"from": "a"`, "ends before"},
		{"deep", `{"any": ` + strings.Repeat("[", 40) + strings.Repeat("]", 40) + "}", "nests more than 32"},
		{"wrong type", `{"from": 5}`, "from must be a JSON string"},
		{"wrong type in a list", `{"list": [{"taker": true}]}`, "list[0].taker must be a JSON string"},
		{"object for a string", `{"from": {}}`, "from must be a JSON string"},
		{"array for an object", `{"order": []}`, "order must be a JSON object"},
		{"body of the wrong kind", `[]`, "the body must be a JSON object"},
		{"shadowed field keeps its type", `{"shade": "dark"}`, "shade must be a JSON integer that fits in 64 bits"},
		{"fraction for an integer", `{"shade": 1.5}`, "shade must be a JSON integer"},
	}
	for _, tc := range cases {
		var v envelope
		err := DecodeJSON([]byte(tc.body), &v, errcode.InvalidPayload)
		var ce *errcode.Error
		if !errors.As(err, &ce) || ce.Code != errcode.InvalidPayload || !strings.Contains(ce.Message, tc.says) {
			t.Errorf("%s: %v, want INVALID_PAYLOAD saying %q", tc.name, err, tc.says)
		}
	}
	good := `{"from": "a", "shade": 2, "order": {"taker": "t", "salt": "7"}, "list": [{"taker": "u"}], ` +
		`"labels": {"k": "v", "K": "w"}, "name": "n \ud83d\ude00 \u00e9", "any": {"x": [1, {"y": 2}]}, "Plain": "p"}`
	var v envelope
	if err := DecodeJSON([]byte(good), &v, errcode.InvalidPayload); err != nil {
		t.Fatal(err)
	}
	if v.From != "a" || v.Shade != 2 || v.Order.Salt.raw != `"7"` || v.List[0].Taker != "u" || v.Labels["K"] != "w" ||
		*v.Name != "n \U0001F600 \u00e9" || v.Plain != "p" {
		t.Fatalf("decoded %+v", v)
	}
	// A key the type does not have is refused, naming the keys it takes.
	unknown := strings.TrimSuffix(good, "}") + `, "text": "t"}`
	if err := DecodeJSON([]byte(unknown), &v, errcode.InvalidPayload); err == nil || !strings.Contains(err.Error(), `unknown key "text"`) {
		t.Fatalf("an unknown key: %v", err)
	}
}

// FuzzDecodeJSON: whatever DecodeJSON accepts, encoding/json decodes to
// the same value without anything the strict rules forbid: no U+FFFD the
// body did not spell, and a second key that changed nothing.
func FuzzDecodeJSON(f *testing.F) {
	for _, s := range []string{`{"from":"a"}`, `{"order":{"taker":"x"}}`, `{"labels":{"a":"b"}}`, `{"list":[{"taker":"\u00e9"}]}`, `{"any":null}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		var v envelope
		if DecodeJSON(body, &v, errcode.InvalidPayload) != nil {
			return
		}
		for _, s := range []string{v.From, v.Order.Taker, v.Plain} {
			if strings.ContainsRune(s, '\uFFFD') && !strings.Contains(string(body), "\uFFFD") && !strings.Contains(strings.ToLower(string(body)), `\ufffd`) {
				t.Fatalf("accepted %q, which decodes to U+FFFD", body)
			}
		}
	})
}
