package clobapi

import (
	"encoding/json"
	"testing"
)

func TestFlexUint(t *testing.T) {
	t.Parallel()
	var v struct{ S FlexUint }
	for _, in := range []string{`{"S":42}`, `{"S":"42"}`} {
		if err := json.Unmarshal([]byte(in), &v); err != nil || v.S != 42 {
			t.Fatalf("%s: %d, %v", in, v.S, err)
		}
	}
	for _, in := range []string{`{"S":-1}`, `{"S":1.5}`, `{"S":"x"}`, `{"S":18446744073709551616}`} {
		if err := json.Unmarshal([]byte(in), &v); err == nil {
			t.Fatalf("%s decoded", in)
		}
	}
	if b, _ := json.Marshal(v); string(b) != `{"S":42}` {
		t.Fatalf("encodes as %s", b)
	}
}
