package request_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"pred.dev/relayer/internal/api"
	"pred.dev/relayer/request"
)

// docCall is one row of the document's table of the calls the relayer
// pays for.
type docCall struct {
	contract, signature, selector string
}

// callRow matches a row: | contract | `name(type arg, …)` | `0xselector` | …
var callRow = regexp.MustCompile("(?m)^    \\| ([^|]+?) \\| `([A-Za-z]+\\([^)]*\\))` \\| `0x([0-9a-f]{8})` \\|")

func docCalls(t *testing.T) map[docCall]bool {
	t.Helper()
	out := map[docCall]bool{}
	for _, m := range callRow.FindAllStringSubmatch(string(api.OpenAPI), -1) {
		contract := m[1]
		if strings.HasPrefix(contract, request.ContractMultiSend) {
			contract = request.ContractMultiSend // "(delegate call, operation 1)"
		}
		out[docCall{contract, m[2], m[3]}] = true
	}
	return out
}

// TestCallTableIsThePolicy: the document's table of the calls the relayer
// pays for is the policy's allow-list, function for function, each with
// its arguments' types and names as the contract declares them and its
// selector: enough to build an unwrapping withdrawal (USDW's unwrapTo) or
// a wrap from the document alone. The table once named the functions
// without their arguments.
func TestCallTableIsThePolicy(t *testing.T) {
	got := docCalls(t)
	want := map[docCall]bool{}
	for _, f := range request.AllowedFunctions() {
		var args []string
		for _, in := range f.Method.Inputs {
			args = append(args, in.Type.String()+" "+in.Name)
		}
		want[docCall{f.Contract, fmt.Sprintf("%s(%s)", f.Method.RawName, strings.Join(args, ", ")), fmt.Sprintf("%x", f.Method.ID)}] = true
	}
	for c := range want {
		if !got[c] {
			t.Errorf("the document's table lacks | %s | `%s` | `0x%s` |", c.contract, c.signature, c.selector)
		}
	}
	for c := range got {
		if !want[c] {
			t.Errorf("the document's table has | %s | `%s` | `0x%s` |, which the policy does not allow as written", c.contract, c.signature, c.selector)
		}
	}
}
