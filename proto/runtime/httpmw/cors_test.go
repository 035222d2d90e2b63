package httpmw

import (
	"slices"
	"testing"
)

// TestOriginsSet: the flag reads a comma-separated list, normalised as a
// browser writes Origin, and refuses what is not an origin.
func TestOriginsSet(t *testing.T) {
	var o Origins
	if err := o.Set(" HTTP://LocalHost:8080,http://127.0.0.1:8080,,http://localhost:8080, https://app.example "); err != nil {
		t.Fatal(err)
	}
	want := Origins{"http://localhost:8080", "http://127.0.0.1:8080", "https://app.example"}
	if !slices.Equal(o, want) || o.String() != "http://localhost:8080,http://127.0.0.1:8080,https://app.example" {
		t.Fatalf("got %q", o)
	}
	if o.allowed("http://localhost:8080") != "http://localhost:8080" || o.allowed("http://localhost:5173") != "" || o.allowed("") != "" {
		t.Error("allowed does not compare exactly")
	}
	for _, bad := range []string{"localhost:8080", "http://localhost:8080/", "http://x/app", "ftp://x", "http://u@x", "http://x?a=1", "null"} {
		if err := o.Set(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if err := o.Set(""); err != nil || len(o) != 0 {
		t.Errorf("empty: %v %q", err, o)
	}
	if err := o.Set("*"); err != nil || o.allowed("http://any.example") != AnyOrigin {
		t.Errorf("*: %v %q", err, o)
	}
}
